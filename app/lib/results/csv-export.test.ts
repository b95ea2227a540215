import { describe, expect, it } from "vitest";
import { csvCell, csvFileName, toCsv } from "./csv-export";
import { parseCsv } from "../../../tests/csv";

describe("csvCell: RFC 4180 quoting", () => {
  it("leaves plain text alone and quotes commas, quotes and line breaks", () => {
    expect(csvCell("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvCell("Lovelace, Ada")).toBe('"Lovelace, Ada"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("writes numbers, booleans and empty values as they are", () => {
    expect(csvCell(100)).toBe("100");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });
});

describe("csvCell: spreadsheet formula injection", () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ["=1+2", "'=1+2"],
    ["+1+2", "'+1+2"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["\t=1", "'\t=1"],
    ["\r=1", `"'\r=1"`],
  ])("neutralises %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("leaves a formula character that is not first alone", () => {
    expect(csvCell("Ada = 1")).toBe("Ada = 1");
    expect(csvCell("a-b@c.edu")).toBe("a-b@c.edu");
  });
});

describe("toCsv", () => {
  it("joins rows with CRLF, ends with CRLF and starts with a BOM for Excel", () => {
    expect(toCsv([["a", "b"], [1, 2]])).toBe("\uFEFFa,b\r\n1,2\r\n");
    expect(toCsv([["a"]], { bom: false })).toBe("a\r\n");
    expect(toCsv([], { bom: false })).toBe("");
  });

  it("round-trips awkward text through an RFC 4180 reader, formulas kept inert", () => {
    const rows = [
      ["Name", "Note"],
      ['=HYPERLINK("x")', "line one\r\nline two, with a comma"],
      ['He said "no"', "-1"],
    ];
    const back = parseCsv(toCsv(rows, { bom: false }));
    expect(back).toEqual([
      ["Name", "Note"],
      ["'=HYPERLINK(\"x\")", "line one\r\nline two, with a comma"],
      ['He said "no"', "'-1"],
    ]);
  });
});

describe("csvFileName", () => {
  it("keeps letters, digits, dots and dashes", () => {
    expect(csvFileName('Midterm "A"/B: results')).toBe("Midterm-AB-results.csv");
    expect(csvFileName("Überprüfung")).toBe("Uberprufung.csv");
    expect(csvFileName("///")).toBe("export.csv");
  });
});
