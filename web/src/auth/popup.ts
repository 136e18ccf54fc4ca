import type { PopupFlow } from './popupFlows';
import type { Area } from './session';

/**
 * The attempt a popup (./popupFlows.ts) is making, as its pages read it. The page that opens the
 * window keeps its secrets in memory (./usePopupCode.ts) and writes what the window's pages need
 * to localStorage[flow.key]: the proxy page forwards to `endpoint` with the same query string when
 * `state` and `provider` match; the return page checks `state` before posting the code to its
 * opener, and forgets the entry.
 */

/** localStorage[flow.key]: the attempt in progress. */
export interface StoredAttempt {
  state: string;
  provider: string;
  endpoint: string;
  /** Sign-in only: the area whose login the return page links to when opened by hand. */
  area?: Area;
}

/** What the return page posts to its opener: the code, or why there is none. */
export type PopupMessage = { provider: string; code: string } | { provider: string; error: string };

/** docs/product/client-area.md §8, docs/product/admin-and-auth.md §2: a popup message from any origin but the product's own. */
export const UNKNOWN_SOURCE = 'Event from unknown source';

const base64url = (bytes: ArrayBuffer | Uint8Array): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** 32 random bytes, base64url: an attempt's `state`, a nonce, a PKCE verifier. */
export const randomToken = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** The sign-in's secrets (OIDC with PKCE), made ahead so that the click can open the popup at once. */
export interface Prepared {
  nonce: string;
  verifier: string;
  challenge: string;
}

/** A nonce and a verifier; the challenge is SHA-256 of the verifier (S256). */
export async function prepare(): Promise<Prepared> {
  const verifier = randomToken();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { nonce: randomToken(), verifier, challenge: base64url(digest) };
}

/** The attempt stored for the flow's window, when it is whole. */
export function readStoredAttempt(flow: PopupFlow): StoredAttempt | null {
  try {
    const value = JSON.parse(localStorage.getItem(flow.key) ?? 'null') as Partial<StoredAttempt> | null;
    return value &&
      typeof value.state === 'string' &&
      typeof value.provider === 'string' &&
      typeof value.endpoint === 'string' &&
      /^https?:\/\//.test(value.endpoint)
      ? {
          state: value.state,
          provider: value.provider,
          endpoint: value.endpoint,
          ...(value.area ? { area: value.area === 'admin' ? 'admin' : 'client' } : {}),
        }
      : null;
  } catch {
    return null;
  }
}

/**
 * Leaving for another page: `location.replace` (the proxy page stays out of the popup's history).
 * An object so that tests can stand in for the navigation jsdom does not do.
 */
export const navigate = {
  replace(url: string) {
    window.location.replace(url);
  },
};
