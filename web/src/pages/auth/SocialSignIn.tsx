import { Button } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { toast } from 'sonner';
import {
  identityProviderNames,
  loginButtons,
  popupSize,
  socialProviderNames,
  type SocialProvider,
} from '../../../../shared/social';
import type { SocialConfig } from '../../../../shared/schemas/auth';
import { api } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import type { Area } from '../../auth/session';
import { SocialFrame, SocialPlaceholder } from './SocialFrame';
import { POPUP_NAME, prepare, SOCIAL_KEY, type Prepared, type StoredAttempt } from '../../auth/social';

/** admin-and-auth §8: a popup message from any origin but the product's own. */
export const UNKNOWN_SOURCE = 'Event from unknown source';

type ButtonProvider = (typeof loginButtons)[Area][number];

const logos: Record<ButtonProvider, ReactNode> = {
  google: (
    <>
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </>
  ),
  facebook: (
    <path
      fill="#1877F2"
      d="M48 24.14C48 10.8 37.25 0 24 0S0 10.8 0 24.14C0 36.2 8.78 46.2 20.25 48V31.12h-6.1v-6.98h6.1v-5.32c0-6.05 3.59-9.4 9.08-9.4 2.63 0 5.38.47 5.38.47v5.95h-3.03c-2.98 0-3.91 1.86-3.91 3.77v4.53h6.66l-1.06 6.98h-5.6V48C39.22 46.2 48 36.2 48 24.14z"
    />
  ),
  microsoft: (
    <>
      <path fill="#F25022" d="M2 2h21v21H2z" />
      <path fill="#7FBA00" d="M25 2h21v21H25z" />
      <path fill="#00A4EF" d="M2 25h21v21H2z" />
      <path fill="#FFB900" d="M25 25h21v21H25z" />
    </>
  ),
};

/** The attempt whose popup is open: its secrets stay here, in memory only. */
interface Pending {
  provider: SocialProvider;
  popup: Window;
  verifier: string;
  nonce: string;
  timer: ReturnType<typeof setInterval>;
}

/**
 * Forgets the attempt, if any (true then); `closePopup` when its popup can no longer bring anything
 * usable.
 */
function endAttempt(pending: RefObject<Pending | null>, closePopup: boolean): boolean {
  const attempt = pending.current;
  if (!attempt) return false;
  clearInterval(attempt.timer);
  if (closePopup) attempt.popup.close();
  pending.current = null;
  return true;
}

/** The popup, 400 × 400, centred on this window. */
function popupFeatures(): string {
  const { width, height } = popupSize;
  const left = Math.round(window.screenX + (window.outerWidth - width) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - height) / 2);
  return `popup,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * The social sign-in buttons under the login form (admin-and-auth §2 "Login screen"): one for each
 * provider the area shows that the API takes, none when the broker is not configured or cannot be
 * asked. A button opens the popup on the product's proxy page; the return page posts the code back
 * here, and it is exchanged for a session like a password sign-in. While the login page is
 * mounted this listens to messages, `hidden` or not: one from another origin fails the sign-in
 * with 'Event from unknown source'.
 */
export function SocialSignIn({ area, hidden = false }: { area: Area; hidden?: boolean }) {
  const { socialLogin } = useAuth();
  // undefined while asking; null when social sign-in is not available.
  const [config, setConfig] = useState<SocialConfig | null>();
  // The next attempt's secrets: made on mount and again after each click.
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const pending = useRef<Pending | null>(null);

  useEffect(() => {
    let live = true;
    api.get<SocialConfig>(`/${area}/auth/social`, { token: null, toastErrors: false }).then(
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

  // Leaving the login page ends the attempt: only this page could use its code.
  useEffect(() => () => void endAttempt(pending, true), []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (!data || typeof data !== 'object' || !('provider' in data) || typeof data.provider !== 'string')
        return;
      if (event.origin !== window.location.origin) {
        if (endAttempt(pending, true)) setBusy(null);
        toast.error(UNKNOWN_SOURCE, { id: UNKNOWN_SOURCE });
        return;
      }
      if ('error' in data && typeof data.error === 'string') {
        if (endAttempt(pending, true)) setBusy(null);
        toast.error(data.error, { id: data.error });
        return;
      }
      const attempt = pending.current;
      if (!('code' in data) || typeof data.code !== 'string' || attempt?.provider !== data.provider) return;
      endAttempt(pending, false);
      void socialLogin(area, {
        token: data.code,
        provider: attempt.provider,
        code_verifier: attempt.verifier,
        nonce: attempt.nonce,
      }).then((signedIn) => {
        // Signed in, the guest guard takes the user on; otherwise the failure is toasted.
        if (!signedIn) setBusy(null);
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [area, socialLogin]);

  // Synchronous from the click to window.open, so that no popup blocker takes it for an ad.
  const start = (provider: SocialProvider) => {
    const endpoint = config?.authorization_endpoint;
    if (!endpoint || !config.client_id || !prepared || pending.current) return;
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: config.client_id,
      redirect_uri: `${window.location.origin}/auth/${provider}`,
      scope: config.scope,
      state: prepared.state,
      nonce: prepared.nonce,
      code_challenge: prepared.challenge,
      code_challenge_method: 'S256',
      identity_provider: identityProviderNames[provider],
    });
    const stored: StoredAttempt = { state: prepared.state, provider, area, endpoint };
    localStorage.setItem(SOCIAL_KEY, JSON.stringify(stored));
    setPrepared(null);
    const popup = window.open(`/auth/${provider}/proxy?${query}`, POPUP_NAME, popupFeatures());
    if (!popup) {
      localStorage.removeItem(SOCIAL_KEY);
      toast.error('The sign-in window was blocked. Allow pop-ups for this site and try again');
      return;
    }
    // Closed without a result: usable again. A code posted just before the window closed gets one
    // more tick to arrive.
    let closedBefore = false;
    const timer = setInterval(() => {
      if (!popup.closed) return;
      if (!closedBefore) {
        closedBefore = true;
        return;
      }
      if (pending.current?.popup !== popup) return clearInterval(timer);
      endAttempt(pending, false);
      localStorage.removeItem(SOCIAL_KEY);
      setBusy(null);
    }, 500);
    pending.current = { provider, popup, verifier: prepared.verifier, nonce: prepared.nonce, timer };
    setBusy(provider);
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
          <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
            {logos[provider]}
          </svg>
          Sign in with {socialProviderNames[provider]}
        </Button>
      ))}
    </SocialFrame>
  );
}
