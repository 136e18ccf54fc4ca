import { Radio, RadioGroupField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { applicableScopes, type ApplicableScope } from '@shared/schemas/event';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { scopeLabels } from '../text';

/**
 * The question before deleting an occurrence of a series (docs/product/client-area.md §2 "Event details panel",
 * §4): THIS, FOLLOWING or ALL, those of `scopes` the caller may apply (the API's rule,
 * `useScopes`); the browser's modal `<dialog>`, closed by Escape.
 */
export function DeleteScopeDialog({
  scopes,
  onConfirm,
  onCancel,
}: {
  scopes: readonly ApplicableScope[];
  onConfirm: (scope: ApplicableScope) => void;
  onCancel: () => void;
}) {
  const [scope, setScope] = useState<ApplicableScope>('THIS');
  return (
    <ConfirmDialog
      title="Delete event"
      message="Delete this recurring event?"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      onConfirm={() => onConfirm(scope)}
      onCancel={onCancel}
    >
      <RadioGroupField
        legend="Delete"
        legendHidden
        name="delete-scope"
        value={scope}
        onChange={(event) => setScope(event.target.value as ApplicableScope)}
      >
        {applicableScopes
          .filter((option) => scopes.includes(option))
          .map((option) => (
            <Radio key={option} value={option}>
              {scopeLabels[option]}
            </Radio>
          ))}
      </RadioGroupField>
    </ConfirmDialog>
  );
}
