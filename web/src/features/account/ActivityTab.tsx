import { Button, Flex } from '@aws-amplify/ui-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { NETWORK_ERROR } from '@web/api/client';
import { loadWholeRange, useAccountActivity } from './api';
import { activityColumns } from '../activity/columns';
import { DateRangeFields, useDateRange, type DateRange } from '../activity/DateRange';
import { activityRow, type ActivityRow } from '../activity/rows';
import { DataTable, matchesSearch } from '@web/components/DataTable';
import { PageLoader } from '@web/components/PageLoader';
import { activityCsv, csvFileName, download, exportRow } from './activityExport';

/** The Activity tab's default range (docs/product/client-area.md §2): the last 30 days up to today, today included. */
const DEFAULT_DAYS = 30;

const columns = activityColumns();

type ExportKind = 'csv' | 'pdf';

/**
 * /c/account-management/activity-log (docs/product/client-area.md §2 "Activity tab"): a date range (the last 30
 * days by default), a search box over the shown columns, the account's activity newest first (a
 * page of 100 from the API at a time, Load more for the next), and the exports of every entry of
 * the range the search leaves, newest first: Export CSV, and Export PDF, whose library loads only
 * when it is pressed. An export first loads the pages of the range not loaded yet.
 */
export function ActivityTab() {
  const { mutate } = useSWRConfig();
  const { valid, ...range } = useDateRange(DEFAULT_DAYS);
  const { data, isLoading, size, setSize, isValidating } = useAccountActivity(valid);
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  const rows = useMemo(() => data?.flatMap((page) => page.data.map(activityRow)) ?? [], [data]);
  const more = Boolean(data?.at(-1)?.next_cursor);

  /**
   * Every entry of the range: the pages loaded so far and the rest, following `next_cursor` (the
   * table then shows them too). Null when a page could not be loaded (the fetch client said why).
   */
  const wholeRange = async (query: DateRange): Promise<ActivityRow[] | null> => {
    try {
      const pages = await loadWholeRange(mutate, query, data ?? []);
      if (pages.length > size) void setSize(pages.length);
      return pages.flatMap((page) => page.data.map(activityRow));
    } catch {
      return null;
    }
  };

  const exportRange = async (kind: ExportKind, search: string, query: DateRange) => {
    setExporting(kind);
    // The PDF library starts loading at once, beside the pages.
    const pdfLibrary = kind === 'pdf' ? import('./activityPdf') : null;
    pdfLibrary?.catch(() => undefined);
    const { from_date, to_date } = query;
    try {
      const all = await wholeRange(query);
      if (!all) return;
      const matching = all.filter((row) => matchesSearch(exportRow(row), search));
      if (!pdfLibrary) {
        download(
          new Blob([activityCsv(matching)], { type: 'text/csv;charset=utf-8' }),
          csvFileName(from_date, to_date),
        );
        return;
      }
      try {
        const { activityPdf } = await pdfLibrary;
        download(activityPdf(matching, { from: from_date, to: to_date }), 'ActivityLog.pdf');
      } catch {
        // The PDF library could not be downloaded: said as for a request that gets no answer.
        toast.error(NETWORK_ERROR, { id: NETWORK_ERROR });
      }
    } finally {
      setExporting(null);
    }
  };

  const actions = (_shown: ActivityRow[], search: string) => (
    <Flex gap="small" wrap="wrap" alignItems="flex-end">
      <DateRangeFields {...range} />
      {(['csv', 'pdf'] as const).map((kind) => (
        <Button
          key={kind}
          // Not while a new range loads: the rows shown are still the last range's.
          isDisabled={!valid || isLoading || (exporting !== null && exporting !== kind)}
          isLoading={exporting === kind}
          loadingText={kind === 'csv' ? 'Preparing CSV' : 'Preparing PDF'}
          onClick={() => valid && void exportRange(kind, search, valid)}
        >
          {kind === 'csv' ? 'Export CSV' : 'Export PDF'}
        </Button>
      ))}
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
        searchValues={exportRow}
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
