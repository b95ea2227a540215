// The question bank's own CSV (spec 1 section 5) read into the neutral model
// of every question file (./model.ts), so that a CSV goes through the same
// preview, duplicate check and staged, all-or-nothing commit as Moodle XML,
// GIFT and problem packages (issue 42). The header says which of the two
// formats a file is in; each row is checked with the add-question forms'
// own schemas, and a row that fails becomes a skipped item naming its row
// number (a spreadsheet's: the header is row 1).
import Papa from "papaparse";
import type { z } from "zod";
import { CODING_CSV_COLUMNS, MCQ_CSV_COLUMNS, TEST_NUMBERS, type CsvKind } from "../csv-templates";
import { CodingQuestionSchema, DEFAULT_HIDDEN, MCQ_LETTERS, McqQuestionSchema, MSG_MCQ_FILL } from "../question-validation";
import { FormatError, type ImportedQuestion, type ParseResult, type Skipped } from "./model";

const REQUIRED_COLUMNS: Record<CsvKind, string[]> = {
  coding: ["title", "description", ...TEST_NUMBERS.flatMap((n) => [`test${n}_input`, `test${n}_output`])],
  mcq: ["title", "option_a", "option_b", "option_c", "option_d", "correct_option"],
};

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

function missingColumns(header: readonly string[], kind: CsvKind) {
  return REQUIRED_COLUMNS[kind].filter((c) => !header.includes(c));
}

/** Columns only one of the two formats has: how a header says which it is. */
const OWN_COLUMNS: Record<CsvKind, readonly string[]> = {
  coding: CODING_CSV_COLUMNS.filter((c) => !(MCQ_CSV_COLUMNS as readonly string[]).includes(c)),
  mcq: MCQ_CSV_COLUMNS.filter((c) => !(CODING_CSV_COLUMNS as readonly string[]).includes(c)),
};

/** Which of the two formats a header is in, or the message saying what it lacks. */
function kindOf(header: readonly string[]): { kind: CsvKind } | { error: string } {
  for (const kind of ["coding", "mcq"] as const) if (missingColumns(header, kind).length === 0) return { kind };
  const own = (kind: CsvKind) => OWN_COLUMNS[kind].filter((c) => header.includes(c)).length;
  if (own("coding") === 0 && own("mcq") === 0) {
    return { error: "The header has neither the coding-question columns nor the MCQ columns: start from a template" };
  }
  const kind: CsvKind = own("mcq") > own("coding") ? "mcq" : "coding";
  const missing = missingColumns(header, kind);
  return { error: `Missing column${missing.length > 1 ? "s" : ""} for ${kind === "mcq" ? "MCQ" : "coding"} questions: ${missing.join(", ")}` };
}

/** Whether the start of a file is the header of one of the bank's CSV formats (for a file not named .csv). */
export function looksLikeQuestionCsv(head: string): boolean {
  const first = head.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const columns = first.split(",").map(normalizeHeader);
  return columns.includes("title") && (columns.includes("correct_option") || columns.includes("test1_input"));
}

const blank = (v: string | undefined) => (v ?? "").trim() === "";
const schemaReason = (error: z.ZodError) => error.issues[0]?.message ?? "Invalid row";

function listNumbers(ns: number[]) {
  if (ns.length === 1) return `${ns[0]}`;
  return `${ns.slice(0, -1).join(", ")} and ${ns[ns.length - 1]}`;
}

type RowOutcome = { question: ImportedQuestion } | { reason: string };

/** A row checked with the add-question form's schema, then written as the model's question. */
function checked<S extends z.ZodTypeAny>(schema: S, input: unknown, toQuestion: (q: z.output<S>) => ImportedQuestion): RowOutcome {
  const parsed = schema.safeParse(input);
  return parsed.success ? { question: toQuestion(parsed.data) } : { reason: schemaReason(parsed.error) };
}

/**
 * A coding row: title, description, category, test1_input, test1_output,
 * test1_hidden ... test5_*; "true" in testN_hidden hides the case (without the
 * hidden columns: 1 open, 4 hidden). A row lacking any of the 5 cases fails.
 * Optional columns: language (none: chosen in the preview), difficulty.
 */
function codingRow(values: Record<string, string>, header: readonly string[], sourceRef: string): RowOutcome {
  const missingFields = [blank(values.title) && "title", blank(values.description) && "description"].filter(Boolean);
  if (missingFields.length) return { reason: `Missing ${missingFields.join(" and ")}` };
  const missingTests = TEST_NUMBERS.filter((n) => blank(values[`test${n}_input`]) || blank(values[`test${n}_output`]));
  if (missingTests.length) {
    return { reason: `Missing test case ${listNumbers(missingTests)}: every question needs all 5 test cases with input and output` };
  }
  const hiddenColumn = (n: number) => header.includes(`test${n}_hidden`);
  const input = {
    title: values.title,
    description: values.description,
    category: values.category,
    language: values.language,
    difficulty: values.difficulty,
    testCases: TEST_NUMBERS.map((n) => ({
      input: values[`test${n}_input`],
      expectedOutput: values[`test${n}_output`],
      isHidden: hiddenColumn(n) ? (values[`test${n}_hidden`] ?? "").trim().toLowerCase() === "true" : DEFAULT_HIDDEN[n - 1],
    })),
  };
  return checked(CodingQuestionSchema, input, (q) => ({
    kind: "coding",
    title: q.title,
    text: q.description,
    category: q.category,
    // The spec's columns name no language: the admin chooses one in the preview.
    language: blank(values.language) ? null : q.language,
    testCases: q.testCases.map((t) => ({ input: t.input, expectedOutput: t.expectedOutput, hidden: t.isHidden, points: null })),
    sourceRef,
    notes: [],
    difficulty: q.difficulty,
  }));
}

/** An MCQ row: title, category, option_a..option_d, correct_option (A-D, any case). */
function mcqRow(values: Record<string, string>, sourceRef: string): RowOutcome {
  const missing = ["title", "option_a", "option_b", "option_c", "option_d"].filter((c) => blank(values[c]));
  if (missing.length) return { reason: `${MSG_MCQ_FILL} (missing ${missing.join(", ")})` };
  const correct = (values.correct_option ?? "").trim();
  if (!MCQ_LETTERS.includes(correct.toUpperCase() as (typeof MCQ_LETTERS)[number])) {
    return { reason: correct ? `correct_option must be A, B, C or D (found "${correct.slice(0, 20)}")` : "Missing correct_option (A, B, C or D)" };
  }
  const input = {
    title: values.title,
    optionA: values.option_a,
    optionB: values.option_b,
    optionC: values.option_c,
    optionD: values.option_d,
    correctOption: correct,
    category: values.category,
    difficulty: values.difficulty,
  };
  return checked(McqQuestionSchema, input, (q) => ({
    kind: "mcq",
    title: q.title,
    text: q.title,
    category: q.category,
    options: [q.optionA, q.optionB, q.optionC, q.optionD],
    correct: MCQ_LETTERS.indexOf(q.correctOption),
    sourceRef,
    difficulty: q.difficulty,
  }));
}

/**
 * Reads a question-bank CSV (either format, told apart by its header). Throws
 * {@link FormatError} when the file as a whole cannot be read (empty, no
 * header, missing columns); a bad row is skipped with its row number.
 */
export function parseQuestionCsv(text: string): ParseResult & { kind: CsvKind } {
  const table = readTable(text);
  if ("error" in table) throw new FormatError(table.error);
  const found = kindOf(table.header);
  if ("error" in found) throw new FormatError(found.error);
  const { kind } = found;

  const questions: ImportedQuestion[] = [];
  const skipped: Skipped[] = [];
  const categories: string[] = [];
  for (const { row, values, problem } of table.records) {
    const sourceRef = `row ${row}`;
    const outcome: RowOutcome = problem ? { reason: problem } : kind === "coding" ? codingRow(values, table.header, sourceRef) : mcqRow(values, sourceRef);
    if ("reason" in outcome) {
      skipped.push({ title: (values.title ?? "").trim().slice(0, 200) || "(no title)", sourceRef, reason: outcome.reason });
      continue;
    }
    questions.push(outcome.question);
    const category = outcome.question.category;
    // A blank category is the bank's default (General), which the file does not name.
    if (!blank(values.category) && !categories.some((c) => c.toLowerCase() === category.toLowerCase())) categories.push(category);
  }
  return { kind, questions, skipped, warnings: [], categories };
}
