import Papa from 'papaparse';
import type { ActivityEntry } from '../../../../../shared/schemas/activity';
import { formatActivityTime } from '../../../activityTime';
import { personName } from '../../../format';

/** The columns of both exports, as the Activity tab shows them. */
export const exportHeaders = ['User', 'E-mail', 'Role', 'Category', 'Activity', 'Time'] as const;

/** One entry as a row of the exports. */
export function exportRow(entry: ActivityEntry): string[] {
  const who = entry.user;
  return [
    personName({ first_name: who.first_name ?? '', last_name: who.last_name }) || '—',
    who.email ?? '',
    who.user_role ?? '',
    entry.component,
    entry.activity,
    formatActivityTime(entry.time),
  ];
}

/** The CSV of the rows shown (papaparse quotes what needs quoting). */
export function activityCsv(entries: readonly ActivityEntry[]): string {
  return Papa.unparse({ fields: [...exportHeaders], data: entries.map(exportRow) });
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
