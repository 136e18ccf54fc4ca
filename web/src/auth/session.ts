/**
 * The persisted sign-in: localStorage['auth.token'] holds the bearer token exactly as the
 * API issued it, and localStorage['auth.area'] says which area it belongs to ('client' or
 * 'admin'; a token without an area is read as a client token). The store is the single
 * source of truth: the fetch client reads and clears it, React subscribes to it.
 */

export type Area = 'client' | 'admin';

export interface Session {
  token: string;
  area: Area;
}

/** Why there is no session: the user logged out, the session ended (a 401), or never had one. */
export type EndReason = 'logout' | 'expired' | null;

export interface SessionSnapshot {
  session: Session | null;
  reason: EndReason;
}

export const TOKEN_KEY = 'auth.token';
export const AREA_KEY = 'auth.area';

function read(): SessionSnapshot {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    if (!token) return { session: null, reason: null };
    const area: Area = localStorage.getItem(AREA_KEY) === 'admin' ? 'admin' : 'client';
    return { session: { token, area }, reason: null };
  } catch {
    return { session: null, reason: null };
  }
}

let snapshot: SessionSnapshot = read();
const listeners = new Set<() => void>();

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
  /** Starts (or renews, after a refresh) a session and persists it. */
  set(session: Session) {
    localStorage.setItem(TOKEN_KEY, session.token);
    localStorage.setItem(AREA_KEY, session.area);
    publish({ session, reason: null });
  },
  /** Ends the session and forgets the token. */
  clear(reason: Exclude<EndReason, null>) {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(AREA_KEY);
    if (snapshot.session || snapshot.reason !== reason) publish({ session: null, reason });
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
  if (event.key === null || event.key === TOKEN_KEY || event.key === AREA_KEY) sessionStore.reload();
});
