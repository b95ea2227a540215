// The neutral model every question-format parser produces (Moodle XML, GIFT,
// ICPC/Kattis problem packages). It keeps everything the bank can use and says
// plainly what was left behind (skipped questions, warnings, notes), so the
// import preview can show the instructor exactly what will happen.
// Pure TypeScript: this ships to the browser and runs in Workers.

export type Language = "c" | "cpp" | "python" | "java";

/**
 * A single-answer multiple-choice question.
 * `text` is safe plain text with light markdown (no HTML survives parsing);
 * `options` holds 2+ option texts in order; `correct` is the index of the single correct option.
 */
export type ImportedMcq = {
  kind: "mcq";
  title: string;
  text: string;
  category: string;
  options: string[];
  correct: number;
  sourceRef: string;
};

/** `points` is the weight the source gave the case (null when the format has none); scaled later. */
export type ImportedTestCase = { input: string; expectedOutput: string; hidden: boolean; points: number | null };

/**
 * A whole-program coding question judged on stdin/stdout.
 * `language` is null when the format does not say (problem packages): chosen later in the preview.
 * `notes` keeps source details the bank has no field for (display modes, limits, licence…).
 */
export type ImportedCoding = {
  kind: "coding";
  title: string;
  text: string;
  category: string;
  language: Language | null;
  testCases: ImportedTestCase[];
  sourceRef: string;
  notes: string[];
};

export type ImportedQuestion = ImportedMcq | ImportedCoding;

/** A question the file contains but this bank cannot take, with a reason a person can act on. */
export type Skipped = { title: string; sourceRef: string; reason: string };

/**
 * `categories`: every category the file names, in order, without duplicates.
 * Questions the file puts in no category get {@link IMPORTED_CATEGORY}, which is
 * not listed here unless the file itself names it.
 */
export type ParseResult = { questions: ImportedQuestion[]; skipped: Skipped[]; warnings: string[]; categories: string[] };

/** The category given to questions whose file names none (the preview may change it). */
export const IMPORTED_CATEGORY = "Imported";

/** A file that cannot be read at all; the message names the line or the zip entry when known. */
export class FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FormatError";
  }
}

/** What the writers (Moodle XML, problem package) take: a bank question as it is stored. */
export type ExportMcq = { kind: "mcq"; title: string; text: string; category: string; options: string[]; correct: number };
export type ExportTestCase = { input: string; expectedOutput: string; hidden: boolean; points: number };
export type ExportCoding = {
  kind: "coding";
  title: string;
  text: string;
  category: string;
  language: Language;
  testCases: ExportTestCase[];
};
export type ExportQuestion = ExportMcq | ExportCoding;
