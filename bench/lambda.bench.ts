import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { bundleLambda, bundleWeight, LAMBDA_ENTRY_FILE } from '../infra/cdk/constructs/lambda-bundling';
import { routeGroups } from '@shared/api/routes';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.bench/lambda');
const runs = 9;

/** The three packages that weigh most in what a cold start loads, with their minified KiB. */
function heaviest(metafile: Metafile): string {
  const byPackage = new Map<string, number>();
  const { loaded } = bundleWeight(metafile);
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!loaded.has(file)) continue;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/')[0]!;
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)}`)
    .join(', ');
}

/**
 * A cold start as a whole process: the wall time of a fresh `node` that imports the module and
 * exits. The candidates take turns run after run, so a busy moment of the machine falls on all
 * of them alike; each gets the median of its runs.
 */
function coldStarts(files: Record<string, string>): Record<string, number> {
  const times: Record<string, number[]> = {};
  for (let run = 0; run < runs; run++) {
    for (const [name, file] of Object.entries(files)) {
      const started = process.hrtime.bigint();
      const result = spawnSync(
        process.execPath,
        ['--input-type=module', '-e', `await import(${JSON.stringify(file)})`],
        {
          cwd: root,
          env: { ...process.env, TABLE_NAME: 'bench' },
        },
      );
      if (result.status !== 0) throw new Error(`Importing ${file} failed: ${result.stderr.toString()}`);
      (times[name] ??= []).push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  return Object.fromEntries(
    Object.entries(times).map(([name, list]) => [name, list.sort((a, b) => a - b)[Math.floor(runs / 2)]!]),
  );
}

export async function run(): Promise<Array<{ name: string; value: string }>> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const reference = {
    hello: 'export const handler = async () => ({ statusCode: 200, body: "hello" });\n',
    // Any Lambda that calls AWS through the SDK loads node:http; this shows that floor.
    'node:http': "import 'node:http';\nexport const handler = async () => ({ statusCode: 200 });\n",
  };
  const files: Record<string, string> = {};
  const sizes: Record<string, Metafile> = {};
  const bundleInto = (name: string, entry: string) => {
    const dir = path.join(out, name.replace(':', '-'));
    sizes[name] = bundleLambda(entry, dir, { sourcemap: false });
    files[name] = path.join(dir, LAMBDA_ENTRY_FILE);
  };
  for (const [name, source] of Object.entries(reference)) {
    const entry = path.join(out, `${name.replace(':', '-')}.ts`);
    writeFileSync(entry, source);
    bundleInto(name, entry);
  }
  for (const group of routeGroups) bundleInto(group, path.join(root, 'functions', group, 'handlers.ts'));
  const times = coldStarts(files);
  const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
  return Object.keys(files).map((name) => {
    const { atStart, total } = bundleWeight(sizes[name]!);
    return {
      name: name in reference ? `${name} (reference)` : `lambda ${name}`,
      value:
        `${kib(atStart)} KiB at start of ${kib(total)} KiB, cold start ${times[name]!.toFixed(1).padStart(6)} ms ` +
        `(${(times[name]! / times.hello!).toFixed(2)}× hello-world)` +
        (name in reference ? '' : `; heaviest: ${heaviest(sizes[name]!)}`),
    };
  });
}
