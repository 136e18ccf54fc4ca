import { Avatar, Flex, Heading, Link, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  activityComponents,
  activityFilterSchema,
  type ActivityEntry,
  type ActivityFilter,
} from '../../../../../shared/schemas/activity';
import { fieldErrors } from '../../../../../shared/schemas/common';
import { messages } from '../../../../../shared/schemas/messages';
import { useActivity, useActivityPerson, type ActivitySource } from '../../../api/admin-platform';
import { DataTable } from '../../../components/DataTable';
import { fieldProps } from '../../../components/form';
import { PageLoader } from '../../../components/PageLoader';
import { formatActivityTime, localDay } from '../../../activityTime';

/** The filter form: dates as the date fields hold them, and '' for every component. */
interface FilterForm {
  from_date: string;
  to_date: string;
  component: '' | (typeof activityComponents)[number];
}

/** The request body of a valid filter form; the component is left out for all. */
const filterOf = ({ component, ...dates }: FilterForm): ActivityFilter => ({
  ...dates,
  ...(component ? { component } : {}),
});

/**
 * Checks the form with the shared filter schema, its messages under the fields. The page always
 * asks for the dates it shows, so a cleared date is required here (the API would read it as its
 * default).
 */
function filterErrors(values: FilterForm): Record<string, string> {
  const parsed = activityFilterSchema.safeParse(filterOf(values));
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  for (const field of ['from_date', 'to_date'] as const) {
    if (!values[field]) errors[field] ??= messages.required;
  }
  return errors;
}

const resolver: Resolver<FilterForm> = (values) => {
  const errors = Object.entries(filterErrors(values)).map(([field, message]) => [
    field,
    { type: 'validation', message },
  ]);
  return errors.length ? { values: {}, errors: Object.fromEntries(errors) } : { values, errors: {} };
};

/** Activity log default range (admin-and-auth §9): from 30 days ago to today, as the API reads it. */
const DEFAULT_DAYS = 30;

const column = createColumnHelper<ActivityEntry>();

const personName = (who: { first_name: string | null; last_name: string | null }) =>
  [who.first_name, who.last_name].filter(Boolean).join(' ');
const initials = (who: { first_name: string | null; last_name: string | null }) =>
  `${who.first_name?.charAt(0) ?? ''}${who.last_name?.charAt(0) ?? ''}`.toUpperCase();

/**
 * The activity log of one person (admin-and-auth §2): /admin/users/{user_id}/activity-log for a
 * super admin, /admin/accounts/{account_id}/users/{user_id}/activity-log for an account user.
 * From and to dates (the last 30 days by default) and a category filter; the entries newest first
 * in pages of 10; a link back to the list the person came from.
 */
export function ActivityLogPage({ source }: { source: ActivitySource }) {
  const { user_id = '', account_id = '' } = useParams();
  const { data: person } = useActivityPerson(source, user_id);
  const form = useForm<FilterForm>({
    resolver,
    mode: 'onChange',
    defaultValues: { from_date: localDay(DEFAULT_DAYS), to_date: localDay(), component: '' },
  });
  const values = useWatch({ control: form.control }) as FilterForm;
  const valid = Object.keys(filterErrors(values)).length === 0;
  const { data, isLoading } = useActivity(source, user_id, valid ? filterOf(values) : null);

  const columns = useMemo(
    () => [
      column.display({
        id: 'image',
        header: 'Image',
        cell: ({ row }) => {
          const who = row.original.user;
          // The entry's photo is a stored key; a readable URL comes with `photo_url` when the API sends one.
          const url = (who as { photo_url?: string | null }).photo_url ?? undefined;
          return (
            <Avatar src={url} alt={`Photo of ${personName(who) || who.email || 'the user'}`}>
              {initials(who)}
            </Avatar>
          );
        },
      }),
      column.accessor((entry) => personName(entry.user) || entry.user.email || '—', {
        id: 'user',
        header: 'User',
      }),
      column.accessor((entry) => entry.user.user_role ?? '—', { id: 'role', header: 'Role' }),
      column.accessor('component', { header: 'Category' }),
      column.accessor('activity', { header: 'Activity', enableSorting: false }),
      column.accessor('time', {
        header: 'Time',
        cell: (info) => (
          <Text as="span" whiteSpace="nowrap">
            {formatActivityTime(info.getValue())}
          </Text>
        ),
      }),
      column.accessor((entry) => entry.impersonated_by?.email ?? '—', {
        id: 'impersonated_by',
        header: 'Impersonated by',
      }),
    ],
    [],
  );

  const filters = (
    <Flex as="form" aria-label="Filter the activity" gap="medium" wrap="wrap" alignItems="flex-start">
      <TextField label="From date" type="date" {...fieldProps(form, 'from_date')} />
      <TextField label="To date" type="date" {...fieldProps(form, 'to_date')} />
      <SelectField label="Category" {...fieldProps(form, 'component')}>
        <option value="">All categories</option>
        {activityComponents.map((component) => (
          <option key={component} value={component}>
            {component}
          </option>
        ))}
      </SelectField>
    </Flex>
  );

  const back =
    source === 'admin'
      ? { to: '/admin/users', label: 'Back to admin users' }
      : { to: `/admin/accounts/${account_id}/users`, label: 'Back to the account’s users' };

  return (
    <Flex direction="column" gap="medium">
      <Link as={RouterLink} to={back.to}>
        ← {back.label}
      </Link>
      <Flex direction="column" gap="xxs">
        <Heading level={1}>Activity log</Heading>
        {person && (
          <Text color="font.secondary">
            {personName(person)} ({person.email})
          </Text>
        )}
      </Flex>
      {isLoading ? (
        <PageLoader />
      ) : (
        <DataTable
          data={data ?? []}
          columns={columns}
          label="Activity"
          emptyText="No activity in this period"
          actions={filters}
        />
      )}
    </Flex>
  );
}
