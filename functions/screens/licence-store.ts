import { Conflict } from '@core/errors';
import type { ActivityInput } from '@core/table/activity-entry';
import { changedMeanwhile, runSteps, type Step } from '@core/table/transactions';
import { db, type AccountItem, type LicenceItem, type LicencePurchaseItem } from '@core/table/entities';

/** Screen licences of an account and their purchases. */

/** The licences of an account: one Query, sk begins `LICENCE#` (pattern 19). */
export async function listLicenceItems(accountId: string): Promise<LicenceItem[]> {
  const { data } = await db()
    .entities.licence.query.byAccount({ account_id: accountId })
    .go({ pages: 'all' });
  return data;
}

export async function getLicence(accountId: string, licenceId: string): Promise<LicenceItem | null> {
  const { data } = await db()
    .entities.licence.get({ account_id: accountId, licence_id: licenceId })
    .go({ consistent: true });
  return data;
}

/** The newest licence purchases of every account: one Query of gsi1 `PURCHASES#` (pattern 20). */
export async function recentPurchaseItems(limit: number): Promise<LicencePurchaseItem[]> {
  const { data } = await db().entities.licencePurchase.query.recent({}).go({ order: 'desc', limit });
  return data;
}

/** The licence purchases of an account, newest first: one Query, sk begins `PURCHASE#` (pattern 27). */
export async function listPurchaseItems(accountId: string): Promise<LicencePurchaseItem[]> {
  const { data } = await db()
    .entities.licencePurchase.query.byAccount({ account_id: accountId })
    .go({ order: 'desc', pages: 'all' });
  return data;
}

/** The account's licence numbers moved on since they were read: read them again and retry. */
export class LicenceNumbersMoved extends Conflict {
  constructor() {
    super('Licences were added meanwhile. Please try again');
  }
}

/**
 * Writes the licences of one purchase, numbered on from the account's `licence_seq` as read
 * (`account`), with the purchase and the activity entry, in one transaction: the account's last
 * number moves on condition that it is still the one read, so two purchases never share a number.
 */
export async function insertLicences(
  account: AccountItem,
  licences: LicenceItem[],
  purchase: LicencePurchaseItem,
  activity: ActivityInput,
): Promise<void> {
  const read = account.licence_seq ?? 0;
  await runSteps(
    (e) => [
      [
        e.account
          .patch({ account_id: account.account_id })
          .set({ licence_seq: read + licences.length })
          .where(({ licence_seq }, { eq }) => eq(licence_seq, read))
          .commit(),
        () => new LicenceNumbersMoved(),
      ],
      ...licences.map((licence): Step => [e.licence.create(licence).commit(), changedMeanwhile]),
      [e.licencePurchase.create(purchase).commit(), changedMeanwhile],
    ],
    activity,
  );
}

/** The fields of a licence its edit form changes. */
type LicenceFields = Pick<
  LicenceItem,
  'purchase_date' | 'expiration_date' | 'order_no' | 'amount' | 'note' | 'licence_type' | 'status'
>;
const optionalLicenceFields = ['order_no', 'amount', 'note'] as const;

/**
 * Saves a licence's fields; optional ones left out are removed. A screen that holds the licence
 * keeps a copy of its expiration date (its list shows it without reading licences): a new date is
 * written there in the same transaction, on condition that the screen still holds the licence.
 * Answers the licence as written.
 */
export async function saveLicence(
  current: LicenceItem,
  changes: LicenceFields,
  activity: ActivityInput,
): Promise<LicenceItem> {
  const updated_at = new Date().toISOString();
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<LicenceFields>;
  const remove = optionalLicenceFields.filter(
    (field) => changes[field] === undefined && current[field] !== undefined,
  );
  await runSteps(
    (e) => [
      [
        e.licence
          .patch({ account_id: current.account_id, licence_id: current.licence_id })
          .set({ ...set, updated_at })
          .remove(remove)
          .commit(),
        changedMeanwhile,
      ],
      ...(current.screen_id && set.expiration_date && set.expiration_date !== current.expiration_date
        ? [
            [
              e.screen
                .patch({ account_id: current.account_id, screen_id: current.screen_id })
                .set({ licence_expiration_date: set.expiration_date, updated_at })
                .where(({ licence_id }, { eq }) => eq(licence_id, current.licence_id))
                .commit(),
              changedMeanwhile,
            ] satisfies Step,
          ]
        : []),
    ],
    activity,
  );
  const saved: LicenceItem = { ...current, ...set, updated_at };
  for (const field of remove) delete saved[field];
  return saved;
}

/** Deletes a licence on condition that no screen has taken it meanwhile. */
export async function deleteLicenceItem(current: LicenceItem, activity: ActivityInput): Promise<void> {
  await runSteps(
    (e) => [
      [
        e.licence
          .delete({ account_id: current.account_id, licence_id: current.licence_id })
          .where((l, op) => `${op.exists(l.licence_no)} AND ${op.notExists(l.screen_id)}`)
          .commit(),
        () => new Conflict(`License #${current.licence_no} was taken by a screen meanwhile`),
      ],
    ],
    activity,
  );
}
