import { Badge, Flex, Heading, Loader, Text, type BadgeVariations } from '@aws-amplify/ui-react';
import { useId } from 'react';
import type { CapAlert, CapFeedState, CapSeverity } from '@shared/schemas/cap-alerts';
import { useSpaceCapAlerts } from '../venues/api';
import { formatActivityTime } from '@web/activityTime';

/** Each severity's badge: the word says it, the colour only repeats it. */
const severityBadge: Record<CapSeverity, BadgeVariations | undefined> = {
  Extreme: 'error',
  Severe: 'error',
  Moderate: 'warning',
  Minor: 'info',
  Unknown: undefined,
};

const when = (iso: string | null) => (iso ? formatActivityTime(iso) : null);

/** 'From 5th Mar, 2025 | 3:04pm until 6th Mar, 2025 | 9:00am', or the half that is known. */
function periodText(alert: CapAlert): string | null {
  const from = when(alert.effective ?? alert.onset ?? alert.sent);
  const until = when(alert.expires);
  if (from && until) return `${from} – ${until}`;
  if (from) return `From ${from}`;
  return until ? `Until ${until}` : null;
}

/**
 * How the last read of a feed went (docs/product/client-area.md §2 "CAP alert panel"); while the space's alerts
 * are Inactive its feeds are not read at all.
 */
export function feedStateText(feed: CapFeedState, status: 'Active' | 'Inactive' = 'Active'): string {
  if (status === 'Inactive') return 'Not read while the alerts are Inactive';
  if (!feed.checked_at) return 'Not checked yet';
  const checked = `Last checked ${formatActivityTime(feed.checked_at)}`;
  return feed.error ? `${checked} — could not be read: ${feed.error}` : checked;
}

/**
 * The alerts in force for a space (GET /client/capAlerts/{spaceId}), the most severe first, and
 * how each feed URL last read; read again every minute while the panel is open. Times are in the
 * browser's zone.
 */
export function CapAlertsInForce({ spaceId }: { spaceId: string }) {
  const { data, error } = useSpaceCapAlerts(spaceId);
  const alertsId = useId();
  const feedsId = useId();
  if (!data) {
    return error ? (
      <Text color="font.error">The alerts in force could not be loaded.</Text>
    ) : (
      <Loader ariaLabel="Loading the alerts in force" />
    );
  }
  return (
    <Flex direction="column" gap="medium">
      <Flex direction="column" gap="small">
        <Heading level={3} id={alertsId} fontSize="large">
          Alerts in force
        </Heading>
        {data.alerts.length === 0 ? (
          <Text color="font.secondary">No alerts in force</Text>
        ) : (
          <Flex as="ul" direction="column" gap="small" margin="0" padding="0" aria-labelledby={alertsId}>
            {data.alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} />
            ))}
          </Flex>
        )}
      </Flex>
      {data.feeds.length > 0 && (
        <Flex direction="column" gap="xs">
          <Heading level={3} id={feedsId} fontSize="large">
            Feeds
          </Heading>
          <Flex as="ul" direction="column" gap="xs" margin="0" padding="0" aria-labelledby={feedsId}>
            {data.feeds.map((feed) => (
              <li key={feed.url} style={{ listStyle: 'none' }}>
                <Text fontSize="small" style={{ overflowWrap: 'anywhere' }}>
                  {feed.url}
                </Text>
                <Text
                  fontSize="small"
                  color={feed.error && data.cap_alert_status === 'Active' ? 'font.error' : 'font.secondary'}
                >
                  {feedStateText(feed, data.cap_alert_status)}
                </Text>
              </li>
            ))}
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}

function AlertItem({ alert }: { alert: CapAlert }) {
  const titleId = useId();
  const period = periodText(alert);
  return (
    <li
      aria-labelledby={titleId}
      style={{
        listStyle: 'none',
        border: '1px solid var(--amplify-colors-border-primary)',
        borderRadius: 'var(--amplify-radii-small)',
        padding: 'var(--amplify-space-small)',
      }}
    >
      <Flex direction="column" gap="xxs">
        <Flex justifyContent="space-between" alignItems="flex-start" gap="small">
          <Text id={titleId} fontWeight="bold">
            {alert.headline || alert.event}
          </Text>
          <Badge size="small" variation={severityBadge[alert.severity]}>
            Severity: {alert.severity}
          </Badge>
        </Flex>
        {alert.headline && alert.event !== alert.headline && <Text fontSize="small">{alert.event}</Text>}
        {alert.area_desc && <Text fontSize="small">Area: {alert.area_desc}</Text>}
        <Text fontSize="small">From: {alert.sender_name || alert.sender}</Text>
        {period && <Text fontSize="small">In force: {period}</Text>}
        {alert.instruction && <Text fontSize="small">{alert.instruction}</Text>}
      </Flex>
    </li>
  );
}
