import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { inject } from 'vitest';
import { resetEnvCache } from '@core/env';
import { getAdmin } from '@core/people/admin-store';
import { getPlatformStats } from '@core/table/platform-counters';
import { findEmailOwner } from '@core/people/user-store';
import { cognitoClient } from '../../infra/local/emulators/cognito';
import { demoUsers } from '../../infra/local/seed';
import { createFirstAdmin, type StageOutputs } from '../../scripts/create-admin';
import { call, signIn } from '../support/api';

/**
 * `npm run create-admin` (docs/first-admin.md), the part that writes: `createFirstAdmin` against
 * the emulators of the running test system, with the outputs a deployed stage's stacks would give
 * (here the emulators' table, bucket, pools and app clients). Reading those outputs from
 * CloudFormation, which has no emulator here, is tested with a fake in test/unit/create-admin.test.ts.
 */
const emulators = inject('emulatorEnv');
const outputs = (): StageOutputs => ({
  stage: 'local',
  region: emulators.AWS_REGION!,
  tableName: emulators.TABLE_NAME!,
  uploadsBucket: emulators.UPLOADS_BUCKET!,
  clientUserPoolId: emulators.CLIENT_USER_POOL_ID!,
  clientUserPoolClientId: emulators.CLIENT_USER_POOL_CLIENT_ID!,
  adminUserPoolId: emulators.ADMIN_USER_POOL_ID!,
  adminUserPoolClientId: emulators.ADMIN_USER_POOL_CLIENT_ID!,
  appUrl: inject('baseUrl'),
});

const strongPassword = 'Lovelace1815';
const anEmail = () => `ops-${ulid().toLowerCase()}@example.test`;
const passwordRule =
  'Password must be at least 8 characters, and contain 1 number, 1 uppercase character, and 1 lowercase character';

const adminLogins = async (email: string) => {
  const { Users } = await cognitoClient(emulators.COGNITO_ENDPOINT!).send(
    new ListUsersCommand({ UserPoolId: emulators.ADMIN_USER_POOL_ID, Filter: `email = "${email}"` }),
  );
  return Users ?? [];
};
const activeAdmins = async () => (await getPlatformStats()).active_admins ?? 0;

// createFirstAdmin sets the configuration of the stage it is given; the rest of the run keeps its own.
const saved = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  resetEnvCache();
});

describe('createFirstAdmin', () => {
  it('makes an active super admin who signs in through the API', async () => {
    const email = anEmail();
    const before = await activeAdmins();
    const adminId = await createFirstAdmin(outputs(), {
      email: email.toUpperCase(),
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: strongPassword,
    });

    // What the product writes for an admin nobody made (as the seed's): the item, the guard, the total.
    expect(await getAdmin(adminId)).toMatchObject({
      admin_id: adminId,
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      status: 'Active',
    });
    expect((await getAdmin(adminId))!.created_by).toBeUndefined();
    expect(await findEmailOwner('admin', email)).toEqual({ ownerId: adminId, accountId: undefined });
    expect(await activeAdmins()).toBe(before + 1);
    expect((await adminLogins(email)).map((user) => user.Username)).toEqual([adminId]);

    // A super admin's first sign-in sets up an authenticator app, then gives its code.
    const login = await call('POST', '/admin/auth/login', { body: { email, password: strongPassword } });
    expect(login.status).toBe(200);
    expect(login.body.result).toMatchObject({ challenge: 'mfa_setup' });
    const me = await call('GET', '/admin/me', { token: await signIn('admin', email, strongPassword) });
    expect(me.status).toBe(200);
    expect(me.body.result).toMatchObject({ email, first_name: 'Ada', role: 'Super Admin' });
  });

  it("refuses a password the product's rule refuses, with its message, and writes nothing", async () => {
    const email = anEmail();
    const before = await activeAdmins();
    for (const password of ['lovelace1815', 'LOVELACE1815', 'Lovelace', 'Ada1']) {
      await expect(
        createFirstAdmin(outputs(), { email, firstName: 'Ada', lastName: 'Lovelace', password }),
      ).rejects.toThrow(passwordRule);
    }
    expect(await findEmailOwner('admin', email)).toBeNull();
    expect(await adminLogins(email)).toEqual([]);
    expect(await activeAdmins()).toBe(before);
    const login = await call('POST', '/admin/auth/login', { body: { email, password: 'lovelace1815' } });
    expect(login.status).toBe(401);
  });

  it("refuses an e-mail that is already an admin's, with the product's message, and writes nothing", async () => {
    const email = anEmail();
    const first = await createFirstAdmin(outputs(), { email, firstName: 'Ada', password: strongPassword });
    const before = await activeAdmins();
    for (const taken of [email, ` ${email.toUpperCase()} `, demoUsers.admin.email]) {
      await expect(
        createFirstAdmin(outputs(), { email: taken, firstName: 'Grace', password: 'Hopper1906' }),
      ).rejects.toThrow('This e-mail address is already in use');
    }
    expect(await activeAdmins()).toBe(before);
    expect((await adminLogins(email)).map((user) => user.Username)).toEqual([first]);
    expect(await adminLogins(demoUsers.admin.email)).toHaveLength(1);
    // The first admin keeps their password; the refused one signs nobody in.
    expect(
      (await call('POST', '/admin/auth/login', { body: { email, password: strongPassword } })).status,
    ).toBe(200);
    expect(
      (await call('POST', '/admin/auth/login', { body: { email, password: 'Hopper1906' } })).status,
    ).toBe(401);
  });
});
