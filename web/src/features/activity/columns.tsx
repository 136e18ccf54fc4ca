import { Avatar, Text } from '@aws-amplify/ui-react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { ActivityRow } from './rows';

const column = createColumnHelper<ActivityRow>();

/** "Ada Lovelace" → "AL"; an entry without a name shows the first letter of its text. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join('')
    .toUpperCase();

/**
 * The columns of an activity log (docs/product/client-area.md §2 "Activity tab", docs/product/admin-and-auth.md §2): image, user,
 * role, category, activity and time ('Do MMM, YYYY | h:mma'), sorted by the instant; with
 * `impersonation`, who acted as the user (the admin area's view).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own idiom for mixed column value types
export function activityColumns({ impersonation = false } = {}): ColumnDef<ActivityRow, any>[] {
  return [
    column.display({
      id: 'image',
      header: 'Image',
      // The API signs a URL of the actor's photo; without one, their initials stand in.
      cell: ({ row }) => (
        <Avatar src={row.original.photoUrl ?? undefined} alt={`Photo of ${row.original.user}`}>
          {initials(row.original.user)}
        </Avatar>
      ),
    }),
    column.accessor('user', { header: 'User' }),
    column.accessor('role', { header: 'Role' }),
    column.accessor('category', { header: 'Category' }),
    column.accessor('activity', { header: 'Activity', enableSorting: false }),
    column.accessor('time', {
      header: 'Time',
      cell: ({ row }) => (
        <Text as="span" whiteSpace="nowrap">
          {row.original.when}
        </Text>
      ),
    }),
    ...(impersonation ? [column.accessor('impersonatedBy', { header: 'Impersonated by' })] : []),
  ];
}
