import { useState } from 'react';
import type { Area } from '../../auth/session';
import { LoginBanners } from '../../components/Banners';
import { AuthShell } from './AuthShell';
import { LoginForm } from './LoginForm';
import { RecoverForm } from './RecoverForm';

/**
 * /login and /admin/login: the login form, or the recover-password form after 'Forgot password';
 * the login pages' banner announcements above and below it.
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
    </AuthShell>
  );
}
