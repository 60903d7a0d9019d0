/**
 * RFC 4180 CSV: CRLF line ends; fields with a comma, quote, CR or LF are quoted, quotes doubled.
 * Formula-safe by default: a text cell a spreadsheet would run as a formula (leading =, +, -, @,
 * tab or CR) gets a leading apostrophe, so it opens as the text it is. `raw` turns that off.
 */

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** Write text exactly as stored, formulas included (for programs, never for spreadsheets). */
  raw?: boolean;
}

/** Spreadsheet apps run cells starting with these as formulas. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvValue, options: CsvOptions = {}): string {
  let text = value === null || value === undefined ? '' : String(value);
  // Only text is defused: a number such as -1 is data, not a formula.
  if (!options.raw && typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Header row then data rows; every row must have as many fields as the header. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
  options: CsvOptions = {},
): string {
  for (const [index, row] of rows.entries()) {
    if (row.length !== header.length) {
      throw new Error(
        `CSV row ${index + 1} has ${row.length} fields, the header has ${header.length}`,
      );
    }
  }
  return [header, ...rows]
    .map((row) => row.map((value) => csvField(value, options)).join(',') + '\r\n')
    .join('');
}
