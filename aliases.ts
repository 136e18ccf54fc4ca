import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The import aliases (`@shared/…`, `@core/…`, …) of tsconfig.json's `paths`, as the
 * `resolve.alias` entries of Vite and Vitest: tsconfig.json is the one list, which TypeScript,
 * esbuild (the Lambda bundles) and tsx (`npm start`, the scripts) read themselves.
 */
export function importAliases(): Array<{ find: RegExp; replacement: string }> {
  const { compilerOptions } = JSON.parse(readFileSync(`${root}tsconfig.json`, 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.entries(compilerOptions.paths).map(([pattern, [target]]) => ({
    find: new RegExp(`^${pattern.replace('/*', '/')}`),
    replacement: `${root}${target!.replace(/^\.\//, '').replace('*', '')}`,
  }));
}
