import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { documentClient } from '../../functions/aws/dynamodb';
import { ulid } from 'ulid';
import type { ClientRole } from '../../shared/roles';
import { API_BASE } from '../../functions/routes';
import { insertAccount, insertPackage } from '../../functions/data/accounts';
import { createClientUser } from '../../functions/services/accounts';
import { createAdminUser } from '../../functions/services/admins';
import { clientRoles } from '../../shared/roles';
import { demoUsers } from '../../infra/local/seed';
import { readMailbox, type SentMail } from '../../infra/local/emulators/ses';

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

export async function signIn(area: 'client' | 'admin', email: string, password: string): Promise<string> {
  const answer = await call('POST', `/${area}/auth/login`, { body: { email, password } });
  if (answer.status !== 200)
    throw new Error(`Sign-in of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result.access_token as string;
}

export const password = 'Test1234';

/** A fresh account with a package allowing every role, and one user per role asked for. */
export async function anAccount(roles: ClientRole[] = ['Account Admin']) {
  const packageId = ulid();
  await insertPackage({
    package_id: packageId,
    name: `Package ${packageId}`,
    allowed_user_roles: [...clientRoles],
  });
  const accountId = ulid();
  await insertAccount({
    account_id: accountId,
    name: `Account ${accountId.slice(-6)}`,
    package_id: packageId,
    city: 'Testville',
  });
  const users: Partial<Record<ClientRole, { id: string; email: string; token: string }>> = {};
  for (const role of roles) {
    const email = `${role.replace(/\s/g, '').toLowerCase()}-${ulid().toLowerCase()}@example.test`;
    const id = await createClientUser({
      accountId,
      email,
      password,
      firstName: role.split(' ')[0]!,
      lastName: 'Tester',
      role,
      source: 'test',
    });
    users[role] = { id, email, token: await signIn('client', email, password) };
  }
  return { accountId, packageId, users };
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
