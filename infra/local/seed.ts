import { ulid } from 'ulid';
import { clientRoles } from '@shared/roles';
import { newAccountSchema, newAccountUserSchema } from '@shared/schemas/accounts';
import { newLicencesSchema } from '@shared/schemas/licences';
import { insertPackage } from '@core/people/account-store';
import { getAdmin } from '@core/people/admin-store';
import { adminPrincipal, clientPrincipal } from '@core/auth/authenticate';
import { findEmailOwner } from '@core/people/user-store';
import { createAccountUser } from '../../functions/team/service';
import { createAccount } from '../../functions/accounts/service';
import { createAdminUser } from '../../functions/platform/admins';
import { createItem } from '../../functions/config/service';
import { createLicences } from '../../functions/screens/licences';
import { createScreen } from '../../functions/screens/service';
import { assignCoordinator, createSpace, saveCapAlerts } from '../../functions/spaces/service';
import { assignVenueManager, createVenue } from '../../functions/venues/service';
import { getUserAndAccount } from '@core/people/user-store';
import {
  capAlertInputSchema,
  newSpaceSchema,
  screenInputSchema,
  venueInputSchema,
} from '@shared/schemas/venues';

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
 * "Demo Venues" with three users and five screen licences, a few configuration items, and the
 * account's two venues with their spaces, the manager and the coordinator assigned, and a screen.
 * A second run finds the super admin and does nothing.
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
  const items: Record<string, string> = {};
  for (const [kind, titles] of Object.entries(configSeed) as Array<
    [keyof typeof configSeed, readonly string[]]
  >) {
    for (const title of titles) items[title] = (await createItem(principal, kind, title)).id;
  }
  await seedVenues(account.id, account.admin!.id, items);
  return true;
}

/**
 * Two venues in different time zones with their spaces, made by the owner through the services:
 * the Venue Manager approved on the first, the Event Coordinator on its boardroom, and a screen
 * outside the boardroom that holds one of the five licences.
 */
async function seedVenues(accountId: string, ownerId: string, items: Record<string, string>): Promise<void> {
  const { user, account } = await getUserAndAccount(accountId, ownerId);
  // The demo account's owner, as the principal of their own requests.
  const owner = clientPrincipal(user!, account!);
  const riverside = await createVenue(
    owner,
    venueInputSchema.parse({
      name: 'Riverside Conference Centre',
      address: '200 River Road',
      city: 'Springfield',
      state: 'IL',
      zipcode: '62702',
      country: 'United States',
      phone_no: '+1 217 555 0100',
      timezone: 'America/Chicago',
      venue_type: items['Conference centre'],
    }),
  );
  const harbour = await createVenue(
    owner,
    venueInputSchema.parse({
      name: 'Harbour House',
      address: '5 Quay Street',
      city: 'Bristol',
      zipcode: 'BS1 4DB',
      country: 'United Kingdom',
      timezone: 'Europe/London',
      venue_type: items.Office,
    }),
  );
  const space = (venueId: string, fields: Record<string, unknown>) =>
    createSpace(owner, venueId, newSpaceSchema.parse(fields));
  const boardroom = await space(riverside.id, {
    title: 'Boardroom',
    location: 'Floor 2',
    capacity: 12,
    amenities: [items['Video conferencing'], items.Whiteboard].join(','),
    space_type: items.Boardroom,
    availiblity_start: '08:00',
    availiblity_end: '18:00',
    check_in_window: 'Yes',
    before_event: 10,
    after_event: 15,
  });
  await space(riverside.id, {
    title: 'Training Room',
    location: 'Floor 1',
    capacity: 30,
    amenities: [items.Projector, items['Wi-Fi']].join(','),
    space_type: items['Training room'],
    calendar_color: '#3F51B5',
  });
  await space(harbour.id, {
    title: 'Studio 1',
    location: 'Ground floor',
    capacity: 8,
    amenities: items['Wi-Fi'],
    space_type: items['Meeting room'],
    calendar_color: '#F4511E',
  });
  const { ownerId: managerId } = (await findEmailOwner('client', demoUsers.manager.email))!;
  const { ownerId: coordinatorId } = (await findEmailOwner('client', demoUsers.coordinator.email))!;
  await assignVenueManager(owner, riverside.id, managerId);
  await assignCoordinator(owner, boardroom.id, coordinatorId);
  await saveCapAlerts(
    owner,
    boardroom.id,
    capAlertInputSchema.parse({
      cap_alert_urls: [{ url: 'https://alerts.weather.gov/cap/il.php?x=1' }],
      cap_alert_status: 'Inactive',
    }),
  );
  await createScreen(
    owner,
    screenInputSchema.parse({
      screen_id_no: 'DEMO01',
      venue: riverside.id,
      space: boardroom.id,
      name: 'Boardroom door',
      hardware: 'Wall tablet',
    }),
  );
}
