// The room's hot journal (issue 26, decision 031): what the Worker and the
// room's Durable Object share about accepted code and MCQ-progress entries,
// which the object holds and writes to D1 in packs.

/** An accepted code or MCQ-progress entry as the room's object stores it. */
export type HotEntry = {
  id: string;
  testId: string;
  seq: number;
  kind: "code" | "mcq-progress";
  /** The entry's payload as JSON text. */
  payload: string;
  createdAt: number;
  receivedAt: number;
  syncedAfterEnd: boolean;
  /** The latest-code row it updates: the question (MCQ_PROGRESS for answers) and its text. */
  questionId: string;
  code: string;
};

/**
 * Where accepted code and MCQ-progress entries go: the room's Durable Object
 * (code-journal.server.ts), which writes them to D1 in packs (decision 031).
 */
export type HeldJournal = {
  /** Stores entries, each once; resolves after the object's storage committed. Returns ids another test used. */
  take(entries: HotEntry[]): Promise<{ conflicts: string[] }>;
  /** Which of these ids it holds (all accepted), with their test. */
  known(ids: string[]): Promise<{ id: string; testId: string }[]>;
  /** When its last entry of this test arrived, at or before `at`. */
  lastReceived(testId: string, at: number): Promise<number | null>;
};

/** A test and a stretch of time: when did the server hear from its student in it? */
export type HeardWindow = { testId: string; from: number; to: number };

/** One entry of a `journal_packs` row (D1), the same fields in short. */
export type PackedEntry = { id: string; seq: number; kind: string; payload: string; createdAt: number; receivedAt: number; syncedAfterEnd: boolean };

/** A test's latest text for one question, as live_code_progress holds it. */
export type LatestCode = { questionId: string; code: string; lastUpdated: number };

/** How long accepted code waits in the room's object before it is written to D1 (at most), by default. */
export const JOURNAL_FLUSH_MS = 300_000;

/** The Worker's JOURNAL_FLUSH_SECONDS setting (wrangler.toml), else JOURNAL_FLUSH_MS. */
export function journalFlushMs(setting: string | undefined) {
  const seconds = Number(setting);
  return Number.isFinite(seconds) && seconds >= 0.1 && seconds <= 3600 ? seconds * 1000 : JOURNAL_FLUSH_MS;
}

/**
 * The newer of D1's row and the object's for each question (the object's is
 * newer while it waits for its flush; D1's when a Submit Code wrote newer
 * code there). Ties keep the object's.
 */
export function newestCode<T extends { questionId: string; lastUpdated: Date | number }>(rows: readonly T[], held: readonly LatestCode[], make: (h: LatestCode) => T): T[] {
  const byQuestion = new Map(rows.map((r) => [r.questionId, r]));
  for (const h of held) {
    const row = byQuestion.get(h.questionId);
    if (!row || +row.lastUpdated <= h.lastUpdated) byQuestion.set(h.questionId, make(h));
  }
  return [...byQuestion.values()];
}
