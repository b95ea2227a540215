// The question bank's two CSV formats (spec 1 section 5): their columns, and
// the downloadable templates the Questions page links to. Kept apart from the
// parser (formats/csv.ts, with papaparse), which loads only when a file is
// chosen; this module is on the page.
import { TEST_CASES_PER_QUESTION } from "./question-validation";

export type CsvKind = "coding" | "mcq";

export const TEST_NUMBERS = Array.from({ length: TEST_CASES_PER_QUESTION }, (_, i) => i + 1);

/** The coding columns, in the spec's order. */
export const CODING_CSV_COLUMNS = [
  "title",
  "description",
  "category",
  ...TEST_NUMBERS.flatMap((n) => [`test${n}_input`, `test${n}_output`, `test${n}_hidden`]),
] as const;

/** The MCQ columns, in the spec's order. */
export const MCQ_CSV_COLUMNS = ["title", "category", "option_a", "option_b", "option_c", "option_d", "correct_option"] as const;

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

// RFC 4180 quoting, as papaparse's unparse writes it (a unit test compares them). Not the
// results export's csvCell: it marks a leading "-" as a formula, and "-4 4" is test input here.
const quoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

function templateCsv(columns: readonly string[], example: Record<string, string>) {
  return [columns, columns.map((c) => example[c] ?? "")].map((row) => row.map(quoted).join(",")).join("\r\n") + "\r\n";
}

/** Header plus one example row, exactly the spec's coding columns. */
export const CODING_CSV_TEMPLATE = templateCsv(CODING_CSV_COLUMNS, CODING_EXAMPLE);
/** Header plus one example row, exactly the spec's MCQ columns. */
export const MCQ_CSV_TEMPLATE = templateCsv(MCQ_CSV_COLUMNS, MCQ_EXAMPLE);

export const CSV_TEMPLATES: Record<CsvKind, { fileName: string; csv: string }> = {
  coding: { fileName: "coding-questions-template.csv", csv: CODING_CSV_TEMPLATE },
  mcq: { fileName: "mcq-questions-template.csv", csv: MCQ_CSV_TEMPLATE },
};

export function templateDataUrl(kind: CsvKind) {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_TEMPLATES[kind].csv)}`;
}
