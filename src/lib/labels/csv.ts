/** A CSV writer following RFC 4180: CRLF line breaks, fields quoted only when they must be. */
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Header row then data rows; every row must have as many fields as the header. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  for (const [index, row] of rows.entries()) {
    if (row.length !== header.length) {
      throw new Error(`CSV row ${index + 1} has ${row.length} fields, the header has ${header.length}`);
    }
  }
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
