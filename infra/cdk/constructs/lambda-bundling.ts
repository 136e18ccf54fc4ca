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
 */
export function bundleLambda(entry: string, outdir: string, options: { sourcemap?: boolean } = {}): Metafile {
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
  });
  return withoutOrphans(metafile);
}

/**
 * Deletes the chunks that nothing loads. esbuild makes a chunk of every `import()` in a module it
 * reads, even when tree shaking then drops the code that calls it: a domain's entry re-exports
 * modules a group uses only in part (docs/architecture.md, section 17), so a group would ship,
 * say, the SES client that none of its code can load. What stays is the entry and what it
 * imports, statically or on demand, transitively.
 */
function withoutOrphans(metafile: Metafile): Metafile {
  const entry = Object.keys(metafile.outputs).find((file) => path.basename(file) === LAMBDA_ENTRY_FILE);
  if (!entry) return metafile;
  const reached = new Set([entry]);
  for (const file of reached) {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (metafile.outputs[imported.path]) reached.add(imported.path);
    }
  }
  const outputs: Metafile['outputs'] = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const of = file.endsWith('.map') ? file.slice(0, -'.map'.length) : file;
    if (reached.has(of)) outputs[file] = output;
    else rmSync(file, { force: true });
  }
  return { ...metafile, outputs };
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
