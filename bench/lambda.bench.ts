import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { routeGroups } from '../functions/routes';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.bench/lambda');
const runs = 7;

/** The options the CDK api stack bundles with (infra/cdk/constructs/api-function.ts), AWS SDK included. */
async function bundle(entry: string, outfile: string): Promise<number> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    logLevel: 'error',
  });
  return statSync(outfile).size;
}

/** Median time of importing a bundle in a fresh Node process, as a Lambda cold start does. */
function coldImportMs(file: string): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const result = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const t = performance.now(); await import(${JSON.stringify(file)}); process.stdout.write(String(performance.now() - t));`,
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, TABLE_NAME: 'bench' } },
    );
    if (result.status !== 0) throw new Error(`Importing ${file} failed: ${result.stderr}`);
    times.push(Number(result.stdout));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export async function run(): Promise<Array<{ name: string; value: string }>> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const helloEntry = path.join(out, 'hello.ts');
  writeFileSync(helloEntry, 'export const handler = async () => ({ statusCode: 200, body: "hello" });\n');
  const helloFile = path.join(out, 'hello.mjs');
  const helloSize = await bundle(helloEntry, helloFile);
  const hello = coldImportMs(helloFile);
  const rows = [
    { name: 'hello-world bundle', value: `${helloSize} B, cold import ${hello.toFixed(1)} ms (1.00×)` },
  ];
  for (const group of routeGroups) {
    const file = path.join(out, `${group}.mjs`);
    const size = await bundle(path.join(root, 'functions', group, 'router.ts'), file);
    const ms = coldImportMs(file);
    rows.push({
      name: `lambda ${group}`,
      value: `${(size / 1024).toFixed(1)} KiB minified, cold import ${ms.toFixed(1)} ms (${(ms / hello).toFixed(2)}× hello-world)`,
    });
  }
  return rows;
}
