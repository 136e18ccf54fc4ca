import path from 'node:path';
import { parseArgs } from 'node:util';
import { demoUsers } from './seed';
import { repoRoot } from './server';
import { startSystem } from './system';

/**
 * `npm start` (built SPA) and `npm run dev` (Vite with hot reload): the whole system on
 * http://localhost:3000 (PORT) with data kept in .data/ (SPACES_DATA_DIR). `-- --reset` starts
 * from a clean slate.
 */
const { values } = parseArgs({
  options: { reset: { type: 'boolean', default: false }, dev: { type: 'boolean', default: false } },
});
const port = Number(process.env.PORT ?? 3000);
const log = (line: string) => process.stdout.write(`[spaces] ${line}\n`);
const started = Date.now();

try {
  const system = await startSystem({
    port,
    dataDir: process.env.SPACES_DATA_DIR ?? path.join(repoRoot, '.data'),
    reset: values.reset,
    web: values.dev ? 'dev' : 'static',
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
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  const users = Object.values(demoUsers)
    .map(
      (u) =>
        `    ${u.email.padEnd(24)} ${u.password}${'role' in u ? `  (${u.role})` : '  (super admin, /admin/login)'}`,
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
