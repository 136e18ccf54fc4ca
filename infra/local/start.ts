import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `npm start` (built SPA) and `npm run dev` (Vite with hot reload): the whole system on
 * http://localhost:3000 (PORT) with data kept in .data/ (SPACES_DATA_DIR), and the scheduled jobs
 * on their rates (or all every SPACES_JOB_PERIOD_MS). `-- --reset` starts from a clean slate.
 *
 * It stops everything on SIGINT, SIGTERM and SIGHUP, and when the process that started it is gone,
 * exiting 0 once it is ready. The npm scripts run it as `exec node --import tsx …`, so that it is
 * npm's own child: npm forwards SIGINT and SIGTERM to its child and waits for it. Through `sh -c`
 * (which dies of the signal without passing it on) or tsx's CLI (which SIGKILLs a child that has
 * not acknowledged a signal within 30 ms) it would be orphaned or killed instead.
 */
const { values } = parseArgs({
  options: { reset: { type: 'boolean', default: false }, dev: { type: 'boolean', default: false } },
});
const port = Number(process.env.PORT ?? 3000);
const log = (line: string) => process.stdout.write(`[spaces] ${line}\n`);
/** Runs every scheduled job this often instead of on its rate. */
const jobPeriodMs = process.env.SPACES_JOB_PERIOD_MS ? Number(process.env.SPACES_JOB_PERIOD_MS) : undefined;
if (jobPeriodMs !== undefined && !(jobPeriodMs > 0 && Number.isFinite(jobPeriodMs))) {
  log('Could not start: SPACES_JOB_PERIOD_MS must be a number of milliseconds above 0');
  process.exit(1);
}
const started = Date.now();
/** How often to look whether the process that started this one is still there. */
const PARENT_CHECK_MS = 1_000;

// Output is best effort: when its reader has gone (a closed terminal, a killed harness), a failed
// write must not end the process before it has stopped its children.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

/**
 * A process whose parent dies is re-parented, and that is the only news of it when the parent was
 * SIGKILLed (npm killed by a harness or the OOM killer): no signal is forwarded then. The parent
 * being gone is handled as a SIGTERM, at whatever stage start-up is: during it, the emulators'
 * supervisor stops them and the process ends by the signal; after it, the handler below stops
 * everything. The parent is noted before the system's modules load, which takes seconds on a busy
 * machine: a parent that died meanwhile would otherwise be taken for the one to watch.
 */
const parent = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(parentWatch);
  log(`The process that started Spaces (pid ${parent}) is gone`);
  process.kill(process.pid, 'SIGTERM');
}, PARENT_CHECK_MS).unref();

const [{ demoUsers }, { repoRoot }, { startSystem }] = await Promise.all([
  import('./seed'),
  import('./server'),
  import('./system'),
]);

try {
  const system = await startSystem({
    port,
    dataDir: process.env.SPACES_DATA_DIR ?? path.join(repoRoot, '.data'),
    reset: values.reset,
    web: values.dev ? 'dev' : 'static',
    jobs: jobPeriodMs === undefined ? true : { periodMs: jobPeriodMs },
    log,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping…`);
    await system.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  const users = Object.values(demoUsers)
    .map(
      (u) =>
        `    ${u.email.padEnd(24)} ${u.password}${'role' in u ? `  (${u.role})` : '  (super admin, /admin/login; sets up an authenticator app at the first sign-in)'}`,
    )
    .join('\n');
  process.stdout.write(
    [
      '',
      `Spaces is ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      `  App:      ${system.url}/`,
      `  Admin:    ${system.url}/admin/login`,
      `  API:      ${system.url}/api/v1/  (health: ${system.url}/api/v1/health)`,
      `  Mailbox:  ${system.emulators.mailboxUrl}`,
      `  Push:     ${system.emulators.events.realtimeUrl}  (the displays' channel; AppSync Events stand-in)`,
      '  Demo sign-ins:',
      users,
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
} catch (error) {
  log(`Could not start: ${(error as Error).message}`);
  process.exit(1);
}
