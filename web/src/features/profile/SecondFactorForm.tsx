import { Button, Flex, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { meRoutes } from '@shared/api/me-routes';
import type { MfaSetup } from '@shared/schemas/auth';
import { callRoute } from '../../api/call';
import { useAuth } from '../../auth/AuthProvider';
import { QrCode } from '../../components/QrCode';
import { useSixDigitCode } from '../../components/useSixDigitCode';

const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * A client user's own two-factor authentication (docs/decisions.md "Two-factor authentication").
 * Off: a new key for an authenticator app (QR code and text), then its code turns it on, and,
 * as every session ends, back to login. On: a current code turns it off.
 */
export function SecondFactorForm({ enabled, onDone }: { enabled: boolean; onDone: () => void }) {
  const { logout, reloadMe } = useAuth();
  const [setup, setSetup] = useState<MfaSetup | null>(null);

  useEffect(() => {
    if (enabled) return;
    let live = true;
    callRoute(meRoutes['client-mfa-setup']).then(
      (reply) => live && setSetup(reply.result),
      () => live && onDone(),
    );
    return () => {
      live = false;
    };
  }, [enabled, onDone]);

  const { code, type, error, busy, submit } = useSixDigitCode(async (digits) => {
    const reply = await callRoute(enabled ? meRoutes['client-mfa-disable'] : meRoutes['client-mfa-enable'], {
      body: { code: digits },
    });
    toast.success(reply.message ?? 'Saved');
    if (enabled) {
      reloadMe();
      onDone();
    } else {
      await logout();
    }
  });

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
          type(event.target.value);
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
