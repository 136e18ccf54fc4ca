import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A question that must be answered before going on ('Are you sure you want to delete License #3?',
 * 'Delete this slide?'): the browser's modal `<dialog>`, which keeps focus inside and closes on
 * Escape (answering No). `children` (e.g. a choice to make first) come between the question and
 * the buttons, and take the focus first; without them the confirm button has it.
 */
export function ConfirmDialog({
  title = 'Confirm',
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  onConfirm,
  onCancel,
  children,
}: {
  /** The dialog's accessible name. */
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
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
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      style={{ border: 'none', borderRadius: '0.5rem', padding: '1.5rem', maxWidth: '28rem' }}
    >
      <Text id={messageId} marginBottom={children ? 'medium' : 'large'}>
        {message}
      </Text>
      {children}
      <Flex justifyContent="flex-end" gap="small" marginTop={children ? 'large' : undefined}>
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button variation="primary" colorTheme="error" onClick={onConfirm} autoFocus={!children}>
          {confirmLabel}
        </Button>
      </Flex>
    </dialog>
  );
}
