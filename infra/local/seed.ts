import { ulid } from 'ulid';
import { clientRoles } from '../../shared/roles';
import { insertAccount, insertPackage } from '../../functions/data/accounts';
import { getAdmin } from '../../functions/data/admins';
import { db } from '../../functions/data/entities';
import type { AdminPrincipal } from '../../functions/http/principal';
import { findEmailOwner } from '../../functions/data/users';
import { createClientUser } from '../../functions/services/accounts';
import { createAdminUser } from '../../functions/services/admins';
import { createItem } from '../../functions/services/config';

/** The demo sign-ins `npm start` prints. */
export const demoUsers = {
  admin: { email: 'admin@spaces.test', password: 'Admin1234' },
  owner: { email: 'owner@demo.test', password: 'Demo1234', role: 'Account Admin' },
  manager: { email: 'manager@demo.test', password: 'Demo1234', role: 'Venue Manager' },
  coordinator: { email: 'coordinator@demo.test', password: 'Demo1234', role: 'Event Coordinator' },
} as const;

/** What a sign-in sends for a demo user. */
export const credentials = (user: { email: string; password: string }) => ({
  email: user.email,
  password: user.password,
});

const configSeed = {
  amenities: ['Projector', 'Whiteboard', 'Video conferencing', 'Wi-Fi', 'Wheelchair access'],
  venueTypes: ['Office', 'Hotel', 'Conference centre'],
  spaceTypes: ['Boardroom', 'Meeting room', 'Training room', 'Event hall'],
} as const;

/**
 * Seeds the demo data once: the super admin, a package allowing every role, the account
 * "Demo Venues" with three users, and a few configuration items. A second run finds the super
 * admin and does nothing.
 */
export async function seedDemo(log: (line: string) => void): Promise<boolean> {
  if (await findEmailOwner('admin', demoUsers.admin.email)) return false;
  log('Seeding demo data…');
  const adminId = await createAdminUser({
    ...credentials(demoUsers.admin),
    firstName: 'Sam',
    lastName: 'Admin',
    designation: 'Platform administrator',
  });

  const packageId = ulid();
  await insertPackage({
    package_id: packageId,
    name: 'Enterprise',
    allowed_user_roles: [...clientRoles],
    venue_limit: undefined,
    spaces_limit: undefined,
    admin_limit: 3,
  });
  const accountId = ulid();
  await insertAccount({
    account_id: accountId,
    name: 'Demo Venues',
    address: '100 Main Street',
    city: 'Springfield',
    state: 'IL',
    country: 'United States',
    zipcode: '62701',
    domain: 'demo.test',
    package_id: packageId,
    package_start_date: '2026-01-01',
    package_end_date: '2027-12-31',
  });
  const names = {
    owner: ['Olivia', 'Owner'],
    manager: ['Marco', 'Manager'],
    coordinator: ['Chloe', 'Coordinator'],
  } as const;
  for (const key of ['owner', 'manager', 'coordinator'] as const) {
    const user = demoUsers[key];
    const userId = await createClientUser({
      accountId,
      email: user.email,
      password: user.password,
      firstName: names[key][0],
      lastName: names[key][1],
      designation: user.role,
      role: user.role,
      source: 'seed',
    });
    if (key === 'owner')
      await db().entities.account.patch({ account_id: accountId }).set({ admin_user_id: userId }).go();
  }
  // The configuration lists are the super admin's work, and logged as such.
  const admin = (await getAdmin(adminId))!;
  const principal: AdminPrincipal = {
    kind: 'admin',
    adminId,
    email: admin.email,
    firstName: admin.first_name,
    lastName: admin.last_name,
    admin,
  };
  for (const [kind, titles] of Object.entries(configSeed) as Array<
    [keyof typeof configSeed, readonly string[]]
  >) {
    for (const title of titles) await createItem(principal, kind, title);
  }
  return true;
}
