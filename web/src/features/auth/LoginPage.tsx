import { lazy, Suspense, useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import type { Area } from '../../auth/session';
import { LoginBanners } from '../../components/Banners';
import { AuthShell } from './AuthShell';
import { LoginForm } from './LoginForm';
import { RecoverForm } from './RecoverForm';
import { SocialPlaceholder } from './SocialFrame';

// The social buttons wait for the broker's configuration anyway: their code comes meanwhile, so
// that the form draws sooner.
const SocialSignIn = lazy(() => import('./SocialSignIn').then((m) => ({ default: m.SocialSignIn })));
// Only those asked for a second factor need it (and the QR code's library).
const SecondFactorStep = lazy(() =>
  import('./SecondFactorStep').then((m) => ({ default: m.SecondFactorStep })),
);

/**
 * /login and /admin/login: the login form and the social sign-in buttons, or the recover-password
 * form after 'Forgot password', or the code of the authenticator app once the password (or the
 * provider) was right and a second factor is asked for; the login pages' banner announcements
 * above and below it.
 */
export function LoginPage({ area }: { area: Area }) {
  const [recovering, setRecovering] = useState(false);
  const { pendingSignIn } = useAuth();
  if (pendingSignIn?.area === area) {
    return (
      <AuthShell subtitle={area === 'admin' ? 'Admin' : undefined}>
        <Suspense fallback={null}>
          <SecondFactorStep key={pendingSignIn.challenge.mfa_token} challenge={pendingSignIn.challenge} />
        </Suspense>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      subtitle={area === 'admin' ? 'Admin' : undefined}
      above={<LoginBanners row="top" />}
      below={<LoginBanners row="bottom" />}
    >
      {recovering ? (
        <RecoverForm area={area} onClose={() => setRecovering(false)} />
      ) : (
        <LoginForm area={area} onForgot={() => setRecovering(true)} />
      )}
      <Suspense fallback={recovering ? null : <SocialPlaceholder area={area} />}>
        <SocialSignIn area={area} hidden={recovering} />
      </Suspense>
    </AuthShell>
  );
}
