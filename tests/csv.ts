/**
 * Reads CSV back for the tests of the exports: RFC 4180 rows (quoted cells
 * may hold commas, quotes and line breaks; rows end in CRLF), a leading
 * UTF-8 byte order mark dropped. Plain TypeScript, so unit, Workers-pool and
 * Playwright tests all import it.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(cell), (cell = "");
    else if (ch === "\r" && body[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += ch;
  }
  // A last row without its line break.
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}
