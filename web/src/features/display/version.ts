import { useEffect } from 'react';

/**
 * The version of the build this page came from, baked in by web/plugins/build-version.ts, which
 * also writes it to `/version.json`. 'dev' where no build put it there (the Vite dev server, tests).
 */
declare const __SPACES_BUILD__: string | undefined;
export const APP_VERSION: string = typeof __SPACES_BUILD__ === 'string' ? __SPACES_BUILD__ : 'dev';

/** How often a display asks whether a new version was deployed. */
export const VERSION_CHECK_MS = 5 * 60_000;

/** The version `/version.json` names now; undefined when it cannot be read (offline, no build). */
export async function deployedVersion(): Promise<string | undefined> {
  try {
    const response = await fetch('/version.json', { cache: 'no-store' });
    if (!response.ok) return undefined;
    const body = (await response.json()) as unknown;
    return body && typeof body === 'object' && 'version' in body && typeof body.version === 'string'
      ? body.version
      : undefined;
  } catch {
    return undefined;
  }
}

const reloadPage = () => window.location.reload();

/**
 * Reloads the page when `/version.json` names another version than `current`, asking every
 * `VERSION_CHECK_MS` and when the display comes back online: a screen on a wall is never reloaded
 * by hand. A page without a build's version ('dev') never reloads itself.
 */
export function useReloadOnNewVersion(current: string = APP_VERSION, reload: () => void = reloadPage) {
  useEffect(() => {
    if (current === 'dev') return;
    let stopped = false;
    const check = async () => {
      const deployed = await deployedVersion();
      if (!stopped && deployed && deployed !== current) reload();
    };
    const timer = setInterval(() => void check(), VERSION_CHECK_MS);
    const online = () => void check();
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [current, reload]);
}
