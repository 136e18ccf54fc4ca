import { db } from './entities';
import type { Conflict } from '../http/errors';

type WriteFn = Parameters<ReturnType<typeof db>['transaction']['write']>[0];

/**
 * Runs a write transaction. When it is cancelled because a condition failed (a guard item
 * already exists, an item changed meanwhile), throws the Conflict that `conflictFor` names for
 * the first failed operation's index.
 */
export async function writeTransaction(fn: WriteFn, conflictFor: (index: number) => Conflict): Promise<void> {
  const { canceled, data } = await db().transaction.write(fn).go();
  if (!canceled) return;
  const failed = (data as ReadonlyArray<{ rejected?: boolean; code?: string }>).findIndex((d) => d.rejected);
  throw conflictFor(failed);
}
