// The contract's comparison lives in contracts/checkers.ts (the Worker runs it
// too); this module keeps the runner's own helpers.
export { normalizeOutput, outputsMatch } from "../../contracts/checkers.ts";

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
