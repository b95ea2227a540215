import { describe, expect, it } from "vitest";
import { lenientMatch, lineDiff, visibleWhitespace, wouldPassText } from "./lenient";

describe("lenientMatch", () => {
  it("is [] for an exact match and null when nothing helps", () => {
    expect(lenientMatch("42\n", "42\n")).toEqual([]);
    expect(lenientMatch("42\n", "43\n")).toBeNull();
    expect(lenientMatch("a b\n", "a  b\n")).toBeNull();
    expect(lenientMatch("", "x")).toBeNull();
  });

  it("ignores trailing spaces, tabs, CRLF and trailing newlines, never leading ones", () => {
    expect(lenientMatch("1 2\n3\n", "1 2  \n3\t\n\n")).toEqual(["whitespace"]);
    expect(lenientMatch("1\n", "1")).toEqual(["whitespace"]);
    expect(lenientMatch("1\r\n2\r\n", "1\n2")).toEqual(["whitespace"]);
    expect(lenientMatch("1\n", " 1\n")).toBeNull();
    expect(lenientMatch("1\n2\n", "1\n\n2\n")).toBeNull();
  });

  it("names letter case only when it is needed", () => {
    expect(lenientMatch("YES\n", "yes\n")).toEqual(["whitespace", "case"]);
    expect(lenientMatch("Yes\n", "yes")).toEqual(["whitespace", "case"]);
  });

  it("compares numbers within 1e-6 relative tolerance, token by token", () => {
    expect(lenientMatch("0.333333\n", "0.3333333\n")).toEqual(["whitespace", "numbers"]);
    expect(lenientMatch("1000000\n", "1000000.5\n")).toEqual(["whitespace", "numbers"]);
    expect(lenientMatch("1e3 x\n", "1000.0000001 x\n")).toEqual(["whitespace", "numbers"]);
    expect(lenientMatch("1.0\n", "1.01\n")).toBeNull();
    expect(lenientMatch("0\n", "0.0000001\n")).toBeNull();
    expect(lenientMatch("1 2\n", "1 2 3\n")).toBeNull();
    expect(lenientMatch("Pi 3.1415926\n", "pi 3.14159265\n")).toEqual(["whitespace", "case", "numbers"]);
  });

  it("says what would make it pass", () => {
    expect(wouldPassText(["whitespace", "case"])).toBe("Would pass if trailing whitespace and newlines were ignored and letter case were ignored");
  });
});

describe("showing differences", () => {
  it("makes whitespace visible", () => {
    expect(visibleWhitespace("a b\t\n")).toBe("a·b→↵\n");
  });
  it("marks the lines that differ", () => {
    expect(lineDiff("a\nb", "a\nc\nd")).toEqual([
      { expected: "a", actual: "a", same: true },
      { expected: "b", actual: "c", same: false },
      { expected: null, actual: "d", same: false },
    ]);
  });
});
