import { setTimeout as sleep } from 'node:timers/promises';
import { activityRecord, type ActivityInput } from './activity-entry';
import { db } from './entities';
import { Conflict, type AppError } from '../errors';

type WriteFn = Parameters<ReturnType<typeof db>['transaction']['write']>[0];
type Cancellation = ReadonlyArray<{ rejected?: boolean; code?: string }>;

/** How often a transaction that lost a race with another one on the same item is tried again. */
const conflictRetries = 3;

/**
 * Runs a write transaction, with the activity log entry of the change when one is given, so a
 * change and its entry are written together or not at all. When it is cancelled because a
 * condition failed (a guard item already exists, an item changed meanwhile), throws the Conflict
 * that `conflictFor` names for the first failed operation's index. When it is cancelled because
 * another transaction held one of its items at the same moment (`TransactionConflict`: two new
 * users at once both add to the platform's totals), it is tried again after a short pause, and
 * answers 409 only when that keeps happening.
 */
export async function writeTransaction(
  fn: WriteFn,
  conflictFor: (index: number) => Conflict,
  activity?: ActivityInput,
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const { canceled, data } = await db()
      .transaction.write((entities) => [
        ...fn(entities),
        ...(activity ? [entities.activity.create(activityRecord(activity)).commit()] : []),
      ])
      .go();
    if (!canceled) return;
    const reasons = data as Cancellation;
    const failed = reasons.findIndex((d) => d.rejected && d.code === 'ConditionalCheckFailed');
    if (failed >= 0) throw conflictFor(failed);
    if (attempt >= conflictRetries) {
      throw new Conflict('Another change was being saved at the same time. Please try again');
    }
    await sleep(10 + Math.random() * 40 * (attempt + 1));
  }
}

type TransactionWrite = ReturnType<typeof db>['transaction']['write'];
/** The entities a transaction is built from. */
export type Entities = Parameters<Parameters<TransactionWrite>[0]>[0];
type WriteItem = ReturnType<Parameters<TransactionWrite>[0]>[number];

/** One operation of a transaction, and the error that its condition failing means. */
export type Step = [WriteItem, () => AppError];

export const changedMeanwhile = () => new Conflict('This item was changed meanwhile. Reload and try again');

/**
 * Runs a transaction of steps, with the change's activity entry: all or nothing. A failed
 * condition throws the error its step names (a taken e-mail address, a limit reached…).
 */
export async function runSteps(
  build: (entities: Entities) => Step[],
  activity?: ActivityInput,
): Promise<void> {
  let errors: Array<() => AppError> = [];
  await writeTransaction(
    (entities) => {
      const steps = build(entities);
      errors = steps.map(([, error]) => error);
      return steps.map(([operation]) => operation);
    },
    // The factory's type says Conflict; any AppError keeps its own status.
    (index) => (errors[index] ?? changedMeanwhile)() as Conflict,
    activity,
  );
}

/**
 * Runs a transaction whose conditions may fail in the ordinary course (a code taken, a notice sent
 * by another run): true when it was written, false when a condition failed.
 */
export async function runStepsIf(
  build: (entities: Entities) => Step[],
  activity?: ActivityInput,
): Promise<boolean> {
  try {
    await runSteps(build, activity);
    return true;
  } catch (error) {
    if (error instanceof Conflict) return false;
    throw error;
  }
}

/** Whether a single write (not a transaction) was refused by its condition. */
export const isConditionFailure = (error: unknown) =>
  /ConditionalCheckFailed/.test(
    String((error as { cause?: { name?: string } }).cause?.name ?? (error as Error).message),
  );
