import { Badge, Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { calendarMessages, calendarProviderNames, type CalendarProvider } from '@shared/calendars';
import type { CalendarAccount } from '@shared/schemas/calendars';
import type { Venue } from '@shared/schemas/venues';
import {
  linkCalendarAccount,
  refused,
  removeCalendarAccount,
  revalidateCalendars,
  useCalendarAccounts,
  useCalendarLinkConfig,
} from './api';
import { popupFlows } from '@web/auth/popupFlows';
import { usePopupCode } from '@web/auth/usePopupCode';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { ProviderLogo } from '@web/components/ProviderLogo';

const nameOf = (provider: CalendarProvider) => calendarProviderNames[provider];

const calendarCount = (n: number) => (n === 1 ? '1 calendar' : `${n} calendars`);

/**
 * A venue's linked calendar accounts (docs/product/client-area.md §2 "Venue form", §3 "Connected calendar
 * account"): each with its provider, e-mail address and number of calendars, 'Reconnect needed'
 * with a Reconnect button when the provider has withdrawn the grant, and a remove icon that asks
 * first; a button to link an account of each provider the API offers. Linking opens the
 * provider's consent page in a popup (auth/usePopupCode.ts); the code it brings back is posted
 * to the API, which exchanges it. Shown on an existing venue, read-only or in its form, to whom
 * may manage its third-party accounts when the package includes the integration (Panels.tsx);
 * hidden, unsaid, when the API refuses.
 */
export function LinkedCalendars({ venue }: { venue: Venue }) {
  const headingId = useId();
  const { mutate } = useSWRConfig();
  const { data: config, error: configError } = useCalendarLinkConfig();
  const { data: accounts, error: accountsError } = useCalendarAccounts(venue.id);
  const [removing, setRemoving] = useState<CalendarAccount | null>(null);
  const { busy, open } = usePopupCode<CalendarProvider, null>(
    popupFlows.calendar,
    async ({ provider, code }) => {
      try {
        const reply = await linkCalendarAccount(venue.id, code, provider);
        toast.success(reply.message ?? calendarMessages.linked);
        await revalidateCalendars(mutate, venue.id);
      } catch {
        // Toasted by the fetch client.
      }
    },
  );

  if (refused(configError) || refused(accountsError)) return null;

  // Synchronous from the click to window.open, so that no popup blocker takes it for an ad.
  const link = (provider: CalendarProvider, account?: CalendarAccount) => {
    const offer = config?.providers.find((candidate) => candidate.provider === provider);
    if (!offer) return;
    open(provider, {
      endpoint: offer.authorization_endpoint,
      secrets: null,
      query: {
        ...offer.extra,
        response_type: 'code',
        client_id: offer.client_id,
        scope: offer.scope,
        // Reconnecting: the provider suggests the account that needs it.
        ...(account ? { login_hint: account.email } : {}),
      },
    });
  };

  const remove = async (account: CalendarAccount) => {
    setRemoving(null);
    try {
      const reply = await removeCalendarAccount(account.id);
      toast.success(reply.message ?? calendarMessages.removed);
      await revalidateCalendars(mutate, venue.id);
    } catch {
      // Toasted by the fetch client.
    }
  };

  const offered = config?.providers ?? [];
  return (
    <Flex as="section" aria-labelledby={headingId} direction="column" gap="small" marginTop="large">
      <Heading level={3} id={headingId}>
        Linked calendars
      </Heading>
      <Text fontSize="small" color="font.secondary">
        A space of this venue can sync its bookings with a calendar of these accounts.
      </Text>
      {!accounts ? (
        accountsError ? (
          <Text color="font.secondary">The linked calendars could not be loaded.</Text>
        ) : (
          <Loader ariaLabel="Loading linked calendars" />
        )
      ) : accounts.length === 0 ? (
        <Text color="font.secondary">No calendar account linked yet.</Text>
      ) : (
        <Flex as="ul" direction="column" gap="xs" padding="0" margin="0" style={{ listStyle: 'none' }}>
          {accounts.map((account) => {
            const reconnect = account.status === 'Reconnect needed';
            return (
              <li key={account.id}>
                <Flex alignItems="center" gap="small">
                  <ProviderLogo provider={account.provider} />
                  <Flex direction="column" gap="0" flex="1" minWidth="0">
                    <Text style={{ overflowWrap: 'anywhere' }}>{account.email}</Text>
                    <Text fontSize="small" color="font.secondary">
                      {nameOf(account.provider)} · {calendarCount(account.calendars.length)}
                    </Text>
                    {reconnect && (
                      <Flex alignItems="center" gap="xs" wrap="wrap">
                        <Badge variation="warning" size="small">
                          {calendarMessages.reconnect}
                        </Badge>
                        {account.status_reason && (
                          <Text fontSize="small" color="font.secondary">
                            {account.status_reason}
                          </Text>
                        )}
                      </Flex>
                    )}
                  </Flex>
                  {reconnect && offered.some((offer) => offer.provider === account.provider) && (
                    <Button
                      size="small"
                      aria-label={`Reconnect ${account.email}`}
                      isDisabled={busy !== null}
                      onClick={() => link(account.provider, account)}
                    >
                      Reconnect
                    </Button>
                  )}
                  <Button
                    size="small"
                    variation="link"
                    colorTheme="error"
                    aria-label={`Remove ${account.email}`}
                    title="Remove"
                    onClick={() => setRemoving(account)}
                  >
                    <RemoveIcon />
                  </Button>
                </Flex>
              </li>
            );
          })}
        </Flex>
      )}
      {offered.length > 0 && (
        <Flex gap="small" wrap="wrap">
          {offered.map(({ provider }) => (
            <Button
              key={provider}
              size="small"
              gap="small"
              isDisabled={busy !== null}
              isLoading={busy === provider}
              loadingText={`Linking ${nameOf(provider)} calendar`}
              onClick={() => link(provider)}
            >
              <ProviderLogo provider={provider} />
              Link {nameOf(provider)} calendar
            </Button>
          ))}
        </Flex>
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.email}`}
          message={calendarMessages.removeConfirm}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </Flex>
  );
}

/** A bin, for the remove button (its label says what it removes). */
function RemoveIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z"
      />
    </svg>
  );
}
