/** A cell a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @, and tab or CR that some treat alike. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV record (RFC 4180): every cell quoted, quotes doubled, CRLF at the end. A text
 * cell that starts like a formula gets a leading `'`, so opening the export in a
 * spreadsheet shows it instead of running it. Numbers are written as they are.
 */
export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}
