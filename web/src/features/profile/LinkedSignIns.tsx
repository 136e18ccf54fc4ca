import { Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { meRoutes } from '@shared/api/me-routes';
import type { LinkedSignIn } from '@shared/schemas/me';
import { loginButtons, socialProviderNames } from '@shared/social';
import { callRoute, useRoute } from '../../api/call';
import type { Area } from '../../auth/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ProviderLogo, type LogoProvider } from '../../components/ProviderLogo';
import { formatDate } from '../../format';

const nameOf = (link: LinkedSignIn) => socialProviderNames[link.provider];

/** "Google, Facebook or Microsoft": the providers of the area's login page. */
function providerList(area: Area): string {
  const names = loginButtons[area].map((provider) => socialProviderNames[provider]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}

/**
 * The social sign-ins linked to the signed-in person (docs/decisions.md "Linked sign-ins"): each
 * with its provider, the address it shared and when it was linked, and Unlink, asked first. An
 * unlinked sign-in no longer signs the person in, and the sessions it began end (so unlinking the
 * one in use goes back to login). A super admin acting as the user sees the list only.
 */
export function LinkedSignIns({ area, readOnly }: { area: Area; readOnly: boolean }) {
  const headingId = useId();
  const {
    data: links,
    error,
    mutate,
  } = useRoute(
    { client: meRoutes['client-sign-ins'], admin: meRoutes['admin-sign-ins'] }[area],
    {},
    undefined,
    { toastErrors: false },
  );
  const [unlinking, setUnlinking] = useState<LinkedSignIn | null>(null);

  const unlink = async (link: LinkedSignIn) => {
    setUnlinking(null);
    try {
      const reply = await callRoute(
        { client: meRoutes['client-sign-in-unlink'], admin: meRoutes['admin-sign-in-unlink'] }[area],
        {
          params: { provider: link.provider },
        },
      );
      toast.success(reply.message ?? `${nameOf(link)} sign-in unlinked`);
      await mutate();
    } catch {
      // Toasted by the fetch client.
    }
  };

  return (
    <Flex as="section" aria-labelledby={headingId} direction="column" gap="small" marginTop="large">
      <Heading level={3} id={headingId}>
        Linked sign-ins
      </Heading>
      {!links ? (
        error ? (
          <Text color="font.secondary">The linked sign-ins could not be loaded.</Text>
        ) : (
          <Loader ariaLabel="Loading linked sign-ins" />
        )
      ) : links.length === 0 ? (
        <Text color="font.secondary">
          No sign-in linked. Signing in with {providerList(area)} links it to your user.
        </Text>
      ) : (
        <Flex as="ul" direction="column" gap="xs" padding="0" margin="0" style={{ listStyle: 'none' }}>
          {links.map((link) => (
            <li key={link.provider}>
              <Flex alignItems="center" gap="small">
                {link.provider !== 'linkedin' && <ProviderLogo provider={link.provider as LogoProvider} />}
                <Flex direction="column" gap="0" flex="1" minWidth="0">
                  <Text>{nameOf(link)}</Text>
                  <Text fontSize="small" color="font.secondary" style={{ overflowWrap: 'anywhere' }}>
                    {link.email ? `${link.email} · ` : ''}Linked {formatDate(link.linked_at)}
                  </Text>
                </Flex>
                {!readOnly && (
                  <Button
                    size="small"
                    aria-label={`Unlink ${nameOf(link)}`}
                    onClick={() => setUnlinking(link)}
                  >
                    Unlink
                  </Button>
                )}
              </Flex>
            </li>
          ))}
        </Flex>
      )}
      {unlinking && (
        <ConfirmDialog
          title={`Unlink ${nameOf(unlinking)}`}
          message={`Unlink your ${nameOf(unlinking)} sign-in? It will no longer sign you in, and sessions begun with it end.`}
          onConfirm={() => void unlink(unlinking)}
          onCancel={() => setUnlinking(null)}
        />
      )}
    </Flex>
  );
}
