// CSV files people open in a spreadsheet: RFC 4180 quoting, and no cell a spreadsheet would
// read as a formula (OWASP "CSV injection").

/** A leading = + - @ (or tab / carriage return, which some spreadsheets skip) starts a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of cells, CRLF line ends (RFC 4180), ending with a line end. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
