/** The constants of a test (spec 2 section 9), shared by the pages and the server. */
export const TEST_RULES = {
  codingQuestions: 2,
  marksPerCodingQuestion: 50,
  mcqMarks: 5,
  maxTabSwitches: 3,
  unlockAttempts: 3,
  /** Time after ends_at in which answers written before it are still accepted (README: offline). */
  graceMs: 15 * 60_000,
  /** Network slack for a final online submit. */
  submitSlackMs: 60_000,
} as const;
