import type { Account, AccountUser, RecentUser } from '@shared/schemas/accounts';
import type { Licence } from '@shared/schemas/licences';
import type { Package } from '@shared/schemas/packages';

/** Test data of the account pages' tests: each builder reads as the thing it makes. */

/** A ULID-shaped id (the forms check ids as the API does). */
export const ulidOf = (n: number) => `01J${String(n).padStart(23, '0')}`;

export const goldId = ulidOf(101);
export const silverId = ulidOf(102);
export const retiredId = ulidOf(103);

export function aPackageOf(name: string, overrides: Partial<Package> = {}): Package {
  return {
    id: ulidOf(name.length + 200),
    name,
    allowed_user_roles: 'Account Admin,Venue Manager,Event Coordinator',
    venue_limit: 5,
    spaces_limit: 10,
    admin_limit: 2,
    storage_limit_gb: 5,
    third_party_integration: 'Yes',
    custom_integration: 'Yes',
    on_screen_branding: 'Yes',
    booking_approval: 'Yes',
    status: 'Active',
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export const packages: Package[] = [
  aPackageOf('Gold', { id: goldId }),
  aPackageOf('Silver', { id: silverId, allowed_user_roles: 'Account Admin,Viewer' }),
  aPackageOf('Retired', { id: retiredId, status: 'Inactive' }),
];

export function anAccount(name: string, overrides: Partial<Account> = {}): Account {
  return {
    id: ulidOf(name.length),
    name,
    address: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    country: 'USA',
    zipcode: '62701',
    domain: `${name.toLowerCase().replace(/\W+/g, '')}.test`,
    logo_uri: null,
    logo_url: null,
    status: 'Active',
    isActive: true,
    package_id: goldId,
    package: {
      id: goldId,
      name: 'Gold',
      allowed_user_roles: 'Account Admin,Venue Manager,Event Coordinator',
    },
    package_start_date: '2026-01-01',
    package_end_date: '2026-12-31',
    admin: { id: ulidOf(900), email: 'olivia@acme.test', first_name: 'Olivia', last_name: 'Owner' },
    total_users: 3,
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aUser(firstName: string, overrides: Partial<AccountUser> = {}): AccountUser {
  return {
    id: ulidOf(firstName.length + 500),
    account_id: ulidOf(10),
    first_name: firstName,
    last_name: 'Smith',
    email: `${firstName.toLowerCase()}@acme.test`,
    designation: null,
    user_role: 'Venue Manager',
    phone_no: '555-0100',
    cell_no: null,
    status: 'Active',
    photo_uri: null,
    photo_url: null,
    pin_number: '0421',
    user_group: null,
    created_source: 'admin',
    created_at: '2026-02-02T10:00:00.000Z',
    updated_at: '2026-02-02T10:00:00.000Z',
    ...overrides,
  };
}

export function aRecentUser(firstName: string, account: Account): RecentUser {
  return { ...aUser(firstName, { account_id: account.id }), account: { id: account.id, name: account.name } };
}

export function aLicence(no: number, overrides: Partial<Licence> = {}): Licence {
  return {
    id: ulidOf(no + 700),
    account_id: ulidOf(10),
    licence_no: no,
    licence_type: 'New',
    parent_id: null,
    order_no: '1001',
    note: null,
    purchase_date: '2026-01-01',
    expiration_date: '2027-12-31',
    amount: 20,
    status: 'Active',
    screen_id: null,
    screen: null,
    created_at: '2026-01-01T09:00:00.000Z',
    updated_at: '2026-01-01T09:00:00.000Z',
    ...overrides,
  };
}
