import { Button, Flex } from '@aws-amplify/ui-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { NETWORK_ERROR } from '../../../api/client';
import { useAccountActivity } from '../../../api/client-account';
import { activityColumns } from '../../../components/activity/columns';
import { DateRangeFields, useDateRange } from '../../../components/activity/DateRange';
import { activityRow, type ActivityRow } from '../../../components/activity/rows';
import { DataTable } from '../../../components/DataTable';
import { PageLoader } from '../../../components/PageLoader';
import { activityCsv, csvFileName, download } from './activityExport';

/** The Activity tab's default range (client-area §2): the last 30 days up to today. */
const DEFAULT_DAYS = 30;

const columns = activityColumns();

/**
 * /c/account-management/activity-log (client-area §2 "Activity tab"): a date range (the last 30
 * days by default), a search box, the account's activity newest first (a page of 100 from the API
 * at a time, Load more for the next), Export CSV of the rows the search leaves, and Export PDF,
 * whose library loads only when it is pressed.
 */
export function ActivityTab() {
  const { valid, ...range } = useDateRange(DEFAULT_DAYS);
  const { data, isLoading, size, setSize, isValidating } = useAccountActivity(valid);
  const [exporting, setExporting] = useState(false);
  const rows = useMemo(() => data?.flatMap((page) => page.data.map(activityRow)) ?? [], [data]);
  const more = Boolean(data?.at(-1)?.next_cursor);

  const exportCsv = (shown: ActivityRow[], { from_date, to_date }: NonNullable<typeof valid>) =>
    download(
      new Blob([activityCsv(shown)], { type: 'text/csv;charset=utf-8' }),
      csvFileName(from_date, to_date),
    );

  const exportPdf = async (shown: ActivityRow[], { from_date, to_date }: NonNullable<typeof valid>) => {
    setExporting(true);
    try {
      const { activityPdf } = await import('./activityPdf');
      download(activityPdf(shown, { from: from_date, to: to_date }), 'ActivityLog.pdf');
    } catch {
      // The PDF library could not be downloaded: said as for a request that gets no answer.
      toast.error(NETWORK_ERROR, { id: NETWORK_ERROR });
    } finally {
      setExporting(false);
    }
  };

  const actions = (shown: ActivityRow[]) => (
    <Flex gap="small" wrap="wrap" alignItems="flex-end">
      <DateRangeFields {...range} />
      <Button isDisabled={!valid} onClick={() => valid && exportCsv(shown, valid)}>
        Export CSV
      </Button>
      <Button
        isDisabled={!valid}
        isLoading={exporting}
        loadingText="Preparing PDF"
        onClick={() => valid && void exportPdf(shown, valid)}
      >
        Export PDF
      </Button>
    </Flex>
  );

  if (isLoading && !data) return <PageLoader />;
  return (
    <Flex direction="column" gap="medium">
      <DataTable
        data={rows}
        columns={columns}
        label="Activity"
        emptyText="No activity in this period"
        actions={actions}
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
