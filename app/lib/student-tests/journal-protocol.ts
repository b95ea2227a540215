// The offline journal's wire format, shared by the browser (app/offline/journal.ts)
// and the Worker (POST /api/journal/{testId}, applyJournal): one definition of
// the entry kinds, an entry, the test state and the answer.
import { z } from "zod";

// The kinds and limits live in a zod-free module the browser imports (decision 022).
export { JOURNAL_KINDS, JOURNAL_LIMITS, type JournalKind } from "./journal-limits";
import { JOURNAL_KINDS, JOURNAL_LIMITS, type JournalKind } from "./journal-limits";

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** A size limit: zod's `too_big`, which the endpoint answers with 413. */
function tooBig(ctx: z.RefinementCtx, type: "string" | "array", maximum: number, message: string) {
  ctx.addIssue({ code: z.ZodIssueCode.too_big, type, maximum, inclusive: true, message });
}

const QuestionId = z.string().min(1).max(JOURNAL_LIMITS.questionId, `A question id can be at most ${JOURNAL_LIMITS.questionId} characters`);
const Code = z.string().superRefine((code, ctx) => {
  // Cheap bound first: a UTF-8 character is at most 3 bytes per UTF-16 unit.
  if (code.length * 3 > JOURNAL_LIMITS.codeBytes && utf8Bytes(code) > JOURNAL_LIMITS.codeBytes) {
    tooBig(ctx, "string", JOURNAL_LIMITS.codeBytes, `Code can be at most ${JOURNAL_LIMITS.codeBytes / 1024} KB`);
  }
});
/** Question id -> chosen option; whether each choice is one of the options is the grader's rule (a stored rejection). */
const Answers = z.record(QuestionId, z.number()).superRefine((answers, ctx) => {
  if (Object.keys(answers).length > JOURNAL_LIMITS.questions) {
    tooBig(ctx, "array", JOURNAL_LIMITS.questions, `At most ${JOURNAL_LIMITS.questions} answers`);
  }
});
const Marked = z.array(QuestionId).max(JOURNAL_LIMITS.questions, `At most ${JOURNAL_LIMITS.questions} marked questions`);

/**
 * One schema per entry kind. Unknown keys are dropped, so what is stored is
 * bounded by these alone.
 */
export const JOURNAL_PAYLOADS = {
  code: z.object({ questionId: QuestionId, code: Code }),
  "submit-code": z.object({ questionId: QuestionId, code: Code }),
  "mcq-progress": z.object({ answers: Answers.default({}), marked: Marked.default([]), currentIndex: z.number().int().min(0).max(JOURNAL_LIMITS.questions).default(0) }),
  "tab-switch": z.object({ at: z.number().optional() }),
  unlock: z.object({ code: z.string().max(JOURNAL_LIMITS.unlockCode, `An unlock code can be at most ${JOURNAL_LIMITS.unlockCode} characters`) }),
  /** MCQ: the answers; coding: nothing. */
  finish: z.object({ answers: Answers.optional() }),
} satisfies Record<JournalKind, z.ZodTypeAny>;

export const JournalEntrySchema = z
  .object({
    id: z.string().uuid(),
    seq: z.number().int().min(0),
    kind: z.enum(JOURNAL_KINDS),
    payload: z.record(z.unknown()),
    /** Milliseconds on the server's clock (the client's Date.now() plus its measured offset). */
    createdAt: z.number().int().positive(),
    /**
     * The newest server-signed time anchor this device had seen when it wrote
     * the entry (decision 019). Optional: entries from clients older than
     * anchors still count, but never after the deadline.
     */
    anchor: z.string().max(JOURNAL_LIMITS.anchor).optional(),
  })
  .transform((entry, ctx) => {
    const payload = JOURNAL_PAYLOADS[entry.kind].safeParse(entry.payload);
    if (!payload.success) {
      for (const issue of payload.error.issues) ctx.addIssue({ ...issue, path: ["payload", ...issue.path] } as z.IssueData);
      return z.NEVER;
    }
    return { ...entry, payload: payload.data as Record<string, unknown> };
  });
export type JournalEntry = z.output<typeof JournalEntrySchema>;

/** A journal request: at most JOURNAL_LIMITS.batchEntries entries. */
export const JournalBatchSchema = z.object({
  entries: z.array(JournalEntrySchema).max(JOURNAL_LIMITS.batchEntries, `At most ${JOURNAL_LIMITS.batchEntries} entries in one request`),
});

/** True when the failure is a size limit (answered 413), not a malformed entry (400). */
export function isSizeIssue(issue: z.ZodIssue) {
  return issue.code === z.ZodIssueCode.too_big && (issue.type === "string" || issue.type === "array");
}

export const TestStateSchema = z.object({
  status: z.string(),
  isDisqualified: z.boolean(),
  isLocked: z.boolean(),
  tabSwitchCount: z.number(),
  unlockAttemptsRemaining: z.number(),
  endsAt: z.number().nullable(),
  serverNow: z.number(),
  /** Null while the room's results are held, or its review options hide the score (decision 041). */
  totalScore: z.number().nullable().default(0),
  maxScore: z.number().nullable().default(0),
  /** Set once the student finished (Finish Test or Submit Test). */
  submittedAt: z.number().nullable().default(null),
});
export type TestState = z.infer<typeof TestStateSchema>;

/**
 * A queued Submit Code, judged on sync: what the student sees afterwards. The
 * server sends the score with the marks (decision 037): the browser never
 * recomputes them, so it needs no case points.
 */
/** Each figure null when the student may not see it yet (decision 041: held results, or a review option off). */
export const JudgedEntrySchema = z.object({
  id: z.string(),
  questionId: z.string(),
  passed: z.number().nullable(),
  total: z.number().nullable(),
  marks: z.number().nullable(),
  score: z.number().nullable(),
});
export type JudgedEntry = z.infer<typeof JudgedEntrySchema>;

export const JournalResponseSchema = z.object({
  accepted: z.array(z.string()),
  rejected: z.array(z.object({ id: z.string(), reason: z.string() })),
  /** Submit Code entries judged while applying this batch. */
  judged: z.array(JudgedEntrySchema).default([]),
  state: TestStateSchema,
  /** A fresh server-signed time anchor (decision 019). */
  anchor: z.string().optional(),
  /** A test capability (decision 045): the next autosaves, sent with it, take the fast path. */
  capability: z.string().optional(),
});
export type JournalResponse = z.infer<typeof JournalResponseSchema>;
