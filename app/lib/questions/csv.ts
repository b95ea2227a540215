// CSV import of the question bank (spec 1 section 5): parsing, per-row checks
// with human reasons, and the two download templates. Runs in the browser for
// the preview; the server re-validates every row with the same schemas.
import Papa from "papaparse";
import { z } from "zod";
import {
  CodingQuestionSchema,
  DEFAULT_HIDDEN,
  MCQ_LETTERS,
  McqQuestionSchema,
  MSG_MCQ_FILL,
  TEST_CASES_PER_QUESTION,
  type CodingQuestion,
  type McqQuestion,
} from "./question-validation";

export type CsvKind = "coding" | "mcq";

const TEST_NUMBERS = Array.from({ length: TEST_CASES_PER_QUESTION }, (_, i) => i + 1);

/** The coding columns, in the spec's order. */
export const CODING_CSV_COLUMNS = [
  "title",
  "description",
  "category",
  ...TEST_NUMBERS.flatMap((n) => [`test${n}_input`, `test${n}_output`, `test${n}_hidden`]),
] as const;

/** The MCQ columns, in the spec's order. */
export const MCQ_CSV_COLUMNS = ["title", "category", "option_a", "option_b", "option_c", "option_d", "correct_option"] as const;

const REQUIRED_COLUMNS: Record<CsvKind, string[]> = {
  coding: ["title", "description", ...TEST_NUMBERS.flatMap((n) => [`test${n}_input`, `test${n}_output`])],
  mcq: ["title", "option_a", "option_b", "option_c", "option_d", "correct_option"],
};

export type CodingCsvRow = CodingQuestion & { row: number };
export type McqCsvRow = McqQuestion & { row: number };
export type ParsedRow = CodingCsvRow | McqCsvRow;
export type CsvFailure = { row: number; reason: string };
export type CsvResult<T> = {
  valid: T[];
  failed: CsvFailure[];
  /** Set when the file as a whole cannot be read (no header, missing columns); then nothing is valid. */
  error?: string;
};

// ---------------------------------------------------------------- templates

const CODING_EXAMPLE: Record<(typeof CODING_CSV_COLUMNS)[number], string> = {
  title: "Sum of Two Numbers",
  description: "Read two integers a and b, separated by a space, and print a + b.\nExample: for 2 3 print 5.",
  category: "General",
  test1_input: "2 3",
  test1_output: "5",
  test1_hidden: "false",
  test2_input: "10 20",
  test2_output: "30",
  test2_hidden: "true",
  test3_input: "-4 4",
  test3_output: "0",
  test3_hidden: "true",
  test4_input: "1000000 2000000",
  test4_output: "3000000",
  test4_hidden: "true",
  test5_input: "-7 -8",
  test5_output: "-15",
  test5_hidden: "true",
};

const MCQ_EXAMPLE: Record<(typeof MCQ_CSV_COLUMNS)[number], string> = {
  title: "Which keyword defines a function in Python?",
  category: "General",
  option_a: "func",
  option_b: "def",
  option_c: "function",
  option_d: "lambda, when named",
  correct_option: "B",
};

function toCsv(columns: readonly string[], example: Record<string, string>) {
  return Papa.unparse({ fields: [...columns], data: [columns.map((c) => example[c] ?? "")] }, { newline: "\r\n" }) + "\r\n";
}

/** Header plus one example row, exactly the spec's coding columns. */
export const CODING_CSV_TEMPLATE = toCsv(CODING_CSV_COLUMNS, CODING_EXAMPLE);
/** Header plus one example row, exactly the spec's MCQ columns. */
export const MCQ_CSV_TEMPLATE = toCsv(MCQ_CSV_COLUMNS, MCQ_EXAMPLE);

export const CSV_TEMPLATES: Record<CsvKind, { fileName: string; csv: string }> = {
  coding: { fileName: "coding-questions-template.csv", csv: CODING_CSV_TEMPLATE },
  mcq: { fileName: "mcq-questions-template.csv", csv: MCQ_CSV_TEMPLATE },
};

export function templateDataUrl(kind: CsvKind) {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_TEMPLATES[kind].csv)}`;
}

// ---------------------------------------------------------------- reading records

type RawRecord = { row: number; values: Record<string, string>; problem?: string };
type Table = { header: string[]; records: RawRecord[] } | { error: string };

const normalizeHeader = (h: string) =>
  h
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/**
 * Splits the text into records keyed by (normalised) header names. `row` is
 * the spreadsheet row number: the header is row 1 and every record, blank
 * lines included, takes one row, even when a quoted value spans several lines.
 */
function readTable(input: string): Table {
  const text = input.replace(/^\uFEFF/, "");
  if (text.trim() === "") return { error: "The file is empty" };

  let header: string[] | null = null;
  const records: RawRecord[] = [];
  let row = 0;
  let cursor = 0;
  let stop = false;

  Papa.parse<string[]>(text, {
    header: false,
    delimiter: ",",
    skipEmptyLines: true,
    step: (result, parser) => {
      if (stop) return;
      // Rows skipped as empty lines still count, like in a spreadsheet.
      const linebreak = result.meta.linebreak || "\n";
      for (let at = cursor; text.startsWith(linebreak, at); at += linebreak.length) row += 1;
      cursor = result.meta.cursor;
      row += 1;
      const fields = result.data;
      const quoteError = result.errors.find((e) => e.type === "Quotes");

      if (!header) {
        header = fields.map(normalizeHeader);
        if (quoteError) {
          stop = true;
          parser.abort();
        }
        return;
      }
      if (fields.every((f) => f.trim() === "")) return;

      const values: Record<string, string> = {};
      header.forEach((name, i) => {
        if (name && !(name in values)) values[name] = fields[i] ?? "";
      });
      let problem: string | undefined;
      if (quoteError) {
        problem = "A quoted value is never closed, so this row and the rest of the file could not be read";
      } else if (fields.length > header.length && fields.slice(header.length).some((f) => f.trim() !== "")) {
        problem = `This row has ${fields.length} values but the header has ${header.length} columns (put values containing commas in double quotes)`;
      }
      records.push({ row, values, problem });
    },
  });

  if (stop) return { error: "The header row has a quoted value that is never closed" };
  if (!header || (header as string[]).every((h) => h === "")) return { error: "The file has no header row" };
  return { header, records };
}

function missingColumns(header: string[], kind: CsvKind) {
  return REQUIRED_COLUMNS[kind].filter((c) => !header.includes(c));
}

/** Which format a header looks like, if either. */
export function detectCsvKind(text: string): CsvKind | null {
  const table = readTable(text);
  if ("error" in table) return null;
  if (missingColumns(table.header, "coding").length === 0) return "coding";
  if (missingColumns(table.header, "mcq").length === 0) return "mcq";
  return null;
}

function headerError(header: string[], kind: CsvKind): string | undefined {
  const missing = missingColumns(header, kind);
  if (missing.length === 0) return undefined;
  const other: CsvKind = kind === "coding" ? "mcq" : "coding";
  if (missingColumns(header, other).length === 0) {
    return other === "mcq"
      ? "This file has the MCQ columns: choose MCQ questions to import it"
      : "This file has the coding-question columns: choose coding questions to import it";
  }
  return `Missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`;
}

const blank = (v: string | undefined) => (v ?? "").trim() === "";
const schemaReason = (error: z.ZodError) => error.issues[0]?.message ?? "Invalid row";

function listNumbers(ns: number[]) {
  if (ns.length === 1) return `${ns[0]}`;
  return `${ns.slice(0, -1).join(", ")} and ${ns[ns.length - 1]}`;
}

// ---------------------------------------------------------------- coding

export type CodingCsvOptions = {
  /** Language for rows without a language column (the spec's columns have none). Default python. */
  language?: string;
};

/**
 * Coding CSV: title, description, category, test1_input, test1_output,
 * test1_hidden ... test5_*. "true" in testN_hidden means hidden. A row
 * lacking any of the 5 test cases fails. Optional extra columns: language, difficulty.
 */
export function parseCodingCsv(text: string, options: CodingCsvOptions = {}): CsvResult<CodingCsvRow> {
  const table = readTable(text);
  if ("error" in table) return { valid: [], failed: [], error: table.error };
  const error = headerError(table.header, "coding");
  if (error) return { valid: [], failed: [], error };

  const valid: CodingCsvRow[] = [];
  const failed: CsvFailure[] = [];
  for (const { row, values, problem } of table.records) {
    if (problem) {
      failed.push({ row, reason: problem });
      continue;
    }
    const missingFields = [blank(values.title) && "title", blank(values.description) && "description"].filter(Boolean);
    if (missingFields.length) {
      failed.push({ row, reason: `Missing ${missingFields.join(" and ")}` });
      continue;
    }
    const missingTests = TEST_NUMBERS.filter((n) => blank(values[`test${n}_input`]) || blank(values[`test${n}_output`]));
    if (missingTests.length) {
      failed.push({
        row,
        reason: `Missing test case ${listNumbers(missingTests)}: every question needs all 5 test cases with input and output`,
      });
      continue;
    }
    const hiddenColumn = (n: number) => table.header.includes(`test${n}_hidden`);
    const parsed = CodingQuestionSchema.safeParse({
      title: values.title,
      description: values.description,
      category: values.category,
      language: blank(values.language) ? options.language : values.language,
      difficulty: values.difficulty,
      testCases: TEST_NUMBERS.map((n) => ({
        input: values[`test${n}_input`],
        expectedOutput: values[`test${n}_output`],
        isHidden: hiddenColumn(n) ? (values[`test${n}_hidden`] ?? "").trim().toLowerCase() === "true" : DEFAULT_HIDDEN[n - 1],
      })),
    });
    if (!parsed.success) failed.push({ row, reason: schemaReason(parsed.error) });
    else valid.push({ row, ...parsed.data });
  }
  return { valid, failed };
}

// ---------------------------------------------------------------- MCQ

/** MCQ CSV: title, category, option_a..option_d, correct_option (A-D, any case). Invalid rows fail. */
export function parseMcqCsv(text: string): CsvResult<McqCsvRow> {
  const table = readTable(text);
  if ("error" in table) return { valid: [], failed: [], error: table.error };
  const error = headerError(table.header, "mcq");
  if (error) return { valid: [], failed: [], error };

  const valid: McqCsvRow[] = [];
  const failed: CsvFailure[] = [];
  for (const { row, values, problem } of table.records) {
    if (problem) {
      failed.push({ row, reason: problem });
      continue;
    }
    const missing = ["title", "option_a", "option_b", "option_c", "option_d"].filter((c) => blank(values[c]));
    if (missing.length) {
      failed.push({ row, reason: `${MSG_MCQ_FILL} (missing ${missing.join(", ")})` });
      continue;
    }
    const correct = (values.correct_option ?? "").trim();
    if (!MCQ_LETTERS.includes(correct.toUpperCase() as (typeof MCQ_LETTERS)[number])) {
      failed.push({
        row,
        reason: correct ? `correct_option must be A, B, C or D (found "${correct.slice(0, 20)}")` : "Missing correct_option (A, B, C or D)",
      });
      continue;
    }
    const parsed = McqQuestionSchema.safeParse({
      title: values.title,
      optionA: values.option_a,
      optionB: values.option_b,
      optionC: values.option_c,
      optionD: values.option_d,
      correctOption: correct,
      category: values.category,
      difficulty: values.difficulty,
    });
    if (!parsed.success) failed.push({ row, reason: schemaReason(parsed.error) });
    else valid.push({ row, ...parsed.data });
  }
  return { valid, failed };
}

export function parseQuestionsCsv(kind: CsvKind, text: string, options: CodingCsvOptions = {}): CsvResult<ParsedRow> {
  return kind === "coding" ? parseCodingCsv(text, options) : parseMcqCsv(text);
}

/** Splits rows into request-sized chunks for the import. */
export { chunk } from "~/lib/d1/limits";
