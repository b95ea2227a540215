// The neutral model every question-format parser produces (the bank's CSV,
// Moodle XML, GIFT, ICPC/Kattis problem packages). It keeps everything the bank can use and says
// plainly what was left behind (skipped questions, warnings, notes), so the
// import preview can show the instructor exactly what will happen.
// Pure TypeScript: this ships to the browser and runs in Workers.
import { LIMIT_BOUNDS, type Checker } from "../../../../contracts/runner.ts";

export type { Checker };

/**
 * A question's own grading (issue 35): limits within the runner's bounds
 * (CPU ms per case, MB), null for the runner's default; the output checker,
 * null for the exact check.
 */
export type QuestionGradingModel = { timeLimitMs: number | null; memoryLimitMb: number | null; checker: Checker | null };

export type Language = "c" | "cpp" | "python" | "java";

/** Set only by a format that carries one (a CSV's optional difficulty column); absent: the bank's default, medium. */
export type Difficulty = "easy" | "medium" | "hard";

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
  difficulty?: Difficulty;
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
  /** Absent: the runner's defaults and the exact check. */
  grading?: QuestionGradingModel;
  difficulty?: Difficulty;
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
  grading?: QuestionGradingModel;
};
export type ExportQuestion = ExportMcq | ExportCoding;

/**
 * A limit read from a file, kept within the runner's bounds: a value outside
 * them is clamped to the nearest bound (with a warning), a value that is not
 * a positive number is dropped (with a warning; the runner's default applies).
 * `what` names it in the warning ("CPU time limit", "memory limit").
 */
export function boundedLimit(
  kind: "timeMs" | "memoryMb",
  value: number,
  what: string,
): { value: number | null; warning: string | null } {
  const unit = kind === "timeMs" ? "s" : "MB";
  const shown = (v: number) => (kind === "timeMs" ? `${Number((v / 1000).toFixed(3))} s` : `${v} MB`);
  if (!Number.isFinite(value) || value <= 0)
    return { value: null, warning: `${what} ${Number.isFinite(value) ? (kind === "timeMs" ? value / 1000 : value) : "?"} ${unit} is not a limit: the runner's default applies` };
  const { min, max } = LIMIT_BOUNDS[kind];
  const whole = Math.round(value);
  if (whole < min) return { value: min, warning: `${what} ${shown(value)} is below ${shown(min)}: set to ${shown(min)}` };
  if (whole > max) return { value: max, warning: `${what} ${shown(value)} is above ${shown(max)}: set to ${shown(max)}` };
  return { value: whole, warning: null };
}
