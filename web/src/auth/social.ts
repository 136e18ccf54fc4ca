import type { Area } from './session';

/**
 * The browser's half of social sign-in (admin-and-auth §2 "Login screen"): an authorization-code
 * request with PKCE, `state` and `nonce` at the identity broker, in a popup.
 *
 * The login page keeps the code verifier and the nonce in memory and writes what the popup's pages
 * need to localStorage['auth.social']: the proxy page forwards to `endpoint` with the same query
 * string when `state` and `provider` match; the return page checks `state` before posting the code
 * to its opener, and forgets the entry.
 */

/** localStorage['auth.social']: the attempt in progress, as the popup's pages read it. */
export interface StoredAttempt {
  state: string;
  provider: string;
  area: Area;
  endpoint: string;
}

/** What the return page posts to its opener: the code, or why there is none. */
export type PopupMessage = { provider: string; code: string } | { provider: string; error: string };

export const SOCIAL_KEY = 'auth.social';

/** Posted by the return page when `state` is not the one the login page stored. */
export const STATE_MISMATCH = 'The sign-in could not be confirmed. Please try again';

/** The popup's window name: a second click reuses the window rather than opening another. */
export const POPUP_NAME = 'spaces-social-sign-in';

/** The secrets of one attempt, made ahead so that the click can open the popup at once. */
export interface Prepared {
  state: string;
  nonce: string;
  verifier: string;
  challenge: string;
}

const base64url = (bytes: ArrayBuffer | Uint8Array): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const random = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** 32 random bytes each for state, nonce and verifier; the challenge is SHA-256 of the verifier (S256). */
export async function prepare(): Promise<Prepared> {
  const verifier = random();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { state: random(), nonce: random(), verifier, challenge: base64url(digest) };
}

/** The attempt stored for the popup's pages, when it is whole. */
export function readStoredAttempt(): StoredAttempt | null {
  try {
    const value = JSON.parse(localStorage.getItem(SOCIAL_KEY) ?? 'null') as Partial<StoredAttempt> | null;
    return value &&
      typeof value.state === 'string' &&
      typeof value.provider === 'string' &&
      typeof value.endpoint === 'string' &&
      /^https?:\/\//.test(value.endpoint)
      ? {
          state: value.state,
          provider: value.provider,
          area: value.area === 'admin' ? 'admin' : 'client',
          endpoint: value.endpoint,
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
