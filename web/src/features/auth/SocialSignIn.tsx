import { Button } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import {
  identityProviderNames,
  loginButtons,
  socialProviderNames,
  type SocialProvider,
} from '@shared/social';
import type { SocialConfig } from '@shared/schemas/auth';
import { authRoutes } from '@shared/api/auth-routes';
import { readRoute } from '../../api/call';
import { useAuth } from '../../auth/AuthProvider';
import { prepare, type Prepared } from '../../auth/popup';
import { popupFlows } from '../../auth/popupFlows';
import type { Area } from '../../auth/session';
import { usePopupCode } from '../../auth/usePopupCode';
import { ProviderLogo } from '../../components/ProviderLogo';
import { SocialFrame, SocialPlaceholder } from './SocialFrame';

/**
 * The social sign-in buttons under the login form (docs/product/admin-and-auth.md §2 "Login screen"): one for each
 * provider the area shows that the API takes, none when the broker is not configured or cannot be
 * asked. A button opens the popup on the product's proxy page; the return page posts the code back
 * here (auth/usePopupCode.ts), and it is exchanged for a session like a password sign-in, with
 * the PKCE verifier and the nonce kept in memory. While the login page is mounted this listens to
 * messages, `hidden` or not: one from another origin fails the sign-in with 'Event from unknown
 * source'.
 */
export function SocialSignIn({ area, hidden = false }: { area: Area; hidden?: boolean }) {
  const { socialLogin } = useAuth();
  // undefined while asking; null when social sign-in is not available.
  const [config, setConfig] = useState<SocialConfig | null>();
  // The next attempt's secrets: made on mount and again after each click.
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  // Signed in, the guest guard takes the user on; otherwise the failure is toasted.
  const { busy, open } = usePopupCode<SocialProvider, Prepared>(
    popupFlows.signIn,
    ({ provider, code, secrets }) =>
      socialLogin(area, { token: code, provider, code_verifier: secrets.verifier, nonce: secrets.nonce }),
  );

  useEffect(() => {
    let live = true;
    readRoute(
      { client: authRoutes['client-social-config'], admin: authRoutes['admin-social-config'] }[area],
      undefined,
      { token: null, toastErrors: false },
    ).then(
      (answer) => live && setConfig(answer),
      () => live && setConfig(null),
    );
    return () => {
      live = false;
    };
  }, [area]);

  useEffect(() => {
    if (prepared) return;
    let live = true;
    // Without Web Crypto (not a secure context) no button is shown.
    prepare().then(
      (next) => live && setPrepared(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [prepared]);

  // Synchronous from the click to window.open, so that no popup blocker takes it for an ad.
  const start = (provider: SocialProvider) => {
    const endpoint = config?.authorization_endpoint;
    if (!endpoint || !config.client_id || !prepared) return;
    open(provider, {
      endpoint,
      area,
      secrets: prepared,
      query: {
        response_type: 'code',
        client_id: config.client_id,
        scope: config.scope,
        nonce: prepared.nonce,
        code_challenge: prepared.challenge,
        code_challenge_method: 'S256',
        identity_provider: identityProviderNames[provider],
      },
    });
    // Each attempt has its own secrets.
    setPrepared(null);
  };

  const providers = config?.authorization_endpoint && config.client_id ? config.providers : [];
  const shown = loginButtons[area].filter((provider) => providers.includes(provider));
  if (hidden || !window.crypto?.subtle) return null;
  if (config === undefined) return <SocialPlaceholder area={area} />;
  if (shown.length === 0) return null;
  return (
    <SocialFrame>
      {shown.map((provider) => (
        <Button
          key={provider}
          gap="small"
          isDisabled={!prepared || busy !== null}
          isLoading={busy === provider}
          loadingText={`Signing in with ${socialProviderNames[provider]}`}
          onClick={() => start(provider)}
        >
          <ProviderLogo provider={provider} />
          Sign in with {socialProviderNames[provider]}
        </Button>
      ))}
    </SocialFrame>
  );
}
