// From a parsed question file (Moodle XML, GIFT, problem package: ./formats)
// to the bank's rows and back (issue 24, decision 027). Browser-safe: the
// preview runs it before anything is sent, and the server parses every staged
// question again with the same schema.
//
// What the bank takes from a file:
// - an MCQ with 2 to 4 options (true/false is 2), one of them correct; its
//   stem is the bank's title, as for an MCQ typed in the form;
// - a coding question with its own test cases, 1 to 50 (the runner judges at
//   most 50 at a time). The form's rule of exactly 5 (spec README
//   difference 10) is for questions written here; an imported question keeps
//   what its author wrote, and the bank's pages say how many it has.
//   A case may have empty input (a program that reads nothing).
// - the source's case weights scaled so that the cases average the bank's
//   default of 10 points, each 0 to 100.
import { z } from "zod";
import type { Language } from "~/db/schema";
import { CATEGORY_MAX } from "~/lib/http/input-limits";
import { CheckerSchema, LIMIT_BOUNDS } from "../../../contracts/runner.ts";
import type { ExportQuestion, ImportedQuestion } from "./formats/model";
import type { StoredGrading } from "./grading";
import { defaultTitle } from "./formats/text";
import {
  categoryField,
  DEFAULT_CATEGORY,
  DEFAULT_DIFFICULTY,
  DEFAULT_POINTS,
  difficultyField,
  LIMITS,
  QUESTION_LANGUAGES,
} from "./question-validation";

export const IMPORT_LIMITS = {
  /** The largest file the import reads (issue 24). */
  fileBytes: 20 * 1024 * 1024,
  /** Questions in one import. */
  questions: 2_000,
  /** Test cases of one imported coding question: the runner's cap per judge. */
  cases: 50,
  /** Options of an MCQ. */
  minOptions: 2,
  maxOptions: 4,
  /** One staging request: a few questions at a time, so a slow link shows progress. */
  chunkBytes: 4 * 1024 * 1024,
  /** Questions in one staging request. */
  chunkQuestions: 100,
  /** Everything one import stages, test data included. */
  totalBytes: 64 * 1024 * 1024,
} as const;

export const IMPORT_MESSAGES = {
  tooLarge: "The file is larger than 20 MB: split it into smaller files",
  tooMany: `An import takes at most ${IMPORT_LIMITS.questions.toLocaleString("en-US")} questions: split the file`,
  nothing: "Nothing to import: every question of this file is skipped",
  gone: "This import is no longer there: choose the file again",
  changed: "The bank changed while you were importing: choose the file again",
  language: "Choose a language for every coding question",
  failed: "Failed to import questions",
} as const;

const MCQ_LETTERS = ["A", "B", "C", "D"] as const;

/** What a duplicate of a question in the bank becomes. */
export const DUPLICATE_ACTIONS = ["keep", "replace", "skip"] as const;
export type DuplicateAction = (typeof DUPLICATE_ACTIONS)[number];

const text = (max: number, message: string) =>
  z
    .string({ invalid_type_error: message, required_error: message })
    .transform((v) => v.replace(/\r\n?/g, "\n"))
    .refine((v) => v.length <= max, message);

const required = (max: number, message: string) =>
  text(max, message)
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, message);

const CaseSchema = z.object({
  input: text(LIMITS.testCaseText, `A test case's input is over ${LIMITS.testCaseText.toLocaleString("en-US")} characters`),
  expectedOutput: text(LIMITS.testCaseText, `A test case's expected output is over ${LIMITS.testCaseText.toLocaleString("en-US")} characters`),
  points: z.number().int().min(0).max(100),
  isHidden: z.boolean(),
});

const common = {
  category: categoryField,
  difficulty: difficultyField,
  /** A bank question this one replaces (a duplicate the admin chose to replace). */
  replaces: z.string().uuid().nullable().default(null),
};

export const ImportMcqSchema = z
  .object({
    kind: z.literal("mcq"),
    title: required(LIMITS.mcqTitle, `A question is over ${LIMITS.mcqTitle.toLocaleString("en-US")} characters`),
    options: z
      .array(required(LIMITS.option, `An option is over ${LIMITS.option.toLocaleString("en-US")} characters`))
      .min(IMPORT_LIMITS.minOptions, "An MCQ needs 2 to 4 options")
      .max(IMPORT_LIMITS.maxOptions, "An MCQ needs 2 to 4 options"),
    correct: z.number().int().min(0),
    ...common,
  })
  .refine((q) => q.correct < q.options.length, "The correct option is not one of the options");

export const ImportCodingSchema = z.object({
  kind: z.literal("coding"),
  title: required(LIMITS.title, `A title is over ${LIMITS.title} characters`),
  description: required(LIMITS.description, `A description is over ${LIMITS.description.toLocaleString("en-US")} characters`),
  language: z.enum(QUESTION_LANGUAGES, { errorMap: () => ({ message: IMPORT_MESSAGES.language }) }),
  testCases: z
    .array(CaseSchema)
    .min(1, "A coding question needs at least one test case")
    .max(IMPORT_LIMITS.cases, `A coding question takes at most ${IMPORT_LIMITS.cases} test cases`),
  // The file's limits and checker (issue 35), already within bounds (the parsers clamp them).
  timeLimitMs: z.number().int().min(LIMIT_BOUNDS.timeMs.min).max(LIMIT_BOUNDS.timeMs.max).nullable().default(null),
  memoryLimitMb: z.number().int().min(LIMIT_BOUNDS.memoryMb.min).max(LIMIT_BOUNDS.memoryMb.max).nullable().default(null),
  checker: CheckerSchema.nullable().default(null),
  ...common,
});

export const ImportQuestionSchema = z.union([ImportMcqSchema, ImportCodingSchema]);
export type BankImport = z.infer<typeof ImportQuestionSchema>;
/** A question as the preview builds it and the browser sends it (the schema checks it again). */
export type BankImportInput =
  | { kind: "mcq"; title: string; options: string[]; correct: number; category: string; difficulty: string; replaces: string | null }
  | {
      kind: "coding";
      title: string;
      description: string;
      /** "" until the admin chooses one (problem packages). */
      language: Language | "";
      testCases: { input: string; expectedOutput: string; points: number; isHidden: boolean }[];
      category: string;
      difficulty: string;
      replaces: string | null;
    } & Partial<StoredGrading>;

/**
 * The staging requests of an import, in order: at most `chunkQuestions`
 * questions and about `chunkBytes` of JSON each (a question bigger than that
 * goes alone; the preview refuses one over it). The one chunker of every
 * import, whatever its format: the server stages each chunk at its offset.
 */
export function importChunks<T>(questions: readonly T[], limits: { questions: number; bytes: number } = { questions: IMPORT_LIMITS.chunkQuestions, bytes: IMPORT_LIMITS.chunkBytes }): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const q of questions) {
    const size = JSON.stringify(q).length;
    if (current.length && (current.length >= limits.questions || bytes + size > limits.bytes)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(q);
    bytes += size;
  }
  if (current.length) out.push(current);
  return out;
}

/**
 * The source's case weights as bank points: proportional, averaging
 * {@link DEFAULT_POINTS}, whole numbers from 0 to 100. No weights, or all
 * equal: 10 each.
 */
export function scalePoints(weights: readonly (number | null)[]): number[] {
  const known = weights.map((w) => (w !== null && Number.isFinite(w) && w >= 0 ? w : null));
  const given = known.filter((w): w is number => w !== null);
  const mean = given.length ? given.reduce((a, b) => a + b, 0) / given.length : 0;
  if (mean === 0) return weights.map(() => DEFAULT_POINTS);
  return known.map((w) => Math.min(100, Math.max(0, Math.round(((w ?? mean) / mean) * DEFAULT_POINTS))));
}

/** What the preview shows a question as, and the reason it cannot be imported as it stands (null when it can). */
export function toBankImport(q: ImportedQuestion, language: Language | null): { question: BankImportInput; problem: string | null } {
  // The bank's category names are short; the preview shows the name as it will be.
  const category = q.category.trim().slice(0, CATEGORY_MAX).trim() || DEFAULT_CATEGORY;
  if (q.kind === "mcq") {
    const question: BankImportInput = {
      kind: "mcq",
      title: q.text.trim() || q.title,
      options: q.options,
      correct: q.correct,
      category,
      difficulty: q.difficulty ?? DEFAULT_DIFFICULTY,
      replaces: null,
    };
    return { question, problem: firstProblem(question) };
  }
  const points = scalePoints(q.testCases.map((t) => t.points));
  const question: BankImportInput = {
    kind: "coding",
    title: q.title,
    // A statement-less question keeps its title as its description, which the bank requires.
    description: q.text.trim() || q.title,
    language: q.language ?? language ?? "",
    testCases: q.testCases.map((t, i) => ({ input: t.input, expectedOutput: t.expectedOutput, points: points[i]!, isHidden: t.hidden })),
    category,
    difficulty: q.difficulty ?? DEFAULT_DIFFICULTY,
    replaces: null,
    ...(q.grading ?? {}),
  };
  return { question, problem: firstProblem(question) };
}

/** A question as the server stages it, or the first reason it cannot be (the message of its own kind's rule). */
export function parseImportQuestion(raw: unknown): { ok: true; question: BankImport } | { ok: false; message: string } {
  const parsed = ImportQuestionSchema.safeParse(raw);
  if (parsed.success) return { ok: true, question: parsed.data };
  // The union reports both branches: keep the one of the question's own kind.
  const kindMissed = (issues: z.ZodIssue[]) => issues.some((i) => i.code === "invalid_literal" && i.path[0] === "kind");
  const issues = parsed.error.issues.flatMap((i) => (i.code === "invalid_union" ? i.unionErrors.map((e) => e.issues).filter((b) => !kindMissed(b)).flat() : [i]));
  return { ok: false, message: issues[0]?.message ?? "Unknown question type" };
}

function firstProblem(q: BankImportInput): string | null {
  const parsed = parseImportQuestion(q);
  return parsed.ok ? null : parsed.message;
}

/** The identity a duplicate is found by: same kind, same title, same category (ignoring case). */
export function duplicateKey(q: { kind: string; title: string; category: string }): string {
  return `${q.kind}\u0000${q.title.trim()}\u0000${q.category.trim().toLowerCase()}`;
}

// ---------------------------------------------------------------- export

/** A bank question as the export reads it. */
export type BankQuestion =
  | { kind: "mcq"; title: string; category: string; options: string[]; correctAnswer: string | null; correctIndex: number | null }
  | {
      kind: "coding";
      title: string;
      description: string;
      category: string;
      language: Language;
      testCases: { input: string; expectedOutput: string; points: number; isHidden: boolean }[];
      grading?: StoredGrading;
    };

/** A bank question in the writers' model (Moodle XML, problem package). */
export function toExportQuestion(q: BankQuestion): ExportQuestion {
  if (q.kind === "mcq") {
    const letter = (MCQ_LETTERS as readonly string[]).indexOf((q.correctAnswer ?? "").trim().toUpperCase());
    const correct = letter >= 0 ? letter : (q.correctIndex ?? 0);
    // Empty options are left out; the correct one keeps its place among the others.
    const kept = q.options.flatMap((text, index) => (text.trim() !== "" ? [{ text, index }] : []));
    const at = kept.findIndex((o) => o.index === correct);
    const options = kept.map((o) => o.text);
    return { kind: "mcq", title: defaultTitle(q.title), text: q.title, category: q.category, options, correct: at >= 0 ? at : Math.min(correct, options.length - 1) };
  }
  return {
    kind: "coding",
    title: q.title,
    text: q.description,
    category: q.category,
    language: q.language,
    testCases: q.testCases.map((t) => ({ input: t.input, expectedOutput: t.expectedOutput, hidden: t.isHidden, points: t.points })),
    ...(q.grading ? { grading: q.grading } : {}),
  };
}
