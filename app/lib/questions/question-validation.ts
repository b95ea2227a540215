// Question-bank schemas shared by browser and server (spec 1 section 5, spec 2
// section 5, spec README difference 10). The browser runs them for instant
// feedback; every action parses with the same schema and answers 400 with the
// first failing message. No server-only imports here: this ships to the browser.
import { z } from "zod";
import { CATEGORY_MAX, ID_MAX } from "~/lib/http/input-limits";
import type { DIFFICULTIES as SCHEMA_DIFFICULTIES, Language } from "~/db/schema";
import { withGrading, type StoredGrading } from "./grading";

// ---------------------------------------------------------------- messages (verbatim from the spec)

export const MSG_FILL_ALL = "Please fill all fields";
export const MSG_EXACTLY_FIVE = "Please add exactly 5 test cases";
export const MSG_MAX_FIVE = "Maximum 5 test cases allowed per question";
export const MSG_MCQ_FILL = "Please fill question and all 4 options";
export const MSG_CATEGORY_NAME = "Please enter a category name";
export const MSG_CATEGORY_EXISTS = "Category already exists";

// Ours (the spec has none for these cases).
export const MSG_CORRECT_OPTION = "Please choose the correct option (A, B, C or D)";
export const MSG_POINTS = "Points must be a whole number from 0 to 100";
export const MSG_LANGUAGE = "Please choose a language (C, C++, Python or Java)";
export const MSG_DIFFICULTY = "Please choose a difficulty (easy, medium or hard)";

// ---------------------------------------------------------------- constants

export const TEST_CASES_PER_QUESTION = 5;
export const DEFAULT_POINTS = 10;
export const DEFAULT_CATEGORY = "General";
export const DEFAULT_LANGUAGE = "python";
export const DEFAULT_DIFFICULTY = "medium";
/** The intended split (spec 1 section 5): case 1 is the open sample, cases 2-5 are hidden. */
export const DEFAULT_HIDDEN = [false, true, true, true, true] as const;
export const MCQ_LETTERS = ["A", "B", "C", "D"] as const;
export type McqLetter = (typeof MCQ_LETTERS)[number];

export const QUESTION_LANGUAGES = ["c", "cpp", "python", "java"] as const satisfies readonly Language[];
export const LANGUAGE_LABELS: Record<Language, string> = { c: "C", cpp: "C++", python: "Python", java: "Java" };
export const QUESTION_DIFFICULTIES = ["easy", "medium", "hard"] as const satisfies typeof SCHEMA_DIFFICULTIES;
// The lists above must cover the database enums exactly.
type _SameLanguages = Language extends (typeof QUESTION_LANGUAGES)[number] ? true : never;
const _languagesCovered: _SameLanguages = true;
void _languagesCovered;

export const LIMITS = {
  title: 300,
  mcqTitle: 2_000,
  description: 20_000,
  category: CATEGORY_MAX,
  option: 1_000,
  // Per field; the runner accepts up to 1 MB of input and D1 rows up to 2 MB.
  testCaseText: 500_000,
} as const;

// ---------------------------------------------------------------- building blocks

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const normalizeNewlines = (v: string) => v.replace(/\r\n?/g, "\n");

/** A required, trimmed single-line-ish text (title, option, name). */
function requiredText(message: string, max: number, tooLong: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? normalizeNewlines(v) : v),
    z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, tooLong),
  );
}

/** Test-case input/output: kept as written (only line endings normalised), but never blank. */
function testCaseText(message: string, tooLong: string) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .transform(normalizeNewlines)
    .refine((v) => v.trim().length > 0, message)
    .refine((v) => v.length <= LIMITS.testCaseText, tooLong);
}

export const booleanField = z.preprocess(
  (v) => v === true || v === 1 || (typeof v === "string" && ["true", "on", "1", "yes"].includes(v.trim().toLowerCase())),
  z.boolean(),
);

const pointsField = z.preprocess(
  (v) => {
    const blank = blankToUndefined(v);
    if (blank === undefined || blank === null) return DEFAULT_POINTS;
    return typeof blank === "string" ? Number(blank) : blank;
  },
  z.number({ invalid_type_error: MSG_POINTS }).int(MSG_POINTS).min(0, MSG_POINTS).max(100, MSG_POINTS),
);

export const categoryField = z.preprocess(
  (v) => blankToUndefined(v) ?? DEFAULT_CATEGORY,
  z
    .string({ invalid_type_error: MSG_CATEGORY_NAME })
    .trim()
    .max(LIMITS.category, `Category name is too long (max ${LIMITS.category} characters)`),
);

export const languageField = z.preprocess(
  (v) => {
    const s = blankToUndefined(v);
    if (s === undefined) return DEFAULT_LANGUAGE;
    const t = String(s).trim().toLowerCase();
    return t === "c++" ? "cpp" : t;
  },
  z.enum(QUESTION_LANGUAGES, { errorMap: () => ({ message: MSG_LANGUAGE }) }),
);

export const difficultyField = z.preprocess(
  (v) => {
    const s = blankToUndefined(v);
    return s === undefined ? DEFAULT_DIFFICULTY : String(s).trim().toLowerCase();
  },
  z.enum(QUESTION_DIFFICULTIES, { errorMap: () => ({ message: MSG_DIFFICULTY }) }),
);

const idField = z.string({ required_error: "Missing id", invalid_type_error: "Missing id" }).trim().min(1, "Missing id").max(ID_MAX, "Unknown id");

/** A JSON-encoded array in a form field, or an array already (browser-side checks). */
function jsonArray(v: unknown) {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- category

export const CategorySchema = z.object({
  name: requiredText(MSG_CATEGORY_NAME, LIMITS.category, `Category name is too long (max ${LIMITS.category} characters)`),
});

// ---------------------------------------------------------------- test cases

const testCaseFields = {
  input: testCaseText(MSG_FILL_ALL, `Test case input is too long (max ${LIMITS.testCaseText.toLocaleString("en-US")} characters)`),
  expectedOutput: testCaseText(
    MSG_FILL_ALL,
    `Expected output is too long (max ${LIMITS.testCaseText.toLocaleString("en-US")} characters)`,
  ),
  points: pointsField,
  isHidden: booleanField,
};

/** One test case inside the coding-question form or a CSV row. */
export const TestCaseSchema = z.object(testCaseFields);
export type TestCaseInput = z.infer<typeof TestCaseSchema>;

/** Add a test case to an existing question (coding list, spec 2 section 5). */
export const AddTestCaseSchema = z.object({ questionId: idField, ...testCaseFields });
/** Edit one test case. */
export const UpdateTestCaseSchema = z.object({ id: idField, ...testCaseFields });

// ---------------------------------------------------------------- coding question

const codingFields = {
  title: requiredText(MSG_FILL_ALL, LIMITS.title, `Title is too long (max ${LIMITS.title} characters)`),
  description: requiredText(
    MSG_FILL_ALL,
    LIMITS.description,
    `Description is too long (max ${LIMITS.description.toLocaleString("en-US")} characters)`,
  ),
  category: categoryField,
  language: languageField,
  difficulty: difficultyField,
};

/**
 * A new coding question with exactly 5 test cases (spec README difference 10),
 * and its optional limits and output check (./grading.ts; absent: the
 * runner's defaults and the exact check, as for a CSV row).
 */
export const CodingQuestionSchema = withGrading({
  ...codingFields,
  testCases: z.preprocess(
    jsonArray,
    z
      .array(TestCaseSchema, { required_error: MSG_EXACTLY_FIVE, invalid_type_error: MSG_EXACTLY_FIVE })
      .min(TEST_CASES_PER_QUESTION, MSG_EXACTLY_FIVE)
      .max(TEST_CASES_PER_QUESTION, MSG_MAX_FIVE),
  ),
});
/** The grading is optional for callers that build one by hand (seeds, tests): absent is the defaults. */
export type CodingQuestion = Omit<z.infer<typeof CodingQuestionSchema>, keyof StoredGrading> & Partial<StoredGrading>;

/** Edit a coding question's own fields and grading; its test cases are managed one by one. */
export const UpdateCodingQuestionSchema = withGrading({ id: idField, ...codingFields });

/** The five empty cases a new form starts with: 4 hidden + 1 open, 10 points each. */
export function defaultTestCases(): { input: string; expectedOutput: string; points: number; isHidden: boolean }[] {
  return DEFAULT_HIDDEN.map((isHidden) => ({ input: "", expectedOutput: "", points: DEFAULT_POINTS, isHidden }));
}

// ---------------------------------------------------------------- MCQ

const correctOptionField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
  z.enum(MCQ_LETTERS, { errorMap: () => ({ message: MSG_CORRECT_OPTION }) }),
);

const optionText = () =>
  requiredText(MSG_MCQ_FILL, LIMITS.option, `Options are limited to ${LIMITS.option.toLocaleString("en-US")} characters`);

const mcqFields = {
  title: requiredText(
    MSG_MCQ_FILL,
    LIMITS.mcqTitle,
    `Question is too long (max ${LIMITS.mcqTitle.toLocaleString("en-US")} characters)`,
  ),
  optionA: optionText(),
  optionB: optionText(),
  optionC: optionText(),
  optionD: optionText(),
  correctOption: correctOptionField,
  category: categoryField,
  difficulty: difficultyField,
};

export const McqQuestionSchema = z.object(mcqFields);
export type McqQuestion = z.infer<typeof McqQuestionSchema>;
export const UpdateMcqQuestionSchema = z.object({ id: idField, ...mcqFields });

/** The stored shape: mcq_options {options, correct_index} and correct_answer as the letter. */
export function mcqStorage(q: Pick<McqQuestion, "optionA" | "optionB" | "optionC" | "optionD" | "correctOption">) {
  const correctIndex = MCQ_LETTERS.indexOf(q.correctOption);
  return {
    mcqOptions: { options: [q.optionA, q.optionB, q.optionC, q.optionD], correct_index: correctIndex },
    correctAnswer: q.correctOption,
  };
}
