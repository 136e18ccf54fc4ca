import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test`: lint, typecheck and the web build, then the Vitest projects one after another
 * (unit, web and infra; then API against the emulators; then the API suites about "now" again at
 * fixed instants of a fake clock; then end-to-end in Chromium), so two cores are not shared by two
 * sets of emulators. Ends with one line `N passed, N failed`.
 */
const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-data/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/**
 * The API suites about "now" (check-in, booking at the screen, what a screen shows, the no-show
 * release), run again with the whole system's clock set by SPACES_FAKE_NOW (docs/testing.md) to
 * the instants where a test that leans on the hour of the day fails: just after and just before
 * midnight in London (in summer time, when London's date is not UTC's after midnight), and as
 * London's clocks go forward (01:00 UTC on 28 March 2027), half a minute after the system starts,
 * so that the run crosses the change.
 */
const ABOUT_NOW = ['test/api/devices.api.test.ts', 'test/api/screen-jobs.api.test.ts'];
const FAKE_NOWS: Array<[label: string, instant: string]> = [
  ['00:05 London', '2026-07-15T23:05:00Z'],
  ['23:55 London', '2026-07-16T22:55:00Z'],
  ['London to summer time', '2027-03-28T00:59:30Z'],
];

const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
let passed = 0;
let failed = 0;

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  process.stdout.write(`\n=== ${label} ===\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  process.stdout.write(
    `=== ${label}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===\n`,
  );
  return ok;
}

function check(label: string, command: string, args: string[]): void {
  if (run(label, command, args)) passed++;
  else failed++;
}

function vitest(
  label: string,
  projects: string[],
  options: { files?: string[]; env?: NodeJS.ProcessEnv } = {},
): void {
  const output = path.join(reports, `${label.replace(/[^\w-]+/g, '-')}.json`);
  const ok = run(
    `tests: ${label}`,
    bin('vitest'),
    [
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      ...(options.files ?? []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ],
    options.env,
  );
  try {
    const report = JSON.parse(readFileSync(output, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (!ok && report.numFailedTests === 0) failed++; // a suite that failed to load, or a setup error
  } catch {
    failed++;
  }
}

check('lint', bin('eslint'), ['--max-warnings', '0', '.']);
check('format', bin('prettier'), ['--check', '.']);
check('typecheck', bin('tsc'), ['-p', 'tsconfig.json']);
check('web build', bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
vitest('unit-web-infra', ['unit', 'web', 'infra']);
vitest('api', ['api']);
for (const [label, instant] of FAKE_NOWS) {
  vitest(`api at ${label}`, ['api'], { files: ABOUT_NOW, env: { SPACES_FAKE_NOW: instant } });
}
vitest('e2e', ['e2e']);

process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
