import { Badge } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { sessionStore } from '../auth/session';
import { AreaLayout } from './AreaLayout';
import type { MenuEntry } from './SideMenu';

/** The admin menu: every entry is for super admins, the only admin role. */
export const adminMenu: MenuEntry[] = [
  { path: '/admin', label: 'Dashboard', end: true },
  { path: '/admin/accounts', label: 'Accounts' },
  { path: '/admin/users', label: 'Admin users' },
  { path: '/admin/configuration', label: 'Configuration' },
];

/**
 * The super-admin area (/admin). After an impersonation ends, the guard brings the admin here,
 * and from here they go back to the page they left.
 */
export function AdminLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    const returnTo = sessionStore.takeReturnPath();
    if (returnTo) void navigate(returnTo, { replace: true });
  }, [navigate]);
  return <AreaLayout menu={adminMenu} header={<Badge variation="info">Admin</Badge>} />;
}
