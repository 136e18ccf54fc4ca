import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { authRoutes } from '@shared/api/auth-routes';
import type {
  LoginInput,
  LoginResult,
  MfaChallenge,
  SignInResult,
  SocialLoginInput,
} from '@shared/schemas/auth';
import type { Me } from '@shared/schemas/me';
import { callRoute, readRoute } from '../api/call';
import type { ApiReply } from '../api/client';
import { keys, meRoute, useMe, useMyPackage } from '../api/hooks';
import { sessionStore, type Area, type EndReason, type Session } from './session';

/**
 * A sign-in whose password (or provider) was right and that waits for a code from the person's
 * authenticator app, or for one to be set up first (every super admin; client users who turned
 * it on). The login page shows the code step while there is one for its area.
 */
export interface PendingSignIn {
  area: Area;
  challenge: MfaChallenge;
}

export interface AuthState {
  session: Session | null;
  /** Why the last session ended; guards use it to tell a logout from an expiry. */
  reason: EndReason;
  /** The profile of the signed-in user, once loaded. */
  me: Me | undefined;
  /**
   * Why the profile could not be loaded, until it is. The session stays (only a 401 ends it, in
   * the fetch client); the guards show the error with a retry.
   */
  meError: Error | undefined;
  /** True while the profile is being loaded or loaded again. */
  meLoading: boolean;
  /** Loads the profile again. */
  reloadMe: () => void;
  /**
   * Signs in: login, then the profile, then the session starts. Resolves false on failure
   * (already toasted), and when the sign-in waits for a code (`pendingSignIn`).
   */
  login: (area: Area, input: LoginInput) => Promise<boolean>;
  /** Signs in with the code of a social provider's popup (auth/usePopupCode.ts), exactly as `login` does. */
  socialLogin: (area: Area, input: SocialLoginInput) => Promise<boolean>;
  /** The sign-in waiting for its second factor, if any. */
  pendingSignIn: PendingSignIn | null;
  /**
   * Completes the pending sign-in with a code from the authenticator app; the session starts as
   * after a password. Rejects with the API's error (not toasted): the code step shows it.
   */
  answerChallenge: (code: string) => Promise<void>;
  /** Drops the pending sign-in: back to the login form. */
  cancelChallenge: () => void;
  /**
   * Logs out on the server (best effort) and forgets the session. While acting as a user it ends
   * the impersonation only: the admin is back in their own session.
   */
  logout: () => Promise<void>;
  /**
   * A super admin starts acting as a client user with the token of GET /admin/impersonate/{id};
   * `returnTo` is the admin page to come back to. Nothing cached of an earlier impersonation stays.
   */
  impersonate: (token: string, returnTo: string) => Promise<void>;
  /** Ends the impersonation on the server (best effort) and gives the admin their session back. */
  endImpersonation: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** "First Last" of a profile. */
export function fullName(me: Pick<Me, 'first_name' | 'last_name'>): string {
  return [me.first_name, me.last_name].filter(Boolean).join(' ');
}

/**
 * Holds the session (from localStorage, see session.ts) and loads the profile (and, for
 * clients, the package) while there is one. Only a 401 ends the session (the fetch client
 * does that); a profile that cannot be loaded for any other reason (no answer, a timeout, a
 * 5xx) leaves the user signed in, with the error toasted and offered for a retry.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { session, reason } = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.get,
    sessionStore.get,
  );
  const { mutate } = useSWRConfig();
  const area = session?.area ?? null;
  const { data: me, error: meError, isValidating: meLoading, mutate: mutateMe } = useMe(area);
  useMyPackage(area === 'client');
  const reloadMe = useCallback(() => void mutateMe(), [mutateMe]);

  useEffect(() => {
    // Nothing of a previous user may be shown to the next one.
    if (!session) void mutate(() => true, undefined, { revalidate: false });
  }, [session, mutate]);

  useEffect(() => {
    // An impersonation that ended by itself (its hour is over, the user was deactivated).
    if (session?.area === 'admin' && reason === 'expired') {
      toast.info('The session as the user has ended. You are back in your own session.', {
        id: 'impersonation-ended',
      });
    }
  }, [session, reason]);

  const [pendingSignIn, setPendingSignIn] = useState<PendingSignIn | null>(null);

  // The token, then the profile with it, then the session.
  const begin = useCallback(
    async (signInArea: Area, result: LoginResult) => {
      const profile = await readRoute(meRoute[signInArea], undefined, { token: result.access_token });
      await mutate(keys.me(signInArea), profile, { revalidate: false });
      setPendingSignIn(null);
      sessionStore.set({ token: result.access_token, area: signInArea });
      toast.success('Welcome');
      toast.success(`Logged in as ${fullName(profile)}`);
    },
    [mutate],
  );

  // Password and social sign-in alike; a second factor asked for waits in `pendingSignIn`.
  const signIn = useCallback(
    async (signInArea: Area, send: () => Promise<ApiReply<SignInResult>>) => {
      try {
        const { result } = await send();
        if ('challenge' in result) {
          setPendingSignIn({ area: signInArea, challenge: result });
          return false;
        }
        await begin(signInArea, result);
        return true;
      } catch {
        return false;
      }
    },
    [begin],
  );

  const answerChallenge = useCallback(
    async (code: string) => {
      if (!pendingSignIn) return;
      const { area: signInArea, challenge } = pendingSignIn;
      const { result } = await callRoute(
        { client: authRoutes['client-mfa'], admin: authRoutes['admin-mfa'] }[signInArea],
        { body: { mfa_token: challenge.mfa_token, code } },
        { token: null, toastErrors: false },
      );
      await begin(signInArea, result);
    },
    [pendingSignIn, begin],
  );
  const cancelChallenge = useCallback(() => setPendingSignIn(null), []);

  const login = useCallback(
    (loginArea: Area, input: LoginInput) =>
      signIn(loginArea, () =>
        callRoute(
          { client: authRoutes['client-login'], admin: authRoutes['admin-login'] }[loginArea],
          { body: input },
          { token: null },
        ),
      ),
    [signIn],
  );
  const socialLogin = useCallback(
    (loginArea: Area, input: SocialLoginInput) =>
      signIn(loginArea, () =>
        callRoute(
          { client: authRoutes['client-social-login'], admin: authRoutes['admin-social-login'] }[loginArea],
          { body: input },
          { token: null },
        ),
      ),
    [signIn],
  );

  const endImpersonation = useCallback(async () => {
    const current = sessionStore.get().session;
    if (!current?.impersonator) return;
    try {
      // Ends this impersonation only, not the user's own sessions; its token is given explicitly
      // so that a 401 here does not count as the session expiring.
      await callRoute(authRoutes['client-logout'], undefined, { token: current.token, toastErrors: false });
    } catch {
      // The token is forgotten either way, and expires within the hour.
    }
    sessionStore.endImpersonation();
  }, []);

  const impersonate = useCallback(
    async (token: string, returnTo: string) => {
      await mutate((key) => typeof key === 'string' && key.startsWith('/client/'), undefined, {
        revalidate: false,
      });
      sessionStore.impersonate(token, returnTo);
    },
    [mutate],
  );

  const logout = useCallback(async () => {
    const current = sessionStore.get().session;
    if (!current) return;
    if (current.impersonator) return endImpersonation();
    try {
      // The token is given explicitly so that a 401 here (e.g. after a password change ended
      // every session) neither refreshes nor ends the session as expired.
      await callRoute(
        { client: authRoutes['client-logout'], admin: authRoutes['admin-logout'] }[current.area],
        undefined,
        {
          token: current.token,
          toastErrors: false,
        },
      );
    } catch {
      // The token is forgotten either way.
    }
    sessionStore.clear('logout');
  }, [endImpersonation]);

  const value = useMemo<AuthState>(
    () => ({
      session,
      reason,
      me: session ? me : undefined,
      meError: session && meError instanceof Error ? meError : undefined,
      meLoading: session !== null && meLoading,
      reloadMe,
      login,
      socialLogin,
      pendingSignIn,
      answerChallenge,
      cancelChallenge,
      logout,
      impersonate,
      endImpersonation,
    }),
    [
      session,
      reason,
      me,
      meError,
      meLoading,
      reloadMe,
      login,
      socialLogin,
      pendingSignIn,
      answerChallenge,
      cancelChallenge,
      logout,
      impersonate,
      endImpersonation,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
