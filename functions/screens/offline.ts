import pLimit from 'p-limit';
import type { OfflineFrequency } from '@shared/venues';
import type { ScreenItem, ScreenNoticeItem, SpaceItem, VenueItem } from '@core/table/entities';
import {
  claimNotice,
  getScreenPlaces,
  listDueNotices,
  listSilentScreens,
  markDigestSent,
  markOffline,
  restoreNotice,
  unmarkDigestSent,
} from './offline-store';
import { env } from '@core/env';
import { logger } from '@core/logger';
import { countJobItemFailure } from '@core/observability/metrics';
import { escapeHtml, sendMail, type Mail } from '@core/mail';

/**
 * The screen-offline job (docs/architecture.md §14). A screen whose device has not polled for
 * {@link SILENT_AFTER_MS} turns Offline; its recipients are told as its frequency says:
 * As it happens (when it goes offline, and when it is back), once an hour, a day or a week (one
 * digest at the end of the period — hours, days and ISO weeks in UTC — listing the screens that went
 * offline in it and are still offline), or Never. The screens come from a sparse index of the
 * Online ones by heartbeat; what is owed is written as a notice in the same transaction as the
 * change, and a run sends the notices that are due. Sending takes a notice (a conditional delete),
 * and a digest is noted as sent per address (a conditional put), so a second run — or two at once
 * — sends nothing twice; a mail that fails puts its notice back for the next run.
 */

/**
 * A screen silent this long is Offline: two of its display's polls missed while its push channel is
 * up (`PUSH_POLL_SECONDS`, 5 minutes), plus their jitter (docs/architecture.md §7).
 */
export const SILENT_AFTER_MS = 12 * 60_000;

interface ScreenOfflineReport {
  /** Screens turned Offline by this run. */
  wentOffline: number;
  /** Mails sent (one per address). */
  mailed: number;
  /** Mails that could not be sent (their notices wait for the next run). */
  mailFailures: number;
}

const PERIOD_MS: Record<'Once an hour' | 'Once a day', number> = {
  'Once an hour': 3600_000,
  'Once a day': 24 * 3600_000,
};

/** The end of the period of `frequency` that `at` falls in (UTC; weeks start on Monday). */
export function periodEnd(frequency: 'Once an hour' | 'Once a day' | 'Once a week', at: number): number {
  if (frequency !== 'Once a week') return (Math.floor(at / PERIOD_MS[frequency]) + 1) * PERIOD_MS[frequency];
  const day = Math.floor(at / PERIOD_MS['Once a day']);
  // 1970-01-01 was a Thursday: days since the Monday before it, modulo 7.
  const sinceMonday = (day + 3) % 7;
  return (day - sinceMonday + 7) * PERIOD_MS['Once a day'];
}

/** What a screen going offline at `now` owes its recipients, if anything. */
function noticeFor(screen: ScreenItem, now: number): Pick<ScreenNoticeItem, 'kind' | 'due_at'> | null {
  const frequency: OfflineFrequency = screen.offline_notification_frequency;
  if (frequency === 'Never' || screen.offline_notification_recipient.length === 0) return null;
  if (frequency === 'As it happens') return { kind: 'offline', due_at: new Date(now).toISOString() };
  return { kind: 'digest', due_at: new Date(periodEnd(frequency, now)).toISOString() };
}

/** Runs the job once, at `now` (epoch ms). */
export async function runScreenOffline(now = Date.now()): Promise<ScreenOfflineReport> {
  const report: ScreenOfflineReport = { wentOffline: 0, mailed: 0, mailFailures: 0 };
  const limit = pLimit(8);

  const silent = await listSilentScreens(new Date(now - SILENT_AFTER_MS).toISOString());
  const turned = await limit.map(silent, (screen) => markOffline(screen, noticeFor(screen, now)));
  report.wentOffline = turned.filter(Boolean).length;

  const due = await listDueNotices(now);
  const claimed = (
    await limit.map(due, async (notice) => ((await claimNotice(notice)) ? notice : null))
  ).filter((notice): notice is ScreenNoticeItem => notice !== null);
  if (!claimed.length) return report;
  const places = await getScreenPlaces(
    [...new Map(claimed.map((n) => [`${n.account_id}#${n.screen_id}`, n])).values()].map(
      ({ account_id, screen_id }) => ({ account_id, screen_id }),
    ),
  );
  const describe = describer(places);

  const send = async (mail: Mail): Promise<boolean> => {
    try {
      await sendMail(mail);
      report.mailed += 1;
      return true;
    } catch (error) {
      report.mailFailures += 1;
      countJobItemFailure('screen-offline');
      logger.warn('Screen mail not sent', { to: mail.to, error: String(error) });
      return false;
    }
  };

  // As it happens: a mail per notice and address, sent with the screen's recipients of now.
  for (const notice of claimed.filter((n) => n.kind !== 'digest')) {
    const screen = describe.screen(notice);
    if (!screen || screen.item.offline_notification_frequency !== 'As it happens') continue;
    const mail =
      notice.kind === 'offline' ? offlineMail(screen, notice.since) : backMail(screen, notice.since);
    const sent = await Promise.all(
      screen.item.offline_notification_recipient.map((to) => send({ ...mail, to })),
    );
    if (!sent.some(Boolean)) await restoreNotice(notice);
  }

  // Digests: per account, frequency and period, one mail per address listing its screens still offline.
  const digests = new Map<string, ScreenNoticeItem[]>();
  for (const notice of claimed.filter((n) => n.kind === 'digest')) {
    const key = `${notice.account_id}#${notice.due_at}`;
    digests.set(key, [...(digests.get(key) ?? []), notice]);
  }
  for (const notices of digests.values()) {
    const stillOffline = notices
      .map((notice) => ({ notice, screen: describe.screen(notice) }))
      .filter(({ screen }) => screen?.item.device_status === 'Offline' && screen.item.offline_since);
    const byFrequency = new Map<string, Array<{ notice: ScreenNoticeItem; screen: Described }>>();
    for (const { notice, screen } of stillOffline) {
      const frequency = screen!.item.offline_notification_frequency;
      if (frequency === 'Never' || frequency === 'As it happens') continue;
      byFrequency.set(frequency, [...(byFrequency.get(frequency) ?? []), { notice, screen: screen! }]);
    }
    for (const [frequency, entries] of byFrequency) {
      const addresses = new Set(entries.flatMap(({ screen }) => screen.item.offline_notification_recipient));
      for (const to of addresses) {
        const listed = entries.filter(({ screen }) =>
          screen.item.offline_notification_recipient.includes(to),
        );
        const digest = `${entries[0]!.notice.account_id}#${frequency}#${entries[0]!.notice.due_at}#${to}`;
        const ttl = Math.floor(now / 1000) + 8 * 24 * 3600;
        if (!(await markDigestSent(digest, ttl))) continue;
        const mail = digestMail(
          frequency,
          listed.map(({ screen, notice }) => ({ screen, since: notice.since })),
        );
        if (!(await send({ ...mail, to }))) {
          await unmarkDigestSent(digest);
          await Promise.all(listed.map(({ notice }) => restoreNotice(notice)));
        }
      }
    }
  }
  return report;
}

/** A screen as a mail names it: its name, space and venue, and the venue's zone for times. */
interface Described {
  item: ScreenItem;
  name: string;
  where: string;
  zone: string;
}

function describer(places: { screens: ScreenItem[]; spaces: SpaceItem[]; venues: VenueItem[] }) {
  return {
    screen(key: { account_id: string; screen_id: string }): Described | null {
      const item = places.screens.find(
        (s) => s.account_id === key.account_id && s.screen_id === key.screen_id,
      );
      if (!item) return null;
      const space = places.spaces.find(
        (s) => s.account_id === item.account_id && s.space_id === item.space_id,
      );
      const venue = places.venues.find(
        (v) => v.account_id === item.account_id && v.venue_id === item.venue_id,
      );
      return {
        item,
        name: item.name?.trim() || `Screen ${item.screen_id_no}`,
        where: [space?.title, venue?.name].filter(Boolean).join(', '),
        zone: venue?.timezone ?? 'UTC',
      };
    },
  };
}

const timeIn = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  }).format(Date.parse(iso));

const screensLink = () => `${env().APP_URL}/c/venues`;

function mailOf(subject: string, paragraphs: string[]): Omit<Mail, 'to'> {
  const link = screensLink();
  return {
    subject,
    text: `${[...paragraphs, `Your screens: ${link}`].join('\n\n')}\n`,
    html: `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(link)}">Your screens</a></p>`,
  };
}

function offlineMail(screen: Described, since: string): Omit<Mail, 'to'> {
  return mailOf(`Screen offline: ${screen.name}`, [
    `${screen.name}${screen.where ? ` (${screen.where})` : ''} has not been heard from since ${timeIn(since, screen.zone)}. It shows as Offline until its display polls again.`,
    'Check that the display is on, connected to the network and showing Spaces.',
  ]);
}

function backMail(screen: Described, since: string): Omit<Mail, 'to'> {
  return mailOf(`Screen back online: ${screen.name}`, [
    `${screen.name}${screen.where ? ` (${screen.where})` : ''} is back online. It had been silent since ${timeIn(since, screen.zone)}.`,
  ]);
}

function digestMail(
  frequency: string,
  entries: Array<{ screen: Described; since: string }>,
): Omit<Mail, 'to'> {
  const period =
    { 'Once an hour': 'hour', 'Once a day': 'day', 'Once a week': 'week' }[frequency] ?? 'period';
  const count = entries.length === 1 ? '1 screen' : `${entries.length} screens`;
  return mailOf(`Screens offline: ${count}`, [
    `These screens went offline in the last ${period} and are still offline:`,
    ...entries.map(
      ({ screen, since }) =>
        `• ${screen.name}${screen.where ? ` (${screen.where})` : ''}: silent since ${timeIn(since, screen.zone)}`,
    ),
  ]);
}
