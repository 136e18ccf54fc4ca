import { toCsv } from '@shared/csv';
import type { ActivityRow } from '../activity/rows';

/** The columns of both exports: the Activity tab's text columns, as the table shows them. */
export const exportHeaders = ['User', 'Role', 'Category', 'Activity', 'Time'] as const;

/**
 * One row of the table as a row of the exports (the time as shown, 'Do MMM, YYYY | h:mma'); also
 * what the tab's search reads, so that a search finds what is on screen and in the files.
 */
export const exportRow = (row: ActivityRow): string[] => [
  row.user,
  row.role,
  row.category,
  row.activity,
  row.when,
];

/** The CSV of the rows shown, through the one CSV writer (shared/csv.ts: formulas are written as text). */
export function activityCsv(rows: readonly ActivityRow[]): string {
  return toCsv(exportHeaders, rows.map(exportRow));
}

/** `ActivityLog_2026-10-24_2026-11-22.csv`: the export of a range names it. */
export const csvFileName = (from: string, to: string) => `ActivityLog_${from}_${to}.csv`;

/** Hands a file to the browser's downloads. */
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
