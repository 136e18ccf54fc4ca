import { clientRoles, type ClientRole } from '@shared/roles';
import type { Account } from '@shared/schemas/accounts';

/** How the admin pages write an account, a person, a day and an amount. */

/** One line of an account's address: street, city, state ZIP, country (blank parts left out). */
export function accountAddress(
  account: Pick<Account, 'address' | 'city' | 'state' | 'zipcode' | 'country'>,
): string {
  const stateZip = [account.state, account.zipcode].filter(Boolean).join(' ');
  return [account.address, account.city, stateZip, account.country].filter(Boolean).join(', ');
}

export { personName } from '@web/format';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * A calendar date of the API (`YYYY-MM-DD`) in the user's locale, read as that day wherever the
 * browser is (`new Date('2026-01-01')` would be the evening before west of UTC); '—' when blank.
 */
export function formatDay(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return '—';
  return dayFormat.format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const moneyFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount with two decimals; '—' when there is none. */
export function formatAmount(value: number | null | undefined): string {
  return value == null ? '—' : moneyFormat.format(value);
}

/**
 * The roles a package allows, from the comma string the API sends ('Account Admin,"Viewer"'),
 * in the order of the four roles.
 */
export function rolesOf(allowed: string | null | undefined): ClientRole[] {
  const named = (allowed ?? '').split(',').map((role) =>
    role
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
  return clientRoles.filter((role) => named.includes(role));
}
