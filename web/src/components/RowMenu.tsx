import { Button, Menu, MenuItem } from '@aws-amplify/ui-react';

export interface RowMenuItem {
  label: string;
  onClick: () => void;
}

/** A table row's menu (⋯): Details, Edit, Delete… named for the row for screen readers. */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  return (
    <Menu
      menuAlign="end"
      trigger={
        <Button size="small" variation="link" aria-label={label}>
          ⋯
        </Button>
      }
    >
      {items.map((item) => (
        <MenuItem key={item.label} onClick={item.onClick}>
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
