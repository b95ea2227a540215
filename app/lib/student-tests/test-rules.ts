/** The constants of a test (spec 2 section 9), shared by the pages and the server. */
export const TEST_RULES = {
  codingQuestions: 2,
  /** A question's marks when a test has the spec's 2; a draw of N questions shares `codingTestMarks` (`codingShare`). */
  marksPerCodingQuestion: 50,
  codingTestMarks: 100,
  /** At most this many coding questions in one student's test (a room's sections in all). */
  maxCodingQuestions: 10,
  mcqMarks: 5,
  maxTabSwitches: 3,
  /** Back to the dashboard this long after a submit or a disqualification. */
  redirectDelayMs: 2000,
  unlockAttempts: 3,
  /** Default time after ends_at in which answers written before it are still accepted (README: offline); the Worker reads GRACE_SECONDS. */
  graceMs: 15 * 60_000,
  /** Entries stamped this little after the deadline still count (the client's clock estimate is not exact). */
  clockToleranceMs: 5_000,
  /**
   * An entry that arrives this little after the deadline is in transit, not late: the
   * page's own Submit at 0:00 always lands a moment after ends_at. It counts without
   * proof of an outage (decision 019). A student who edits a timestamp gains at most this.
   */
  arrivalSlackMs: 10_000,
  /** Network slack for a final online submit. */
  submitSlackMs: 60_000,
} as const;
