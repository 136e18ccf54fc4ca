import type { ClientLicences } from '@shared/schemas/venues';
import type { LicenceItem } from '@core/table/entities';
import { listLicenceItems } from './licence-store';
import { LicenceTaken } from './store';
import { Conflict, Invalid } from '@core/errors';
import type { ClientPrincipal } from '@core/auth/principal';
import { today, toLicence } from './licences';

/**
 * The account's screen licences as screens use them (docs/product/client-area.md §2 "Screen form": 'available /
 * active'): a licence is active while its status is Active and it has not expired, available
 * while it is also bound to no screen. An active screen takes an available one.
 */

const noLicence = 'No screen licence available';

/**
 * The account's licence a screen takes: Active, not expired and bound to no screen, the one that
 * expires first (then the lowest number), so that none runs out unused while another is taken.
 */
function availableLicence(licences: LicenceItem[], on: string, skip: Set<string>): LicenceItem | null {
  return (
    licences
      .filter(
        (licence) =>
          licence.status === 'Active' &&
          licence.expiration_date >= on &&
          !licence.screen_id &&
          !skip.has(licence.licence_id),
      )
      .toSorted(
        (a, b) => a.expiration_date.localeCompare(b.expiration_date) || a.licence_no - b.licence_no,
      )[0] ?? null
  );
}

/**
 * Runs a write that takes a licence, choosing again when another screen took the chosen one
 * meanwhile; 422 when none is left. `licences` is what was read before (or null to read them).
 */
export async function withLicence<T>(
  accountId: string,
  field: string,
  licences: LicenceItem[] | null,
  write: (licence: LicenceItem, on: string) => Promise<T>,
): Promise<T> {
  const taken = new Set<string>();
  let known = licences ?? (await listLicenceItems(accountId));
  for (let attempt = 0; attempt < 3; attempt++) {
    const on = today();
    const licence = availableLicence(known, on, taken);
    if (!licence) throw new Invalid({ [field]: noLicence });
    try {
      return await write(licence, on);
    } catch (error) {
      if (!(error instanceof LicenceTaken)) throw error;
      taken.add(licence.licence_id);
      known = await listLicenceItems(accountId);
    }
  }
  throw new Conflict('Another change was being saved at the same time. Please try again');
}

/** The counts the screen form shows as 'available / active': licences Active and unexpired, and those of them free. */
function licenceCounts(items: LicenceItem[], on: string) {
  const active = items.filter((licence) => licence.status === 'Active' && licence.expiration_date >= on);
  return {
    activeLicence: active.length,
    availableActiveLicence: active.filter((licence) => !licence.screen_id).length,
  };
}

/** An account's licence counts (the profile's `screesLicence`): one Query of its licences. */
export async function screenLicenceCounts(
  accountId: string,
): Promise<{ availableActiveLicence: number; activeLicence: number }> {
  return licenceCounts(await listLicenceItems(accountId), today());
}

/** The account's licences, by number, with the counts of active and available ones. */
export async function clientLicences(principal: ClientPrincipal): Promise<ClientLicences> {
  const items = await listLicenceItems(principal.accountId);
  const on = today();
  return {
    ...licenceCounts(items, on),
    licences: items.map((item) => toLicence(item, on)).sort((a, b) => a.licence_no - b.licence_no),
  };
}
