import { ServiceUnavailable } from '@core/errors';
import type { ActivityInput } from '@core/table/activity-entry';
import { batchGet, owned, pick } from '@core/table/batch-get';
import { bookingsTouching } from '../bookings';
import { unexpired } from '@core/table/expiry';
import {
  db,
  type BookingItem,
  type CalendarAccountItem,
  type CalendarChannelItem,
  type CalendarLinkItem,
  type PackageItem,
  type SpaceItem,
  type VenueItem,
  type VenueManagerItem,
} from '@core/table/entities';
import { changedMeanwhile, runSteps, runStepsIf, type Entities, type Step } from '@core/table/transactions';
import { shardOf } from '@core/table/shards';
import { venueWithAssignmentKeys } from '../venues';

/**
 * Linked calendars' reads and writes (docs/data-model.md, "Linked calendars"): a venue's linked
 * accounts (Query gsi1), one by id, the spaces that sync with one (Query gsi2), and the writes that
 * link, renew and remove them with their activity entry; a space's watch (the provider's push
 * notifications) and the lookup item of its channel.
 */

/** A venue, the caller's assignment to it and the account's package, in one consistent BatchGetItem. */
export async function readVenueForCalendars(
  accountId: string,
  venueId: string,
  managerId: string | undefined,
  packageId: string,
): Promise<{ venue: VenueItem | null; assignment: VenueManagerItem | null; pkg: PackageItem | null }> {
  const e = db().entities;
  const items = await batchGet(
    [
      ...venueWithAssignmentKeys(accountId, venueId, managerId),
      e.package.get({ package_id: packageId }).params().Key,
    ],
    { consistent: true },
  );
  return {
    venue: pick(items, (answer) => e.venue.parse(answer)),
    assignment: managerId ? pick(items, (answer) => e.venueManager.parse(answer)) : null,
    pkg: pick(items, (answer) => e.package.parse(answer)),
  };
}

/** The venue's linked accounts, oldest first (ids are ULIDs): one Query of gsi1. */
export async function listVenueCalendarAccounts(
  accountId: string,
  venueId: string,
): Promise<CalendarAccountItem[]> {
  const { data } = await db()
    .entities.calendarAccount.query.byVenue({ account_id: accountId, venue_id: venueId })
    .go({ pages: 'all' });
  return data;
}

export async function getCalendarAccount(
  accountId: string,
  calendarAccountId: string,
): Promise<CalendarAccountItem | null> {
  const { data } = await db()
    .entities.calendarAccount.get({ account_id: accountId, calendar_account_id: calendarAccountId })
    .go({ consistent: true });
  return data;
}

/** The spaces that sync with a linked account's calendars: one Query of gsi2. */
export async function listLinksOfCalendarAccount(
  accountId: string,
  calendarAccountId: string,
): Promise<CalendarLinkItem[]> {
  const { data } = await db()
    .entities.calendarLink.query.byCalendarAccount({
      account_id: accountId,
      calendar_account_id: calendarAccountId,
    })
    .go({ pages: 'all' });
  return data;
}

/** What a sync of a space reads first: its linked account and its venue (the zone), in one BatchGetItem. */
export async function readLinkPlaces(
  link: Pick<CalendarLinkItem, 'account_id' | 'calendar_account_id' | 'venue_id'>,
): Promise<{ account: CalendarAccountItem | null; venue: VenueItem | null }> {
  const e = db().entities;
  const items = await batchGet([
    e.calendarAccount
      .get({ account_id: link.account_id, calendar_account_id: link.calendar_account_id })
      .params().Key,
    e.venue.get({ account_id: link.account_id, venue_id: link.venue_id }).params().Key,
  ]);
  return {
    account: pick(items, (answer) => e.calendarAccount.parse(answer)),
    venue: pick(items, (answer) => e.venue.parse(answer)),
  };
}

/** A space's sync, by key. */
export async function getCalendarLink(accountId: string, spaceId: string): Promise<CalendarLinkItem | null> {
  const { data } = await db()
    .entities.calendarLink.get({ account_id: accountId, space_id: spaceId })
    .go({ consistent: true });
  return data;
}

/** Some spaces' syncs of one account, by key: one consistent BatchGetItem per 100 (the pull job's worker). */
export async function getCalendarLinks(
  accountId: string,
  spaceIds: readonly string[],
): Promise<CalendarLinkItem[]> {
  const { calendarLink } = db().entities;
  const items = await batchGet(
    spaceIds.map((space_id) => calendarLink.get({ account_id: accountId, space_id }).params().Key),
    { consistent: true },
  );
  return items.flatMap((Item) => calendarLink.parse({ Item }, owned).data ?? []);
}

/** Writes a linked account (new, or renewed with a fresh grant) with its activity entry. */
export async function saveCalendarAccount(item: CalendarAccountItem, activity: ActivityInput): Promise<void> {
  await runSteps((e) => [[e.calendarAccount.put(item).commit(), changedMeanwhile]], activity);
}

/** Records a linked account's state: 'Reconnect needed' when the provider refused its grant. */
export async function setCalendarAccountState(
  item: Pick<CalendarAccountItem, 'account_id' | 'calendar_account_id'>,
  state: { status: CalendarAccountItem['status']; status_reason?: string; sealed_token?: string },
): Promise<void> {
  const patch = db()
    .entities.calendarAccount.patch({
      account_id: item.account_id,
      calendar_account_id: item.calendar_account_id,
    })
    .set({
      status: state.status,
      ...(state.sealed_token ? { sealed_token: state.sealed_token } : {}),
      ...(state.status_reason ? { status_reason: state.status_reason } : {}),
    });
  await (state.status_reason ? patch : patch.remove(['status_reason'])).go();
}

/**
 * The steps that make a space's sync item follow its link: put anew when the space links a
 * calendar it did not sync with (a new sync starts from nothing), deleted when it stops.
 */
export function linkSteps(
  e: Entities,
  space: Pick<SpaceItem, 'account_id' | 'space_id' | 'venue_id' | 'calendar_account_id' | 'calendar_id'>,
  next: { account: CalendarAccountItem; calendarId: string } | null,
): Step[] {
  const same =
    next &&
    space.calendar_account_id === next.account.calendar_account_id &&
    space.calendar_id === next.calendarId;
  if (same) return [];
  if (!next) {
    if (!space.calendar_account_id) return [];
    return [
      [
        e.calendarLink.delete({ account_id: space.account_id, space_id: space.space_id }).commit(),
        changedMeanwhile,
      ],
    ];
  }
  return [
    [
      e.calendarLink
        .put({
          account_id: space.account_id,
          space_id: space.space_id,
          venue_id: space.venue_id,
          calendar_account_id: next.account.calendar_account_id,
          calendar_id: next.calendarId,
          provider: next.account.provider,
          cancelled: [],
          watch_shard: shardOf(space.space_id),
        })
        .commit(),
      changedMeanwhile,
    ],
  ];
}

/**
 * Removes a linked account and stops every space that syncs with it (their link fields cleared,
 * their sync deleted, their displays told), with the activity entry, all or nothing.
 */
export async function removeCalendarAccount(
  item: CalendarAccountItem,
  links: readonly CalendarLinkItem[],
  activity: ActivityInput,
): Promise<void> {
  const account_id = item.account_id;
  await runSteps(
    (e) => [
      [
        e.calendarAccount.delete({ account_id, calendar_account_id: item.calendar_account_id }).commit(),
        changedMeanwhile,
      ],
      ...links.flatMap((link): Step[] => [
        [e.calendarLink.delete({ account_id, space_id: link.space_id }).commit(), changedMeanwhile],
        [
          e.space
            .patch({ account_id, space_id: link.space_id })
            .remove(['calendar_account_id', 'calendar_id', 'calendar_title'])
            .add({ version: 1, display_version: 1 })
            .commit(),
          changedMeanwhile,
        ],
      ]),
    ],
    activity,
  );
}

/** Every space's sync in one shard of the pull job's index: one Query. */
export async function watchedLinks(shard: string): Promise<CalendarLinkItem[]> {
  const { data } = await db().entities.calendarLink.query.watch({ watch_shard: shard }).go({ pages: 'all' });
  return data;
}

/** Records how far a space's sync got (or why it stopped). */
export async function saveLinkState(
  link: CalendarLinkItem,
  state: Partial<
    Pick<
      CalendarLinkItem,
      'cursor' | 'window_from' | 'window_to' | 'cancelled' | 'synced_at' | 'retry_at' | 'last_error'
    >
  >,
): Promise<void> {
  const set = Object.fromEntries(Object.entries(state).filter(([, value]) => value !== undefined));
  const cleared = (['last_error', 'retry_at'] as const).filter((field) => !(field in state));
  // A space unlinked (or linked to another calendar) meanwhile keeps no state of this one.
  await runStepsIf((e) => [
    [
      e.calendarLink
        .patch({ account_id: link.account_id, space_id: link.space_id })
        .set(set)
        .remove(cleared)
        .where(({ calendar_id }, { eq }) => eq(calendar_id, link.calendar_id))
        .commit(),
      changedMeanwhile,
    ],
  ]);
}

/** The events of a space read from its linked calendar: its bookings (pattern 40, from the first) that came from one. */
export async function listExternalBookings(accountId: string, spaceId: string): Promise<BookingItem[]> {
  const { bookings } = await bookingsTouching({ accountId, spaceId }, { from: '' });
  return bookings.filter((booking) => booking.source);
}

/**
 * Writes what a sync read: events put and removed (BatchWriteItem, 25 at a time; what the table
 * still leaves unprocessed after ElectroDB's retries fails the sync, which then starts again from
 * the cursor it had), then the space's `version` and `display_version` bumped, so a booking write
 * that read the space before fails its condition and checks again, and the room's screen shows
 * the change.
 */
export async function writeExternalBookings(
  accountId: string,
  spaceId: string,
  puts: readonly BookingItem[],
  removals: readonly string[],
): Promise<void> {
  if (!puts.length && !removals.length) return;
  const e = db().entities;
  const written = puts.length ? await e.booking.put([...puts]).go({ concurrency: 4 }) : { unprocessed: [] };
  const removed = removals.length
    ? await e.booking
        .delete(removals.map((booking_id) => ({ account_id: accountId, booking_id })))
        .go({ concurrency: 4 })
    : { unprocessed: [] };
  if (written.unprocessed.length || removed.unprocessed.length) throw new ServiceUnavailable();
  // A space deleted meanwhile has nothing to tell.
  await runStepsIf((steps) => [
    [
      steps.space
        .patch({ account_id: accountId, space_id: spaceId })
        .add({ version: 1, display_version: 1 })
        .commit(),
      changedMeanwhile,
    ],
  ]);
}

/** Takes the events read from a space's calendar off the space: it no longer syncs with it. */
export async function dropExternalBookings(accountId: string, spaceId: string): Promise<void> {
  const items = await listExternalBookings(accountId, spaceId);
  await writeExternalBookings(
    accountId,
    spaceId,
    [],
    items.map((item) => item.booking_id),
  );
}

/** A space's watch as the link keeps it: the channel, and the SHA-256 (hex) of its secret token. */
interface LinkWatch {
  channelId: string;
  resourceId?: string;
  tokenHash: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** A lookup item outlives its watch by a day, then expires by TTL. */
const channelTtl = (expiresAt: number) => Math.ceil(expiresAt / 1000) + 86_400;

/** The space a channel (or Graph subscription) is for: one GetItem; none once its TTL has passed. */
export async function getCalendarChannel(channelId: string): Promise<CalendarChannelItem | null> {
  const { data } = await db().entities.calendarChannel.get({ channel_id: channelId }).go();
  return unexpired(data);
}

/**
 * Records the space's new watch, on condition that the link still syncs the calendar it read and
 * still has the watch it read (another run may have watched it meanwhile), with the channel's
 * lookup item, and the lookup item of the channel it replaces deleted: all or nothing. False when
 * a condition failed (the caller then stops the watch it made).
 */
export async function saveLinkWatch(link: CalendarLinkItem, watch: LinkWatch): Promise<boolean> {
  const { account_id, space_id } = link;
  const replaced = link.watch_channel_id;
  return runStepsIf((e) => {
    const patch = e.calendarLink.patch({ account_id, space_id }).set({
      watch_channel_id: watch.channelId,
      watch_token_hash: watch.tokenHash,
      watch_expires_at: watch.expiresAt,
      ...(watch.resourceId ? { watch_resource_id: watch.resourceId } : {}),
    });
    const steps: Step[] = [
      [
        (watch.resourceId ? patch : patch.remove(['watch_resource_id']))
          .where(
            (item, op) =>
              `${op.eq(item.calendar_id, link.calendar_id)} AND ${
                replaced ? op.eq(item.watch_channel_id, replaced) : op.notExists(item.watch_channel_id)
              }`,
          )
          .commit(),
        changedMeanwhile,
      ],
      [
        e.calendarChannel
          .put({
            channel_id: watch.channelId,
            account_id,
            space_id,
            provider: link.provider,
            ttl: channelTtl(watch.expiresAt),
          })
          .commit(),
        changedMeanwhile,
      ],
    ];
    if (replaced && replaced !== watch.channelId)
      steps.push([e.calendarChannel.delete({ channel_id: replaced }).commit(), changedMeanwhile]);
    return steps;
  });
}

/** Deletes a channel's lookup item (its watch was stopped, or its space no longer syncs). */
export async function deleteCalendarChannel(channelId: string): Promise<void> {
  await db().entities.calendarChannel.delete({ channel_id: channelId }).go();
}
