// The Worker's side of the room's hot journal (issue 26, decision 031): the
// room's Durable Object holds accepted code and MCQ progress and writes them
// to D1 every JOURNAL_FLUSH_MS. Readers that show the latest code ask the
// object for what it holds first, then read D1, and take the newer.
import { eq } from "drizzle-orm";
import { liveCodeProgress } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { newestCode, type HeardWindow, type HeldJournal, type LatestCode, type PackedEntry } from "./code-journal";
import type { HeardSpan } from "./outages";
import { roomObject } from "~/lib/party.server";

export type { LatestCode, PackedEntry };


/** The journal's view of its room's object (applyJournal's `hold`); nothing to send makes no call. */
export function roomJournal(env: Env, roomId: string): HeldJournal {
  const stub = roomObject(env, roomId);
  return {
    take: (entries) => (entries.length === 0 ? Promise.resolve({ conflicts: [] }) : stub.takeEntries(entries)),
    known: (ids) => (ids.length === 0 ? Promise.resolve([]) : stub.knownEntries(ids)),
    lastReceived: (testId, at) => stub.heldLastReceived(testId, at),
  };
}

function heldCode(env: Env, roomId: string, testId: string): Promise<LatestCode[]> {
  return roomObject(env, roomId).heldCode(testId);
}

export function heldLastEdits(env: Env, roomId: string): Promise<Record<string, number>> {
  return roomObject(env, roomId).heldLastEdits();
}

export function heldEntries(env: Env, roomId: string, testId: string): Promise<PackedEntry[]> {
  return roomObject(env, roomId).heldEntries(testId);
}

/** When the room's object heard from these tests' students within each window (held entries keep their arrival time). */
export function heldHeardDuring(env: Env, roomId: string, windows: HeardWindow[]): Promise<HeardSpan[][]> {
  return windows.length === 0 ? Promise.resolve([]) : roomObject(env, roomId).heardDuring(windows);
}

/** Writes the room's held code to D1 now (before a reader that reads many tests from D1, e.g. the similarity check). */
export function flushRoomJournal(env: Env, roomId: string): Promise<void> {
  return roomObject(env, roomId).flushJournal();
}

/**
 * The room changed, or one test (`testId`) (decision 045): the journal's fast
 * path in the room's object reads it again before its next answer. Awaited by
 * the actions that change who may write or until when, so their answer comes
 * after it; never throws (the object also reads again on the events they
 * publish, and every GATE_READ_MS).
 */
export async function forgetJournalGates(env: Env, roomId: string, testId?: string): Promise<void> {
  if (!roomId) return;
  try {
    await roomObject(env, roomId).forgetGates(testId);
  } catch (error) {
    console.error(`journal gates of ${roomId} not reset`, error);
  }
}

/** The room's object forgets these tests (all when null): their D1 rows are being deleted. */
export function forgetHeldTests(env: Env, roomId: string, testIds: string[] | null): Promise<void> {
  return roomObject(env, roomId).forgetTests(testIds);
}

/**
 * A test's latest text per question (live_code_progress), with what its room's
 * object holds and has not yet written to D1: the newer of the two wins.
 */
export async function latestCode(db: Db, env: Env, roomId: string, testId: string) {
  const [held, rows] = await Promise.all([heldCode(env, roomId, testId), db.select().from(liveCodeProgress).where(eq(liveCodeProgress.studentTestId, testId))]);
  return newestCode(rows, held, (h) => ({ studentTestId: testId, questionId: h.questionId, code: h.code, lastUpdated: new Date(h.lastUpdated) }));
}
