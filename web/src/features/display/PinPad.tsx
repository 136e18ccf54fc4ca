import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client';

export const PIN_LENGTH = 4;
/** A pad nobody touches closes by itself: the screen goes back to the room. */
export const PAD_IDLE_MS = 60_000;
/** How long the pad shows that it worked before it closes. */
export const DONE_MS = 4_000;

const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** What to show for a failed request: the API's message, or what to do when there was no answer. */
function failure(error: unknown): string {
  if (error instanceof ApiError && error.status !== null) return error.message;
  return 'No connection. Try again in a moment.';
}

/**
 * The on-screen PIN pad (a modal dialog): ten digit keys as big as a fingertip, Delete and Cancel;
 * the fourth digit sends the PIN. A refusal ('PIN not recognised', 'Too many wrong PINs…') shows
 * on the pad and clears the digits; success shows the answer's message, then the pad closes. The
 * keyboard's digits, Backspace and Escape work too (a kiosk may have one).
 */
export function PinPad({
  title,
  children,
  submit,
  onClose,
}: {
  title: string;
  /** Shown above the digits (e.g. the choice of how long to book). */
  children?: ReactNode;
  /** Sends the PIN; resolves to the message that says it worked. */
  submit: (pin: string) => Promise<string>;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [touched, setTouched] = useState(0);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);

  useEffect(() => {
    const timer = setTimeout(onClose, done ? DONE_MS : PAD_IDLE_MS);
    return () => clearTimeout(timer);
  }, [done, touched, onClose]);

  const send = (entered: string) => {
    setSending(true);
    setError(null);
    submit(entered).then(
      (message) => {
        setSending(false);
        setDone(message);
      },
      (reason: unknown) => {
        setSending(false);
        setPin('');
        setError(failure(reason));
      },
    );
  };

  const press = (key: string) => {
    setTouched((n) => n + 1);
    if (sending || done) return;
    if (key === 'delete') {
      setPin((p) => p.slice(0, -1));
      return;
    }
    if (pin.length >= PIN_LENGTH) return;
    const entered = pin + key;
    setPin(entered);
    setError(null);
    if (entered.length === PIN_LENGTH) send(entered);
  };

  return (
    <dialog
      ref={ref}
      className="pin-pad"
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (/^\d$/.test(event.key)) press(event.key);
        else if (event.key === 'Backspace') press('delete');
        else return;
        event.preventDefault();
      }}
    >
      <h2 id={headingId}>{title}</h2>
      {done ? (
        <>
          <p className="pin-pad-done" role="status">
            <span aria-hidden="true">✓ </span>
            {done}
          </p>
          <button type="button" className="pin-key-secondary" onClick={onClose}>
            Close
          </button>
        </>
      ) : (
        <>
          {children}
          <p className="pin-pad-prompt" id={`${headingId}-prompt`}>
            Enter your {PIN_LENGTH}-digit PIN
          </p>
          <p
            className="pin-pad-dots"
            role="status"
            aria-label={sending ? 'Checking the PIN' : `${pin.length} of ${PIN_LENGTH} digits entered`}
          >
            {Array.from({ length: PIN_LENGTH }, (_, i) => (
              <span
                key={i}
                className={i < pin.length ? 'pin-dot pin-dot-filled' : 'pin-dot'}
                aria-hidden="true"
              />
            ))}
          </p>
          <p className="pin-pad-error" role="alert">
            {error}
          </p>
          <div
            className="pin-pad-keys"
            role="group"
            aria-label="PIN keys"
            aria-describedby={`${headingId}-prompt`}
          >
            {digits.map((digit) => (
              <button key={digit} type="button" onClick={() => press(digit)} disabled={sending}>
                {digit}
              </button>
            ))}
            <button type="button" className="pin-key-secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="button" onClick={() => press('0')} disabled={sending}>
              0
            </button>
            <button
              type="button"
              className="pin-key-secondary"
              onClick={() => press('delete')}
              disabled={sending || !pin}
              aria-label="Delete last digit"
            >
              ⌫
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
