import { Button } from '@aws-amplify/ui-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { LoadFailed } from '../components/LoadFailed';
import { PageLoader } from '../components/PageLoader';
import { Standalone } from '../components/Standalone';
import { useAuth } from './AuthProvider';
import { areaHome, areaLogin, type Area } from './session';

/**
 * Route guards (docs/product/admin-and-auth.md §2 "Route guards"). Those of the client area's sections, which
 * need the role rules, are in sections.tsx and load with the client area.
 */

function RedirectWithToast({ to, message, kind }: { to: string; message: string; kind: 'error' | 'info' }) {
  useEffect(() => {
    // The id keeps StrictMode's second effect run from showing the toast twice.
    if (kind === 'error') toast.error(message, { id: message });
    else toast.info(message, { id: message });
  }, [message, kind]);
  return <Navigate to={to} replace />;
}

/** A same-site path to go to after login, or null when the value is missing or points elsewhere. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/**
 * The signed-in user whose profile could not be loaded (no answer, a timeout, a 5xx): still
 * signed in, with the reason, Retry, and Log out.
 */
function ProfileUnavailable({ reason }: { reason: string }) {
  const { meLoading, reloadMe, logout } = useAuth();
  return (
    <Standalone>
      <LoadFailed
        title="Your profile could not be loaded"
        reason={reason}
        note="You are still signed in. Try again, or log out."
        retrying={meLoading}
        onRetry={reloadMe}
      >
        <Button onClick={() => void logout()}>Log out</Button>
      </LoadFailed>
    </Standalone>
  );
}

/**
 * Lets only a signed-in user of `area` through, once the profile is loaded; while it cannot be
 * loaded, shows why with a retry. Guests see 'Please log in!' and go to the area's login with
 * `?redirect=<wanted path>`; after a logout they go there quietly. A user of the other area goes
 * to their own home.
 */
export function RequireAuth({ area, children }: { area: Area; children?: ReactNode }) {
  const { session, reason, me, meError } = useAuth();
  const location = useLocation();
  if (!session) {
    if (reason === 'logout') return <Navigate to={areaLogin[area]} replace />;
    const wanted = encodeURIComponent(location.pathname + location.search);
    return (
      <RedirectWithToast to={`${areaLogin[area]}?redirect=${wanted}`} message="Please log in!" kind="error" />
    );
  }
  if (session.area !== area) return <Navigate to={areaHome[session.area]} replace />;
  if (!me) return meError ? <ProfileUnavailable reason={meError.message} /> : <PageLoader />;
  return children ?? <Outlet />;
}

/**
 * Lets only guests through. A user who was already signed in when the page opened sees
 * 'Already logged in!' and goes home; one who signs in here goes to `?redirect` or home.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { session, me } = useAuth();
  const [signedInOnArrival] = useState(() => session !== null);
  const [params] = useSearchParams();
  if (session && signedInOnArrival) {
    return <RedirectWithToast to={areaHome[session.area]} message="Already logged in!" kind="info" />;
  }
  if (session && me)
    return <Navigate to={safeRedirect(params.get('redirect')) ?? areaHome[session.area]} replace />;
  return children;
}

/** /: a super admin to /admin, a client user to /c, a guest to /login. */
export function RootRedirect() {
  const { session } = useAuth();
  return <Navigate to={session ? areaHome[session.area] : areaLogin.client} replace />;
}
