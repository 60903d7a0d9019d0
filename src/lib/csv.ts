/** RFC 4180 CSV: CRLF line ends; fields with a comma, quote, CR or LF are quoted, quotes doubled. */

export type CsvValue = string | number | boolean | null | undefined;

/** Spreadsheet apps run cells starting with these as formulas. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvValue, excelSafe = false): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (excelSafe && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Header row then data rows; every row must have as many fields as the header. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[], excelSafe = false): string {
  for (const [index, row] of rows.entries()) {
    if (row.length !== header.length) {
      throw new Error(`CSV row ${index + 1} has ${row.length} fields, the header has ${header.length}`);
    }
  }
  return [header, ...rows].map((row) => row.map((value) => csvField(value, excelSafe)).join(',') + '\r\n').join('');
}
