import { rolesAttrFor, type ClientRole } from '@shared/roles';
import type { ConfigItem } from '@shared/schemas/config';
import type { AdminMe, ClientMe } from '@shared/schemas/me';
import { sessionStore, type Area } from '../auth/session';
import type { FakeApi } from './fakeApi';

/** Test data builders: each reads as the scenario it sets up. */

export function aClientMe(role: ClientRole = 'Account Admin', overrides: Partial<ClientMe> = {}): ClientMe {
  return {
    id: 'u1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone_no: '555-0100',
    cell_no: null,
    designation: 'Manager',
    pin_number: '1234',
    photo_uri: null,
    photo_url: null,
    user_role: role,
    status: 'Active',
    rolesAttr: rolesAttrFor(role),
    account: {
      id: 'a1',
      name: 'Acme Halls',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      country: 'USA',
      zipcode: '62701',
      logo_url: null,
    },
    package: { name: 'Gold', allowed_user_roles: ['Account Admin', 'Venue Manager', 'Event Coordinator'] },
    screesLicence: { availableActiveLicence: 3, activeLicence: 5 },
    ...overrides,
  };
}

export function anAdminMe(overrides: Partial<AdminMe> = {}): AdminMe {
  return {
    id: 'adm1',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    designation: 'Operator',
    phone_no: null,
    cell_no: null,
    photo_uri: null,
    photo_url: null,
    status: 'Active',
    role: 'Super Admin',
    ...overrides,
  };
}

export const aPackage = {
  id: 'p1',
  name: 'Gold',
  allowed_user_roles: ['Account Admin'],
  venue_limit: 5,
  spaces_limit: 10,
  admin_limit: 1,
  storage_limit_gb: 5,
  storage_used_bytes: 0,
  booking_approval: 'Yes',
  third_party_integration: 'Yes',
  custom_integration: 'Yes',
  on_screen_branding: 'Yes',
  status: 'Active',
};

export function aConfigItem(title: string, overrides: Partial<ConfigItem> = {}): ConfigItem {
  return {
    id: title.toLowerCase().replace(/\W+/g, '-'),
    title,
    status: 'Active',
    created_at: '2025-01-15T10:00:00.000Z',
    updated_at: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** Stores a session as a returning user would have it, and fakes its profile calls. */
export function signedInAs(api: FakeApi, who: ClientMe | AdminMe, token = 'token-1'): void {
  const area: Area = 'role' in who ? 'admin' : 'client';
  localStorage.setItem('auth.token', token);
  localStorage.setItem('auth.area', area);
  sessionStore.reload();
  api.ok('GET', `/${area}/me`, who);
  if (area === 'client') {
    api.ok('GET', '/client/mypackage', aPackage);
    api.ok('GET', '/client/aboutMe', {
      account: (who as ClientMe).account,
      totals: (who as ClientMe).rolesAttr.statistics
        ? { total_users: 7, total_venues: 3, total_spaces: 12, total_screens: 9 }
        : null,
    });
  }
}
