import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_BASE } from '@shared/api/routes';
import { authenticatorCode } from './figures';
import { credentials, demoUsers } from '../infra/local/seed';

const root = path.resolve(import.meta.dirname, '..');
const connections = 50;
const seconds = 10;

/** Ports of its own, so a running `npm start` is left alone. */
const ports = {
  PORT: '13910',
  SPACES_DYNAMODB_PORT: '38010',
  SPACES_S3_PORT: '34580',
  SPACES_COGNITO_PORT: '39240',
  SPACES_SES_PORT: '38015',
  SPACES_OIDC_PORT: '39011',
};

interface Started {
  url: string;
  stop(): Promise<void>;
}

/**
 * The system as `npm start` runs it, in a process of its own so that the load generator does not
 * share its event loop; or the one at SPACES_BENCH_URL when that is set.
 */
async function system(): Promise<Started> {
  const running = process.env.SPACES_BENCH_URL;
  if (running) return { url: running.replace(/\/$/, ''), stop: async () => {} };
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'infra/local/start.ts', '--reset'],
    {
      cwd: root,
      env: {
        ...process.env,
        ...ports,
        SPACES_DATA_DIR: path.join(root, '.bench/load-system'),
        LOG_LEVEL: 'ERROR',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The system did not start:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Spaces is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`The system exited (${code}):\n${output}`)));
  });
  return {
    url: `http://localhost:${ports.PORT}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function signIn(url: string, area: 'client' | 'admin', credentials: object): Promise<string> {
  const post = async (path: string, body: object) => {
    const response = await fetch(`${url}${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { result: Record<string, string> }).result;
  };
  const answer = await post(`/${area}/auth/login`, credentials);
  if (!answer.challenge) return answer.access_token!;
  // The fresh system's admin sets up an authenticator app at this first sign-in.
  const session = await post(`/${area}/auth/mfa`, {
    mfa_token: answer.mfa_token,
    code: authenticatorCode(answer.secret!),
  });
  return session.access_token!;
}

/**
 * `connections` clients each sending one request after another for `seconds`, against one route
 * of the API, signed in; latencies as autocannon measures them (from request sent to response
 * read, in ms).
 */
export async function run(): Promise<Array<{ name: string; value: string }>> {
  const started = await system();
  try {
    const client = await signIn(started.url, 'client', credentials(demoUsers.owner));
    const admin = await signIn(started.url, 'admin', credentials(demoUsers.admin));
    const targets = [
      ['GET /client/amenities', '/client/amenities', client],
      ['GET /client/me', '/client/me', client],
      ['GET /admin/amenities', '/admin/amenities', admin],
    ] as const;
    const rows: Array<{ name: string; value: string }> = [];
    for (const [name, route, token] of targets) {
      // A short warm-up, as a deployed API would have had: first imports, JIT, connection pools.
      await autocannon({
        url: `${started.url}${API_BASE}${route}`,
        connections,
        duration: 2,
        headers: { authorization: `Bearer ${token}` },
      });
      const result = await autocannon({
        url: `${started.url}${API_BASE}${route}`,
        connections,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      });
      const failed = result.non2xx + result.errors + result.timeouts;
      rows.push({
        name: `${name} (${connections} conn, ${seconds} s)`,
        value:
          `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
          `${result.requests.average.toFixed(0)} requests/s, ${failed} non-2xx or failed of ${result.requests.total}`,
      });
    }
    return rows;
  } finally {
    await started.stop();
  }
}
