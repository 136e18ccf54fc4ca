import { Flex, Heading, View } from '@aws-amplify/ui-react';
import { NavLink, Outlet } from 'react-router-dom';
import { allows } from '@shared/roles';
import { isClientMe } from '@shared/me';
import { useAuth } from '@web/auth/AuthProvider';
import { AccountInfo } from './AccountInfo';

const tabs = [
  { to: '/c/account-management', label: 'Users', end: true },
  { to: '/c/account-management/activity-log', label: 'Activity', end: false },
] as const;

/**
 * /c/account-management (docs/product/client-area.md §2 "Account management"): the Account Info box on the left
 * for an Account Admin, and on the right the Users tab (exact path) and the Activity tab
 * (activity-log), each a route of its own.
 */
export function AccountPage() {
  const { me } = useAuth();
  if (!me || !isClientMe(me)) return null;
  const accountAdmin = allows(me.rolesAttr, 'account.permission.add');
  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>Account</Heading>
      <Flex gap="large" wrap="wrap" alignItems="flex-start">
        {accountAdmin && (
          <View flex="1 1 15rem" maxWidth="19rem">
            <AccountInfo me={me} />
          </View>
        )}
        <Flex direction="column" gap="medium" flex="3 1 32rem" minWidth="0">
          <Flex as="nav" aria-label="Account tabs" gap="small" className="account-tabs">
            {tabs.map((tab) => (
              <NavLink
                key={tab.to}
                to={tab.to}
                end={tab.end}
                style={({ isActive }) => ({
                  padding: '0.5rem 1rem',
                  borderBottom: `3px solid ${isActive ? 'var(--amplify-colors-primary-80)' : 'transparent'}`,
                  color: 'var(--amplify-colors-font-primary)',
                  fontWeight: isActive ? 700 : 400,
                  textDecoration: 'none',
                })}
              >
                {tab.label}
              </NavLink>
            ))}
          </Flex>
          <Outlet />
        </Flex>
      </Flex>
    </Flex>
  );
}
