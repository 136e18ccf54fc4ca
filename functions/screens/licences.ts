import { ulid } from 'ulid';
import type * as z from 'zod';
import type {
  AccountPurchase,
  Licence,
  LicencePage,
  LicencePurchase,
  licenceQuerySchema,
  newLicencesSchema,
  updateLicenceSchema,
} from '@shared/schemas/licences';
import { getAccount } from '@core/people/account-store';
import type { LicenceItem, LicencePurchaseItem } from '@core/table/entities';
import {
  deleteLicenceItem,
  getLicence,
  insertLicences,
  LicenceNumbersMoved,
  listLicenceItems,
  listPurchaseItems,
  recentPurchaseItems,
  saveLicence,
} from './licence-store';
import { Conflict, NotFound } from '@core/errors';
import type { AdminPrincipal } from '@core/auth/principal';

/**
 * Screen licences of an account (docs/product/admin-and-auth.md §2 "Licences screen", §3, §5, §9): added in bulk
 * as one purchase, numbered on per account, read as Expired once past their expiration date, and
 * kept while a screen uses them.
 */
type NewLicences = z.output<typeof newLicencesSchema>;
type LicenceChanges = z.output<typeof updateLicenceSchema>;
type LicenceQuery = z.output<typeof licenceQuerySchema>;

const licencesPerPage = 10;
const orNull = <T>(value: T | undefined): T | null => value ?? null;
/**
 * Today in UTC, `YYYY-MM-DD`, the day expiration dates are compared with: a licence (here, in the
 * client area and on screens) and a banner last through their expiration date, UTC.
 */
export const today = () => new Date().toISOString().slice(0, 10);

export function toLicence(item: LicenceItem, on = today()): Licence {
  return {
    id: item.licence_id,
    account_id: item.account_id,
    licence_no: item.licence_no,
    licence_type: item.licence_type,
    parent_id: orNull(item.parent_id),
    order_no: orNull(item.order_no),
    note: orNull(item.note),
    purchase_date: item.purchase_date,
    expiration_date: item.expiration_date,
    amount: orNull(item.amount),
    status: item.expiration_date < on ? 'Expired' : item.status,
    screen_id: orNull(item.screen_id),
    screen: item.screen_id ? { id: item.screen_id, name: item.screen_name ?? '' } : null,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** What the licences table shows of a licence, for its search. */
const shownText = (licence: Licence) =>
  [
    `#${licence.licence_no}`,
    licence.licence_type,
    licence.order_no,
    licence.note,
    licence.purchase_date,
    licence.expiration_date,
    licence.amount?.toString(),
    licence.status,
    licence.screen?.name,
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();

/**
 * A page of an account's licences, newest number first: the search (trimmed, any case) matches
 * any shown field; ten a page, with the total of those matching.
 */
export async function listLicences(accountId: string, query: LicenceQuery): Promise<LicencePage> {
  const [account, items] = await Promise.all([getAccount(accountId), listLicenceItems(accountId)]);
  if (!account) throw new NotFound('Account');
  const needle = query.search?.trim().toLowerCase() ?? '';
  const on = today();
  const all = items
    .map((item) => toLicence(item, on))
    .filter((licence) => !needle || shownText(licence).includes(needle))
    .sort((a, b) => b.licence_no - a.licence_no);
  const page = query.page ?? 1;
  return {
    data: all.slice((page - 1) * licencesPerPage, page * licencesPerPage),
    total: all.length,
    page,
    per_page: licencesPerPage,
  };
}

const roundCents = (value: number) => Math.round(value * 100) / 100;

/**
 * Adds `no_of_licence` licences as one purchase, numbered on from the account's last number;
 * `amount` is the price of each, the purchase's amount their sum. When another purchase took
 * the numbers meanwhile, the numbers are read again and the purchase retried.
 */
export async function createLicences(
  principal: AdminPrincipal,
  accountId: string,
  input: NewLicences,
): Promise<Licence[]> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const account = await getAccount(accountId);
    if (!account) throw new NotFound('Account');
    const first = (account.licence_seq ?? 0) + 1;
    const purchaseId = ulid();
    const now = new Date().toISOString();
    const licences: LicenceItem[] = Array.from({ length: input.no_of_licence }, (_, index) => ({
      account_id: accountId,
      licence_id: ulid(),
      licence_no: first + index,
      licence_type: 'New',
      purchase_id: purchaseId,
      order_no: input.order_no,
      note: input.note,
      purchase_date: input.purchase_date,
      expiration_date: input.expiration_date,
      amount: input.amount,
      status: 'Active',
      created_at: now,
      updated_at: now,
    }));
    const purchase: LicencePurchaseItem = {
      account_id: accountId,
      account_name: account.name,
      purchase_id: purchaseId,
      count: input.no_of_licence,
      first_licence_no: first,
      amount: input.amount === undefined ? undefined : roundCents(input.amount * input.no_of_licence),
      purchase_date: input.purchase_date,
      created_at: now,
      updated_at: now,
    };
    const last = first + input.no_of_licence - 1;
    try {
      await insertLicences(account, licences, purchase, {
        principal,
        component: 'License',
        componentId: accountId,
        activity:
          input.no_of_licence === 1
            ? `Added license #${first} to ${account.name}`
            : `Added ${input.no_of_licence} licenses (#${first}–#${last}) to ${account.name}`,
      });
      return licences.map((licence) => toLicence(licence));
    } catch (error) {
      if (!(error instanceof LicenceNumbersMoved)) throw error;
    }
  }
  throw new Conflict('Licences are being added to this account right now. Please try again');
}

async function licenceOf(accountId: string, licenceId: string): Promise<LicenceItem> {
  const licence = await getLicence(accountId, licenceId);
  if (!licence) throw new NotFound('License');
  return licence;
}

/** Changes a licence; its type and status left out are kept, its other optional fields cleared. */
export async function updateLicence(
  principal: AdminPrincipal,
  accountId: string,
  licenceId: string,
  input: LicenceChanges,
): Promise<Licence> {
  const current = await licenceOf(accountId, licenceId);
  const saved = await saveLicence(
    current,
    {
      purchase_date: input.purchase_date,
      expiration_date: input.expiration_date,
      order_no: input.order_no,
      amount: input.amount,
      note: input.note,
      licence_type: input.licence_type ?? current.licence_type,
      status: input.status ?? current.status,
    },
    {
      principal,
      component: 'License',
      componentId: licenceId,
      activity: `Updated license #${current.licence_no}`,
    },
  );
  return toLicence(saved);
}

/** Deletes a licence; one a screen uses is kept (409 naming the screen). */
export async function deleteLicence(
  principal: AdminPrincipal,
  accountId: string,
  licenceId: string,
): Promise<void> {
  const current = await licenceOf(accountId, licenceId);
  if (current.screen_id) {
    throw new Conflict(
      `License #${current.licence_no} is used by screen ${current.screen_name ?? current.screen_id}`,
    );
  }
  await deleteLicenceItem(current, {
    principal,
    component: 'License',
    componentId: licenceId,
    activity: `Deleted license #${current.licence_no}`,
  });
}

/** The five newest licence purchases of every account. */
export async function recentPayments(): Promise<LicencePurchase[]> {
  return (await recentPurchaseItems(5)).map((purchase) => ({
    id: purchase.purchase_id,
    account: { id: purchase.account_id, name: purchase.account_name },
    count: purchase.count,
    amount: orNull(purchase.amount),
    purchase_date: purchase.purchase_date,
    created_at: purchase.created_at,
  }));
}

/**
 * An account's licence purchases as they were recorded (its Billing), newest first: the count,
 * the numbers given out, the amount and the date, whatever became of the licences since.
 */
export async function accountPurchases(accountId: string): Promise<AccountPurchase[]> {
  const [account, purchases] = await Promise.all([getAccount(accountId), listPurchaseItems(accountId)]);
  if (!account) throw new NotFound('Account');
  return purchases.map((purchase) => ({
    id: purchase.purchase_id,
    count: purchase.count,
    first_licence_no: orNull(purchase.first_licence_no),
    last_licence_no:
      purchase.first_licence_no === undefined ? null : purchase.first_licence_no + purchase.count - 1,
    amount: orNull(purchase.amount),
    purchase_date: purchase.purchase_date,
    created_at: purchase.created_at,
  }));
}
