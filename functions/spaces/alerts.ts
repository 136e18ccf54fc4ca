import * as z from 'zod';
import { capAlertSchema, type CapAlert, type SpaceCapAlerts } from '@shared/schemas/cap-alerts';
import { getSpaceAlertsAndFeeds } from '../cap';
import type { ClientPrincipal } from '@core/auth/principal';
import { logger } from '@core/logger';
import { seenSpace } from './service';

const storedAlertsSchema = z.array(capAlertSchema);

/**
 * The alerts the CAP job keeps for a space, as they stand now: none while its feeds are Inactive,
 * only those of URLs it still lists, none past their expiry (the job may not have run since).
 */
export function alertsNow(
  stored: unknown,
  settings: { cap_alert_status: string; urls: readonly string[] },
  now = Date.now(),
): CapAlert[] {
  if (settings.cap_alert_status !== 'Active' || stored === undefined) return [];
  const parsed = storedAlertsSchema.safeParse(stored);
  if (!parsed.success) {
    logger.warn('Stored CAP alerts did not validate');
    return [];
  }
  const urls = new Set(settings.urls);
  return parsed.data.filter(
    (alert) => urls.has(alert.source_url) && (!alert.expires || Date.parse(alert.expires) > now),
  );
}

/** GET /client/capAlerts/{spaceId}: the alerts in force and how each feed's last poll went. */
export async function getSpaceCapAlerts(
  principal: ClientPrincipal,
  spaceId: string,
): Promise<SpaceCapAlerts> {
  const { space } = await seenSpace(principal, spaceId);
  const urls = space.cap_alert_urls.map(({ url }) => url);
  const { alerts, feeds } = await getSpaceAlertsAndFeeds(principal.accountId, space.space_id, urls);
  return {
    space_id: space.space_id,
    cap_alert_status: space.cap_alert_status,
    alerts: alertsNow(alerts?.alerts, { cap_alert_status: space.cap_alert_status, urls }),
    feeds: urls.map((url) => {
      const feed = feeds.get(url);
      return {
        url,
        checked_at: feed?.checked_at ?? null,
        read_at: feed?.read_at ?? null,
        error: feed?.error ?? null,
      };
    }),
  };
}
