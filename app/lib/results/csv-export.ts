// CSV for spreadsheets (RFC 4180), safe to open: a cell a spreadsheet would
// read as a formula gets a leading apostrophe (OWASP "CSV injection"), so a
// student named =HYPERLINK("...") stays a name. Used by the results and the
// history exports.

export type CsvValue = string | number | boolean | null | undefined;

/** First characters that make Excel, LibreOffice or Sheets evaluate a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised if it starts like a formula, quoted if it holds a comma, quote or line break. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  // Numbers and booleans are our own values, never a formula (a negative number stays a number).
  let text = typeof value === "string" ? value : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text: CRLF line ends, a trailing CRLF, and a BOM so Excel reads UTF-8. */
export function toCsv(rows: readonly (readonly CsvValue[])[], { bom = true }: { bom?: boolean } = {}): string {
  const body = rows.map((row) => row.map(csvCell).join(",")).join("\r\n");
  return `${bom ? "\uFEFF" : ""}${body}${rows.length ? "\r\n" : ""}`;
}

/** A file name without characters that break a Content-Disposition header or a file system. */
export function csvFileName(base: string): string {
  const safe = base
    .normalize("NFKD")
    .replace(/[^\w\s.-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 80);
  return `${safe || "export"}.csv`;
}

/** A download response for CSV text. */
export function csvResponse(csv: string, fileName: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(fileName.replace(/\.csv$/i, ""))}"`,
      "Cache-Control": "no-store",
    },
  });
}
