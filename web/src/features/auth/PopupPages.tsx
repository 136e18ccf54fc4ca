import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { socialProviderNames, type SocialProvider } from '@shared/social';
import { navigate, readStoredAttempt, type PopupMessage, type StoredAttempt } from '../../auth/popup';
import { popupFlows, type PopupFlow, type PopupFlowName } from '../../auth/popupFlows';
import { Standalone } from '../../components/Standalone';

/**
 * The pages of the product's popups (auth/popupFlows.ts): `{base}/{provider}/proxy` forwards to the
 * provider (the identity broker for sign-in, Google or Microsoft for a calendar),
 * `{base}/{provider}` is where the provider sends the window back. Both trust only the attempt the
 * opener stored (auth/popup.ts), matched by provider and `state`.
 */

/** What each flow's window says when it was not opened by the product, and where it sends people. */
const words: Record<
  PopupFlowName,
  {
    notOpened: string;
    finishing: string;
    byHand: string;
    back: (stored: StoredAttempt | null) => { to: string; label: string };
  }
> = {
  signIn: {
    notOpened: 'This sign-in window was not opened from the Spaces login page.',
    finishing: 'Finishing the sign-in…',
    byHand: 'This page finishes a sign-in started on the Spaces login page.',
    // session.ts's areaLogin, spelled out: importing it here would split that module from the fetch
    // client's chunk, 0.2 KiB more on the sign-in page (web/budgets.ts).
    back: (stored) => ({
      to: stored?.area === 'admin' ? '/admin/login' : '/login',
      label: 'Go to the login page',
    }),
  },
  calendar: {
    notOpened: "This window was not opened from a venue's linked calendars in Spaces.",
    finishing: 'Finishing linking the calendar…',
    byHand: "This page finishes linking a calendar account started on a venue's panel in Spaces.",
    back: () => ({ to: '/c/venues', label: 'Go to the venues' }),
  },
};

function PopupPage({
  flow,
  provider,
  children,
}: {
  flow: PopupFlowName;
  provider: SocialProvider;
  children: ReactNode;
}) {
  return (
    <Standalone>
      <Flex direction="column" gap="small" alignItems="flex-start">
        <Heading level={1}>
          {socialProviderNames[provider]} {popupFlows[flow].purpose}
        </Heading>
        {children}
      </Flex>
    </Standalone>
  );
}

/**
 * `{base}/{provider}/proxy`: forwards to the provider's authorization endpoint with the same query
 * string, when the opener stored this attempt (same provider, same `state`).
 */
export function PopupProxyPage({ flow, provider }: { flow: PopupFlowName; provider: SocialProvider }) {
  const { search } = useLocation();
  const [target] = useState(() => {
    const stored = readStoredAttempt(popupFlows[flow]);
    const state = new URLSearchParams(search).get('state');
    return stored?.provider === provider && state && stored.state === state ? stored.endpoint + search : null;
  });

  useEffect(() => {
    if (target) navigate.replace(target);
  }, [target]);

  return (
    <PopupPage flow={flow} provider={provider}>
      <Text>{target ? `Opening ${socialProviderNames[provider]}…` : words[flow].notOpened}</Text>
    </PopupPage>
  );
}

/** What the return page tells the opener: the code, only once `state` is the one stored. */
function answer(flow: PopupFlow, provider: SocialProvider, search: string): PopupMessage {
  const query = new URLSearchParams(search);
  const stored = readStoredAttempt(flow);
  const state = query.get('state');
  if (!state || stored?.provider !== provider || stored.state !== state)
    return { provider, error: flow.mismatch };
  const error = query.get('error_description') || query.get('error');
  if (error) return { provider, error };
  const code = query.get('code');
  return code ? { provider, code } : { provider, error: flow.mismatch };
}

/**
 * `{base}/{provider}`: checks `state`, posts `{ provider, code }` (or `{ provider, error }`) to the
 * page that opened the popup, for this origin only, and closes. Opened by hand, with no opener
 * behind it, it says so and links to where the flow starts.
 */
export function PopupReturnPage({ flow, provider }: { flow: PopupFlowName; provider: SocialProvider }) {
  const { search } = useLocation();
  const [message] = useState(() => answer(popupFlows[flow], provider, search));
  const [back] = useState(() => words[flow].back(readStoredAttempt(popupFlows[flow])));
  const opener = window.opener as Window | null;
  const posted = useRef(false);

  useEffect(() => {
    if (!opener || opener.closed || posted.current) return;
    posted.current = true;
    localStorage.removeItem(popupFlows[flow].key);
    opener.postMessage(message, window.location.origin);
    window.close();
  }, [opener, message, flow]);

  return (
    <PopupPage flow={flow} provider={provider}>
      {opener && !opener.closed ? (
        <Text>{words[flow].finishing}</Text>
      ) : (
        <>
          <Text>{words[flow].byHand}</Text>
          <Link to={back.to}>{back.label}</Link>
        </>
      )}
    </PopupPage>
  );
}
