import { ulid } from 'ulid';
import { clientRoles } from '../../shared/roles';
import { newAccountSchema, newAccountUserSchema } from '../../shared/schemas/accounts';
import { newLicencesSchema } from '../../shared/schemas/licences';
import { insertPackage } from '../../functions/data/accounts';
import { getAdmin } from '../../functions/data/admins';
import { adminPrincipal } from '../../functions/http/authenticate';
import { findEmailOwner } from '../../functions/data/users';
import { createAccountUser } from '../../functions/services/account-users';
import { createAccount } from '../../functions/services/accounts';
import { createAdminUser } from '../../functions/services/admins';
import { createItem } from '../../functions/services/config';
import { createLicences } from '../../functions/services/licences';

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
 * "Demo Venues" with three users and five screen licences, and a few configuration items. A
 * second run finds the super admin and does nothing.
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

  // What the seed adds is the super admin's work, and logged as such.
  const principal = adminPrincipal((await getAdmin(adminId))!);

  const packageId = ulid();
  await insertPackage({
    package_id: packageId,
    name: 'Enterprise',
    allowed_user_roles: [...clientRoles],
    venue_limit: undefined,
    spaces_limit: undefined,
    admin_limit: 3,
  });
  // Through the services, so that the counters and the activity log are as the API keeps them.
  const account = await createAccount(
    principal,
    newAccountSchema.parse({
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
      admin_first_name: 'Olivia',
      admin_last_name: 'Owner',
      admin_email: demoUsers.owner.email,
      admin_password: demoUsers.owner.password,
    }),
  );
  const names = {
    manager: ['Marco', 'Manager'],
    coordinator: ['Chloe', 'Coordinator'],
  } as const;
  for (const key of ['manager', 'coordinator'] as const) {
    const user = demoUsers[key];
    await createAccountUser(
      principal,
      account.id,
      newAccountUserSchema.parse({
        email: user.email,
        password: user.password,
        first_name: names[key][0],
        last_name: names[key][1],
        designation: user.role,
        user_role: user.role,
      }),
    );
  }
  await createLicences(
    principal,
    account.id,
    newLicencesSchema.parse({
      no_of_licence: 5,
      purchase_date: '2026-01-01',
      expiration_date: '2027-12-31',
      order_no: '1001',
      amount: 120,
      note: 'Demo screens',
    }),
  );
  for (const [kind, titles] of Object.entries(configSeed) as Array<
    [keyof typeof configSeed, readonly string[]]
  >) {
    for (const title of titles) await createItem(principal, kind, title);
  }
  return true;
}
