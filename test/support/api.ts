import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { documentClient } from '@core/aws/dynamodb';
import { ulid } from 'ulid';
import type { ClientRole } from '@shared/roles';
import { API_BASE } from '@shared/api/routes';
import { insertPackage } from '@core/people/account-store';
import { getAdmin } from '@core/people/admin-store';
import { findEmailOwner } from '@core/people/user-store';
import { adminPrincipal } from '@core/auth/authenticate';
import type { AdminPrincipal } from '@core/auth/principal';
import { createAccountUser } from '../../functions/team/service';
import { createAccount } from '../../functions/accounts/service';
import { createAdminUser } from '../../functions/platform/admins';
import { clientRoles } from '@shared/roles';
import { newAccountSchema, newAccountUserSchema } from '@shared/schemas/accounts';
import { demoUsers } from '../../infra/local/seed';
import { readMailbox, type SentMail } from '../../infra/local/emulators/ses';
import { signInWithCode } from './second-factor';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the API answered
  body: any;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** One request to the API under test, as the SPA would send it. */
export async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined || options.rawBody !== undefined)
    headers['content-type'] ??= 'application/json';
  const response = await fetch(`${inject('baseUrl')}${API_BASE}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** Signs in with a password, and with a code from the person's authenticator app when asked (every super admin). */
export async function signIn(area: 'client' | 'admin', email: string, password: string): Promise<string> {
  const answer = await signInWithCode((path, body) => call('POST', path, { body }), area, email, password);
  if (answer.status !== 200)
    throw new Error(`Sign-in of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result.access_token as string;
}

export const password = 'Test1234';

let platform: Promise<AdminPrincipal> | undefined;

/** The demo super admin, as whom the builders act (their changes are logged as theirs). */
export function platformAdmin(): Promise<AdminPrincipal> {
  platform ??= (async () => {
    const owner = await findEmailOwner('admin', demoUsers.admin.email);
    return adminPrincipal((await getAdmin(owner!.ownerId))!);
  })();
  return platform;
}

/** A fresh package, by default allowing every role with no limits; answers its id. */
export async function aPackage(
  fields: {
    allowed_user_roles?: ClientRole[];
    admin_limit?: number;
    venue_limit?: number;
    spaces_limit?: number;
    status?: 'Active' | 'Inactive';
  } = {},
): Promise<string> {
  const packageId = ulid();
  await insertPackage({
    package_id: packageId,
    name: `Package ${packageId}`,
    allowed_user_roles: [...clientRoles],
    ...fields,
  });
  return packageId;
}

export const anEmail = (who = 'user') =>
  `${who.replace(/\s/g, '').toLowerCase()}-${ulid().toLowerCase()}@example.test`;

/**
 * A fresh account, made through the services as the API makes it (counters, guards, activity),
 * with one signed-in user per role asked for. Its first Account Admin is the 'Account Admin'
 * asked for, or else an extra one (`owner`), who is not signed in.
 */
export async function anAccount(
  roles: ClientRole[] = ['Account Admin'],
  options: { packageId?: string } = {},
) {
  const packageId = options.packageId ?? (await aPackage());
  const principal = await platformAdmin();
  const ownerEmail = anEmail('Account Admin');
  const account = await createAccount(
    principal,
    newAccountSchema.parse({
      name: `Account ${ulid().slice(-6)}`,
      city: 'Testville',
      package_id: packageId,
      package_start_date: '2026-01-01',
      package_end_date: '2027-12-31',
      admin_first_name: 'Account',
      admin_last_name: 'Tester',
      admin_email: ownerEmail,
      admin_password: password,
    }),
  );
  const accountId = account.id;
  const owner = { id: account.admin!.id, email: ownerEmail };
  const users: Partial<Record<ClientRole, { id: string; email: string; token: string }>> = {};
  for (const role of roles) {
    if (role === 'Account Admin' && !users[role]) {
      users[role] = { ...owner, token: await signIn('client', owner.email, password) };
      continue;
    }
    const email = anEmail(role);
    const { id } = await createAccountUser(
      principal,
      accountId,
      newAccountUserSchema.parse({
        email,
        password,
        first_name: role.split(' ')[0]!,
        last_name: 'Tester',
        user_role: role,
      }),
    );
    users[role] = { id, email, token: await signIn('client', email, password) };
  }
  return { accountId, packageId, owner, users };
}

/** A fresh super admin, signed in. */
export async function anAdmin() {
  const email = `admin-${ulid().toLowerCase()}@example.test`;
  const id = await createAdminUser({ email, password, firstName: 'Ada', lastName: 'Admin' });
  return { id, email, token: await signIn('admin', email, password) };
}

const tokens = new Map<string, Promise<string>>();

/** A token of a seeded demo user, signed in once per test file. */
export function signedInAs(
  who: 'Super Admin' | 'Account Admin' | 'Venue Manager' | 'Event Coordinator',
): Promise<string> {
  let token = tokens.get(who);
  if (!token) {
    const user =
      who === 'Super Admin'
        ? demoUsers.admin
        : Object.values(demoUsers).find((u) => 'role' in u && u.role === who)!;
    token = signIn(who === 'Super Admin' ? 'admin' : 'client', user.email, user.password);
    tokens.set(who, token);
  }
  return token;
}

/**
 * Every item of the table, in key order: compared before and after requests that must change
 * nothing. (A Scan is fine in a test; no request path of the API scans.)
 */
export async function tableSnapshot(): Promise<unknown[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: inject('emulatorEnv').TABLE_NAME,
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  const key = (item: Record<string, unknown>) => `${String(item.pk)}\u0000${String(item.sk)}`;
  return items.sort((a, b) => key(a).localeCompare(key(b)));
}

/** The mail the emulator has received for an address, oldest first. */
export async function mailTo(address: string): Promise<SentMail[]> {
  return (await readMailbox(inject('mailboxUrl'))).filter((m) => m.to.some((to) => to.includes(address)));
}

/**
 * The link of a reset or welcome mail's HTML, and the token and e-mail it carries in its fragment
 * (never in its path or query, which servers and their logs see).
 */
export function resetLinkIn(html: string) {
  const href = /href="([^"]+)"/
    .exec(html)![1]!
    .replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
  const url = new URL(href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  return { url, token: fragment.get('token') ?? '', email: fragment.get('email') ?? '' };
}
