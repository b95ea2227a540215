// The output checkers that are pure functions (every one but "custom"): the
// runner's verdict and the Worker's hints run this same code. Plain
// TypeScript with no imports but types and no Node APIs, so the Worker can
// bundle it.
//
// Every checker walks both texts once with cursors: no regular expressions
// (a `[ \t]+$` over a long run of spaces is quadratic in V8), and no array
// of lines or tokens, so 8 MB of output, or one 1 MB line, costs one pass.
import type { CheckerInput } from "./runner.ts";

/** A checker that needs no sandbox: every type but "custom". */
export type BuiltinChecker = Exclude<CheckerInput, { type: "custom" }>;

const TAB = 9;
const CR = 13;
const SPACE = 32;

/** C's isspace in the C locale (space, \t \n \v \f \r): what separates tokens, as in Kattis's validator. */
function isSpace(c: number): boolean {
  return c === SPACE || (c >= TAB && c <= CR);
}

/** Where line [start, end)'s content ends: one trailing \r dropped, then trailing spaces and tabs. */
function trimmedEnd(s: string, start: number, end: number): number {
  if (end > start && s.charCodeAt(end - 1) === CR) end--;
  while (end > start) {
    const c = s.charCodeAt(end - 1);
    if (c !== SPACE && c !== TAB) break;
    end--;
  }
  return end;
}

/** Where the content of the last non-blank line ends (0 when every line is blank): trailing blank lines do not count. */
function contentEnd(s: string): number {
  let end = s.length;
  for (;;) {
    // lastIndexOf clamps a negative position to 0: at 0 the line starts there.
    const start = end === 0 ? 0 : s.lastIndexOf("\n", end - 1) + 1;
    const trimmed = trimmedEnd(s, start, end);
    if (trimmed > start || start === 0) return trimmed;
    end = start - 1;
  }
}

/** The same text in [i, ie) of a and [j, je) of b; `foldCase` ignores letter case (String.prototype.toLowerCase). */
function sameText(a: string, i: number, ie: number, b: string, j: number, je: number, foldCase: boolean): boolean {
  if (ie - i === je - j) {
    let k = 0;
    while (i + k < ie && a.charCodeAt(i + k) === b.charCodeAt(j + k)) k++;
    if (i + k === ie) return true;
    if (!foldCase) return false;
  } else if (!foldCase) {
    return false;
  }
  return a.slice(i, ie).toLowerCase() === b.slice(j, je).toLowerCase();
}

/**
 * The contract's rule, line by line: a trailing \r and then trailing spaces
 * and tabs are ignored on each line, and so are trailing blank lines;
 * everything else must match (ignoring letter case with `foldCase`).
 */
function linesMatch(actual: string, expected: string, foldCase: boolean): boolean {
  const aEnd = contentEnd(actual);
  const bEnd = contentEnd(expected);
  let i = 0;
  let j = 0;
  for (;;) {
    const an = actual.indexOf("\n", i);
    const bn = expected.indexOf("\n", j);
    // The last line ends at the content's end, already trimmed (trimming again could drop a \r that belongs to it).
    const aLast = an === -1 || an >= aEnd;
    const bLast = bn === -1 || bn >= bEnd;
    const ae = aLast ? aEnd : trimmedEnd(actual, i, an);
    const be = bLast ? bEnd : trimmedEnd(expected, j, bn);
    if (!sameText(actual, i, ae, expected, j, be, foldCase)) return false;
    if (aLast || bLast) return aLast && bLast;
    i = an + 1;
    j = bn + 1;
  }
}

/** The contract's normal form of an output (what "exact" compares): for display and tests; `outputsMatch` compares without building it. */
export function normalizeOutput(text: string): string {
  const end = contentEnd(text);
  let out = "";
  let i = 0;
  for (;;) {
    const n = text.indexOf("\n", i);
    if (n === -1 || n >= end) return out + text.slice(i, end);
    out += text.slice(i, trimmedEnd(text, i, n)) + "\n";
    i = n + 1;
  }
}

/** The "exact" checker, the contract's default rule. */
export function outputsMatch(actual: string, expected: string): boolean {
  return linesMatch(actual, expected, false);
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i;
}

function tokenEnd(s: string, i: number): number {
  while (i < s.length && !isSpace(s.charCodeAt(i))) i++;
  return i;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * The token [start, end) as a number, or null when it is text. A number is
 * what strtod reads whole in decimal: an optional sign, digits with an
 * optional point (`5`, `5.`, `.5`), an optional exponent (`1e6`, `2E-3`).
 * As in Kattis's validator, nan, inf, infinity and a value that overflows
 * to infinity (`1e999`) are text. strtod's hexadecimal floats (`0x1p3`) are
 * text here too.
 */
export function parseNumberToken(s: string, start: number, end: number): number | null {
  let k = start;
  if (k < end && (s.charCodeAt(k) === 43 || s.charCodeAt(k) === 45)) k++; // + -
  const intStart = k;
  while (k < end && isDigit(s.charCodeAt(k))) k++;
  let digits = k - intStart;
  if (k < end && s.charCodeAt(k) === 46) {
    k++; // .
    const fracStart = k;
    while (k < end && isDigit(s.charCodeAt(k))) k++;
    digits += k - fracStart;
  }
  if (digits === 0) return null;
  if (k < end && (s.charCodeAt(k) | 0x20) === 101) {
    k++; // e E
    if (k < end && (s.charCodeAt(k) === 43 || s.charCodeAt(k) === 45)) k++;
    const first = k;
    while (k < end && isDigit(s.charCodeAt(k))) k++;
    if (k === first) return null;
  }
  if (k !== end) return null;
  // JavaScript's Number reads every string of this grammar as strtod does.
  const value = Number(s.slice(start, end));
  return Number.isFinite(value) ? value : null;
}

type Tolerance = Extract<BuiltinChecker, { type: "tolerance" }>;

/**
 * Kattis's default output validator (problemtools' default_validator.cc):
 * whitespace-separated tokens; where the expected token is a number and the
 * actual one is too, they match when |e - a| <= absolute or
 * |e - a| <= relative * |e| (e: the expected number); other tokens must be
 * the same text (ignoring letter case unless caseSensitive). With
 * spaceSensitive the whitespace must be the same too, character for
 * character, before, between and after the tokens.
 */
function toleranceMatch(checker: Tolerance, actual: string, expected: string): boolean {
  const caseSensitive = checker.caseSensitive ?? true;
  const spaceSensitive = checker.spaceSensitive ?? false;
  let i = 0;
  let j = 0;
  for (;;) {
    const as = skipSpace(actual, i);
    const bs = skipSpace(expected, j);
    if (spaceSensitive && !sameText(actual, i, as, expected, j, bs, false)) return false;
    if (as === actual.length || bs === expected.length) return as === actual.length && bs === expected.length;
    const ae = tokenEnd(actual, as);
    const be = tokenEnd(expected, bs);
    const e = parseNumberToken(expected, bs, be);
    const a = e === null ? null : parseNumberToken(actual, as, ae);
    if (e !== null && a !== null) {
      const diff = Math.abs(e - a);
      if (!(diff <= checker.absolute) && !(diff <= checker.relative * Math.abs(e))) return false;
    } else if (!sameText(actual, as, ae, expected, bs, be, !caseSensitive)) {
      return false;
    }
    i = ae;
    j = be;
  }
}

/** The "whitespace" checker: the same whitespace-separated tokens, in order. */
function tokensMatch(actual: string, expected: string): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    i = skipSpace(actual, i);
    j = skipSpace(expected, j);
    if (i === actual.length || j === expected.length) return i === actual.length && j === expected.length;
    const ae = tokenEnd(actual, i);
    const be = tokenEnd(expected, j);
    if (!sameText(actual, i, ae, expected, j, be, false)) return false;
    i = ae;
    j = be;
  }
}

/** Whether a program's whole output passes against the expected output under `checker`. */
export function checkOutput(checker: BuiltinChecker, actual: string, expected: string): boolean {
  switch (checker.type) {
    case "exact":
      return linesMatch(actual, expected, false);
    case "case":
      return linesMatch(actual, expected, true);
    case "whitespace":
      return tokensMatch(actual, expected);
    case "tolerance":
      return toleranceMatch(checker, actual, expected);
  }
}
