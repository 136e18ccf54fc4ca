import { calendarMessages } from '@shared/schemas/calendars';
import { dropExternalBookings, getCalendarAccount, getCalendarLink, linkSteps } from '../calendars';
import type { CalendarLinkItem, PackageItem, SpaceItem } from '@core/table/entities';
import type { SpaceChanges, SpaceOptionalField } from './store';
import type { Entities, Step } from '@core/table/transactions';
import { Invalid } from '@core/errors';
import { assertIntegration } from '../calendars';
import { connectToStop, stopWatches } from '../calendars';

/**
 * A space's calendar sync as the space form sets it (docs/product/client-area.md §4 "Space calendar sync"):
 * Yes with a calendar of one of the venue's linked accounts links it (the space keeps
 * `calendar_account_id`, `calendar_id` and `calendar_title`, and its sync item is written in the
 * same transaction); No clears the three fields and stops the sync; absent leaves it as it is.
 * A sync that stops, or moves to another calendar, has its watch (the provider's push
 * notifications) stopped after the save.
 */

interface LinkInput {
  calendar_sync?: 'Yes' | 'No';
  calendar_account_id?: string;
  calendar_id?: string;
}

interface LinkPlan {
  set: SpaceChanges;
  remove: SpaceOptionalField[];
  steps: (e: Entities) => Step[];
  /**
   * Set when the space stops syncing with the calendar it had (read before the save replaces or
   * deletes it, with its watch): the events read from that calendar then leave the space.
   */
  stopped?: CalendarLinkItem | null;
}

const unchanged: LinkPlan = { set: {}, remove: [], steps: () => [] };

type Linkable = Pick<
  SpaceItem,
  'account_id' | 'space_id' | 'venue_id' | 'calendar_account_id' | 'calendar_id'
>;

/** What a space save writes for its calendar sync. */
export async function linkPlan(
  current: Linkable,
  input: LinkInput,
  pkg: PackageItem | null,
): Promise<LinkPlan> {
  if (!input.calendar_sync) return unchanged;
  // As it is now: the caller may go on to change the space it passed.
  const space: Linkable = { ...current };
  if (input.calendar_sync === 'No') {
    if (!space.calendar_account_id) return unchanged;
    return {
      set: {},
      remove: ['calendar_account_id', 'calendar_id', 'calendar_title'],
      steps: (e) => linkSteps(e, space, null),
      stopped: await getCalendarLink(space.account_id, space.space_id),
    };
  }
  assertIntegration(pkg);
  const account = await getCalendarAccount(space.account_id, input.calendar_account_id!);
  if (!account || account.venue_id !== space.venue_id)
    throw new Invalid({ calendar_account_id: "Choose a linked account of the space's venue" });
  if (account.status !== 'Connected')
    throw new Invalid({
      calendar_account_id: `${calendarMessages.reconnect}: link ${account.email} again first`,
    });
  const calendar = account.calendars.find((item) => item.id === input.calendar_id);
  if (!calendar) throw new Invalid({ calendar_id: 'Choose one of the calendars of the linked account' });
  const moved =
    !!space.calendar_account_id &&
    (space.calendar_account_id !== account.calendar_account_id || space.calendar_id !== calendar.id);
  return {
    set: {
      calendar_account_id: account.calendar_account_id,
      calendar_id: calendar.id,
      calendar_title: calendar.title,
    },
    remove: [],
    steps: (e) => linkSteps(e, space, { account, calendarId: calendar.id }),
    ...(moved ? { stopped: await getCalendarLink(space.account_id, space.space_id) } : {}),
  };
}

/**
 * After the save: the events of a calendar the space no longer syncs with leave it, and that
 * calendar's watch is stopped (best-effort) with its lookup item deleted.
 */
export async function afterLinkSaved(space: Linkable, plan: LinkPlan): Promise<void> {
  if (!('stopped' in plan)) return;
  await dropExternalBookings(space.account_id, space.space_id);
  const stopped = plan.stopped;
  if (stopped?.watch_channel_id) {
    const account = await getCalendarAccount(stopped.account_id, stopped.calendar_account_id);
    await stopWatches(await connectToStop(account, [stopped]), [stopped]);
  }
}
