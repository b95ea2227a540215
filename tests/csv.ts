import Papa from "papaparse";

/**
 * Reads CSV back for the tests of the exports with papaparse (the parser the
 * app's CSV import uses): RFC 4180 rows (quoted cells may hold commas, quotes
 * and line breaks; rows end in CRLF), a leading UTF-8 byte order mark
 * dropped, and no empty row for the last line break. The delimiter is said,
 * not guessed: papaparse took ";" from a header full of question texts.
 * Unit, Workers-pool and Playwright tests all import it.
 */
export function parseCsv(text: string): string[][] {
  const { data } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { delimiter: ",", newline: "\r\n" });
  const last = data.at(-1);
  if (last && last.length === 1 && last[0] === "") data.pop();
  return data;
}
