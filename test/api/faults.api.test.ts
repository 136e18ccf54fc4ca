import {
  DynamoDBClient,
  ListTablesCommand,
  ProvisionedThroughputExceededException,
} from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { clientConfig } from '@core/aws/client-config';
import { errorResponse } from '@core/http/route-factory';
import { call, signedInAs } from '../support/api';
import { demoUsers } from '../../infra/local/seed';

/**
 * When a service the API depends on stops answering, a route answers 503 with Retry-After and
 * the error shape (no stack, no AWS message) within the SDK clients' time limits, and works again
 * once the service is back. The emulators are paused for real with SIGSTOP (a process that
 * accepts connections and never answers: "slow past the client timeout").
 */
const pause = (name: 'dynamodb' | 'cognito') => {
  const pid = inject('emulatorPids')[name];
  if (!pid) throw new Error(`No process id for ${name}`);
  process.kill(-pid, 'SIGSTOP');
  return () => process.kill(-pid, 'SIGCONT');
};

function expectUnavailable(answer: { status: number; headers: Headers; body: unknown }) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(answer.body).toEqual({
    message: 'The service is busy or unavailable right now. Please try again in a moment.',
  });
}

const owner = { email: demoUsers.owner.email, password: demoUsers.owner.password };

describe('a dependency that does not answer', () => {
  it('DynamoDB paused: 503 with Retry-After within the time limits, then answers again', async () => {
    const token = await signedInAs('Account Admin');
    expect((await call('GET', '/client/amenities', { token })).status).toBe(200);
    const resume = pause('dynamodb');
    try {
      const started = Date.now();
      expectUnavailable(await call('GET', '/client/amenities', { token }));
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      resume();
    }
    expect((await call('GET', '/client/amenities', { token })).status).toBe(200);
  }, 30_000);

  it('Cognito paused: sign-in answers 503 (not "wrong password"), then signs in again', async () => {
    const resume = pause('cognito');
    try {
      const started = Date.now();
      expectUnavailable(await call('POST', '/client/auth/login', { body: owner }));
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      resume();
    }
    expect((await call('POST', '/client/auth/login', { body: owner })).status).toBe(200);
  }, 30_000);

  it('a service that refuses connections, or throttles, is a 503 too', async () => {
    // Nothing listens on port 9 of the loopback: the connection is refused, as when a service is down.
    const unreachable = new DynamoDBClient({
      ...clientConfig('http://127.0.0.1:9'),
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    const refused = await unreachable.send(new ListTablesCommand({})).catch((error: unknown) => error);
    expect(errorResponse(refused)).toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
    const throttled = new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} });
    const answer = errorResponse(throttled);
    expect(answer.statusCode).toBe(503);
    expect(answer.body).not.toContain('Rate exceeded');
    // A bug is still a redacted 500, not a 503.
    expect(errorResponse(new TypeError('x is undefined')).statusCode).toBe(500);
  });
});
