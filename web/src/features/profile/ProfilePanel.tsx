import { lazy, Suspense, useCallback, useState } from 'react';
import { isClientMe } from '@shared/me';
import { PageLoader } from '../../components/PageLoader';
import { SidePanel } from '../../components/SidePanel';
import { useAuth } from '../../auth/AuthProvider';
import { LinkedSignIns } from './LinkedSignIns';
import { ProfileView } from './ProfileView';

// The forms (react-hook-form, the zod schemas, the photo cropper) load when the user opens one.
const ProfileForm = lazy(() => import('./ProfileForm').then((m) => ({ default: m.ProfileForm })));
const PasswordChangeForm = lazy(() =>
  import('./PasswordChangeForm').then((m) => ({ default: m.PasswordChangeForm })),
);
const SecondFactorForm = lazy(() =>
  import('./SecondFactorForm').then((m) => ({ default: m.SecondFactorForm })),
);

type Mode = 'view' | 'edit' | 'password' | 'mfa';

const titles: Record<Mode, string> = {
  view: 'My profile',
  edit: 'Edit profile',
  password: 'Change password',
  mfa: 'Two-factor authentication',
};

/**
 * The own-profile side panel: read-only first with the linked sign-ins, then Edit, Change password
 * or two-factor authentication.
 */
export function ProfilePanel({ onClose }: { onClose: () => void }) {
  const { me, session } = useAuth();
  const [mode, setMode] = useState<Mode>('view');
  const toView = useCallback(() => setMode('view'), []);
  if (!me || !session) return null;
  return (
    <SidePanel title={titles[mode]} onClose={onClose}>
      {mode === 'view' && (
        <>
          <ProfileView
            me={me}
            onEdit={() => setMode('edit')}
            onChangePassword={() => setMode('password')}
            onSecondFactor={() => setMode('mfa')}
          />
          <LinkedSignIns area={session.area} readOnly={isClientMe(me) && !!me.impersonated_by} />
        </>
      )}
      <Suspense fallback={<PageLoader />}>
        {mode === 'edit' && <ProfileForm me={me} area={session.area} onDone={toView} />}
        {mode === 'password' && <PasswordChangeForm area={session.area} onCancel={toView} />}
        {mode === 'mfa' && isClientMe(me) && (
          <SecondFactorForm enabled={me.mfa_enabled === true} onDone={toView} />
        )}
      </Suspense>
    </SidePanel>
  );
}
