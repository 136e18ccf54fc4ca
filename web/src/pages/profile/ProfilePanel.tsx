import { lazy, Suspense, useState } from 'react';
import { PageLoader } from '../../components/PageLoader';
import { SidePanel } from '../../components/SidePanel';
import { useAuth } from '../../auth/AuthProvider';
import { ProfileView } from './ProfileView';

// The forms (react-hook-form, the zod schemas, the photo cropper) load when the user opens one.
const ProfileForm = lazy(() => import('./ProfileForm').then((m) => ({ default: m.ProfileForm })));
const PasswordChangeForm = lazy(() =>
  import('./PasswordChangeForm').then((m) => ({ default: m.PasswordChangeForm })),
);

type Mode = 'view' | 'edit' | 'password';

const titles: Record<Mode, string> = {
  view: 'My profile',
  edit: 'Edit profile',
  password: 'Change password',
};

/** The own-profile side panel: read-only first, then Edit or Change password. */
export function ProfilePanel({ onClose }: { onClose: () => void }) {
  const { me, session } = useAuth();
  const [mode, setMode] = useState<Mode>('view');
  if (!me || !session) return null;
  return (
    <SidePanel title={titles[mode]} onClose={onClose}>
      {mode === 'view' && (
        <ProfileView me={me} onEdit={() => setMode('edit')} onChangePassword={() => setMode('password')} />
      )}
      <Suspense fallback={<PageLoader />}>
        {mode === 'edit' && <ProfileForm me={me} area={session.area} onDone={() => setMode('view')} />}
        {mode === 'password' && <PasswordChangeForm area={session.area} onCancel={() => setMode('view')} />}
      </Suspense>
    </SidePanel>
  );
}
