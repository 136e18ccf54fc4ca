import path from 'node:path';
import { authenticatorCode, callsByCommand } from './figures';
import { documentClient } from '@core/aws/dynamodb';
import { API_BASE } from '@shared/api/routes';
import { credentials, demoUsers } from '../infra/local/seed';
import { startSystem } from '../infra/local/system';
import { ulid } from 'ulid';
import { db } from '@core/table/entities';

const root = path.resolve(import.meta.dirname, '..');

type Request = (
  method: string,
  route: string,
  token?: string,
  body?: unknown,
) => Promise<{ result: { access_token?: string; id?: string } }>;
type Measure = (
  label: string,
  method: string,
  route: string,
  token?: string,
  body?: unknown,
) => ReturnType<Request>;

/**
 * Emulator ports of the systems the bench runs in its own process. The AWS SDK clients are made
 * once per process with the endpoints of the first system, so every in-process system uses these.
 */
/**
 * Counts the DynamoDB calls of this process: a middleware on the one DocumentClient pushes each
 * command's name to the list answered (empty it to start a count).
 */
let counters = 0;
export function countDynamoDbCalls(): string[] {
  const calls: string[] = [];
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: `benchCallCounter${(counters += 1)}` },
  );
  return calls;
}

export const inProcessPorts = {
  dynamodb: 38000,
  s3: 34569,
  cognito: 39229,
  ses: 38005,
  oidc: 39111,
  googleCalendar: 38461,
  microsoftGraph: 38462,
};

/**
 * How many DynamoDB calls each measured route makes (configuration, me, the Account section),
 * authentication included:
 * the system runs in this process, and a middleware on the one DocumentClient counts the calls.
 */
export async function run(): Promise<Array<{ name: string; value: string }>> {
  const system = await startSystem({
    port: 13900,
    dataDir: path.join(root, '.bench/system'),
    reset: true,
    web: 'none',
    ports: inProcessPorts,
    stream: false,
    log: () => {},
  });
  const calls = countDynamoDbCalls();
  const request: Request = async (method, route, token, body) => {
    const response = await fetch(`${system.url}${API_BASE}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await response.json()) as { result: { access_token?: string; id?: string } };
  };
  const rows: Array<{ name: string; value: string }> = [];
  const measure: Measure = async (label, method, route, token, body) => {
    calls.length = 0;
    const answer = await request(method, route, token, body);
    rows.push({ name: `${label}`, value: `${calls.length} DynamoDB calls (${callsByCommand(calls)})` });
    return answer;
  };
  try {
    // The fresh system's admin sets up an authenticator app at this first sign-in.
    const challenge = (
      await measure(
        'POST /admin/auth/login',
        'POST',
        '/admin/auth/login',
        undefined,
        credentials(demoUsers.admin),
      )
    ).result as { mfa_token?: string; secret?: string };
    const admin = (
      await measure('POST /admin/auth/mfa', 'POST', '/admin/auth/mfa', undefined, {
        mfa_token: challenge.mfa_token,
        code: authenticatorCode(challenge.secret!),
      })
    ).result.access_token!;
    const client = (
      await measure(
        'POST /client/auth/login',
        'POST',
        '/client/auth/login',
        undefined,
        credentials(demoUsers.owner),
      )
    ).result.access_token!;
    await measure('GET /admin/amenities', 'GET', '/admin/amenities', admin);
    const created = await measure('POST /admin/amenities', 'POST', '/admin/amenities', admin, {
      title: 'Bench amenity',
    });
    await measure('PUT /admin/amenities/{id}', 'PUT', `/admin/amenities/${created.result.id}`, admin, {
      title: 'Bench amenity renamed',
      status: 'Active',
    });
    await measure('GET /client/amenities', 'GET', '/client/amenities', client);
    await measure('GET /client/timezones', 'GET', '/client/timezones', client);
    await measure('GET /client/me', 'GET', '/client/me', client);
    // The admin area (issue 7): the dashboard, an account with its users and licences, packages,
    // banners and admins.
    await measure('GET /admin/dashboard', 'GET', '/admin/dashboard', admin);
    await measure('GET /admin/accounts', 'GET', '/admin/accounts', admin);
    const packages = (await request('GET', '/admin/packages', admin)) as unknown as {
      result: Array<{ id: string }>;
    };
    const account = await measure('POST /admin/account', 'POST', '/admin/account', admin, {
      name: 'Bench account',
      package_id: packages.result[0]!.id,
      package_start_date: '2026-01-01',
      package_end_date: '2027-12-31',
      admin_first_name: 'Bench',
      admin_email: `bench-admin-${Date.now()}@example.test`,
      admin_password: 'Bench1234',
    });
    const accountId = account.result.id!;
    await measure('GET /admin/account/{id}', 'GET', `/admin/account/${accountId}`, admin);
    await measure('GET /admin/account/{id}/{status}', 'GET', `/admin/account/${accountId}/Inactive`, admin);
    await measure('GET /admin/account/{id}/users', 'GET', `/admin/account/${accountId}/users`, admin);
    const accountUser = await measure(
      'POST /admin/account/{id}/users',
      'POST',
      `/admin/account/${accountId}/users`,
      admin,
      {
        first_name: 'Bench',
        email: `bench-user-${Date.now()}@example.test`,
        password: 'Bench1234',
        user_role: 'Viewer',
      },
    );
    await measure(
      'GET /admin/users/{id}/{status}',
      'GET',
      `/admin/users/${accountUser.result.id}/Inactive`,
      admin,
    );
    await measure('POST /admin/account/{id}/license', 'POST', `/admin/account/${accountId}/license`, admin, {
      no_of_licence: 3,
      purchase_date: '2026-01-01',
      expiration_date: '2027-01-01',
    });
    await measure(
      'GET /admin/account/{id}/license',
      'GET',
      `/admin/account/${accountId}/license?page=1`,
      admin,
    );
    await measure('GET /admin/account/{id}/purchases', 'GET', `/admin/account/${accountId}/purchases`, admin);
    await measure('GET /admin/packages', 'GET', '/admin/packages', admin);
    await measure('GET /admin/banner', 'GET', '/admin/banner', admin);
    await measure('GET /banners/login', 'GET', '/banners/login');
    await measure('GET /admin/admins', 'GET', '/admin/admins', admin);
    await measure('GET /admin/recentUsers', 'GET', '/admin/recentUsers', admin);
    // The client Account section (issue 8): the owner's users and activity.
    await measure('GET /client/allusers', 'GET', '/client/allusers', client);
    const user = await measure('POST /client/newuser', 'POST', '/client/newuser', client, {
      first_name: 'Bench',
      last_name: 'User',
      email: `bench-${Date.now()}@example.test`,
      password: 'Bench1234',
      user_role: 'Venue Manager',
    });
    const userId = user.result.id!;
    await measure('GET /client/user/{id}', 'GET', `/client/user/${userId}`, client);
    await measure('GET /client/user/{id}/{status}', 'GET', `/client/user/${userId}/Inactive`, client);
    await measure('GET /client/user/{id}/resetPIN', 'GET', `/client/user/${userId}/resetPIN`, client);
    await measure('GET /client/activityLog', 'GET', '/client/activityLog', client);
    await venueRoutes(measure, request, admin, client);
    rows.push(...(await largeAccountLists(request, calls, admin, packages.result[0]!.id)));
  } finally {
    await system.stop();
  }
  return rows;
}

/** The venues, spaces and screens routes: one object of each, as the demo owner. */
async function venueRoutes(measure: Measure, request: Request, admin: string, client: string) {
  const types = (await request('GET', '/client/venue_types', client)) as unknown as {
    result: Array<{ id: string }>;
  };
  const venue = await measure('POST /client/newvenue', 'POST', '/client/newvenue', client, {
    name: 'Bench hall',
    timezone: 'Europe/London',
    ...(types.result[0] ? { venue_type: types.result[0].id } : {}),
  });
  const venueId = venue.result.id!;
  await measure('GET /client/venue/{id}', 'GET', `/client/venue/${venueId}`, client);
  await measure('PUT /client/venue/{id}', 'PUT', `/client/venue/${venueId}`, client, {
    name: 'Bench hall',
    timezone: 'Europe/Paris',
  });
  await measure('GET /client/venue/{id}/{status}', 'GET', `/client/venue/${venueId}/Active`, client);
  const space = await measure(
    'POST /client/newspace/{venueId}',
    'POST',
    `/client/newspace/${venueId}`,
    client,
    {
      title: 'Bench room',
      capacity: 8,
    },
  );
  const spaceId = space.result.id!;
  await measure('GET /client/space/{id}', 'GET', `/client/space/${spaceId}`, client);
  await measure('PUT /client/space/{id}', 'PUT', `/client/space/${spaceId}`, client, {
    title: 'Bench room',
    capacity: 10,
  });
  await measure('POST /client/capAlertURL/{spaceId}', 'POST', `/client/capAlertURL/${spaceId}`, client, {
    cap_alert_urls: JSON.stringify([{ url: 'https://alerts.example.com/feed.xml' }]),
    cap_alert_status: 'Active',
  });
  const me = (await request('GET', '/client/me', client)) as unknown as {
    result: { account: { id: string } };
  };
  await request('POST', `/admin/account/${me.result.account.id}/license`, admin, {
    no_of_licence: 1,
    purchase_date: '2026-01-01',
    expiration_date: '2099-01-01',
  });
  const screen = await measure('POST /client/screen', 'POST', '/client/screen', client, {
    screen_id_no: `B${Date.now().toString(36).toUpperCase()}`,
    venue: venueId,
    space: spaceId,
    name: 'Bench door',
  });
  const screenId = screen.result.id!;
  await measure(
    'PUT /client/screen/{id}/offlineNotification',
    'PUT',
    `/client/screen/${screenId}/offlineNotification`,
    client,
    { offline_notification_recipient: 'ops@example.com', offline_notification_frequency: 'Once a day' },
  );
  await measure('GET /client/screen/{id}/{status}', 'GET', `/client/screen/${screenId}/Inactive`, client);
  await measure('GET /client/licences', 'GET', '/client/licences', client);
  await measure('GET /client/recentvenues', 'GET', '/client/recentvenues', client);
  await measure('GET /client/recentspaces', 'GET', '/client/recentspaces', client);
  await measure('GET /client/recentscreens', 'GET', '/client/recentscreens', client);
}

/**
 * The list routes in an account with 1,000 venues and 5,000 spaces (written straight to the table):
 * DynamoDB calls and time per request. Only the Queries' own pages, nothing per listed item.
 */
async function largeAccountLists(request: Request, calls: string[], admin: string, packageId: string) {
  const email = `bench-large-${Date.now()}@example.test`;
  const account = await request('POST', '/admin/account', admin, {
    name: 'Large account',
    package_id: packageId,
    package_start_date: '2026-01-01',
    package_end_date: '2027-12-31',
    admin_first_name: 'Large',
    admin_email: email,
    admin_password: 'Bench1234',
  });
  const accountId = account.result.id!;
  const now = new Date().toISOString();
  const venues = Array.from({ length: 1000 }, () => ({
    account_id: accountId,
    venue_id: ulid(),
    name: `Venue ${Math.random().toString(36).slice(2, 8)}`,
    timezone: 'America/New_York',
    status: 'Active' as const,
    created_at: now,
    updated_at: now,
  }));
  const spaces = venues.flatMap((venue) =>
    Array.from({ length: 5 }, (_, n) => ({
      account_id: accountId,
      space_id: ulid(),
      venue_id: venue.venue_id,
      title: `Room ${n + 1}`,
      calendar_color: '#0B8043',
      status: 'Active' as const,
      created_at: now,
      updated_at: now,
    })),
  );
  const { venue, space } = db().entities;
  await venue.put(venues).go({ concurrency: 4 });
  await space.put(spaces).go({ concurrency: 4 });
  const token = (await request('POST', '/client/auth/login', undefined, { email, password: 'Bench1234' }))
    .result.access_token!;
  const rows: Array<{ name: string; value: string }> = [];
  for (const route of ['/client/allvenues', '/client/allspaces', '/client/myvenues', '/client/allscreens']) {
    const times: number[] = [];
    let count = 0;
    for (let run = 0; run < 5; run++) {
      calls.length = 0;
      const started = performance.now();
      await request('GET', route, token);
      times.push(performance.now() - started);
      count = calls.length;
    }
    times.sort((a, b) => a - b);
    rows.push({
      name: `GET ${route} (1,000 venues, 5,000 spaces)`,
      value: `${count} DynamoDB calls, median ${times[2]!.toFixed(0)} ms of 5`,
    });
  }
  return rows;
}
