import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { socialProviderNames, type SocialProvider } from '../../../../shared/social';
import {
  navigate,
  readStoredAttempt,
  SOCIAL_KEY,
  STATE_MISMATCH,
  type PopupMessage,
} from '../../auth/social';
import { Standalone } from '../../components/Standalone';

/**
 * The pages of the social sign-in popup (admin-and-auth §2): /auth/{provider}/proxy forwards to
 * the identity broker, /auth/{provider} is where the broker sends the browser back. Both trust
 * only the attempt the login page stored (social.ts), matched by provider and `state`.
 */

function PopupPage({ provider, children }: { provider: SocialProvider; children: ReactNode }) {
  return (
    <Standalone>
      <Flex direction="column" gap="small" alignItems="flex-start">
        <Heading level={1}>{socialProviderNames[provider]} sign-in</Heading>
        {children}
      </Flex>
    </Standalone>
  );
}

/**
 * /auth/{provider}/proxy: forwards to the broker's authorization endpoint with the same query
 * string, when the login page stored this attempt (same provider, same `state`).
 */
export function SocialProxyPage({ provider }: { provider: SocialProvider }) {
  const { search } = useLocation();
  const [target] = useState(() => {
    const stored = readStoredAttempt();
    const state = new URLSearchParams(search).get('state');
    return stored?.provider === provider && state && stored.state === state ? stored.endpoint + search : null;
  });

  useEffect(() => {
    if (target) navigate.replace(target);
  }, [target]);

  return (
    <PopupPage provider={provider}>
      <Text>
        {target
          ? `Opening ${socialProviderNames[provider]}…`
          : 'This sign-in window was not opened from the Spaces login page.'}
      </Text>
    </PopupPage>
  );
}

/** What the return page tells the login page: the code, only once `state` is the one stored. */
function answer(provider: SocialProvider, search: string): PopupMessage {
  const query = new URLSearchParams(search);
  const stored = readStoredAttempt();
  const state = query.get('state');
  if (!state || stored?.provider !== provider || stored.state !== state)
    return { provider, error: STATE_MISMATCH };
  const error = query.get('error_description') || query.get('error');
  if (error) return { provider, error };
  const code = query.get('code');
  return code ? { provider, code } : { provider, error: STATE_MISMATCH };
}

/**
 * /auth/{provider}: checks `state`, posts `{ provider, code }` (or `{ provider, error }`) to the
 * login page that opened the popup, for this origin only, and closes. Opened by hand, with no
 * login page behind it, it says so and links to the login.
 */
export function SocialReturnPage({ provider }: { provider: SocialProvider }) {
  const { search } = useLocation();
  const [message] = useState(() => answer(provider, search));
  const [area] = useState(() => readStoredAttempt()?.area ?? 'client');
  const opener = window.opener as Window | null;
  const posted = useRef(false);

  useEffect(() => {
    if (!opener || opener.closed || posted.current) return;
    posted.current = true;
    localStorage.removeItem(SOCIAL_KEY);
    opener.postMessage(message, window.location.origin);
    window.close();
  }, [opener, message]);

  return (
    <PopupPage provider={provider}>
      {opener && !opener.closed ? (
        <Text>Finishing the sign-in…</Text>
      ) : (
        <>
          <Text>This page finishes a sign-in started on the Spaces login page.</Text>
          {/* session.ts's areaLogin, spelled out: importing it here would split that module from the
              fetch client's chunk, 0.2 KiB more on the sign-in page (web/budgets.ts). */}
          <Link to={area === 'admin' ? '/admin/login' : '/login'}>Go to the login page</Link>
        </>
      )}
    </PopupPage>
  );
}
