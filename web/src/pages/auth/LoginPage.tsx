import { lazy, Suspense, useState } from 'react';
import type { Area } from '../../auth/session';
import { LoginBanners } from '../../components/Banners';
import { AuthShell } from './AuthShell';
import { LoginForm } from './LoginForm';
import { RecoverForm } from './RecoverForm';
import { SocialPlaceholder } from './SocialFrame';

// The social buttons wait for the broker's configuration anyway: their code comes meanwhile, so
// that the form draws sooner.
const SocialSignIn = lazy(() => import('./SocialSignIn').then((m) => ({ default: m.SocialSignIn })));

/**
 * /login and /admin/login: the login form and the social sign-in buttons, or the recover-password
 * form after 'Forgot password'; the login pages' banner announcements above and below it.
 */
export function LoginPage({ area }: { area: Area }) {
  const [recovering, setRecovering] = useState(false);
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
