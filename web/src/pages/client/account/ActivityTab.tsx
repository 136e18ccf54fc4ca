import { Avatar, Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { ActivityEntry } from '../../../../../shared/schemas/activity';
import { fieldErrors } from '../../../../../shared/schemas/common';
import { messages } from '../../../../../shared/schemas/messages';
import { teamActivityFilterSchema } from '../../../../../shared/schemas/team';
import { formatActivityTime, localDay } from '../../../activityTime';
import { useAccountActivity } from '../../../api/client-account';
import { DataTable } from '../../../components/DataTable';
import { fieldProps } from '../../../components/form';
import { PageLoader } from '../../../components/PageLoader';
import { personName } from '../../../format';
import { activityCsv, csvFileName, download } from './activityExport';

interface RangeForm {
  from_date: string;
  to_date: string;
}

/** The range checked with the API's own schema and messages; both dates are needed here. */
function rangeErrors(values: RangeForm): Record<string, string> {
  const parsed = teamActivityFilterSchema.safeParse(values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  for (const field of ['from_date', 'to_date'] as const) {
    if (!values[field]) errors[field] ??= messages.required;
  }
  return errors;
}

const resolver: Resolver<RangeForm> = (values) => {
  const errors = Object.entries(rangeErrors(values)).map(([field, message]) => [
    field,
    { type: 'validation', message },
  ]);
  return errors.length ? { values: {}, errors: Object.fromEntries(errors) } : { values, errors: {} };
};

/** The Activity tab's default range (client-area §2): the last 30 days up to today. */
const DEFAULT_DAYS = 30;

const column = createColumnHelper<ActivityEntry>();
const nameOf = (entry: ActivityEntry) =>
  personName({ first_name: entry.user.first_name ?? '', last_name: entry.user.last_name }) ||
  entry.user.email ||
  '—';

/**
 * /c/account-management/activity-log (client-area §2 "Activity tab"): a date range (the last 30
 * days by default), a search box, the account's activity newest first (a page of 100 from the API
 * at a time, Load more for the next), Export CSV of the rows the search leaves, and Export PDF,
 * whose library loads only when it is pressed.
 */
export function ActivityTab() {
  const form = useForm<RangeForm>({
    resolver,
    mode: 'onChange',
    defaultValues: { from_date: localDay(DEFAULT_DAYS), to_date: localDay() },
  });
  const range = useWatch({ control: form.control }) as RangeForm;
  const valid = Object.keys(rangeErrors(range)).length === 0;
  const { data, isLoading, size, setSize, isValidating } = useAccountActivity(
    valid ? { from_date: range.from_date, to_date: range.to_date } : null,
  );
  const [exporting, setExporting] = useState(false);
  const entries = useMemo(() => data?.flatMap((page) => page.data) ?? [], [data]);
  const more = Boolean(data?.at(-1)?.next_cursor);

  const columns = useMemo(
    () => [
      column.display({
        id: 'image',
        header: 'Image',
        cell: ({ row }) => (
          <Avatar alt={`Photo of ${nameOf(row.original)}`}>
            {`${row.original.user.first_name?.charAt(0) ?? ''}${row.original.user.last_name?.charAt(0) ?? ''}`.toUpperCase()}
          </Avatar>
        ),
      }),
      column.accessor(nameOf, { id: 'user', header: 'User' }),
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
    ],
    [],
  );

  const exportPdf = async (shown: ActivityEntry[]) => {
    setExporting(true);
    try {
      const { activityPdf } = await import('./activityPdf');
      download(activityPdf(shown, { from: range.from_date, to: range.to_date }), 'ActivityLog.pdf');
    } finally {
      setExporting(false);
    }
  };

  const exports = (shown: ActivityEntry[]) => (
    <Flex gap="small" wrap="wrap" alignItems="flex-end">
      <TextField label="From date" type="date" {...fieldProps(form, 'from_date')} />
      <TextField label="To date" type="date" {...fieldProps(form, 'to_date')} />
      <Button
        isDisabled={!valid}
        onClick={() =>
          download(
            new Blob([activityCsv(shown)], { type: 'text/csv;charset=utf-8' }),
            csvFileName(range.from_date, range.to_date),
          )
        }
      >
        Export CSV
      </Button>
      <Button
        isDisabled={!valid}
        isLoading={exporting}
        loadingText="Preparing PDF"
        onClick={() => void exportPdf(shown)}
      >
        Export PDF
      </Button>
    </Flex>
  );

  if (isLoading && !data) return <PageLoader />;
  return (
    <Flex direction="column" gap="medium">
      <DataTable
        data={entries}
        columns={columns}
        label="Activity"
        emptyText="No activity in this period"
        actions={exports}
      />
      {more && (
        <Button
          alignSelf="center"
          isLoading={isValidating}
          loadingText="Loading"
          onClick={() => void setSize(size + 1)}
        >
          Load more
        </Button>
      )}
    </Flex>
  );
}
