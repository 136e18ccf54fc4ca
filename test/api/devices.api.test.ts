import { createHash } from 'node:crypto';
import { resetEnvCache } from '../../functions/env';
import { db } from '../../functions/data/entities';
import { ACTIVATION_ALPHABET, registerDevice } from '../../functions/services/devices';
import { call } from '../support/api';

/**
 * The room-display devices (DESIGN §7; issue 12): registration hands a device its id, a secret
 * token shown once (kept as a hash) and a 6-character activation code from an unambiguous alphabet,
 * unique among the codes in force and valid 24 hours; registrations are limited per IP address.
 */

const codePattern = new RegExp(`^[${ACTIVATION_ALPHABET}]{6}$`);

describe('POST /device/register', () => {
  it('answers an id, a secret token shown once, and an activation code valid for 24 hours', async () => {
    const before = Date.now();
    const answer = await call('POST', '/device/register', { body: { app_version: '1.0.0' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { device_id, token, code, code_expires_at } = answer.body.result;
    expect(device_id).toMatch(/^[0-9A-Z]{26}$/);
    expect(code).toMatch(codePattern);
    const [id, secret] = (token as string).split('.');
    expect(id).toBe(device_id);
    expect(secret!.length).toBeGreaterThanOrEqual(40);
    const expires = Date.parse(code_expires_at);
    expect(expires - before).toBeGreaterThan(23.9 * 3600_000);
    expect(expires - before).toBeLessThanOrEqual(24 * 3600_000 + 60_000);

    // The table keeps the secret's hash, never the secret.
    const { data } = await db().entities.device.get({ device_id }).go();
    expect(data).toMatchObject({ code, app_version: '1.0.0' });
    expect(data!.token_hash).toBe(createHash('sha256').update(secret!).digest('hex'));
    expect(JSON.stringify(data)).not.toContain(secret);
    // Its code is held for it.
    expect((await db().entities.deviceCode.get({ code }).go()).data).toMatchObject({ device_id });
  });

  it('gives every device a code of its own', async () => {
    const codes = await Promise.all(
      Array.from(
        { length: 12 },
        async () => (await call('POST', '/device/register', { body: {} })).body.result.code,
      ),
    );
    expect(new Set(codes).size).toBe(12);
  });

  it('refuses bad input with the field and its message', async () => {
    const answer = await call('POST', '/device/register', { body: { app_version: 'x'.repeat(51) } });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({ app_version: 'Field should be less than 50 characters' });
  });

  it('refuses an address past its hourly registrations, saying how long to wait', async () => {
    const limit = process.env.DEVICE_REGISTRATIONS_PER_HOUR;
    process.env.DEVICE_REGISTRATIONS_PER_HOUR = '3';
    resetEnvCache();
    try {
      const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${Date.now()}`;
      for (let i = 0; i < 3; i++) await registerDevice(ip, {});
      const refused = await registerDevice(ip, {}).catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 429 });
      expect((refused as Error).message).toMatch(
        /^Too many screens registered from this address\. Try again in \d+ minutes?\.$/,
      );
      // Another address is not held back.
      await expect(registerDevice(`${ip}-other`, {})).resolves.toMatchObject({
        code: expect.stringMatching(codePattern),
      });
    } finally {
      process.env.DEVICE_REGISTRATIONS_PER_HOUR = limit;
      resetEnvCache();
    }
  });
});
