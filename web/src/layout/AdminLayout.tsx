import { Badge } from '@aws-amplify/ui-react';
import { AreaLayout } from './AreaLayout';
import type { MenuEntry } from './SideMenu';

/** The admin menu: every entry is for super admins, the only admin role. */
export const adminMenu: MenuEntry[] = [
  { path: '/admin', label: 'Dashboard', end: true },
  { path: '/admin/accounts', label: 'Accounts' },
  { path: '/admin/users', label: 'Admin users' },
  { path: '/admin/configuration', label: 'Configuration' },
];

/** The super-admin area (/admin). */
export function AdminLayout() {
  return <AreaLayout menu={adminMenu} header={<Badge variation="info">Admin</Badge>} />;
}
