import { Button, Flex, Radio, RadioGroupField, Text } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState } from 'react';
import { applicableScopes, type ApplicableScope } from '../../../../../../shared/schemas/event';
import { scopeLabels } from '../text';

/**
 * The question before deleting an occurrence of a series (client-area §2 "Event details panel",
 * §4): THIS, FOLLOWING or ALL; the browser's modal `<dialog>`, closed by Escape.
 */
export function DeleteScopeDialog({
  onConfirm,
  onCancel,
}: {
  onConfirm: (scope: ApplicableScope) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const messageId = useId();
  const [scope, setScope] = useState<ApplicableScope>('THIS');
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-label="Delete event"
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      style={{ border: 'none', borderRadius: '0.5rem', padding: '1.5rem', maxWidth: '28rem' }}
    >
      <Text id={messageId} marginBottom="medium">
        Delete this recurring event?
      </Text>
      <RadioGroupField
        legend="Delete"
        legendHidden
        name="delete-scope"
        value={scope}
        onChange={(event) => setScope(event.target.value as ApplicableScope)}
      >
        {applicableScopes.map((option) => (
          <Radio key={option} value={option}>
            {scopeLabels[option]}
          </Radio>
        ))}
      </RadioGroupField>
      <Flex justifyContent="flex-end" gap="small" marginTop="large">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variation="primary" colorTheme="error" onClick={() => onConfirm(scope)}>
          Delete
        </Button>
      </Flex>
    </dialog>
  );
}
