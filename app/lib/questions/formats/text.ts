// Small text helpers shared by the format parsers and writers. Pure: no Node
// APIs (the import preview runs these in the browser).

const BOM = "\uFEFF";

/** Drop a leading byte-order mark and turn Windows/old-Mac line endings into "\n". */
export function normalizeNewlines(text: string): string {
  return (text.startsWith(BOM) ? text.slice(1) : text).replace(/\r\n?/g, "\n");
}

/** Test data keeps its bytes exactly, except CRLF becomes LF (a lone CR may be meaningful). */
export function normalizeTestData(text: string): string {
  return text.replace(/\r\n/g, "\n");
}

/** UTF-8 bytes to text: BOM dropped (TextDecoder does it), bad sequences flagged instead of throwing. */
export function decodeUtf8(bytes: Uint8Array): { text: string; valid: boolean } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), valid: true };
  } catch {
    return { text: new TextDecoder("utf-8").decode(bytes), valid: false };
  }
}

/**
 * The canonical form of a question text, so that parsers agree and writers can
 * round-trip: LF line endings, no trailing spaces, at most one blank line in a
 * row outside ``` code fences, no blank lines at either end.
 */
export function normalizeText(text: string): string {
  const lines = normalizeNewlines(text).split("\n");
  const out: string[] = [];
  let inFence = false;
  for (const raw of lines) {
    const line = trimSpacesEnd(raw);
    if (line.trimStart().startsWith("```")) inFence = !inFence;
    // Outside code, repeated blank lines carry no meaning (HTML editors add them freely).
    if (!inFence && line === "" && (out.length === 0 || out[out.length - 1] === "")) continue;
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out.join("\n");
}

/**
 * `line` without trailing spaces, tabs and U+00A0, read from the end. The regex
 * `/[ \t\u00A0]+$/` tries every start of a run, so a line of many spaces
 * followed by a letter took quadratic time (40,000 spaces: seconds).
 */
function trimSpacesEnd(line: string): string {
  let end = line.length;
  for (let c = line.charCodeAt(end - 1); c === 32 || c === 9 || c === 0xa0; c = line.charCodeAt(end - 1)) end--;
  return end === line.length ? line : line.slice(0, end);
}

/** One line of text: whitespace runs collapsed, ends trimmed (titles, option texts). */
export function singleLine(text: string): string {
  return text.replace(/[\s\u00A0]+/g, " ").trim();
}

/** The title used when a format gives none: the first 60 characters of the text. */
export function defaultTitle(text: string): string {
  const line = singleLine(text.replace(/```[^\n]*/g, " "));
  return Array.from(line).slice(0, 60).join("").trim();
}

/**
 * Moodle category path to a category name: "$course$/top/Programming/Loops" → "Loops".
 * We keep only the last segment (not "Programming / Loops") because the bank's
 * categories are flat and instructors name them by the leaf; the full path is
 * still in the file if they need it. A "/" inside a name is written "//" by Moodle.
 */
export function categoryFromPath(path: string): string {
  let rest = singleLine(path).replace(/^\$(course|system|module|cat\d*|coursecategory|quiz)\$\/?/i, "");
  rest = rest.replace(/^\/+/, "");
  // Split on single slashes only (no regex look-behind: older Safari cannot parse it).
  const segments = rest
    .replace(/\/\//g, "\u0000")
    .split("/")
    // eslint-disable-next-line no-control-regex -- NUL stands for an escaped "//" while the path is split
    .map((s) => s.replace(/\u0000/g, "/").trim())
    .filter((s) => s !== "");
  if (segments.length > 0 && segments[0].toLowerCase() === "top") segments.shift();
  return segments.length > 0 ? segments[segments.length - 1] : "";
}

/** Escape a category name for a Moodle path ("/" is written "//"). */
export function categoryPathSegment(name: string): string {
  return name.replace(/\//g, "//");
}

/** "1 image", "2 images". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function pushUnique(list: string[], item: string): void {
  if (item !== "" && !list.includes(item)) list.push(item);
}

/** Compare paths so that "2.in" sorts before "10.in" (test data is usually numbered without padding). */
export function naturalCompare(a: string, b: string): number {
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === y) continue;
    const nx = /^\d/.test(x);
    const ny = /^\d/.test(y);
    if (nx && ny) {
      const d = Number(x) - Number(y);
      if (d !== 0) return d;
      return x.length - y.length;
    }
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

/** Offsets of line starts, to turn a character index into a 1-based line number. */
export function lineIndex(text: string): (index: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (index: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
