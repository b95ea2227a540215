import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import {
  CODING_CSV_COLUMNS,
  CODING_CSV_TEMPLATE,
  MCQ_CSV_COLUMNS,
  MCQ_CSV_TEMPLATE,
  templateDataUrl,
} from "../csv-templates";
import { toBankImport } from "../import-plan";
import {
  CategorySchema,
  CodingQuestionSchema,
  defaultTestCases,
  McqQuestionSchema,
  mcqStorage,
  AddTestCaseSchema,
} from "../question-validation";
import { firstError } from "~/lib/accounts/validation";
import { looksLikeQuestionCsv, parseQuestionCsv } from "./csv";
import { detectFormat, parseQuestionFile } from "./index";
import { FormatError, type ImportedCoding, type ImportedMcq } from "./model";

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

const coding = (text: string) => parseQuestionCsv(text).questions as ImportedCoding[];
const mcqs = (text: string) => parseQuestionCsv(text).questions as ImportedMcq[];
/** The skipped rows as [row number, reason]. */
const skippedRows = (text: string) => parseQuestionCsv(text).skipped.map((s) => [Number(s.sourceRef.replace("row ", "")), s.reason]);
function fileError(text: string) {
  try {
    parseQuestionCsv(text);
  } catch (e) {
    if (e instanceof FormatError) return e.message;
    throw e;
  }
  throw new Error("the file was read");
}

describe("templates", () => {
  it("have exactly the spec's columns and one example row", () => {
    const codingRows = Papa.parse<string[]>(CODING_CSV_TEMPLATE, { skipEmptyLines: true }).data;
    expect(codingRows).toHaveLength(2);
    expect(codingRows[0]).toEqual([
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
    const mcqRows = Papa.parse<string[]>(MCQ_CSV_TEMPLATE, { skipEmptyLines: true }).data;
    expect(mcqRows).toHaveLength(2);
    expect(mcqRows[0]).toEqual(["title", "category", "option_a", "option_b", "option_c", "option_d", "correct_option"]);
  });

  it("are written as papaparse writes them (quoted only where needed, CRLF)", () => {
    for (const template of [CODING_CSV_TEMPLATE, MCQ_CSV_TEMPLATE]) {
      const rows = Papa.parse<string[]>(template, { skipEmptyLines: true }).data;
      expect(template).toBe(Papa.unparse(rows, { newline: "\r\n" }) + "\r\n");
    }
    expect(CODING_CSV_TEMPLATE).toContain(",-4 4,");
  });

  it("parse back as one question each, nothing skipped (the template is importable as is)", () => {
    const codingResult = parseQuestionCsv(CODING_CSV_TEMPLATE);
    expect(codingResult).toMatchObject({ kind: "coding", skipped: [], warnings: [], categories: ["General"] });
    expect(codingResult.questions).toHaveLength(1);
    const [sum] = codingResult.questions as ImportedCoding[];
    expect(sum!.testCases.map((t) => t.hidden)).toEqual([false, true, true, true, true]);
    expect(sum!.text).toContain("\n");
    expect(sum).toMatchObject({ sourceRef: "row 2", language: null });
    const mcqResult = parseQuestionCsv(MCQ_CSV_TEMPLATE);
    expect(mcqResult.skipped).toEqual([]);
    expect(mcqResult.questions[0]).toMatchObject({ kind: "mcq", sourceRef: "row 2", correct: 1, options: ["func", "def", "function", "lambda, when named"] });
  });

  it("round-trips through a data: URL", () => {
    const url = templateDataUrl("mcq");
    expect(url.startsWith("data:text/csv;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(url.split(",").slice(1).join(","))).toBe(MCQ_CSV_TEMPLATE);
  });
});

describe("coding CSV", () => {
  it("reads the five test cases with hidden flags, category, and no language (chosen in the preview)", () => {
    const result = parseQuestionCsv(`${CODING_HEADER}\n${codingLine("Sum", { hidden: ["TRUE", "false", "", "true", "no"] })}\n`);
    expect(result.skipped).toEqual([]);
    expect(result.kind).toBe("coding");
    const [row] = result.questions as ImportedCoding[];
    expect(row).toMatchObject({ kind: "coding", sourceRef: "row 2", title: "Sum", text: "Print the sum", category: "Arrays", language: null, difficulty: "medium", notes: [] });
    expect(row!.testCases).toHaveLength(5);
    expect(row!.testCases.map((t) => t.hidden)).toEqual([true, false, false, true, false]);
    expect(row!.testCases[2]).toEqual({ input: "3 3", expectedOutput: "6", hidden: false, points: null });
  });

  it("becomes a bank question of 10 points a case, in the language the preview chose", () => {
    const [row] = coding(`${CODING_HEADER}\n${codingLine("Sum")}`);
    const { question, problem } = toBankImport(row!, "java");
    expect(problem).toBeNull();
    expect(question).toMatchObject({ kind: "coding", title: "Sum", description: "Print the sum", language: "java", category: "Arrays", difficulty: "medium" });
    expect(question.kind === "coding" && question.testCases.map((t) => t.points)).toEqual([10, 10, 10, 10, 10]);
    expect(toBankImport(row!, null).problem).toBe("Choose a language for every coding question");
  });

  it("uses a language column and a difficulty column when present", () => {
    expect(coding(`${CODING_HEADER},language,difficulty\n${codingLine("Sum")},C++,Hard\n`)[0]).toMatchObject({ language: "cpp", difficulty: "hard" });
    expect(toBankImport(coding(`${CODING_HEADER},difficulty\n${codingLine("Sum")},easy\n`)[0]!, "c").question.difficulty).toBe("easy");
    const badLanguage = parseQuestionCsv(`${CODING_HEADER},language\n${codingLine("Sum")},rust\n`);
    expect(badLanguage.questions).toEqual([]);
    expect(badLanguage.skipped[0]).toMatchObject({ title: "Sum", sourceRef: "row 2" });
    expect(badLanguage.skipped[0]!.reason).toMatch(/language/i);
  });

  it("defaults a blank category to General (not listed as a category the file names)", () => {
    const result = parseQuestionCsv(`${CODING_HEADER}\n${codingLine("Sum", { category: "" })}`);
    expect(result.questions[0]!.category).toBe("General");
    expect(result.categories).toEqual([]);
  });

  it("skips a row lacking any of the 5 test cases, saying which, by its row number", () => {
    const text = [CODING_HEADER, codingLine("Ok"), codingLine("Four", { drop: [5] }), codingLine("Three", { drop: [2, 4] })].join("\n");
    expect(coding(text).map((r) => r.title)).toEqual(["Ok"]);
    expect(parseQuestionCsv(text).skipped).toEqual([
      { title: "Four", sourceRef: "row 3", reason: "Missing test case 5: every question needs all 5 test cases with input and output" },
      { title: "Three", sourceRef: "row 4", reason: "Missing test case 2 and 4: every question needs all 5 test cases with input and output" },
    ]);
  });

  it("skips rows without a title or description", () => {
    const text = [CODING_HEADER, codingLine(""), codingLine("T", { description: "  " })].join("\n");
    expect(parseQuestionCsv(text).skipped).toEqual([
      { title: "(no title)", sourceRef: "row 2", reason: "Missing title" },
      { title: "T", sourceRef: "row 3", reason: "Missing description" },
    ]);
  });

  it("handles quoted commas and newlines, a BOM and CRLF line ends", () => {
    const line = codingLine("Sum, twice", { description: 'Line one\r\nLine "two", with comma' });
    const text = `\uFEFF${CODING_HEADER}\r\n${line}\r\n${codingLine("Next")}\r\n`;
    const result = parseQuestionCsv(text);
    expect(result.skipped).toEqual([]);
    expect(result.questions.map((r) => [r.sourceRef, r.title])).toEqual([
      ["row 2", "Sum, twice"],
      ["row 3", "Next"],
    ]);
    expect(result.questions[0]!.text).toBe('Line one\nLine "two", with comma');
  });

  it("keeps multi-line test input, normalising CRLF inside it", () => {
    const cells = ["Matrix", "Read a matrix", "General"];
    for (let n = 1; n <= 5; n++) cells.push(`2 2\r\n1 2\r\n3 4`, `10`, "true");
    expect(coding(`${CODING_HEADER}\r\n${Papa.unparse([cells])}`)[0]!.testCases[0]!.input).toBe("2 2\n1 2\n3 4");
  });

  it("refuses a file with missing columns, an empty file, or one with neither kind's columns", () => {
    expect(fileError("title,description,test1_input\nA,B,C\n")).toMatch(/^Missing columns for coding questions: test1_output, test2_input/);
    expect(fileError("title,category,option_a,correct_option\nA,B,C,D\n")).toBe("Missing columns for MCQ questions: option_b, option_c, option_d");
    expect(fileError("")).toBe("The file is empty");
    expect(fileError("name,email\nAna,ana@example.com\n")).toBe("The header has neither the coding-question columns nor the MCQ columns: start from a template");
    expect(fileError('"title,category\nA,B\n')).toBe("The header row has a quoted value that is never closed");
  });

  it("accepts headers in any case and order, and ignores unknown columns", () => {
    const header = ["Notes", ...[...CODING_CSV_COLUMNS].reverse().map((c) => c.toUpperCase())].join(",");
    const source = Papa.parse<string[]>(`${CODING_HEADER}\n${codingLine("Sum")}`).data[1]!;
    const line = Papa.unparse([["ignore me", ...[...source].reverse()]]);
    const result = parseQuestionCsv(`${header}\n${line}`);
    expect(result.skipped).toEqual([]);
    expect(result.questions[0]!.title).toBe("Sum");
  });

  it("defaults hidden flags to 4 hidden + 1 open when the hidden columns are absent", () => {
    const header = CODING_CSV_COLUMNS.filter((c) => !c.endsWith("_hidden"));
    const values = ["T", "D", "General", "1", "1", "2", "2", "3", "3", "4", "4", "5", "5"];
    expect(coding(`${header.join(",")}\n${values.join(",")}`)[0]!.testCases.map((t) => t.hidden)).toEqual([false, true, true, true, true]);
  });
});

describe("MCQ CSV", () => {
  it("reads options, correct option in any case, category; the bank stores it as the form does", () => {
    const text = `${MCQ_HEADER}\r\n"What is 2+2?",Math,3,4,5,"6, maybe",b\r\n`;
    const result = parseQuestionCsv(text);
    expect(result.skipped).toEqual([]);
    expect(result).toMatchObject({ kind: "mcq", categories: ["Math"] });
    expect(result.questions).toEqual([
      { kind: "mcq", title: "What is 2+2?", text: "What is 2+2?", category: "Math", options: ["3", "4", "5", "6, maybe"], correct: 1, sourceRef: "row 2", difficulty: "medium" },
    ]);
    const { question, problem } = toBankImport(result.questions[0]!, null);
    expect(problem).toBeNull();
    expect(question).toEqual({ kind: "mcq", title: "What is 2+2?", options: ["3", "4", "5", "6, maybe"], correct: 1, category: "Math", difficulty: "medium", replaces: null });
    // The add-MCQ form's storage of the same question: the same options and letter.
    expect(mcqStorage({ optionA: "3", optionB: "4", optionC: "5", optionD: "6, maybe", correctOption: "B" })).toEqual({
      mcqOptions: { options: question.kind === "mcq" ? question.options : [], correct_index: 1 },
      correctAnswer: "B",
    });
  });

  it("skips invalid rows with a reason and their row number, and keeps the good ones", () => {
    const text = [
      MCQ_HEADER,
      "Q1,General,a,b,c,d,A",
      "Q2,General,a,,c,d,A",
      "Q3,General,a,b,c,d,E",
      "Q4,General,a,b,c,d,",
      ",General,a,b,c,d,A",
      "Q6,General,a,b,c,d,D",
    ].join("\n");
    expect(mcqs(text).map((r) => [r.sourceRef, r.title, r.correct])).toEqual([
      ["row 2", "Q1", 0],
      ["row 7", "Q6", 3],
    ]);
    expect(skippedRows(text)).toEqual([
      [3, "Please fill question and all 4 options (missing option_b)"],
      [4, 'correct_option must be A, B, C or D (found "E")'],
      [5, "Missing correct_option (A, B, C or D)"],
      [6, "Please fill question and all 4 options (missing title)"],
    ]);
    expect(parseQuestionCsv(text).skipped.map((s) => s.title)).toEqual(["Q2", "Q3", "Q4", "(no title)"]);
  });

  it("numbers rows like a spreadsheet across blank lines and multi-line values", () => {
    const text = `${MCQ_HEADER}\n\n"Multi\nline",General,a,b,c,d,A\n\r\n\nQ,General,a,,c,d,A\n`;
    expect(mcqs(text).map((r) => [r.sourceRef, r.text])).toEqual([["row 3", "Multi\nline"]]);
    expect(skippedRows(text).map(([row]) => row)).toEqual([6]);
  });

  it("skips a row with more values than columns (an unquoted comma)", () => {
    const text = `${MCQ_HEADER}\nQ,General,a,b,c,d,A\nWhat is 1,000?,General,a,b,c,d,A\n`;
    expect(mcqs(text)).toHaveLength(1);
    const [[row, reason]] = skippedRows(text) as [[number, string]];
    expect(row).toBe(3);
    expect(reason).toMatch(/8 values but the header has 7 columns/);
  });

  it("skips the rest of the file from an unclosed quote", () => {
    const result = parseQuestionCsv(`${MCQ_HEADER}\nQ,General,a,b,c,d,A\n"Broken,General,a,b,c,d,A\nQ3,General,a,b,c,d,A\n`);
    expect(result.questions).toHaveLength(1);
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]).toMatchObject({ sourceRef: "row 3" });
    expect(result.skipped[0]!.reason).toMatch(/never closed/);
  });

  it("ignores rows that are entirely blank", () => {
    const result = parseQuestionCsv(`${MCQ_HEADER}\n,,,,,,\nQ,General,a,b,c,d,c`);
    expect(result.questions).toHaveLength(1);
    expect(result.skipped).toEqual([]);
  });

  it("parses 1,000 rows", () => {
    const lines = [MCQ_HEADER];
    for (let i = 1; i <= 1000; i++) lines.push(`"Question ${i}, about commas",Bulk,a${i},b${i},c${i},d${i},${"ABCD"[i % 4]}`);
    const result = parseQuestionCsv(lines.join("\r\n"));
    expect(result.skipped).toEqual([]);
    expect(result.questions).toHaveLength(1000);
    expect(result.questions[999]).toMatchObject({ sourceRef: "row 1001", title: "Question 1000, about commas", correct: 0 });
  });
});

describe("CSV among the question files", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it("is found by its name, or by its header when the name says nothing", () => {
    expect(detectFormat("bank.CSV", bytes("anything"))).toBe("csv");
    expect(detectFormat("export", bytes(`\uFEFF${MCQ_HEADER}\r\nQ,G,a,b,c,d,A`))).toBe("csv");
    expect(detectFormat("questions.txt", bytes(CODING_CSV_TEMPLATE))).toBe("csv");
    expect(detectFormat("questions.txt", bytes("::Q1:: Is C compiled? {T}"))).toBe("gift");
    expect(looksLikeQuestionCsv("name,email")).toBe(false);
  });

  it("reads through parseQuestionFile (the worker's entry) as format csv, BOM included", () => {
    const parsed = parseQuestionFile("bank.csv", bytes(`\uFEFF${MCQ_TEMPLATE_WITH_ROWS}`));
    expect(parsed.format).toBe("csv");
    expect(parsed.questions.map((q) => q.sourceRef)).toEqual(["row 2", "row 3"]);
    expect(() => parseQuestionFile("bank.csv", bytes("name,email\n"))).toThrow(FormatError);
  });
});

const MCQ_TEMPLATE_WITH_ROWS = `${MCQ_HEADER}\r\nOne?,G,a,b,c,d,a\r\nTwo?,G,a,b,c,d,b\r\n`;

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
