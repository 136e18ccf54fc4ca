import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import type { ActivityRow } from '../activity/rows';
import { exportHeaders, exportRow } from './activityExport';

/**
 * The PDF export (loaded only when Export PDF is pressed: jsPDF is large): a title, the range and
 * the table of the rows exported (the Activity tab's text columns), landscape A4, the header row
 * repeated on every page.
 */
export function activityPdf(rows: readonly ActivityRow[], range: { from: string; to: string }): Blob {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
  doc.setFontSize(16);
  doc.text('Activity log', 40, 40);
  doc.setFontSize(10);
  doc.text(`From ${range.from} to ${range.to}`, 40, 58);
  autoTable(doc, {
    startY: 72,
    head: [[...exportHeaders]],
    body: rows.map(exportRow),
    styles: { fontSize: 8 },
    headStyles: { fillColor: [38, 70, 83] },
  });
  return doc.output('blob');
}
