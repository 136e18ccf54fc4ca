import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef } from 'react';

/**
 * A question that must be answered before going on ('Are you sure you want to delete License #3?',
 * 'Delete this slide?'): the browser's modal `<dialog>`, which keeps focus inside and closes on
 * Escape (answering No).
 */
export function ConfirmDialog({
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  onConfirm,
  onCancel,
}: {
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const messageId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-describedby={messageId}
      aria-label="Confirm"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      style={{ border: 'none', borderRadius: '0.5rem', padding: '1.5rem', maxWidth: '28rem' }}
    >
      <Text id={messageId} marginBottom="large">
        {message}
      </Text>
      <Flex justifyContent="flex-end" gap="small">
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button variation="primary" colorTheme="error" onClick={onConfirm} autoFocus>
          {confirmLabel}
        </Button>
      </Flex>
    </dialog>
  );
}
