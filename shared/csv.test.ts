import Papa from 'papaparse';
import { toCsv } from './csv';

/** The cells of the one data row of a CSV, as a spreadsheet reads them back. */
const cells = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data[1];

describe('toCsv', () => {
  it.each([
    ['=', '=HYPERLINK("http://evil.example","x")'],
    ['+', '+1+2'],
    ['-', "-2+3+cmd|' /C calc'!A0"],
    ['@', "@SUM(1+1)*cmd|' /C calc'!A0"],
    ['a tab', '\t=1+2'],
    ['a carriage return', '\r=1+2'],
  ])('writes a cell that begins with %s as text, behind a quote', (_start, value) => {
    expect(cells(toCsv(['User', 'Activity'], [[value, 'Signed in']]))).toEqual([`'${value}`, 'Signed in']);
  });

  it('escapes a formula that spans lines', () => {
    const value = '=HYPERLINK("http://evil.example","x")\nsecond line';
    expect(cells(toCsv(['User'], [[value]]))).toEqual([`'${value}`]);
  });

  it('leaves harmless text, and text with those characters further on, as it is', () => {
    const row = ['Olga Orchard', 'Created booking A-1 = B+C @ 10:00', 'x=1'];
    expect(cells(toCsv(['User', 'Activity', 'Note'], [row]))).toEqual(row);
  });

  it('writes a number, a negative one included, as a number', () => {
    expect(toCsv(['Count', 'Change'], [[3, -2]])).toBe('Count,Change\r\n3,-2');
  });
});
