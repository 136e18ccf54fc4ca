import { Flex, View } from '@aws-amplify/ui-react';
import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { ProfilePanel } from '../features/profile/lazyProfilePanel';
import { Header } from './Header';
import { SideMenu, type MenuEntry } from './SideMenu';

/**
 * Header, side menu and <main> of an area; the profile panel opens from the user menu. `notice`
 * goes above the header (the impersonation bar).
 */
export function AreaLayout({
  header,
  menu,
  notice,
}: {
  header: ReactNode;
  menu: MenuEntry[];
  notice?: ReactNode;
}) {
  const [profileOpen, setProfileOpen] = useState(false);
  const closeProfile = useCallback(() => setProfileOpen(false), []);
  return (
    <Flex direction="column" minHeight="100vh" gap="0">
      {notice}
      <Header onAccount={() => setProfileOpen(true)}>{header}</Header>
      <Flex flex="1" gap="0" alignItems="stretch" className="spaces-area-body">
        <SideMenu entries={menu} />
        <View as="main" flex="1" padding="large" minWidth="0">
          <Outlet />
        </View>
      </Flex>
      {profileOpen && (
        <Suspense fallback={null}>
          <ProfilePanel onClose={closeProfile} />
        </Suspense>
      )}
    </Flex>
  );
}
