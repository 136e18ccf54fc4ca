import { Button, Flex, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { MfaSetup } from '../../../../shared/schemas/auth';
import { api, ApiError } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { QrCode } from '../../components/QrCode';

const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * A client user's own two-factor authentication (docs/decisions.md "Two-factor authentication").
 * Off: a new key for an authenticator app (QR code and text), then its code turns it on, and,
 * as every session ends, back to login. On: a current code turns it off.
 */
export function SecondFactorForm({ enabled, onDone }: { enabled: boolean; onDone: () => void }) {
  const { logout, reloadMe } = useAuth();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (enabled) return;
    let live = true;
    api.post<MfaSetup>('/client/me/mfa/setup').then(
      (reply) => live && setSetup(reply.result),
      () => live && onDone(),
    );
    return () => {
      live = false;
    };
  }, [enabled, onDone]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setBusy(true);
    try {
      const reply = await api.post<null>(`/client/me/mfa/${enabled ? 'disable' : 'enable'}`, {
        code: digits,
      });
      toast.success(reply.message ?? 'Saved');
      if (enabled) {
        reloadMe();
        onDone();
      } else {
        await logout();
      }
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : null;
      setError(fields?.code ?? (failure as Error).message);
      setCode('');
      setBusy(false);
    }
  };

  if (!enabled && !setup) return <Loader />;
  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      aria-label="Two-factor authentication"
      onSubmit={(event) => void submit(event)}
    >
      {setup ? (
        <>
          <Text>
            Scan this QR code with an authenticator app, then enter the 6-digit code it shows. From then on
            you log in with your password and a code from the app.
          </Text>
          <Flex justifyContent="center">
            <QrCode text={setup.otpauth_uri} label="QR code to scan with your authenticator app" />
          </Flex>
          <Text fontSize="small" color="font.secondary">
            Can’t scan it? Enter this key in the app instead:
          </Text>
          <Text as="span" fontFamily="monospace" data-testid="mfa-key">
            {grouped(setup.secret)}
          </Text>
        </>
      ) : (
        <Text>Enter a current code from your authenticator app to turn two-factor authentication off.</Text>
      )}
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
        hasError={!!error}
        errorMessage={error}
      />
      <Flex gap="small">
        <Button type="submit" variation="primary" isLoading={busy}>
          {enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Flex>
    </Flex>
  );
}
