import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/client';

/**
 * The state of a form that asks for a 6-digit code from an authenticator app (the sign-in's second
 * factor, turning it on or off on the profile): the code typed, the message shown under the field,
 * and a submit that checks the shape before `send`, and on a refusal shows the server's message
 * and clears the field for the next code.
 */
export function useSixDigitCode(send: (digits: string) => Promise<void>) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setBusy(true);
    try {
      await send(digits);
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : null;
      setError(fields?.code ?? (failure as Error).message);
      setCode('');
      setBusy(false);
    }
  };

  /** What the field's onChange does: the new text, and the message gone. */
  const type = (value: string) => {
    setCode(value);
    setError(undefined);
  };

  return { code, type, error, busy, submit };
}
