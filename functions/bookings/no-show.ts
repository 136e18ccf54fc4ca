import pLimit from 'p-limit';
import { batchGet, owned } from '@core/table/batch-get';
import { insertOccurrenceState, listCheckInSpaces, occurrenceStates } from './occurrence-state-store';
import { db, type SpaceItem, type VenueItem } from '@core/table/entities';
import { logger } from '@core/logger';
import { MetricName } from '@core/observability/catalogue';
import { countJobItemFailure, countMetric } from '@core/observability/metrics';
import { escapeHtml, sendMail } from '@core/mail';
import { spaceOccurrences, type SpaceOccurrence } from './space-schedule';

/**
 * The no-show job (docs/architecture.md §14): an occurrence of a space with check-in Yes that
 * nobody checked in to by `after_event` minutes past its start is released while it is still
 * under way — its screen shows the room free, the calendar shows it released, a booking may take
 * its time, and whoever made the booking gets an e-mail. The spaces come from a sparse index
 * (those Active with check-in Yes); per space, one Query of its bookings around now and one of its
 * occurrences' states. A release is a conditional write, so a second run, or a check-in at the
 * same moment, never releases twice.
 */

interface NoShowReport {
  /** Spaces with check-in Yes. */
  spaces: number;
  released: number;
  /** Mails that could not be sent (logged; the release stands). */
  mailFailures: number;
}

/** Spaces handled at once. */
const SPACE_CONCURRENCY = 8;

/** The occurrences to release now: under way, past their check-in window, not checked in or released. */
async function dueOccurrences(space: SpaceItem, now: number): Promise<SpaceOccurrence[]> {
  const afterMs = (space.after_event ?? 0) * 60_000;
  const underWay = (await spaceOccurrences(space.account_id, space.space_id, now, now + 1)).filter(
    (o) => Date.parse(o.start_utc) + afterMs <= now,
  );
  if (!underWay.length) return [];
  const starts = underWay.map((o) => o.start_utc).sort();
  const states = await occurrenceStates(
    space.account_id,
    space.space_id,
    starts[0]!,
    new Date(Date.parse(starts.at(-1)!) + 1).toISOString(),
  );
  const handled = new Set(states.map((s) => `${s.booking_id}#${s.start_utc}`));
  return underWay.filter((o) => !handled.has(`${o.booking_id}#${o.start_utc}`));
}

/** Runs the job once, at `now` (epoch ms). */
export async function runNoShowRelease(now = Date.now()): Promise<NoShowReport> {
  const spaces = await listCheckInSpaces();
  const due = (
    await pLimit(SPACE_CONCURRENCY).map(spaces, async (space) => ({
      space,
      occurrences: await dueOccurrences(space, now),
    }))
  ).filter(({ occurrences }) => occurrences.length > 0);

  const e = db().entities;
  const venueItems = await batchGet(
    [...new Map(due.map(({ space }) => [`${space.account_id}#${space.venue_id}`, space])).values()].map(
      ({ account_id, venue_id }) => e.venue.get({ account_id, venue_id }).params().Key,
    ),
  );
  const venues = venueItems.flatMap((Item) => e.venue.parse({ Item }, owned).data ?? []);
  const venueOf = (space: SpaceItem) =>
    venues.find((v) => v.account_id === space.account_id && v.venue_id === space.venue_id) ?? null;

  const report: NoShowReport = { spaces: spaces.length, released: 0, mailFailures: 0 };
  const at = new Date(now).toISOString();
  for (const { space, occurrences } of due) {
    const venue = venueOf(space);
    for (const occurrence of occurrences) {
      const released = await insertOccurrenceState(
        {
          account_id: space.account_id,
          space_id: space.space_id,
          start_utc: occurrence.start_utc,
          booking_id: occurrence.booking_id,
          recurrence_id: occurrence.recurrence_id,
          released_at: at,
          created_at: at,
          updated_at: at,
        },
        {
          principal: { kind: 'system', accountId: space.account_id },
          component: 'Booking',
          componentId: occurrence.booking_id,
          activity: `Released: nobody checked in within ${minutes(space.after_event ?? 0)} of the start`,
        },
      );
      if (!released) continue;
      report.released += 1;
      if (!occurrence.organizer.email) continue;
      try {
        await sendMail(releaseMail(occurrence, space, venue));
      } catch (error) {
        report.mailFailures += 1;
        countJobItemFailure('no-show');
        logger.warn('No-show mail not sent', { bookingId: occurrence.booking_id, error: String(error) });
      }
    }
  }
  countMetric(MetricName.NoShowReleases, report.released);
  return report;
}

const minutes = (count: number) => `${count} minute${count === 1 ? '' : 's'}`;

/** The mail to whoever made the booking. */
function releaseMail(occurrence: SpaceOccurrence, space: SpaceItem, venue: VenueItem | null) {
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: venue?.timezone ?? 'UTC',
  }).format(Date.parse(occurrence.start_utc));
  const where = venue ? `${space.title}, ${venue.name}` : space.title;
  const lines = [
    `Nobody checked in to "${occurrence.title}" in ${where} (${when}) within ${minutes(space.after_event ?? 0)} of its start, so the room was released for others.`,
    'The booking stays in the calendar, marked as released. Check in at the room’s screen next time to keep it.',
  ];
  return {
    to: occurrence.organizer.email,
    subject: `Released: ${occurrence.title}`,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}
