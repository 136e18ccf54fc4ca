import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import type { MfaChallenge } from '@shared/schemas/auth';
import { useAuth } from '../../auth/AuthProvider';
import { QrCode } from '../../components/QrCode';
import { useSixDigitCode } from '../../components/useSixDigitCode';

/** The key as people copy it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The second step of a sign-in (docs/decisions.md "Two-factor authentication"): the 6-digit code
 * of the authenticator app, or, the first time, setting the app up from the QR code (or the key
 * typed) and then its code. A refused code is said under the field; the sign-in waits for another.
 */
export function SecondFactorStep({ challenge }: { challenge: MfaChallenge }) {
  const { answerChallenge, cancelChallenge } = useAuth();
  const setup = challenge.challenge === 'mfa_setup';

  const { code, type, error, busy, submit } = useSixDigitCode(answerChallenge);

  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={(event) => void submit(event)}>
      {setup ? (
        <>
          <Text>
            Two-factor authentication is required. Scan this QR code with an authenticator app (such as Google
            Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.
          </Text>
          <Flex justifyContent="center">
            <QrCode text={challenge.otpauth_uri!} label="QR code to scan with your authenticator app" />
          </Flex>
          <Flex direction="column" gap="xxs">
            <Text fontSize="small" color="font.secondary" id="mfa-key-label">
              Can’t scan it? Enter this key in the app instead:
            </Text>
            <Text as="span" fontFamily="monospace" aria-labelledby="mfa-key-label" data-testid="mfa-key">
              {grouped(challenge.secret!)}
            </Text>
          </Flex>
        </>
      ) : (
        <Text>Enter the 6-digit code from your authenticator app.</Text>
      )}
      <TextField
        label="Code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        autoFocus
        value={code}
        onChange={(event) => {
          type(event.target.value);
        }}
        hasError={!!error}
        errorMessage={error}
      />
      <Button type="submit" variation="primary" isLoading={busy} loadingText="Verifying">
        Verify
      </Button>
      <Button variation="link" size="small" onClick={cancelChallenge}>
        Back to login
      </Button>
    </Flex>
  );
}
