/** RFC 4180 CSV: CRLF line ends; fields with a comma, quote, CR or LF are quoted, quotes doubled. */

export type CsvValue = string | number | boolean | null | undefined;

/** Spreadsheet apps run cells starting with these as formulas. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue, excelSafe = false): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (excelSafe && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[], excelSafe = false): string {
  return [header, ...rows].map((row) => row.map((value) => csvField(value, excelSafe)).join(',') + '\r\n').join('');
}
