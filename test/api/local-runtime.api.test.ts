import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';

/**
 * `npm start` as a person runs it: ready with the demo data, serving SPA and API, keeping data
 * across runs, refusing to start over a running one, and leaving nothing behind on SIGTERM.
 * Runs on ports of its own, next to the shared test system.
 */
const root = path.resolve(import.meta.dirname, '../..');
const ports = {
  PORT: '13600',
  SPACES_DYNAMODB_PORT: '18600',
  SPACES_S3_PORT: '14600',
  SPACES_COGNITO_PORT: '19600',
  SPACES_SES_PORT: '18605',
};
const dataDir = path.join(root, '.test-data/runtime');
const base = `http://localhost:${ports.PORT}`;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(...args: string[]): Started {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['infra/local/start.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...ports, SPACES_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const portOpen = (port: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('npm start', () => {
  let running: Started | undefined;
  afterEach(() => {
    running?.child.kill('SIGKILL');
  });

  it('starts with the demo data, keeps it across runs, and stops every emulator on SIGTERM', async () => {
    running = start('--reset');
    await until(() => running!.output().includes('Spaces is ready'), 'the first start');
    expect(running.output()).toContain('Seeding demo data');
    expect(running.output()).toContain('owner@demo.test');
    expect(running.output()).toMatch(/Mailbox: +http:\/\/127\.0\.0\.1:18605/);

    const health = await (await fetch(`${base}/api/v1/health`)).json();
    expect(health.result.status).toBe('ok');
    const page = await fetch(`${base}/c/booking`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<div id="root">');
    const login = await fetch(`${base}/api/v1/client/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'coordinator@demo.test', password: 'Demo1234' }),
    });
    expect(login.status).toBe(200);

    // A second start over the running one is refused, naming the port.
    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Port 18600 \(DynamoDB Local\) is already in use/);

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    for (const port of Object.values(ports)) expect(await portOpen(port), `port ${port}`).toBe(false);

    // The data is still there: no second seeding, and the demo users sign in.
    running = start();
    await until(() => running!.output().includes('Spaces is ready'), 'the second start');
    expect(running.output()).not.toContain('Seeding demo data');
    const again = await fetch(`${base}/api/v1/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@spaces.test', password: 'Admin1234' }),
    });
    expect(again.status).toBe(200);
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
    for (const port of Object.values(ports)) expect(await portOpen(port), `port ${port}`).toBe(false);
  }, 120_000);
});
