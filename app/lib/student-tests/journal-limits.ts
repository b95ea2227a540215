// The journal's entry kinds and size limits, without zod: the browser's test
// pages import these, the Worker's schemas in ./journal-protocol.ts enforce them.
export const JOURNAL_KINDS = ["code", "mcq-progress", "tab-switch", "unlock", "submit-code", "finish"] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/**
 * What one request and one entry may hold (issue 13: three 1 MB entries grew
 * the admin's room data a thousandfold). Anything larger is answered 413.
 */
export const JOURNAL_LIMITS = {
  /** Entries in one request. */
  batchEntries: 100,
  /** Bytes of one request body (UTF-8). The browser sends at most half of this. */
  batchBytes: 1024 * 1024,
  /** Bytes of one code (UTF-8): what the runner accepts (RUNNER_MAX_CODE_KB, default 64). */
  codeBytes: 64 * 1024,
  /** Questions of one test an MCQ answer set or list of marks may name. */
  questions: 1000,
  /** Characters of a question id. */
  questionId: 200,
  /** Characters of a typed unlock code (a room's code has at most 64). */
  unlockCode: 256,
  /** Characters of a time anchor. */
  anchor: 200,
} as const;

/**
 * While a student types, their code reaches the server at most every 5 s
 * (issue 26): the device's journal already holds each autosave, so the
 * request can wait; anything else (Submit, Run, a tab switch, a question
 * change, Finish) flushes at once. The journal's session reuse
 * (RECENT_VIEWER_MS) is sized from it.
 */
export const CODE_SEND_MS = 5_000;
