import { eq } from "drizzle-orm";
import { roomParticipants, studentTests, testDraws, testRooms } from "../app/db/schema";
import type { Db } from "../app/lib/d1/db.server";
import { batchWhenFree } from "../app/lib/d1/queries.server";
import type { Room } from "../app/lib/rooms/rooms.server";
import { verifyAnchor } from "../app/lib/student-tests/anchor.server";
import type { HotEntry } from "../app/lib/student-tests/code-journal";
import type { JournalEntry, TestState } from "../app/lib/student-tests/journal-protocol";
import { FAST_WRITES, fastPathTakes, fastWriteStatements, heldEntry, readJournalRequest, testFromRow } from "../app/lib/student-tests/journal.server";
import { deadline, testState, type StudentTest } from "../app/lib/student-tests/student-tests.server";
import { TEST_RULES } from "../app/lib/student-tests/test-rules";

/** The room is read from D1 again at most this often (and at once after `forget`). */
export const GATE_READ_MS = 30_000;

type Gate = { test: StudentTest; status: string | null; sebExempt: boolean; codingIds: Set<string> };

/** Tab switches and unlocks written here whose ids are kept for resends (about 100 bytes each). */
const WRITTEN_KEPT = 10_000;

/**
 * What the fast path accepted: the autosaves to hold (the caller stores them),
 * the state to answer with, and whether it wrote a tab switch or an unlock
 * (which the admins' participants table shows).
 */
export type FastOutcome = { entries: HotEntry[]; state: TestState; wrote: boolean };

/**
 * The journal's fast path in the room's Durable Object (issue 40, decision
 * 045). The Worker has checked the test capability (who is asking, for which
 * test); this decides whether a batch of autosaves (code, MCQ progress) can
 * be accepted as it is, from what the object holds of the room: each test
 * with its student's place in the room, its deadline and its drawn questions,
 * read from D1 in one batch at most every GATE_READ_MS, and at once after
 * `forget` (a change to the room: the admin's room actions call it, and the
 * events the room publishes that change who may write or until when); a test
 * the full journal changed (`forget(testId)`), or one not read yet, is read
 * alone.
 *
 * It only ever accepts: a batch with anything the full journal would judge
 * (a removed or disqualified student, a Safe Exam Browser room, an entry
 * after the deadline or with a stale time anchor, a question not in the test,
 * a test with no stored draw) is left to the full journal, which answers it
 * as before. So the fast path answers exactly what the full one would.
 */
export class JournalGates {
  #room: Room | null = null;
  #gates = new Map<string, Gate>();
  #readAt = -Infinity;
  #reading: Promise<void> | null = null;
  #generation = 0;
  /** Tests changed since they were read (a tab switch, a finish): each is read alone before its next fast answer. */
  #stale = new Set<string>();
  /** Tests with a tab switch or an unlock on its way to D1. */
  #writing = new Set<string>();
  /** Tab switches and unlocks this object wrote: entry id → test id. */
  #written = new Map<string, string>();
  /** The test rows this object's writes answered, numbered, until a read that started after them has seen them. */
  #fresh = new Map<string, { test: StudentTest; n: number }>();
  #writes = 0;

  constructor(
    private readonly roomId: string,
    /** The object's drizzle, which it builds once (drizzle's schema setup is costly). */
    private readonly database: () => Db,
  ) {}

  /**
   * Something changed: the room (read it all again before the next fast
   * answer), or one test (`testId`: read that test alone before its next one).
   */
  forget(testId?: string) {
    this.#generation++;
    if (testId) this.#stale.add(testId);
    else this.#readAt = -Infinity;
  }

  /** One test, its room and its student's place, and its draw, as the full journal reads them (two D1 calls). */
  private async readTest(testId: string) {
    this.#stale.delete(testId);
    const generation = this.#generation;
    const writes = this.#writes;
    const { found, prefetched } = await readJournalRequest(this.database(), testId, []);
    if (generation !== this.#generation && this.#stale.has(testId)) return;
    if (!found?.room || found.room.id !== this.roomId) {
      this.#gates.delete(testId);
      return;
    }
    this.#room = found.room;
    this.#gates.set(testId, {
      test: found.test,
      status: found.participantStatus ?? null,
      sebExempt: found.sebExempt ?? false,
      codingIds: new Set(prefetched.drawRows.map((d) => d.questionId)),
    });
    this.keepWritten(writes);
  }

  /**
   * A read that started before this object's own write may not have seen it:
   * the row that write answered stays. Written rows a read has seen since are let go.
   */
  private keepWritten(writesBeforeRead: number) {
    for (const [testId, written] of this.#fresh) {
      const gate = this.#gates.get(testId);
      if (written.n > writesBeforeRead && gate) gate.test = written.test;
      else if (written.n <= writesBeforeRead) this.#fresh.delete(testId);
    }
  }

  /** Reads the room unless a read since the last change is recent; a read that a change overtook is not used. */
  private async read(now: number) {
    for (;;) {
      if (now - this.#readAt < GATE_READ_MS) return;
      if (this.#reading) {
        await this.#reading;
        continue;
      }
      this.#reading = this.readRoom(now).finally(() => {
        this.#reading = null;
      });
    }
  }

  private async readRoom(now: number) {
    const generation = this.#generation;
    const writes = this.#writes;
    const db = this.database();
    const [rooms, tests, places, draws] = await db.batch([
      db.select().from(testRooms).where(eq(testRooms.id, this.roomId)),
      db.select().from(studentTests).where(eq(studentTests.roomId, this.roomId)),
      db
        .select({ studentId: roomParticipants.studentId, status: roomParticipants.status, sebExempt: roomParticipants.sebExempt })
        .from(roomParticipants)
        .where(eq(roomParticipants.roomId, this.roomId)),
      db
        .select({ testId: testDraws.studentTestId, questionId: testDraws.questionId })
        .from(testDraws)
        .innerJoin(studentTests, eq(studentTests.id, testDraws.studentTestId))
        .where(eq(studentTests.roomId, this.roomId)),
    ]);
    const place = new Map(places.map((p) => [p.studentId, p]));
    const drawn = new Map<string, Set<string>>();
    for (const d of draws) {
      let set = drawn.get(d.testId);
      if (!set) drawn.set(d.testId, (set = new Set()));
      set.add(d.questionId);
    }
    this.#room = rooms[0] ?? null;
    this.#gates = new Map(
      tests.map((test) => {
        const p = place.get(test.studentId);
        return [test.id, { test, status: p?.status ?? null, sebExempt: p?.sebExempt ?? false, codingIds: drawn.get(test.id) ?? new Set<string>() }];
      }),
    );
    this.keepWritten(writes);
    // A change while this read was on its way: it may have missed it, so it counts as no read.
    this.#readAt = generation === this.#generation ? now : -Infinity;
  }

  /**
   * The batch accepted whole, or null: the full journal takes it. `studentId`
   * is the capability's; `secret` verifies the entries' time anchors. A tab
   * switch or an unlock is written to D1 here, in one batch with its effect
   * (`fastWriteStatements`), and the object keeps the test row it answers.
   * Giving up after such a write is safe: the full journal answers an entry
   * stored before with its first answer.
   */
  async accept(testId: string, studentId: string, entries: readonly JournalEntry[], secret: string, now = Date.now()): Promise<FastOutcome | null> {
    if (entries.length === 0 || !entries.every((e) => fastPathTakes(e.kind))) return null;
    // One write at a time per test, so the row the object keeps is the newest: a second one meanwhile goes the full way.
    if (this.#writing.has(testId)) return null;
    await this.read(now);
    // A test changed since, or one that started since the last read: that test alone is read.
    if (this.#stale.has(testId) || !this.#gates.has(testId)) await this.readTest(testId);
    const room = this.#room;
    const gate = this.#gates.get(testId);
    if (!room || !gate || gate.test.studentId !== studentId || gate.test.roomId !== room.id) return null;
    if (!gate.status || gate.status === "removed" || gate.test.isDisqualified) return null;
    if (room.sebRequired && !gate.sebExempt) return null;
    const end = deadline(room, gate.test);
    // After the deadline, lateness and outages are the full journal's to judge.
    if (end === null || now > end) return null;
    for (const e of entries) {
      if (e.createdAt > end + TEST_RULES.clockToleranceMs) return null;
      if (e.kind === "code" && (room.questionType !== "coding" || !gate.codingIds.has(String(e.payload.questionId)))) return null;
      const anchorAt = await verifyAnchor(secret, e.anchor);
      if (anchorAt !== null && e.createdAt < anchorAt) return null;
    }
    const sorted = [...entries].sort((a, b) => a.seq - b.seq);
    if (!sorted.some((e) => FAST_WRITES.has(e.kind))) return { entries: sorted.map((e) => heldEntry(gate.test, e, now, false)), state: testState(room, gate.test), wrote: false };
    // Checked again with no await before the mark: another request may have started a write meanwhile.
    if (this.#writing.has(testId)) return null;
    this.#writing.add(testId);
    try {
      return await this.write(room, gate, sorted, now);
    } finally {
      this.#writing.delete(testId);
    }
  }

  /** A batch with a tab switch or an unlock: entries in seq order, each write awaited before the entries after it are judged. */
  private async write(room: Room, gate: Gate, sorted: JournalEntry[], now: number): Promise<FastOutcome | null> {
    const held: HotEntry[] = [];
    let wrote = false;
    for (const e of sorted) {
      // A disqualification (a third tab switch, the last wrong unlock code) refuses what follows: the full journal says so.
      if (gate.test.isDisqualified || gate.test.isCompleted) return null;
      if (!FAST_WRITES.has(e.kind)) {
        held.push(heldEntry(gate.test, e, now, false));
        continue;
      }
      // A resend of an entry this object wrote: it was accepted, and is again.
      if (this.#written.get(e.id) === gate.test.id) continue;
      // One that may disqualify, with entries after it: the full journal refuses those in the same answer.
      if (e !== sorted.at(-1) && mayDisqualify(room, gate.test, e)) return null;
      const d1 = this.database().$client;
      const results = await batchWhenFree(d1, fastWriteStatements(d1, room, gate.test, e, now));
      // Stored before (by the full journal, or another test's entry with this id): the full journal answers it as it was first answered.
      if (results[0]?.meta.changes !== 1) return null;
      const row = results[1]?.results[0] as Record<string, unknown> | undefined;
      if (row) {
        gate.test = testFromRow(row);
        this.#fresh.set(gate.test.id, { test: gate.test, n: ++this.#writes });
        // A read since may have put a new object in its place.
        const current = this.#gates.get(gate.test.id);
        if (current) current.test = gate.test;
      }
      this.remember(e.id, gate.test.id);
      wrote = true;
    }
    return { entries: held, state: testState(room, gate.test), wrote };
  }

  /** The ids of the entries this object wrote, so that a resend is answered with no D1 query; the oldest are let go. */
  private remember(id: string, testId: string) {
    this.#written.set(id, testId);
    if (this.#written.size > WRITTEN_KEPT) this.#written.delete(this.#written.keys().next().value!);
  }
}

/** A third tab switch in a coding room, or any unlock with one attempt left (the effects in journal.server.ts). */
function mayDisqualify(room: Room, test: StudentTest, entry: JournalEntry) {
  if (entry.kind === "tab-switch") return room.questionType === "coding" && test.tabSwitchCount + 1 >= TEST_RULES.maxTabSwitches;
  return entry.kind === "unlock" && test.isLocked && test.unlockAttemptsRemaining <= 1;
}
