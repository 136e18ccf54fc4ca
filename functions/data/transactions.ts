import { activityRecord, type ActivityInput } from './activity';
import { db } from './entities';
import type { Conflict } from '../http/errors';

type WriteFn = Parameters<ReturnType<typeof db>['transaction']['write']>[0];

/**
 * Runs a write transaction, with the activity log entry of the change when one is given, so a
 * change and its entry are written together or not at all. When it is cancelled because a
 * condition failed (a guard item already exists, an item changed meanwhile), throws the Conflict
 * that `conflictFor` names for the first failed operation's index.
 */
export async function writeTransaction(
  fn: WriteFn,
  conflictFor: (index: number) => Conflict,
  activity?: ActivityInput,
): Promise<void> {
  const { canceled, data } = await db()
    .transaction.write((entities) => [
      ...fn(entities),
      ...(activity ? [entities.activity.create(activityRecord(activity)).commit()] : []),
    ])
    .go();
  if (!canceled) return;
  const failed = (data as ReadonlyArray<{ rejected?: boolean; code?: string }>).findIndex((d) => d.rejected);
  throw conflictFor(failed);
}
