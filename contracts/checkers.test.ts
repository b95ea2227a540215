// The built-in output checkers (contracts/checkers.ts), as a table, plus
// the sizes the runner allows: one 1 MB line, 8 MB of output.
import { describe, expect, it } from "vitest";
import { checkOutput, normalizeOutput, outputsMatch, parseNumberToken, type BuiltinChecker } from "./checkers.ts";

const exact: BuiltinChecker = { type: "exact" };
const whitespace: BuiltinChecker = { type: "whitespace" };
const caseless: BuiltinChecker = { type: "case" };
const tol = (absolute: number, relative: number, more: { caseSensitive?: boolean; spaceSensitive?: boolean } = {}): BuiltinChecker => ({
  type: "tolerance",
  absolute,
  relative,
  ...more,
});

describe("checkOutput", () => {
  it.each<[string, BuiltinChecker, string, string, boolean]>([
    // exact: the contract's rule.
    ["exact: same", exact, "3\n", "3\n", true],
    ["exact: missing final newline", exact, "3", "3\n", true],
    ["exact: CRLF", exact, "a\r\nb\r\n", "a\nb\n", true],
    ["exact: trailing spaces and tabs", exact, "a \t\nb  \n", "a\nb", true],
    ["exact: extra trailing blank lines", exact, "a\n\n\n \n", "a\n", true],
    ["exact: empty output, expected blank lines", exact, "", "\n\n", true],
    ["exact: empty output, expected text", exact, "", "0\n", false],
    ["exact: a leading space", exact, " 3\n", "3\n", false],
    ["exact: an inner blank line", exact, "a\n\nb", "a\nb", false],
    ["exact: a space between tokens", exact, "ab", "a b", false],
    ["exact: case", exact, "Yes\n", "YES\n", false],
    ["exact: a \\r inside a line stays", exact, "a\rb\n", "ab\n", false],
    ["exact: numbers are text", exact, "1.0\n", "1\n", false],
    // case: exact, ignoring letter case.
    ["case: YES vs yes", caseless, "yes\r\n", "YES\n", true],
    ["case: non-ASCII letters", caseless, "ÉTÉ\n", "été\n", true],
    ["case: still line-sensitive", caseless, "yes no\n", "YES\nNO\n", false],
    ["case: still space-sensitive inside a line", caseless, "yes  no", "YES NO", false],
    // whitespace: tokens only.
    ["whitespace: lines vs spaces", whitespace, "1 2\n3\n", "1\n2 3", true],
    ["whitespace: leading and trailing space, blank lines", whitespace, "\n\n  1\t2  \n\n", "1 2", true],
    ["whitespace: CRLF", whitespace, "1\r\n2\r\n", "1 2\n", true],
    ["whitespace: empty vs blank", whitespace, "", " \n\n", true],
    ["whitespace: a missing token", whitespace, "1 2", "1 2 3", false],
    ["whitespace: an extra token", whitespace, "1 2 3", "1 2", false],
    ["whitespace: joined tokens", whitespace, "12", "1 2", false],
    ["whitespace: case", whitespace, "a", "A", false],
    ["whitespace: numbers are text", whitespace, "1.0", "1", false],
    // tolerance: Kattis's default validator.
    ["tolerance: -0.0 vs 0, no tolerance", tol(0, 0), "-0.0\n", "0\n", true],
    ["tolerance: 1.000 vs 1, no tolerance", tol(0, 0), "1.000", "1", true],
    ["tolerance: 1e-7 vs 0 within abs 1e-6", tol(1e-6, 0), "1e-7", "0", true],
    ["tolerance: 1e-5 vs 0 past abs 1e-6", tol(1e-6, 0), "1e-5", "0", false],
    ["tolerance: 1e6 vs 1000000", tol(0, 0), "1e6", "1000000", true],
    ["tolerance: +3 vs 3", tol(0, 0), "+3", "3", true],
    ["tolerance: .5 vs 0.5", tol(0, 0), ".5", "0.5", true],
    ["tolerance: 5. vs 5", tol(0, 0), "5.", "5", true],
    ["tolerance: 2E-3 vs 0.002", tol(0, 0), "2E-3", "0.002", true],
    ["tolerance: relative 1e-6 of a large expected value", tol(0, 1e-6), "1000000.5", "1000000", true],
    ["tolerance: relative is of the expected value", tol(0, 0.5), "1", "3", false], // |3-1| = 2 > 1.5
    ["tolerance: relative of expected, not actual", tol(0, 0.5), "3", "2", true], // |2-3| = 1 <= 1
    ["tolerance: absolute OR relative: absolute enough", tol(0.1, 0), "1000.05", "1000", true],
    ["tolerance: absolute OR relative: relative enough", tol(0.01, 1e-3), "1000.5", "1000", true],
    ["tolerance: absolute OR relative: neither", tol(0.01, 1e-4), "1000.5", "1000", false],
    ["tolerance: nan is text, equal", tol(1, 1), "nan", "nan", true],
    ["tolerance: nan is text, not a number", tol(1, 1), "nan", "0", false],
    ["tolerance: inf is text", tol(1, 1), "inf", "1e308", false],
    ["tolerance: infinity is text, case", tol(1, 1), "INFINITY", "infinity", false],
    ["tolerance: infinity ignoring case", tol(1, 1, { caseSensitive: false }), "INFINITY", "infinity", true],
    ["tolerance: 1e999 overflows: text", tol(1, 1), "1e999", "1e998", false],
    ["tolerance: 1e and 1.5f are text", tol(1, 1), "1e 1.5f", "1 1.5", false],
    ["tolerance: hex is text", tol(0, 0), "0x10", "16", false],
    ["tolerance: text tokens exact by default", tol(1e-6, 1e-6), "Yes 1.0000001", "YES 1", false],
    ["tolerance: text tokens ignoring case", tol(1e-6, 1e-6, { caseSensitive: false }), "Yes 1.0000001", "YES 1", true],
    ["tolerance: whitespace ignored by default", tol(0, 0), "1  2\r\n\n", "1\n2", true],
    ["tolerance: extra token", tol(1, 1), "1 2", "1", false],
    ["tolerance: missing token", tol(1, 1), "1", "1 2", false],
    ["tolerance: empty output vs empty", tol(0, 0), "", "\n", true],
    ["tolerance: empty output vs a number", tol(1, 1), "", "0", false],
    ["tolerance: spaceSensitive, same spaces", tol(0.1, 0, { spaceSensitive: true }), "1.01 2\n", "1 2\n", true],
    ["tolerance: spaceSensitive, two spaces", tol(0, 0, { spaceSensitive: true }), "1  2\n", "1 2\n", false],
    ["tolerance: spaceSensitive, trailing space", tol(0, 0, { spaceSensitive: true }), "1 2 \n", "1 2\n", false],
    ["tolerance: spaceSensitive, missing final newline", tol(0, 0, { spaceSensitive: true }), "1 2", "1 2\n", false],
    ["tolerance: spaceSensitive, CRLF", tol(0, 0, { spaceSensitive: true }), "1\r\n", "1\n", false],
  ])("%s", (_label, checker, actual, expected, passes) => {
    expect(checkOutput(checker, actual, expected)).toBe(passes);
  });

  it("exact is outputsMatch, and normalizeOutput is its normal form", () => {
    for (const [a, b] of [["a \r\n\n", "a"], ["a\r\r\n", "a\r"], ["  x\n\ny  \n\n", "  x\n\ny"], ["", ""], ["\n \n", ""]] as const) {
      expect(normalizeOutput(a)).toBe(b);
    }
    expect(outputsMatch("a\r\r\n", "a\r \n")).toBe(true);
    expect(outputsMatch("a\r\r\n", "a\r")).toBe(false); // "a\r" alone is "a"
  });

  it("exact and case agree with the former rule (normal forms, by regular expressions) on 5,000 random pairs", () => {
    const former = (text: string) => {
      const lines = text.split("\n").map((line) => line.replace(/\r$/, "").replace(/[ \t]+$/, ""));
      while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
      return lines.join("\n");
    };
    let seed = 35;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const text = () => Array.from({ length: Math.floor(random() * 8) }, () => "aA \t\r\n"[Math.floor(random() * 6)]).join("");
    for (let n = 0; n < 5_000; n++) {
      const a = text();
      const b = random() < 0.5 ? text() : former(a) + "\n \r\n".slice(0, Math.floor(random() * 4));
      expect(normalizeOutput(a), JSON.stringify(a)).toBe(former(a));
      expect(outputsMatch(a, b), JSON.stringify([a, b])).toBe(former(a) === former(b));
      expect(checkOutput(caseless, a, b), JSON.stringify([a, b])).toBe(former(a).toLowerCase() === former(b).toLowerCase());
    }
  });
});

describe("parseNumberToken", () => {
  it.each<[string, number | null]>([
    ["0", 0],
    ["-0.0", -0],
    ["+3", 3],
    [".5", 0.5],
    ["-.5e1", -5],
    ["5.", 5],
    ["1e6", 1e6],
    ["007", 7],
    ["1e-400", 0],
    ["1e999", null],
    ["nan", null],
    ["inf", null],
    ["-infinity", null],
    [".", null],
    ["-", null],
    ["e5", null],
    ["1e", null],
    ["1e+", null],
    ["1.2.3", null],
    ["0x10", null],
    ["1,5", null],
    ["", null],
  ])("%j is %j", (token, value) => {
    expect(parseNumberToken(token, 0, token.length)).toBe(value);
  });
});

describe("sizes the runner allows", () => {
  const time = (f: () => unknown) => {
    const start = performance.now();
    f();
    return performance.now() - start;
  };

  it("a 1 MB line of spaces ending in a letter (quadratic for a trailing-space regex) is linear in every checker (well under 2 s; the regex took minutes)", () => {
    const line = `${" ".repeat(1 << 20)}x`;
    for (const checker of [exact, caseless, whitespace, tol(1e-6, 1e-6), tol(1e-6, 1e-6, { spaceSensitive: true })]) {
      expect(time(() => checkOutput(checker, line, `${line}\n`))).toBeLessThan(2000);
      expect(checkOutput(checker, line, `${line}\n`)).toBe(checker.type !== "tolerance" || !checker.spaceSensitive);
    }
    expect(time(() => normalizeOutput(line))).toBeLessThan(2000);
  });

  it("a 1 MB single-line answer, one character off at the end, in every checker", () => {
    const line = "ab ".repeat(350_000);
    const other = `${line.slice(0, -2)}c `;
    for (const checker of [exact, caseless, whitespace, tol(0, 0)]) {
      expect(checkOutput(checker, line, line)).toBe(true);
      expect(checkOutput(checker, other, line)).toBe(false);
    }
  });

  it("8 MB of numbers, each within the tolerance, in under 2 s", () => {
    const n = 1_000_000;
    const expected = Array.from({ length: n }, (_, i) => `${i}.5`).join("\n");
    const actual = Array.from({ length: n }, (_, i) => `${i}.5000001`).join(" ");
    expect(actual.length).toBeGreaterThan(8_000_000);
    let passed = false;
    expect(time(() => (passed = checkOutput(tol(1e-6, 0), actual, expected)))).toBeLessThan(2000);
    expect(passed).toBe(true);
    expect(checkOutput(tol(1e-8, 0), actual, expected)).toBe(false);
  });

  it("8 MB of newlines, and 8 MB of one-letter lines, in every checker", () => {
    const newlines = "\n".repeat(8 << 20);
    const letters = "a\n".repeat(4 << 20);
    for (const checker of [exact, caseless, whitespace, tol(0, 0)]) {
      expect(time(() => expect(checkOutput(checker, newlines, "")).toBe(true))).toBeLessThan(2000);
      expect(time(() => expect(checkOutput(checker, letters, letters.toUpperCase())).toBe(checker.type === "case"))).toBeLessThan(2000);
    }
  });
});
