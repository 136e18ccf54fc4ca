import { Flex, Heading, Link, SelectField, Text } from '@aws-amplify/ui-react';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { activityComponents } from '@shared/schemas/activity';
import { useActivity, useActivityPerson, type ActivitySource } from '../platform/api';
import { activityColumns } from './columns';
import { DateRangeFields, useDateRange } from './DateRange';
import { activityRow } from './rows';
import { DataTable } from '@web/components/DataTable';
import { PageLoader } from '@web/components/PageLoader';
import { personName } from '@web/format';

/** Activity log default range (docs/product/admin-and-auth.md §9): the last 30 days up to today, as the API reads it. */
const DEFAULT_DAYS = 30;

const columns = activityColumns({ impersonation: true });

/**
 * The activity log of one person (docs/product/admin-and-auth.md §2): /admin/users/{user_id}/activity-log for a
 * super admin, /admin/accounts/{account_id}/users/{user_id}/activity-log for an account user.
 * From and to dates (the last 30 days by default) and a category filter; the entries newest first
 * in pages of 10; a link back to the list the person came from.
 */
export function ActivityLogPage({ source }: { source: ActivitySource }) {
  const { user_id = '', account_id = '' } = useParams();
  const { data: person } = useActivityPerson(source, user_id);
  const { valid, ...range } = useDateRange(DEFAULT_DAYS);
  const [component, setComponent] = useState<'' | (typeof activityComponents)[number]>('');
  const { data, isLoading } = useActivity(
    source,
    user_id,
    valid ? { ...valid, ...(component ? { component } : {}) } : null,
  );
  const rows = useMemo(() => data?.map(activityRow) ?? [], [data]);

  const filters = (
    <Flex as="form" aria-label="Filter the activity" gap="medium" wrap="wrap" alignItems="flex-start">
      <DateRangeFields {...range} />
      <SelectField
        label="Category"
        value={component}
        onChange={(event) => setComponent(event.target.value as typeof component)}
      >
        <option value="">All categories</option>
        {activityComponents.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
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
          data={rows}
          columns={columns}
          label="Activity"
          emptyText="No activity in this period"
          actions={filters}
        />
      )}
    </Flex>
  );
}
