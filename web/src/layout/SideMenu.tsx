import { Flex, View } from '@aws-amplify/ui-react';
import { NavLink } from 'react-router-dom';

export interface MenuEntry {
  path: string;
  label: string;
  /** Active only on this exact path (e.g. the dashboard at /admin). */
  end?: boolean;
}

/** The side menu of an area: the entries the user may see. */
export function SideMenu({ entries }: { entries: MenuEntry[] }) {
  return (
    <View
      as="nav"
      aria-label="Main menu"
      padding="medium"
      minWidth="12rem"
      backgroundColor="background.secondary"
    >
      <Flex as="ul" direction="column" gap="xs" padding="0" margin="0" style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <li key={entry.path}>
            <NavLink to={entry.path} end={entry.end} className="spaces-nav-link">
              {entry.label}
            </NavLink>
          </li>
        ))}
      </Flex>
    </View>
  );
}
