import { fileURLToPath } from 'node:url';

/**
 * How every Lambda is bundled: one ES module for Node.js 24, minified, the AWS SDK included (the
 * code runs on the SDK version it was tested with). Read by the ApiFunction construct and by
 * `npm run bench`, so the bundle measured is the bundle deployed.
 */
const shim = (file: string) => fileURLToPath(new URL(`../../../functions/bundling/${file}`, import.meta.url));

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
