import { useState } from 'react';
import { SidePanel } from '../../components/SidePanel';
import { useAuth } from '../../auth/AuthProvider';
import { PasswordChangeForm } from './PasswordChangeForm';
import { ProfileForm } from './ProfileForm';
import { ProfileView } from './ProfileView';

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
      {mode === 'edit' && <ProfileForm me={me} area={session.area} onDone={() => setMode('view')} />}
      {mode === 'password' && <PasswordChangeForm area={session.area} onCancel={() => setMode('view')} />}
    </SidePanel>
  );
}
