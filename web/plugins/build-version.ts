import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The global the app reads its build's version from (web/src/features/display/version.ts). */
export const BUILD_VERSION_GLOBAL = '__SPACES_BUILD__';

/** `<package version>+<UTC time of the build>`, e.g. `0.1.0+20260314T091500Z`: new at every build. */
export function defaultBuildVersion(now = new Date()): string {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return `${version}+${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;
}

/**
 * Bakes one version into the bundle (the global `__SPACES_BUILD__`) and writes it to
 * `dist/version.json` as `{"version": "…"}`, which is served with `no-cache` (index.html's rule,
 * locally and on CloudFront): a room display that finds another version there than its own was
 * left behind by a deploy and reloads itself. `SPACES_BUILD_ID` sets it (a release tag or commit);
 * without it every build is a version of its own.
 */
export function buildVersion(version: string = process.env.SPACES_BUILD_ID || defaultBuildVersion()): Plugin {
  return {
    name: 'spaces:build-version',
    config: () => ({ define: { [BUILD_VERSION_GLOBAL]: JSON.stringify(version) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version })}\n` });
    },
  };
}
