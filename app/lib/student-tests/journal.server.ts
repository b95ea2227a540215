// The server half of the offline journal (README: offline-tolerant test
// taking): entries apply in seq order, each exactly once.
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { participantDisconnects, roomParticipants, studentTests, testRooms } from "~/db/schema";
import { safeEqual } from "~/lib/accounts/accounts.server";
import { batchWhenFree } from "~/lib/d1/queries.server";
import { prepared, type Db } from "~/lib/d1/db.server";
import type { Room } from "~/lib/rooms/rooms.server";
import type { DrawRow } from "~/lib/rooms/draws.server";
import { verifyAnchor } from "./anchor.server";
import type { HeldJournal, HotEntry } from "./code-journal";
import type { JournalEntry, JournalKind, JudgedEntry, TestState } from "./journal-protocol";
import { lateEntryCounts, type Outage } from "./outages";
import { codingQuestionIds, deadline, testDrawStatement, MCQ_PROGRESS, parseMcqProgress, testState, type StudentTest } from "./student-tests.server";
import { ANSWER_MESSAGE, finishCodingTest, McqAnswersSchema, submitMcqTest } from "./submissions.server";
import { TEST_RULES } from "./test-rules";

export type { JournalEntry, JudgedEntry, TestState };

/** Judges one submission against every case and stores it (the runner lives outside the Worker). */
export type Judge = (questionId: string, code: string, writtenAt: Date) => Promise<Omit<JudgedEntry, "id" | "questionId">>;

/** The runner could not judge a queued submission: stop here, the client resends later. */
export class JournalRetry extends Error {}

/**
 * The journal no longer takes anything new from this student (removed from
 * the room, or disqualified): the endpoint answers 403 with this message and
 * writes nothing. Entries stored before still get their first answer.
 */
export class JournalClosed extends Error {}

export type JournalOptions = {
  now?: number;
  /** Default TEST_RULES.graceMs (the GRACE_SECONDS setting in the Worker). */
  graceMs?: number;
  /** Needed for submit-code entries; without it they wait (JournalRetry). */
  judge?: Judge;
  /** Verifies entries' time anchors (decision 019); without it no entry has one, so none counts late. */
  anchorSecret?: string;
  /** Set when the journal is closed to new entries (removed, disqualified): JournalClosed. */
  closed?: string | null;
  /** The reads `readJournalRequest` already made in its batch (else applyJournal makes them). */
  prefetched?: { drawRows: DrawRow[]; storedRows: StoredRow[] };
};

/** Entry kinds the room's object holds when accepted: the autosaves (the only ones the fast path takes, decision 045). */
const HELD_KINDS = new Set<JournalKind>(["code", "mcq-progress"]);
export const isAutosave = (kind: JournalKind) => HELD_KINDS.has(kind);

type StoredRow = { id: string; testId: string; outcome: string; reason: string | null };

/**
 * Everything a journal request reads before it writes, in two D1 calls made
 * side by side (the hot path of a class autosaving, decision 024): the test,
 * its room and the student's place in it (built once per isolate); and, in
 * one batch, the room's coding questions and which of the batch's entries
 * were stored before. Pass `prefetched` on to applyJournal. (The first cannot
 * join the batch: D1 answers a batch with objects, and the joined tables'
 * columns of the same name would overwrite each other.)
 */
export async function readJournalRequest(db: Db, testId: string, entryIds: string[]) {
  const [found, prefetched] = await Promise.all([
    prepared(db, "journalTest", (db) =>
      db
        .select({ test: studentTests, room: testRooms, participantStatus: roomParticipants.status, sebExempt: roomParticipants.sebExempt })
        .from(studentTests)
        .leftJoin(testRooms, eq(testRooms.id, studentTests.roomId))
        .leftJoin(roomParticipants, and(eq(roomParticipants.roomId, studentTests.roomId), eq(roomParticipants.studentId, studentTests.studentId)))
        .where(eq(studentTests.id, sql.placeholder("testId")))
        .prepare(),
    ).get({ testId }),
    readQuestionsAndStored(db, testId, entryIds),
  ]);
  return { found, prefetched };
}

/** The test's stored draw (decision 040) and which of these entries were stored before, in one D1 batch. */
async function readQuestionsAndStored(db: Db, testId: string, entryIds: string[]) {
  const d1 = db.$client;
  const [coding, stored] = await d1.batch<unknown>([
    testDrawStatement(db, testId),
    // At most JOURNAL_LIMITS.batchEntries (100) ids: within D1's 100 bound parameters. No ids, no query.
    ...(entryIds.length ? [d1.prepare(`SELECT id, student_test_id AS testId, outcome, reason FROM journal_entries WHERE id IN (${entryIds.map(() => "?").join(", ")})`).bind(...entryIds)] : []),
  ]);
  return { drawRows: coding!.results as DrawRow[], storedRows: (stored?.results ?? []) as StoredRow[] };
}

export function graceMessage(graceMs: number) {
  const minutes = Math.round(graceMs / 60_000);
  const window = minutes >= 1 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${Math.round(graceMs / 1000)} seconds`;
  return `These answers reached the server more than ${window} after the test ended, so they were not counted. They are kept for your instructor to review.`;
}

/** A late entry without an outage the server saw (decision 019): this device was connected when the test ended. */
export const UNPROVEN_LATE_MESSAGE =
  "These answers reached the server after the test ended, and the server saw no loss of connection that held them back, so they were not counted. They are kept for your instructor to review.";

/** An entry stamped before a server time its own device had already seen: its clock was set back. */
export const BEFORE_ANCHOR_MESSAGE = "This change is stamped earlier than the server time this device had already seen, so it was not counted. It is kept for your instructor to review.";

/**
 * Applies journal entries in seq order, each exactly once.
 *
 * Light entries (code, answers, tab switches, unlocks) are written in D1
 * batches: INSERT OR IGNORE stores each entry, and its effect, the statement
 * right after it, runs only when `changes() = 1`, i.e. when that insert added
 * the row. A retry of a stored id changes nothing, so nothing ever counts
 * twice. A run of light entries shares one batch (one transaction, one D1
 * round trip, issue 26); the batch is written before any entry that changes
 * the test row is judged on it, before a heavy entry, and before the answer.
 *
 * Heavy entries (a queued Submit Code, Finish / Submit Test) run their effect
 * first, then store the entry; both effects are idempotent (an upsert of the
 * same judged result, a final status), so a retry racing the first attempt
 * cannot count twice either.
 */
export async function applyJournal(db: Db, room: Room, test: StudentTest, entries: JournalEntry[], hold: HeldJournal, options: JournalOptions = {}) {
  const now = options.now ?? Date.now();
  const graceMs = options.graceMs ?? TEST_RULES.graceMs;
  const d1 = db.$client;
  const accepted: string[] = [];
  const rejected: { id: string; reason: string }[] = [];
  const judged: JudgedEntry[] = [];
  let retry = false;
  const end = deadline(room, test);
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  // The test's questions and the entries stored before, read side by side. An
  // entry stored before (the client never got the answer) gets the same answer
  // again; it is not judged afresh against the test as it is now.
  const { drawRows, storedRows } = options.prefetched ?? (await readQuestionsAndStored(db, test.id, sorted.map((e) => e.id)));
  // The stored draw; a test without one (it started before draws were stored) draws now, once.
  const codingIds =
    room.questionType !== "coding"
      ? []
      : drawRows.length
        ? drawRows.map((r) => r.questionId)
        : await codingQuestionIds(db, room, test).catch((): string[] => []);
  const stored = new Map(storedRows.map((row) => [row.id, row]));
  // Accepted code and answers are held by the room's object, not D1: asked only
  // when one of them would be refused now (a resend gets its first answer).
  let heldRead: Promise<void> | null = null;
  const readHeld = () =>
    (heldRead ??= hold.known(sorted.filter((e) => HELD_KINDS.has(e.kind) && !stored.has(e.id)).map((e) => e.id)).then((rows) => {
      for (const row of rows) stored.set(row.id, { id: row.id, testId: row.testId, outcome: "accepted", reason: null });
    }));
  if (options.closed && sorted.some((e) => !stored.has(e.id))) {
    await readHeld();
    if (sorted.some((e) => !stored.has(e.id))) throw new JournalClosed(options.closed);
  }
  const anchors = new Map<string, number | null>();
  for (const e of sorted) anchors.set(e.id, options.anchorSecret ? await verifyAnchor(options.anchorSecret, e.anchor) : null);
  // Read once, and only when an entry arrives after the deadline.
  const inTransit = end !== null && now <= end + TEST_RULES.arrivalSlackMs;
  const evidence = end !== null && now > end && !inTransit && sorted.some((e) => !stored.has(e.id)) ? await outageEvidence(db, room, test, end, hold) : null;
  // Light entries' statements, written together (see above).
  let pending: D1PreparedStatement[] = [];
  let held: HotEntry[] = [];
  let pendingBytes = 0;
  const conflicts = new Set<string>();
  const writePending = async () => {
    if (pending.length === 0 && held.length === 0) return;
    const [batch, entries] = [pending, held];
    pending = [];
    held = [];
    pendingBytes = 0;
    const [, taken] = await Promise.all([batch.length > 0 ? batchWhenFree(d1, batch) : null, hold.take(entries)]);
    for (const id of taken.conflicts) conflicts.add(id);
  };
  for (const entry of sorted) {
    const answerStored = () => {
      const before = stored.get(entry.id);
      if (!before) return false;
      if (before.testId === test.id && before.outcome === "accepted") accepted.push(entry.id);
      else rejected.push({ id: entry.id, reason: before.testId === test.id ? (before.reason ?? "Not accepted") : "Duplicate entry id" });
      return true;
    };
    if (answerStored()) continue;
    const late = end !== null && entry.createdAt > end + TEST_RULES.clockToleranceMs;
    const afterGrace = end !== null && now > end + Math.max(graceMs, TEST_RULES.arrivalSlackMs);
    const syncedAfterEnd = end !== null && now > end;
    const heavy = entry.kind === "submit-code" || entry.kind === "finish";
    const anchorAt = anchors.get(entry.id) ?? null;
    let reason: string | null = null;
    if (test.isDisqualified && entry.kind !== "tab-switch") reason = "The test was disqualified";
    else if (anchorAt !== null && entry.createdAt < anchorAt) reason = BEFORE_ANCHOR_MESSAGE;
    else if (late) reason = "Written after the test ended";
    else if (afterGrace) reason = graceMessage(graceMs);
    else if (syncedAfterEnd && !inTransit && !lateEntryCounts({ anchorAt, end: end!, ...evidence! })) reason = UNPROVEN_LATE_MESSAGE;
    else if ((entry.kind === "code" || entry.kind === "submit-code") && !codingIds.includes(String(entry.payload.questionId))) reason = "Not a question of this test";
    else if (heavy && test.isCompleted) reason = "This test has already been submitted";
    else if (entry.kind === "submit-code" && test.isLocked) reason = "Enter the unlock code to continue";
    else if (entry.kind === "finish" && room.questionType === "mcq" && !McqAnswersSchema.safeParse(entry.payload.answers ?? {}).success) reason = ANSWER_MESSAGE;
    // Refused now, but the room's object may hold it from an earlier send: then it gets that answer.
    if (reason && HELD_KINDS.has(entry.kind)) {
      await readHeld();
      if (answerStored()) continue;
    }

    const store = storeStatement(d1, test, entry, now, syncedAfterEnd, reason);

    // The first accepted entry after the deadline flags the test, in the same batch.
    const flag =
      syncedAfterEnd && !reason && !test.syncedAfterEnd
        ? d1.prepare("UPDATE student_tests SET synced_after_end = 1 WHERE id = ?").bind(test.id)
        : null;
    if (heavy && !reason) {
      // Earlier entries are written first: the heavy effect must not overtake them.
      await writePending();
      // Not stored yet (checked above): run the effect, then store the entry.
      try {
        const outcome = await applyHeavy(db, room, test, entry, options.judge);
        if (outcome) judged.push({ id: entry.id, questionId: String(entry.payload.questionId), ...outcome });
      } catch (error) {
        if (!(error instanceof JournalRetry)) throw error;
        retry = true;
        break; // later entries must not overtake this one
      }
      await batchWhenFree(d1, flag ? [store, flag] : [store]);
    } else if (!reason && HELD_KINDS.has(entry.kind)) {
      held.push(heldEntry(test, entry, now, syncedAfterEnd));
      if (flag) pending.push(flag);
      pendingBytes += entryBytes(entry);
      if (pendingBytes > PENDING_BYTES) await writePending();
    } else {
      const effect = reason ? null : effectOf(d1, room, test, entry);
      // One batch is one transaction: the effect runs only if the insert just before it added the row.
      pending.push(...[store, effect, flag].filter((x): x is D1PreparedStatement => x !== null));
      pendingBytes += entryBytes(entry);
      // Written now when a later entry is judged on this one's effect, or the batch grew large.
      if ((!reason && CHANGES_TEST_ROW.has(entry.kind)) || pendingBytes > PENDING_BYTES) await writePending();
    }
    if (reason) rejected.push({ id: entry.id, reason });
    else accepted.push(entry.id);
    // Later entries see this one's effect (a lock, a disqualification, a finish);
    // code and answers leave the test row as it was, so those need no re-read.
    if (!reason && CHANGES_TEST_ROW.has(entry.kind)) {
      test = (await db.select().from(studentTests).where(eq(studentTests.id, test.id)).get())!;
    } else if (flag) {
      test = { ...test, syncedAfterEnd: true };
    }
  }
  await writePending();
  // An id another test of this room already used: refused, as D1's duplicate would be.
  for (const id of conflicts) {
    accepted.splice(accepted.indexOf(id), 1);
    rejected.push({ id, reason: "Duplicate entry id" });
  }
  return { accepted, rejected, judged, retry, state: testState(room, test), test };
}

/** An accepted code or MCQ-progress entry as the room's object holds it, with the latest text it sets. */
export function heldEntry(test: Pick<StudentTest, "id">, entry: JournalEntry, now: number, syncedAfterEnd: boolean): HotEntry {
  const mcq = entry.kind === "mcq-progress";
  return {
    id: entry.id,
    testId: test.id,
    seq: entry.seq,
    kind: mcq ? "mcq-progress" : "code",
    payload: JSON.stringify(entry.payload),
    createdAt: entry.createdAt,
    receivedAt: now,
    syncedAfterEnd,
    questionId: mcq ? MCQ_PROGRESS : String(entry.payload.questionId),
    code: mcq ? JSON.stringify(parseMcqProgress(JSON.stringify(entry.payload))) : String(entry.payload.code ?? "").slice(0, 64 * 1024),
  };
}

/** A batch of light entries is written once it carries this much (D1 takes requests of a few MB at most). */
const PENDING_BYTES = 512 * 1024;

function entryBytes(entry: JournalEntry) {
  const code = entry.payload.code;
  return typeof code === "string" ? code.length + 256 : 1024;
}

/**
 * What the server saw of this student around the deadline: the party's
 * recorded disconnections in this room, and the last entry the journal
 * received before the deadline.
 */
async function outageEvidence(db: Db, room: Room, test: StudentTest, end: number, hold: HeldJournal): Promise<{ outages: Outage[]; lastContactAt: number | null }> {
  const [periods, contact, heldContact] = await Promise.all([
    db
      .select({ startedAt: participantDisconnects.startedAt, endedAt: participantDisconnects.endedAt })
      .from(participantDisconnects)
      .where(and(eq(participantDisconnects.roomId, room.id), eq(participantDisconnects.studentId, test.studentId))),
    db.$client
      .prepare("SELECT MAX(received_at) AS at FROM journal_entries WHERE student_test_id = ? AND received_at <= ?")
      .bind(test.id, end)
      .first<{ at: number | null }>(),
    hold.lastReceived(test.id, end),
  ]);
  const last = Math.max(contact?.at ?? -1, heldContact ?? -1);
  return {
    outages: periods.map((p) => ({ startedAt: p.startedAt.getTime(), endedAt: p.endedAt?.getTime() ?? null })),
    lastContactAt: last >= 0 ? last : null,
  };
}

/** Entry kinds whose effect changes the student_tests row. */
const CHANGES_TEST_ROW = new Set<JournalKind>(["tab-switch", "unlock", "submit-code", "finish"]);

async function applyHeavy(db: Db, room: Room, test: StudentTest, entry: JournalEntry, judge: Judge | undefined) {
  if (entry.kind === "submit-code") {
    if (!judge) throw new JournalRetry("No judge available");
    const code = String(entry.payload.code ?? "").slice(0, 64 * 1024);
    return judge(String(entry.payload.questionId), code, new Date(entry.createdAt));
  }
  if (room.questionType === "mcq") await submitMcqTest(db, room, test, McqAnswersSchema.parse(entry.payload.answers ?? {}));
  else await finishCodingTest(db, room, test);
  return null;
}

/** An entry's INSERT OR IGNORE into journal_entries, with its outcome. */
function storeStatement(d1: D1Database, test: StudentTest, entry: JournalEntry, now: number, syncedAfterEnd: boolean, reason: string | null) {
  return d1
    .prepare(
      `INSERT OR IGNORE INTO journal_entries (id, student_test_id, seq, kind, payload, client_created_at, received_at, synced_after_end, outcome, reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(entry.id, test.id, entry.seq, entry.kind, JSON.stringify(entry.payload), entry.createdAt, now, syncedAfterEnd ? 1 : 0, reason ? "rejected" : "accepted", reason);
}

/**
 * An accepted tab switch or unlock before the deadline, as the fast path
 * writes it (decision 045): its store and its effect, for one D1 batch (one
 * transaction). The effect answers the test row as it changed it (RETURNING),
 * and nothing when the store found the entry stored before.
 */
export function fastWriteStatements(d1: D1Database, room: Room, test: StudentTest, entry: JournalEntry, now: number) {
  const effect = effectOf(d1, room, test, entry);
  return [storeStatement(d1, test, entry, now, false, null), ...(effect ? [effect] : [])];
}

/** Entry kinds the fast path takes: the autosaves it holds, and the tab switches and unlocks it writes to D1 itself (decision 045). */
export const FAST_WRITES = new Set<JournalKind>(["tab-switch", "unlock"]);
export const fastPathTakes = (kind: JournalKind) => HELD_KINDS.has(kind) || FAST_WRITES.has(kind);

const TEST_COLUMNS = Object.entries(getTableColumns(studentTests));

/** A student_tests row as D1 answers it (RETURNING *) in drizzle's shape, as a select would give it. */
export function testFromRow(row: Record<string, unknown>): StudentTest {
  return Object.fromEntries(TEST_COLUMNS.map(([key, column]) => [key, row[column.name] == null ? null : column.mapFromDriverValue(row[column.name])])) as StudentTest;
}

function effectOf(d1: D1Database, room: Room, test: StudentTest, entry: JournalEntry): D1PreparedStatement | null {
  // `changes() = 1`: the INSERT OR IGNORE just before, in the same batch, stored a new entry.
  // RETURNING *: the row as changed, for the fast path (the full journal reads the test again).
  switch (entry.kind) {
    case "tab-switch": {
      if (test.isDisqualified || test.isCompleted) return null;
      if (room.questionType === "mcq") {
        return d1.prepare("UPDATE student_tests SET tab_switch_count = tab_switch_count + 1 WHERE id = ? AND changes() = 1 RETURNING *").bind(test.id);
      }
      // Coding: lock on each switch; the 3rd disqualifies (spec 2 section 4).
      return d1
        .prepare(
          `UPDATE student_tests SET
             tab_switch_count = tab_switch_count + 1,
             is_locked = CASE WHEN tab_switch_count + 1 >= ?2 THEN 0 ELSE 1 END,
             is_disqualified = CASE WHEN tab_switch_count + 1 >= ?2 THEN 1 ELSE is_disqualified END,
             status = CASE WHEN tab_switch_count + 1 >= ?2 THEN 'disqualified' ELSE status END
           WHERE id = ?1 AND changes() = 1 RETURNING *`,
        )
        .bind(test.id, TEST_RULES.maxTabSwitches);
    }
    case "unlock": {
      if (!test.isLocked || test.isDisqualified) return null;
      const correct = Boolean(room.unlockCode) && safeEqual(String(entry.payload.code ?? "").trim(), room.unlockCode!);
      if (correct) {
        return d1
          .prepare("UPDATE student_tests SET is_locked = 0, unlock_attempts_remaining = ? WHERE id = ? AND changes() = 1 RETURNING *")
          .bind(TEST_RULES.unlockAttempts, test.id);
      }
      return d1
        .prepare(
          `UPDATE student_tests SET
             unlock_attempts_remaining = unlock_attempts_remaining - 1,
             is_disqualified = CASE WHEN unlock_attempts_remaining - 1 <= 0 THEN 1 ELSE is_disqualified END,
             status = CASE WHEN unlock_attempts_remaining - 1 <= 0 THEN 'disqualified' ELSE status END,
             is_locked = CASE WHEN unlock_attempts_remaining - 1 <= 0 THEN 0 ELSE is_locked END
           WHERE id = ? AND changes() = 1 RETURNING *`,
        )
        .bind(test.id);
    }
  }
  return null;
}
