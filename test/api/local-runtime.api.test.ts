import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';

/**
 * `npm start` as a person (or systemd, Docker, a CI step) runs it: ready with the demo data,
 * serving SPA and API, keeping data across runs, refusing to start over a running one, and leaving
 * no process and no port behind however npm is stopped: SIGTERM, Ctrl-C, or SIGKILL, which only
 * the runtime's watch on its parent notices. Runs on ports of its own, next to the shared test
 * system.
 */
const root = path.resolve(import.meta.dirname, '../..');
const ports = {
  PORT: '13600',
  SPACES_DYNAMODB_PORT: '18600',
  SPACES_S3_PORT: '14600',
  SPACES_COGNITO_PORT: '19600',
  SPACES_SES_PORT: '18605',
  SPACES_OIDC_PORT: '19611',
  SPACES_GOOGLE_CALENDAR_PORT: '18661',
  SPACES_MICROSOFT_GRAPH_PORT: '18662',
  SPACES_EVENTS_PORT: '18663',
};
const dataDir = path.join(root, '.test-data/runtime');
const base = `http://localhost:${ports.PORT}`;
/** Start-up may take long on a busy machine; stopping may not. */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

interface Started {
  npm: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start -- <args>` with the system's npm, in a process group of its own as a shell's job. */
function start(...args: string[]): Started {
  const npm = spawn('npm', ['start', '--', ...args], {
    cwd: root,
    env: { ...process.env, ...ports, SPACES_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  npm.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  npm.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  return { npm, output: () => output, exited };
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function ready(running: Started, what: string): Promise<void> {
  const isReady = () => {
    if (running.npm.exitCode !== null || running.npm.signalCode !== null) {
      throw new Error(`npm ended before ${what}:\n${running.output()}`);
    }
    return running.output().includes('Spaces is ready');
  };
  await until(isReady, what, START_TIMEOUT_MS);
}

const portOpen = (port: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Every process: its pid, its parent's, and its command line. */
function processes(): { pid: number; ppid: number; args: string }[] {
  const listing = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  return listing.split('\n').flatMap((line) => {
    const [, pid, ppid, args] = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line) ?? [];
    return args === undefined ? [] : [{ pid: Number(pid), ppid: Number(ppid), args }];
  });
}

/** `pid` and every process below it (detached emulators included), with their command lines. */
function processTree(pid: number): Map<number, string> {
  const all = processes();
  const tree = new Map<number, string>();
  const add = (row: { pid: number; args: string }) => {
    tree.set(row.pid, row.args);
    for (const child of all.filter(({ ppid }) => ppid === row.pid)) add(child);
  };
  for (const row of all.filter((row) => row.pid === pid)) add(row);
  return tree;
}

/** The processes of `tree` still running (the same pid with the same command line). */
function leftOf(tree: Map<number, string>): [pid: number, args: string][] {
  const now = new Map(processes().map(({ pid, args }) => [pid, args]));
  return [...tree].filter(([pid, args]) => now.get(pid) === args);
}

/**
 * Waits until no process of `tree` runs and no port of the system is open, at most
 * {@link STOP_TIMEOUT_MS} after `since`, and says what is left otherwise.
 */
async function expectAllStopped(tree: Map<number, string>, since: number): Promise<void> {
  let left: string[] = [];
  const stopped = async () => {
    const open = [];
    for (const port of Object.values(ports)) if (await portOpen(port)) open.push(`port ${port} open`);
    left = [...open, ...leftOf(tree).map(([pid, args]) => `process ${pid}: ${args}`)];
    return left.length === 0;
  };
  await until(stopped, 'the system to stop', since + STOP_TIMEOUT_MS - Date.now()).catch(() => {
    throw new Error(`Still there ${STOP_TIMEOUT_MS / 1000} s after the signal:\n${left.join('\n')}`);
  });
}

describe('npm start', () => {
  let running: Started | undefined;
  let tree = new Map<number, string>();
  /** Takes note of the processes of the running system, for the checks and for the clean-up. */
  const noteTree = () => (tree = processTree(running!.npm.pid!));

  afterEach(() => {
    // A failed test must not leave a system behind for the next one.
    if (running?.npm.exitCode === null && running.npm.signalCode === null) noteTree();
    for (const [pid] of leftOf(tree)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // ended meanwhile
      }
    }
    running = undefined;
    tree = new Map();
  });

  it(
    'starts with the demo data, refuses a second start, and stops everything when npm gets SIGTERM',
    async () => {
      running = start('--reset');
      await ready(running, 'the first start');
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

      // What systemd, Docker and CI harnesses send: to npm only.
      noteTree();
      const signalled = Date.now();
      running.npm.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      await expectAllStopped(tree, signalled);
    },
    START_TIMEOUT_MS + 60_000,
  );

  it(
    'keeps the data across runs, and stops everything on Ctrl-C',
    async () => {
      running = start();
      await ready(running, 'the second start');
      expect(running.output()).not.toContain('Seeding demo data');
      const login = await fetch(`${base}/api/v1/admin/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@spaces.test', password: 'Admin1234' }),
      });
      expect(login.status).toBe(200);

      // Ctrl-C in a terminal: SIGINT to the job's process group, npm and the runtime alike.
      noteTree();
      const signalled = Date.now();
      process.kill(-running.npm.pid!, 'SIGINT');
      expect(await running.exited).toBe(0);
      await expectAllStopped(tree, signalled);
    },
    START_TIMEOUT_MS + 60_000,
  );

  it(
    'stops everything when npm is killed',
    async () => {
      running = start();
      await ready(running, 'the third start');

      noteTree();
      const killed = Date.now();
      running.npm.kill('SIGKILL');
      await expectAllStopped(tree, killed);
    },
    START_TIMEOUT_MS + 60_000,
  );
});
