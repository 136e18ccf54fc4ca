/**
 * The persisted sign-in: localStorage['auth.token'] holds the bearer token in use exactly as the
 * API issued it, and localStorage['auth.area'] says which area it belongs to ('client' or
 * 'admin'; a token without an area is read as a client token). While a super admin acts as a
 * client user (docs/product/admin-and-auth.md §4 "Impersonation"), auth.token holds the user's token and
 * localStorage['auth.impersonator'] keeps the admin's own token aside, with the admin page to
 * go back to. The store is the single source of truth: the fetch client reads and clears it,
 * React subscribes to it.
 */

export type Area = 'client' | 'admin';

/** The super admin behind a client session: their own token, and where they left the admin area. */
export interface Impersonator {
  token: string;
  returnTo: string;
}

export interface Session {
  token: string;
  area: Area;
  /** Set while a super admin acts as this client user. */
  impersonator?: Impersonator;
}

/**
 * Why the last session ended: the user logged out, or it ended by itself (a 401), or there was
 * none. With a session present, 'expired' says that an impersonation ended by itself and the
 * admin's own session is back.
 */
export type EndReason = 'logout' | 'expired' | null;

export interface SessionSnapshot {
  session: Session | null;
  reason: EndReason;
}

export const TOKEN_KEY = 'auth.token';
export const AREA_KEY = 'auth.area';
export const IMPERSONATOR_KEY = 'auth.impersonator';

/** The impersonator kept aside, when it is whole. */
function readImpersonator(): Impersonator | undefined {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(IMPERSONATOR_KEY) ?? 'null');
    if (!value || typeof value !== 'object') return undefined;
    const { token, returnTo } = value as Partial<Impersonator>;
    return typeof token === 'string' && token && typeof returnTo === 'string'
      ? { token, returnTo: returnTo.startsWith('/admin') ? returnTo : '/admin' }
      : undefined;
  } catch {
    return undefined;
  }
}

function read(): SessionSnapshot {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    if (!token) return { session: null, reason: null };
    const area: Area = localStorage.getItem(AREA_KEY) === 'admin' ? 'admin' : 'client';
    const impersonator = area === 'client' ? readImpersonator() : undefined;
    return { session: impersonator ? { token, area, impersonator } : { token, area }, reason: null };
  } catch {
    return { session: null, reason: null };
  }
}

let snapshot: SessionSnapshot = read();
const listeners = new Set<() => void>();
/** The admin page to go back to once an impersonation has ended in this tab, until taken. */
let returnPath: string | null = null;

function publish(next: SessionSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  /** The current snapshot; the same object until the session changes (for useSyncExternalStore). */
  get(): SessionSnapshot {
    return snapshot;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /**
   * Starts (or renews, after a refresh) a session and persists it. An impersonation is never
   * renewed: it has no refresh token of its own, so a client token arriving meanwhile came from
   * the browser's refresh cookie, which is someone else's sign-in; it is ignored, the expired
   * impersonation token then gets its 401, and the admin's session comes back (clear).
   */
  set(session: Session) {
    if (snapshot.session?.impersonator && session.area === 'client') return;
    localStorage.setItem(TOKEN_KEY, session.token);
    localStorage.setItem(AREA_KEY, session.area);
    localStorage.removeItem(IMPERSONATOR_KEY);
    publish({ session: { token: session.token, area: session.area }, reason: null });
  },
  /**
   * Ends the session and forgets the token. An impersonation that ends by itself (a 401: the
   * token's hour is over, the user or the account was deactivated) gives the admin their own
   * session back instead; if that has ended too, its own first 401 ends it.
   */
  clear(reason: Exclude<EndReason, null>) {
    if (reason === 'expired' && snapshot.session?.impersonator) {
      sessionStore.endImpersonation('expired');
      return;
    }
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(AREA_KEY);
    localStorage.removeItem(IMPERSONATOR_KEY);
    if (snapshot.session || snapshot.reason !== reason) publish({ session: null, reason });
  },
  /**
   * A super admin starts acting as a client user with the token GET /admin/impersonate/{id}
   * gave: the admin's own token is kept aside with `returnTo`, the admin page to go back to.
   */
  impersonate(token: string, returnTo: string) {
    const admin = snapshot.session;
    if (admin?.area !== 'admin') throw new Error('Only a signed-in super admin can act as a user');
    const impersonator: Impersonator = { token: admin.token, returnTo };
    localStorage.setItem(IMPERSONATOR_KEY, JSON.stringify(impersonator));
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(AREA_KEY, 'client');
    publish({ session: { token, area: 'client', impersonator }, reason: null });
  },
  /**
   * Ends an impersonation in the browser: the admin's own session is back, and the page they left
   * waits for the admin area (takeReturnPath). `reason` 'expired' when it ended by itself.
   */
  endImpersonation(reason: 'expired' | null = null) {
    const impersonator = snapshot.session?.impersonator;
    if (!impersonator) return;
    localStorage.setItem(TOKEN_KEY, impersonator.token);
    localStorage.setItem(AREA_KEY, 'admin');
    localStorage.removeItem(IMPERSONATOR_KEY);
    returnPath = impersonator.returnTo;
    publish({ session: { token: impersonator.token, area: 'admin' }, reason });
  },
  /** The admin page to go back to after an impersonation ended here, once. */
  takeReturnPath(): string | null {
    const path = returnPath;
    returnPath = null;
    return path;
  },
  /** Re-reads localStorage (on start-up, and in tests after seeding storage). */
  reload() {
    publish(read());
  },
};

/** Where each area starts, and where its login is. */
export const areaHome: Record<Area, string> = { client: '/c', admin: '/admin' };
export const areaLogin: Record<Area, string> = { client: '/login', admin: '/admin/login' };

// Another tab logged in or out: follow it.
window.addEventListener('storage', (event) => {
  if (
    event.key === null ||
    event.key === TOKEN_KEY ||
    event.key === AREA_KEY ||
    event.key === IMPERSONATOR_KEY
  )
    sessionStore.reload();
});
