import { DAY_MS } from '@shared/wall-time';
import type { ActivityInput } from '@core/table/activity-entry';
import { db, type OccurrenceStateItem, type SpaceItem } from '@core/table/entities';
import { allShards } from '@core/table/shards';
import { changedMeanwhile, runStepsIf } from '@core/table/transactions';
import { Conflict } from '@core/errors';

/**
 * What happened to occurrences at their rooms' screens (docs/data-model.md): a check-in or a
 * release for a no-show, one item per occurrence under its space by start, and the spaces whose
 * bookings need a check-in (the no-show job's sparse index).
 */

/** What happened to the occurrences of a space that start in [from, to) (ISO 8601 UTC): one Query. */
export async function occurrenceStates(
  accountId: string,
  spaceId: string,
  from: string,
  to: string,
): Promise<OccurrenceStateItem[]> {
  const { data } = await db()
    .entities.occurrenceState.query.bySpace({ account_id: accountId, space_id: spaceId })
    .between({ start_utc: from }, { start_utc: to })
    .go({ pages: 'all' });
  return data;
}

/** What happened to an account's occurrences that start in [from, to) (ISO 8601 UTC): one Query. */
export async function accountOccurrenceStates(accountId: string, from: string, to: string) {
  const { data } = await db()
    .entities.occurrenceState.query.byAccountStart({ account_id: accountId })
    .between({ start_utc: from }, { start_utc: to })
    .go({ pages: 'all' });
  return data;
}

/**
 * The occurrences of a space released for a no-show that may touch [from, to) (epoch ms; those
 * that start up to a day before), as `<booking id>#<start epoch ms>`: one Query.
 */
export async function releasedOccurrences(
  accountId: string,
  spaceId: string,
  from: number,
  to: number,
): Promise<Set<string>> {
  const states = await occurrenceStates(
    accountId,
    spaceId,
    new Date(from - DAY_MS).toISOString(),
    new Date(to).toISOString(),
  );
  return new Set(
    states.filter((s) => s.released_at).map((s) => `${s.booking_id}#${Date.parse(s.start_utc)}`),
  );
}

/**
 * Writes what happened to an occurrence (a check-in or a release) with its activity entry; false
 * when something happened to it already (the first write stands).
 */
export function insertOccurrenceState(state: OccurrenceStateItem, activity: ActivityInput): Promise<boolean> {
  const { account_id, space_id } = state;
  return runStepsIf(
    (e) => [
      [e.occurrenceState.create(state).commit(), () => new Conflict('Already checked in or released')],
      // The space's displays show it.
      [e.space.patch({ account_id, space_id }).add({ display_version: 1 }).commit(), changedMeanwhile],
    ],
    activity,
  );
}

/** The spaces whose bookings need a check-in: one Query per shard of the sparse `checkInWatch` index. */
export async function listCheckInSpaces(): Promise<SpaceItem[]> {
  const pages = await Promise.all(
    allShards().map((shard) =>
      db().entities.space.query.checkInWatch({ checkin_watch_shard: shard }).go({ pages: 'all' }),
    ),
  );
  return pages.flatMap(({ data }) => data);
}
