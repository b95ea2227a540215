// Triage on the evaluation page: would a failed case pass under a lenient
// comparison? Each rule is tried alone, then combined with the ones before it,
// so the suggestion names the least leniency that makes the output match.

export type Leniency = "whitespace" | "case" | "numbers";

export const LENIENCY_LABELS: Record<Leniency, string> = {
  whitespace: "trailing whitespace and newlines were ignored",
  case: "letter case were ignored",
  numbers: "numbers were compared within 1e-6 relative tolerance",
};

/** Relative tolerance for numbers (the triage's contract). */
export const NUMBER_TOLERANCE = 1e-6;

const trimLines = (text: string) =>
  text
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/, ""))
    .join("\n")
    .replace(/\n+$/, "");

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function numbersClose(expected: string, actual: string): boolean {
  // Separators are kept (odd indices) and must match exactly: only the numbers are lenient.
  const a = expected.split(/(\s+)/);
  const b = actual.split(/(\s+)/);
  if (a.length !== b.length) return false;
  return a.every((token, i) => {
    const other = b[i]!;
    if (token === other) return true;
    if (i % 2 === 1) return false;
    if (!NUMBER.test(token) || !NUMBER.test(other)) return false;
    const x = Number(token);
    const y = Number(other);
    return Math.abs(x - y) <= NUMBER_TOLERANCE * Math.max(Math.abs(x), Math.abs(y));
  });
}

/**
 * The leniencies under which `actual` would match `expected`: [] when it
 * already matches exactly, null when no lenient comparison makes it match.
 */
export function lenientMatch(expected: string, actual: string): Leniency[] | null {
  if (expected === actual) return [];
  const e = trimLines(expected);
  const a = trimLines(actual);
  if (e === a) return ["whitespace"];
  if (e.toLowerCase() === a.toLowerCase()) return ["whitespace", "case"];
  if (numbersClose(e, a)) return ["whitespace", "numbers"];
  if (numbersClose(e.toLowerCase(), a.toLowerCase())) return ["whitespace", "case", "numbers"];
  return null;
}

/** "Would pass if …" for a leniency list. */
export function wouldPassText(leniencies: Leniency[]): string {
  return `Would pass if ${leniencies.map((l) => LENIENCY_LABELS[l]).join(" and ")}`;
}

/** Text with its whitespace made visible: · for a space, → for a tab, ↵ at each line end. */
export function visibleWhitespace(text: string): string {
  return text.replace(/ /g, "·").replace(/\t/g, "→").replace(/\r/g, "␍").replace(/\n/g, "↵\n");
}

/** Line by line: which lines of the two texts differ (by position). */
export function lineDiff(expected: string, actual: string): { expected: string | null; actual: string | null; same: boolean }[] {
  const e = expected.split("\n");
  const a = actual.split("\n");
  return Array.from({ length: Math.max(e.length, a.length) }, (_, i) => ({
    expected: e[i] ?? null,
    actual: a[i] ?? null,
    same: e[i] === a[i],
  }));
}
