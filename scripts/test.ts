import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test`: lint, typecheck and the web build, then the Vitest projects one after another
 * (unit, web and infra; then API against the emulators; then end-to-end in Chromium), so two
 * cores are not shared by two sets of emulators. Ends with one line `N passed, N failed`.
 */
const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-data/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
let passed = 0;
let failed = 0;

function run(label: string, command: string, args: string[]): boolean {
  process.stdout.write(`\n=== ${label} ===\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
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

function vitest(label: string, projects: string[]): void {
  const output = path.join(reports, `${label}.json`);
  const ok = run(`tests: ${label}`, bin('vitest'), [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
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
vitest('e2e', ['e2e']);

process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
