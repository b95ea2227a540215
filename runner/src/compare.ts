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

/**
 * At most `maxBytes` of `text` in UTF-8, cut at a character boundary (never
 * in the middle of a multi-byte character).
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  // Every UTF-16 unit is at most 3 bytes: short strings need no encoding.
  if (text.length * 3 <= maxBytes || Buffer.byteLength(text) <= maxBytes) return text;
  const bytes = Buffer.from(text, "utf8");
  let end = maxBytes;
  // Back off over continuation bytes (10xxxxxx) to the start of the cut character.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString("utf8");
}
