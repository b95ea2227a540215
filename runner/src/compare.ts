// The contract's comparison: ignore a trailing \r and trailing spaces on each
// line, and trailing blank lines; everything else must match exactly.
export function normalizeOutput(text: string): string {
  const lines = text.split("\n").map((line) => line.replace(/\r$/, "").replace(/[ \t]+$/, ""));
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.join("\n");
}

export function outputsMatch(actual: string, expected: string): boolean {
  return normalizeOutput(actual) === normalizeOutput(expected);
}
