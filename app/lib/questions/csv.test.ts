import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import {
  chunk,
  CODING_CSV_COLUMNS,
  CODING_CSV_TEMPLATE,
  detectCsvKind,
  MCQ_CSV_COLUMNS,
  MCQ_CSV_TEMPLATE,
  parseCodingCsv,
  parseMcqCsv,
  templateDataUrl,
} from "./csv";
import {
  CategorySchema,
  CodingQuestionSchema,
  defaultTestCases,
  McqQuestionSchema,
  mcqStorage,
  AddTestCaseSchema,
} from "./question-validation";
import { firstError } from "~/lib/accounts/validation";

const CODING_HEADER = CODING_CSV_COLUMNS.join(",");
const MCQ_HEADER = MCQ_CSV_COLUMNS.join(",");

function codingLine(title: string, opts: { description?: string; category?: string; drop?: number[]; hidden?: string[] } = {}) {
  const cells = [title, opts.description ?? "Print the sum", opts.category ?? "Arrays"];
  for (let n = 1; n <= 5; n++) {
    const dropped = opts.drop?.includes(n);
    cells.push(dropped ? "" : `${n} ${n}`, dropped ? "" : `${2 * n}`, opts.hidden?.[n - 1] ?? (n === 1 ? "false" : "true"));
  }
  return Papa.unparse([cells]);
}

describe("templates", () => {
  it("have exactly the spec's columns and one example row", () => {
    const coding = Papa.parse<string[]>(CODING_CSV_TEMPLATE, { skipEmptyLines: true }).data;
    expect(coding).toHaveLength(2);
    expect(coding[0]).toEqual([
      "title",
      "description",
      "category",
      "test1_input",
      "test1_output",
      "test1_hidden",
      "test2_input",
      "test2_output",
      "test2_hidden",
      "test3_input",
      "test3_output",
      "test3_hidden",
      "test4_input",
      "test4_output",
      "test4_hidden",
      "test5_input",
      "test5_output",
      "test5_hidden",
    ]);
    const mcq = Papa.parse<string[]>(MCQ_CSV_TEMPLATE, { skipEmptyLines: true }).data;
    expect(mcq).toHaveLength(2);
    expect(mcq[0]).toEqual(["title", "category", "option_a", "option_b", "option_c", "option_d", "correct_option"]);
  });

  it("parse back as one valid row each (the template is importable as is)", () => {
    const coding = parseCodingCsv(CODING_CSV_TEMPLATE);
    expect(coding.failed).toEqual([]);
    expect(coding.valid).toHaveLength(1);
    expect(coding.valid[0]!.testCases.map((t) => t.isHidden)).toEqual([false, true, true, true, true]);
    expect(coding.valid[0]!.description).toContain("\n");
    const mcq = parseMcqCsv(MCQ_CSV_TEMPLATE);
    expect(mcq.failed).toEqual([]);
    expect(mcq.valid[0]).toMatchObject({ row: 2, correctOption: "B", optionD: "lambda, when named" });
  });

  it("round-trips through a data: URL", () => {
    const url = templateDataUrl("mcq");
    expect(url.startsWith("data:text/csv;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(url.split(",").slice(1).join(","))).toBe(MCQ_CSV_TEMPLATE);
  });
});

describe("parseCodingCsv", () => {
  it("reads the five test cases with hidden flags, 10 points each, category and default language", () => {
    const result = parseCodingCsv(`${CODING_HEADER}\n${codingLine("Sum", { hidden: ["TRUE", "false", "", "true", "no"] })}\n`);
    expect(result.failed).toEqual([]);
    const [row] = result.valid;
    expect(row).toMatchObject({ row: 2, title: "Sum", category: "Arrays", language: "python", difficulty: "medium" });
    expect(row!.testCases).toHaveLength(5);
    expect(row!.testCases.map((t) => t.isHidden)).toEqual([true, false, false, true, false]);
    expect(row!.testCases.every((t) => t.points === 10)).toBe(true);
    expect(row!.testCases[2]).toMatchObject({ input: "3 3", expectedOutput: "6" });
  });

  it("uses the chosen language, or a language column when present", () => {
    expect(parseCodingCsv(`${CODING_HEADER}\n${codingLine("Sum")}`, { language: "java" }).valid[0]!.language).toBe("java");
    const withColumn = `${CODING_HEADER},language\n${codingLine("Sum")},C++\n`;
    expect(parseCodingCsv(withColumn, { language: "java" }).valid[0]!.language).toBe("cpp");
    const badLanguage = parseCodingCsv(`${CODING_HEADER},language\n${codingLine("Sum")},rust\n`);
    expect(badLanguage.failed[0]!.reason).toMatch(/language/i);
  });

  it("defaults a blank category to General", () => {
    expect(parseCodingCsv(`${CODING_HEADER}\n${codingLine("Sum", { category: "" })}`).valid[0]!.category).toBe("General");
  });

  it("fails a row lacking any of the 5 test cases, saying which", () => {
    const text = [CODING_HEADER, codingLine("Ok"), codingLine("Four", { drop: [5] }), codingLine("Three", { drop: [2, 4] })].join("\n");
    const result = parseCodingCsv(text);
    expect(result.valid.map((r) => r.title)).toEqual(["Ok"]);
    expect(result.failed).toEqual([
      { row: 3, reason: "Missing test case 5: every question needs all 5 test cases with input and output" },
      { row: 4, reason: "Missing test case 2 and 4: every question needs all 5 test cases with input and output" },
    ]);
  });

  it("fails rows without a title or description", () => {
    const result = parseCodingCsv([CODING_HEADER, codingLine(""), codingLine("T", { description: "  " })].join("\n"));
    expect(result.failed).toEqual([
      { row: 2, reason: "Missing title" },
      { row: 3, reason: "Missing description" },
    ]);
  });

  it("handles quoted commas and newlines, a BOM and CRLF line ends", () => {
    const line = codingLine("Sum, twice", { description: 'Line one\r\nLine "two", with comma' });
    const text = `\uFEFF${CODING_HEADER}\r\n${line}\r\n${codingLine("Next")}\r\n`;
    const result = parseCodingCsv(text);
    expect(result.failed).toEqual([]);
    expect(result.valid.map((r) => [r.row, r.title])).toEqual([
      [2, "Sum, twice"],
      [3, "Next"],
    ]);
    expect(result.valid[0]!.description).toBe('Line one\nLine "two", with comma');
  });

  it("keeps multi-line test input, normalising CRLF inside it", () => {
    const cells = ["Matrix", "Read a matrix", "General"];
    for (let n = 1; n <= 5; n++) cells.push(`2 2\r\n1 2\r\n3 4`, `10`, "true");
    const result = parseCodingCsv(`${CODING_HEADER}\r\n${Papa.unparse([cells])}`);
    expect(result.valid[0]!.testCases[0]!.input).toBe("2 2\n1 2\n3 4");
  });

  it("reports a missing column, or a file of the other kind", () => {
    expect(parseCodingCsv("title,description\nA,B\n").error).toMatch(/^Missing columns: test1_input, test1_output/);
    expect(parseCodingCsv(MCQ_CSV_TEMPLATE).error).toBe("This file has the MCQ columns: choose MCQ questions to import it");
    expect(parseCodingCsv("").error).toBe("The file is empty");
  });

  it("accepts headers in any case and order, and ignores unknown columns", () => {
    const header = ["Notes", ...[...CODING_CSV_COLUMNS].reverse().map((c) => c.toUpperCase())].join(",");
    const source = Papa.parse<string[]>(`${CODING_HEADER}\n${codingLine("Sum")}`).data[1]!;
    const line = Papa.unparse([["ignore me", ...[...source].reverse()]]);
    const result = parseCodingCsv(`${header}\n${line}`);
    expect(result.failed).toEqual([]);
    expect(result.valid[0]!.title).toBe("Sum");
  });

  it("defaults hidden flags to 4 hidden + 1 open when the hidden columns are absent", () => {
    const header = CODING_CSV_COLUMNS.filter((c) => !c.endsWith("_hidden"));
    const values = ["T", "D", "General", "1", "1", "2", "2", "3", "3", "4", "4", "5", "5"];
    const result = parseCodingCsv(`${header.join(",")}\n${values.join(",")}`);
    expect(result.valid[0]!.testCases.map((t) => t.isHidden)).toEqual([false, true, true, true, true]);
  });
});

describe("parseMcqCsv", () => {
  it("reads options, correct option in any case, category", () => {
    const text = `${MCQ_HEADER}\r\n"What is 2+2?",Math,3,4,5,"6, maybe",b\r\n`;
    const result = parseMcqCsv(text);
    expect(result.failed).toEqual([]);
    expect(result.valid).toEqual([
      {
        row: 2,
        title: "What is 2+2?",
        category: "Math",
        optionA: "3",
        optionB: "4",
        optionC: "5",
        optionD: "6, maybe",
        correctOption: "B",
        difficulty: "medium",
      },
    ]);
    expect(mcqStorage(result.valid[0]!)).toEqual({
      mcqOptions: { options: ["3", "4", "5", "6, maybe"], correct_index: 1 },
      correctAnswer: "B",
    });
  });

  it("counts invalid rows as failed with a reason and row number", () => {
    const text = [
      MCQ_HEADER,
      "Q1,General,a,b,c,d,A",
      "Q2,General,a,,c,d,A",
      "Q3,General,a,b,c,d,E",
      "Q4,General,a,b,c,d,",
      ",General,a,b,c,d,A",
      "Q6,General,a,b,c,d,D",
    ].join("\n");
    const result = parseMcqCsv(text);
    expect(result.valid.map((r) => [r.row, r.title])).toEqual([
      [2, "Q1"],
      [7, "Q6"],
    ]);
    expect(result.failed).toEqual([
      { row: 3, reason: "Please fill question and all 4 options (missing option_b)" },
      { row: 4, reason: 'correct_option must be A, B, C or D (found "E")' },
      { row: 5, reason: "Missing correct_option (A, B, C or D)" },
      { row: 6, reason: "Please fill question and all 4 options (missing title)" },
    ]);
  });

  it("numbers rows like a spreadsheet across blank lines and multi-line values", () => {
    const text = `${MCQ_HEADER}\n\n"Multi\nline",General,a,b,c,d,A\n\r\n\nQ,General,a,,c,d,A\n`;
    const result = parseMcqCsv(text);
    expect(result.valid.map((r) => r.row)).toEqual([3]);
    expect(result.valid[0]!.title).toBe("Multi\nline");
    expect(result.failed.map((r) => r.row)).toEqual([6]);
  });

  it("fails a row with more values than columns (an unquoted comma)", () => {
    const result = parseMcqCsv(`${MCQ_HEADER}\nQ,General,a,b,c,d,A\nWhat is 1,000?,General,a,b,c,d,A\n`);
    expect(result.valid).toHaveLength(1);
    expect(result.failed[0]!.row).toBe(3);
    expect(result.failed[0]!.reason).toMatch(/8 values but the header has 7 columns/);
  });

  it("fails the rest of the file from an unclosed quote", () => {
    const result = parseMcqCsv(`${MCQ_HEADER}\nQ,General,a,b,c,d,A\n"Broken,General,a,b,c,d,A\nQ3,General,a,b,c,d,A\n`);
    expect(result.valid).toHaveLength(1);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]!.reason).toMatch(/never closed/);
  });

  it("skips rows that are entirely blank", () => {
    expect(parseMcqCsv(`${MCQ_HEADER}\n,,,,,,\nQ,General,a,b,c,d,c`).valid).toHaveLength(1);
  });

  it("reports a coding file chosen as MCQ, and missing columns", () => {
    expect(parseMcqCsv(CODING_CSV_TEMPLATE).error).toBe(
      "This file has the coding-question columns: choose coding questions to import it",
    );
    expect(parseMcqCsv("title,category,option_a\nx,y,z").error).toBe(
      "Missing columns: option_b, option_c, option_d, correct_option",
    );
  });

  it("parses 1,000 rows", () => {
    const lines = [MCQ_HEADER];
    for (let i = 1; i <= 1000; i++) lines.push(`"Question ${i}, about commas",Bulk,a${i},b${i},c${i},d${i},${"ABCD"[i % 4]}`);
    const result = parseMcqCsv(lines.join("\r\n"));
    expect(result.failed).toEqual([]);
    expect(result.valid).toHaveLength(1000);
    expect(result.valid[999]).toMatchObject({ row: 1001, title: "Question 1000, about commas", correctOption: "A" });
  });
});

describe("detectCsvKind and chunk", () => {
  it("detects each template", () => {
    expect(detectCsvKind(CODING_CSV_TEMPLATE)).toBe("coding");
    expect(detectCsvKind(MCQ_CSV_TEMPLATE)).toBe("mcq");
    expect(detectCsvKind("a,b\n1,2")).toBeNull();
  });
  it("splits into chunks", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 100)).toEqual([]);
  });
});

describe("question schemas", () => {
  const cases = () => defaultTestCases().map((t, i) => ({ ...t, input: `${i}`, expectedOutput: `${i}` }));
  const coding = (over: Record<string, unknown> = {}) => ({ title: "T", description: "D", testCases: cases(), ...over });

  it("accepts a coding question with 5 cases: 4 hidden, 1 open, 10 points, General, python", () => {
    const parsed = CodingQuestionSchema.parse(coding());
    expect(parsed).toMatchObject({ category: "General", language: "python", difficulty: "medium" });
    expect(parsed.testCases.filter((t) => t.isHidden)).toHaveLength(4);
    expect(parsed.testCases.every((t) => t.points === 10)).toBe(true);
  });

  it.each([
    [{ title: "  " }, "Please fill all fields"],
    [{ description: "" }, "Please fill all fields"],
    [{ testCases: cases().slice(0, 4) }, "Please add exactly 5 test cases"],
    [{ testCases: [] }, "Please add exactly 5 test cases"],
    [{ testCases: undefined }, "Please add exactly 5 test cases"],
    [{ testCases: [...cases(), cases()[0]] }, "Maximum 5 test cases allowed per question"],
    [{ testCases: cases().map((t, i) => (i === 2 ? { ...t, expectedOutput: " " } : t)) }, "Please fill all fields"],
    [{ testCases: cases().map((t, i) => (i === 4 ? { ...t, input: "" } : t)) }, "Please fill all fields"],
    [{ title: "", testCases: [] }, "Please fill all fields"],
  ])("gives the spec message for %o", (over, message) => {
    expect(firstError(CodingQuestionSchema, coding(over))).toBe(message);
  });

  it("reads test cases from a JSON form field", () => {
    expect(firstError(CodingQuestionSchema, coding({ testCases: JSON.stringify(cases()) }))).toBeNull();
    expect(firstError(CodingQuestionSchema, coding({ testCases: "{not json" }))).toBe("Please add exactly 5 test cases");
  });

  it("checks a single test case: input and expected output required", () => {
    expect(firstError(AddTestCaseSchema, { questionId: "q", input: "", expectedOutput: "1" })).toBe("Please fill all fields");
    const ok = AddTestCaseSchema.parse({ questionId: "q", input: "1", expectedOutput: "2", isHidden: "on", points: "" });
    expect(ok).toMatchObject({ points: 10, isHidden: true });
    expect(AddTestCaseSchema.parse({ questionId: "q", input: "1", expectedOutput: "2" }).isHidden).toBe(false);
    expect(firstError(AddTestCaseSchema, { questionId: "q", input: "1", expectedOutput: "2", points: "-1" })).toBe(
      "Points must be a whole number from 0 to 100",
    );
  });

  it("checks an MCQ", () => {
    const mcq = { title: "Q", optionA: "a", optionB: "b", optionC: "c", optionD: "d", correctOption: "c" };
    expect(McqQuestionSchema.parse(mcq).correctOption).toBe("C");
    expect(firstError(McqQuestionSchema, { ...mcq, optionC: " " })).toBe("Please fill question and all 4 options");
    expect(firstError(McqQuestionSchema, { ...mcq, title: "" })).toBe("Please fill question and all 4 options");
    expect(firstError(McqQuestionSchema, { ...mcq, correctOption: "E" })).toBe("Please choose the correct option (A, B, C or D)");
  });

  it("checks a category name", () => {
    expect(firstError(CategorySchema, { name: "   " })).toBe("Please enter a category name");
    expect(firstError(CategorySchema, {})).toBe("Please enter a category name");
    expect(CategorySchema.parse({ name: "  Arrays " }).name).toBe("Arrays");
  });
});
