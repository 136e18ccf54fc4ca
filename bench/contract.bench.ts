import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const summaryFile = path.join(root, '.test-data/contract-summary.json');

/**
 * The contract suite (test/api/contract.api.test.ts) as `npm test` runs it, on ports of its own:
 * how many operations it covered, how many requests it generated, and how long it took.
 */
export async function run(): Promise<Array<{ name: string; value: string }>> {
  rmSync(summaryFile, { force: true });
  const started = Date.now();
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/vitest'),
    ['run', '--project', 'api', 'test/api/contract.api.test.ts'],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH}`,
        SPACES_TEST_HTTP_PORT: '13920',
        SPACES_TEST_DYNAMODB_PORT: '38020',
        SPACES_TEST_S3_PORT: '34590',
        SPACES_TEST_COGNITO_PORT: '39250',
        SPACES_TEST_SES_PORT: '38025',
      },
    },
  );
  const seconds = (Date.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`The contract suite failed:\n${result.stdout.slice(-3000)}`);
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as {
    operations: number;
    requests: number;
    seed: number;
  };
  const testsLine = /Duration\s+([\d.]+)s/.exec(stripVTControlCharacters(result.stdout));
  return [
    { name: 'operations covered', value: String(summary.operations) },
    { name: 'requests generated', value: `${summary.requests} (seed ${summary.seed})` },
    {
      name: 'time',
      value: `${testsLine ? `${testsLine[1]} s in Vitest` : ''}, ${seconds.toFixed(1)} s with start-up`,
    },
  ];
}
