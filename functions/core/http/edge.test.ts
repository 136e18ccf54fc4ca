// What functions/core/env.ts requires of every function (the AWS clients read it when loaded).
vi.hoisted(() => {
  for (const name of [
    'TABLE_NAME',
    'UPLOADS_BUCKET',
    'CLIENT_USER_POOL_ID',
    'CLIENT_USER_POOL_CLIENT_ID',
    'ADMIN_USER_POOL_ID',
    'ADMIN_USER_POOL_CLIENT_ID',
  ])
    process.env[name] ??= 'unused-here';
  process.env.MAIL_FROM ??= 'no-reply@spaces.test';
  process.env.APP_URL ??= 'https://spaces.example.com';
  process.env.LOG_LEVEL = 'ERROR';
});

import { client as secretsManager } from '../aws/secrets-client';
import { resetEnvCache } from '../env';
import { handler as systemLambda } from '../../system/handlers';
import { viewerAddress } from './edge';
import type { ApiEvent } from './route-factory';
import { anApiEvent, invokeLambda } from '@test/support/lambda-events';

/**
 * The API behind CloudFront (functions/core/http/edge.ts, docs/decisions.md "Origin verify", "Viewer
 * address"): a request without CloudFront's `x-origin-verify` value is refused before any work, and
 * the viewer's address is read from `CloudFront-Viewer-Address`. Secrets Manager has no emulator
 * here, so where the value comes from a secret, the Secrets Manager client is faked at its `send`
 * (the SDK client's boundary); everything else is the real route factory and group router.
 */

const SECRET = 'origin-verify-value-of-at-least-32-characters';

/** An event as API Gateway (payload 2.0) hands the system group's Lambda `GET /openapi.json`. */
const anEvent = (headers: Record<string, string> = {}, sourceIp = '130.176.0.1') =>
  anApiEvent('GET', '/openapi.json', { headers, sourceIp });

const answer = (event: ApiEvent) => invokeLambda(systemLambda, event);

/** The origin-verify configuration of the case. */
function configure(values: Record<string, string | undefined>) {
  for (const name of ['ORIGIN_VERIFY_SECRET', 'ORIGIN_VERIFY_SECRET_ARN', 'AWS_LAMBDA_FUNCTION_NAME'])
    vi.stubEnv(name, values[name]);
  resetEnvCache();
}

/** Secrets Manager (no emulator here) answering `GetSecretValue` with `value`; the calls are recorded. */
function secretsManagerHolding(value: string) {
  return vi
    .spyOn(secretsManager, 'send')
    .mockImplementation((async () => ({ SecretString: value })) as never);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe('origin verify', () => {
  it('refuses a request without the value, or with another, before any other work', async () => {
    configure({ ORIGIN_VERIFY_SECRET: SECRET });
    const forbidden = { status: 403, body: { message: 'Forbidden' } };
    expect(await answer(anEvent())).toEqual(forbidden);
    expect(await answer(anEvent({ 'x-origin-verify': 'guess' }))).toEqual(forbidden);
    expect(await answer(anEvent({ 'x-origin-verify': `${SECRET}x` }))).toEqual(forbidden);
    expect(await answer(anEvent({ 'x-origin-verify': SECRET.slice(0, -1) }))).toEqual(forbidden);
    expect(await answer(anEvent({ 'x-origin-verify': '' }))).toEqual(forbidden);
    expect((await answer(anEvent({ 'x-origin-verify': SECRET }))).status).toBe(200);
  });

  it('reads the value from its Secrets Manager secret once per container, and again at most once a minute on a mismatch', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-01-04T09:00:00Z') });
    const arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:spaces/prod/origin-verify-AbCdEf';
    configure({ ORIGIN_VERIFY_SECRET_ARN: arn, AWS_LAMBDA_FUNCTION_NAME: 'spaces-system' });
    const send = secretsManagerHolding(SECRET);
    expect((await answer(anEvent())).status).toBe(403);
    expect((await answer(anEvent({ 'x-origin-verify': SECRET }))).status).toBe(200);
    expect((await answer(anEvent({ 'x-origin-verify': SECRET }))).status).toBe(200);
    expect(send).toHaveBeenCalledTimes(1);
    expect((send.mock.calls[0]![0] as { input: unknown }).input).toEqual({ SecretId: arn });
    // A wrong value makes the container read the secret again (it may have changed), once a minute.
    expect((await answer(anEvent({ 'x-origin-verify': 'guess' }))).status).toBe(403);
    expect((await answer(anEvent({ 'x-origin-verify': 'guess' }))).status).toBe(403);
    expect(send).toHaveBeenCalledTimes(2);
    // The secret made again by a deploy: CloudFront sends the new value before this container knows it.
    const renewed = 'renewed-origin-verify-value-of-at-least-32-chars';
    send.mockImplementation((async () => ({ SecretString: renewed })) as never);
    vi.setSystemTime(new Date('2027-01-04T09:01:01Z'));
    expect((await answer(anEvent({ 'x-origin-verify': renewed }))).status).toBe(200);
    expect((await answer(anEvent({ 'x-origin-verify': SECRET }))).status).toBe(403);
    expect(send).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });

  it('answers 503, not 500, while the secret cannot be read, and reads it again on the next request', async () => {
    const arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:spaces/prod/origin-verify-GhIjKl';
    configure({ ORIGIN_VERIFY_SECRET_ARN: arn, AWS_LAMBDA_FUNCTION_NAME: 'spaces-system' });
    const send = secretsManagerHolding(SECRET);
    send.mockImplementationOnce((async () => {
      throw Object.assign(new Error('Rate exceeded'), {
        name: 'ThrottlingException',
        $metadata: { httpStatusCode: 400 },
        $retryable: { throttling: true },
      });
    }) as never);
    const busy = await answer(anEvent({ 'x-origin-verify': SECRET }));
    expect(busy.status).toBe(503);
    expect((await answer(anEvent({ 'x-origin-verify': SECRET }))).status).toBe(200);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('refuses every request in the Lambda runtime when no value is configured; checks nothing elsewhere', async () => {
    configure({ AWS_LAMBDA_FUNCTION_NAME: 'spaces-system' });
    expect(await answer(anEvent({ 'x-origin-verify': 'anything' }))).toEqual({
      status: 403,
      body: { message: 'Forbidden' },
    });
    // A handler called with an event built by hand (a unit test), with nothing configured.
    configure({});
    expect((await answer(anEvent())).status).toBe(200);
  });
});

describe('viewer address', () => {
  const addressOf = (value?: string) =>
    viewerAddress(anEvent(value === undefined ? {} : { 'cloudfront-viewer-address': value }));

  it("reads CloudFront's ip:port, splitting IPv6 at the last colon", () => {
    expect(addressOf('198.51.100.7:50123')).toBe('198.51.100.7');
    expect(addressOf('2001:db8::1:443')).toBe('2001:db8::1');
    expect(addressOf('2001:db8:85a3::8a2e:370:7334:62000')).toBe('2001:db8:85a3::8a2e:370:7334');
    expect(addressOf('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(viewerAddress(anEvent({ 'CloudFront-Viewer-Address': '203.0.113.9:1' }))).toBe('203.0.113.9');
  });

  it("falls back to the connection's source without the header, or when it holds no address", () => {
    expect(addressOf()).toBe('130.176.0.1');
    expect(addressOf('')).toBe('130.176.0.1');
    expect(addressOf('198.51.100.7')).toBe('130.176.0.1');
    expect(addressOf('not-an-address:443')).toBe('130.176.0.1');
    expect(addressOf('198.51.100.7:1,203.0.113.9:2')).toBe('130.176.0.1');
  });
});
