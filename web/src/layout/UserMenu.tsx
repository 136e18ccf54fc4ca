import { Button, Menu, MenuItem } from '@aws-amplify/ui-react';
import { fullName, useAuth } from '../auth/AuthProvider';
import { loadProfilePanel } from '../features/profile/lazyProfilePanel';

/** The user menu of the header: Account (opens the profile panel) and Logout. */
export function UserMenu({ onAccount }: { onAccount: () => void }) {
  const { me, logout } = useAuth();
  if (!me) return null;
  return (
    <Menu
      menuAlign="end"
      onOpenChange={(open) => {
        if (open) loadProfilePanel().catch(() => {}); // the panel retries when it opens
      }}
      trigger={
        <Button variation="link" aria-label={`User menu of ${fullName(me)}`}>
          {fullName(me)}
        </Button>
      }
    >
      <MenuItem onClick={onAccount}>Account</MenuItem>
      <MenuItem onClick={() => void logout()}>Logout</MenuItem>
    </Menu>
  );
}
