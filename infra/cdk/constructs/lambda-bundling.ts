import { buildSync, type Metafile } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How every Lambda is bundled: ES modules for Node.js 24, minified, the AWS SDK included (the
 * code runs on the SDK version it was tested with), split so that what a route group imports on
 * first use (S3, SES, Cognito, Secrets Manager, the OpenID client) is a chunk of its own that a
 * cold start does not load. Used by the ApiFunction construct and by `npm run bench`, so the
 * bundle measured is the bundle deployed.
 */
const shim = (file: string) =>
  fileURLToPath(new URL(`../../../functions/core/bundling/${file}`, import.meta.url));

export const lambdaBundling = {
  target: 'node24',
  platform: 'node',
  format: 'esm',
  mainFields: ['module', 'main'],
  minify: true,
  /** Lets the bundled CommonJS dependencies call `require` inside an ES module. */
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  /** Modules swapped for smaller ones of ours; each file says why (docs/decisions.md, "Lean Lambdas"). */
  alias: {
    '@aws-sdk/credential-provider-node': shim('credentials-from-env.ts'),
    jsonschema: shim('electrodb-model-check.ts'),
  },
} as const;

/** The handler module of a bundle: `index.handler`. */
export const LAMBDA_ENTRY_FILE = 'index.mjs';

/**
 * Bundles a group's handler map into `outdir`: `index.mjs`, the chunks it loads on demand under
 * `chunks/`, and source maps. Synchronous, as CDK's local bundling is.
 *
 * It ships no chunk that nothing loads. esbuild makes a chunk of every `import()` in a module it
 * reads, even when tree shaking then drops the code that calls it: a domain's entry re-exports
 * modules a group uses only in part (docs/architecture.md §17), so a group would ship, say, the
 * SES client that none of its code can load, and code those chunks share with the ones it does
 * load would move into chunks loaded at start. So a bundle whose chunks are not all reached from
 * its entry is built again with those modules left out (external: no code that is kept imports
 * them), until every chunk is reached.
 */
export function bundleLambda(entry: string, outdir: string, options: { sourcemap?: boolean } = {}): Metafile {
  const leftOut = new Set<string>();
  for (;;) {
    const { metafile } = buildSync({
      ...lambdaBundling,
      mainFields: [...lambdaBundling.mainFields],
      banner: { js: lambdaBundling.banner },
      entryPoints: { index: entry },
      outdir,
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunks/[name]-[hash]',
      splitting: true,
      bundle: true,
      sourcemap: options.sourcemap ?? true,
      metafile: true,
      logLevel: 'error',
      external: [...leftOut],
    });
    const unreached = unreachedChunks(metafile);
    if (!unreached.length) return metafile;
    const fresh = unreached.map((module) => path.resolve(module)).filter((module) => !leftOut.has(module));
    if (!fresh.length) throw new Error(`esbuild still makes chunks nothing loads: ${unreached.join(', ')}`);
    for (const file of Object.keys(metafile.outputs)) rmSync(file, { force: true });
    for (const module of fresh) leftOut.add(module);
  }
}

/** The modules whose chunks no code of the bundle loads: neither the entry nor what it imports. */
function unreachedChunks(metafile: Metafile): string[] {
  const entry = Object.keys(metafile.outputs).find((file) => path.basename(file) === LAMBDA_ENTRY_FILE);
  const reached = new Set(entry ? [entry] : []);
  for (const file of reached) {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (metafile.outputs[imported.path]) reached.add(imported.path);
    }
  }
  return Object.entries(metafile.outputs)
    .filter(([file, output]) => file.endsWith('.mjs') && !reached.has(file) && output.entryPoint)
    .map(([, output]) => output.entryPoint!);
}

/**
 * What a cold start loads (the entry and its static imports, transitively), its bytes, and the
 * bytes of every file of the bundle.
 */
export function bundleWeight(metafile: Metafile): { loaded: Set<string>; atStart: number; total: number } {
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.mjs'));
  const entry = outputs.find(
    ([file]) => file.endsWith(`/${LAMBDA_ENTRY_FILE}`) || file === LAMBDA_ENTRY_FILE,
  );
  const loaded = new Set<string>(entry ? [entry[0]] : []);
  for (const file of loaded) {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && metafile.outputs[imported.path]) loaded.add(imported.path);
    }
  }
  const bytes = (files: Iterable<string>) =>
    [...files].reduce((sum, file) => sum + metafile.outputs[file]!.bytes, 0);
  return { loaded, atStart: bytes(loaded), total: bytes(outputs.map(([file]) => file)) };
}
