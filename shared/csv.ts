import Papa from 'papaparse';

/**
 * The one CSV writer of every export. A text cell that a spreadsheet would read as a formula —
 * one that begins with `=`, `+`, `-`, `@`, a tab or a carriage return — is written with a leading
 * `'`, as OWASP's "CSV Injection" advises, so that the spreadsheet shows it as text and runs
 * nothing. The test is on the cell's first character whatever follows, line breaks included
 * (papaparse's own `escapeFormulae: true` pattern misses a cell that spans lines). Numbers are
 * written as they are: a negative number is a number, not a formula (docs/decisions.md).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV of a header row and data rows (papaparse quotes what needs quoting). */
export function toCsv(
  fields: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  return Papa.unparse(
    { fields: [...fields], data: rows.map((row) => [...row]) },
    { escapeFormulae: FORMULA_START },
  );
}
