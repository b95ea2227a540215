// The offline journal's wire format, shared by the browser (app/offline/journal.ts)
// and the Worker (POST /api/journal/{testId}, applyJournal): one definition of
// the entry kinds, an entry, the test state and the answer.
import { z } from "zod";

export const JOURNAL_KINDS = ["code", "mcq-progress", "tab-switch", "unlock", "submit-code", "finish"] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export const JournalEntrySchema = z.object({
  id: z.string().uuid(),
  seq: z.number().int().min(0),
  kind: z.enum(JOURNAL_KINDS),
  payload: z.record(z.unknown()),
  /** Milliseconds on the server's clock (the client's Date.now() plus its measured offset). */
  createdAt: z.number().int().positive(),
});
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

export const TestStateSchema = z.object({
  status: z.string(),
  isDisqualified: z.boolean(),
  isLocked: z.boolean(),
  tabSwitchCount: z.number(),
  unlockAttemptsRemaining: z.number(),
  endsAt: z.number().nullable(),
  serverNow: z.number(),
  totalScore: z.number().default(0),
  maxScore: z.number().default(0),
  /** Set once the student finished (Finish Test or Submit Test). */
  submittedAt: z.number().nullable().default(null),
});
export type TestState = z.infer<typeof TestStateSchema>;

/** A queued Submit Code, judged on sync: what the student sees afterwards. */
export const JudgedEntrySchema = z.object({ id: z.string(), questionId: z.string(), passed: z.number(), total: z.number(), marks: z.number() });
export type JudgedEntry = z.infer<typeof JudgedEntrySchema>;

export const JournalResponseSchema = z.object({
  accepted: z.array(z.string()),
  rejected: z.array(z.object({ id: z.string(), reason: z.string() })),
  /** Submit Code entries judged while applying this batch. */
  judged: z.array(JudgedEntrySchema).default([]),
  state: TestStateSchema,
});
export type JournalResponse = z.infer<typeof JournalResponseSchema>;
