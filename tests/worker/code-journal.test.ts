// The room's hot journal (issue 26, decision 031): accepted code and MCQ
// progress go to the room's Durable Object, which writes D1 one pack per test
// and the latest code per question on its alarm. Exactly once and in order
// across a forced flush, a restart of the object, a flush that died half-way
// and two rooms; readers see held code before it is written; a finish or a
// disqualification is never held back; deleting a room forgets what it held.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/lib/d1/db.server";
import { monitorView, roomGrid } from "~/lib/monitor/monitor.server";
import { JOURNAL_FLUSH_MS } from "~/lib/student-tests/code-journal";
import { flushRoomJournal } from "~/lib/student-tests/code-journal.server";
import { submissionView } from "~/lib/student-tests/submissions.server";
import { deleteRoom } from "~/lib/rooms/rooms.server";
import { CodeJournal } from "../../party/code-journal";
import {
  journal,
  launch,
  liveCodeRows,
  makeRoom,
  rows,
  seedCodingCategory,
  signUpAdmin,
  start,
  storedEntries,
  takingStudent,
  testOf,
  type JournalInput,
  type Room,
} from "./rooms-fixture";

const CODING = "HJ-Coding";
const Q0 = `${CODING}-q0`;
const Q1 = `${CODING}-q1`;
const db = () => createDb(env.DB);
const party = (room: Room) => env.RoomParty.get(env.RoomParty.idFromName(room.id));

beforeAll(async () => {
  await signUpAdmin();
  await seedCodingCategory(CODING);
});

async function ready(name = "Hot Taker") {
  const room = await makeRoom(CODING, "coding");
  const s = await takingStudent(room, name);
  await start(room);
  expect((await launch(s.cookie, room)).status).toBe(302);
  return { room, s, testId: (await testOf(room, s.email)).id };
}

type Answer = { accepted: string[]; rejected: { id: string; reason: string }[]; state: { isDisqualified: boolean } };

async function send(cookie: string, testId: string, entries: JournalInput[]) {
  const res = await journal(cookie, testId, entries);
  expect(res.status, "journal answer status").toBe(200);
  return (await res.json()) as Answer;
}

const code = (seq: number, text: string, questionId = Q0, createdAt = Date.now() + seq): JournalInput & { id: string } => ({
  id: crypto.randomUUID(),
  seq,
  kind: "code",
  payload: { questionId, code: text },
  createdAt,
});

/** What D1 holds right now, without asking the object to write first. */
const d1Code = (testId: string) => rows<{ question_id: string; code: string }>("SELECT question_id, code FROM live_code_progress WHERE student_test_id = ? ORDER BY question_id", testId);
const d1Packs = (testId: string) => rows<{ id: string; entries: string }>("SELECT id, entries FROM journal_packs WHERE student_test_id = ? ORDER BY id", testId);
const packedIds = async (testId: string) => (await d1Packs(testId)).flatMap((p) => (JSON.parse(p.entries) as { id: string }[]).map((e) => e.id));

describe("the room's object holds accepted code", () => {
  it("answers after storing, writes D1 only on flush, and applies each entry once and in order across a forced flush", async () => {
    const { room, s, testId } = await ready();
    const first = [code(0, "a"), code(1, "ab"), code(2, "abc")];
    expect((await send(s.cookie, testId, first)).accepted).toEqual(first.map((e) => e.id));
    // Held, not yet in D1: no code row, no journal row, no pack.
    expect(await d1Code(testId)).toEqual([]);
    expect(await d1Packs(testId)).toEqual([]);
    expect(await rows("SELECT id FROM journal_entries WHERE student_test_id = ?", testId)).toEqual([]);
    // The alarm is armed to write it within JOURNAL_FLUSH_MS.
    const alarm = await runInDurableObject(party(room), (_i, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeLessThanOrEqual(Date.now() + JOURNAL_FLUSH_MS);

    await flushRoomJournal(env, room.id);
    expect(await d1Code(testId)).toEqual([{ question_id: Q0, code: "abc" }]);
    expect(await packedIds(testId)).toEqual(first.map((e) => e.id));

    // The same three again (their answer was lost) with two new ones: the old ones change nothing.
    const next = [code(3, "abcd"), code(4, "abcde")];
    const again = await send(s.cookie, testId, [...first, ...next]);
    expect(again.accepted).toEqual([...first, ...next].map((e) => e.id));
    expect(again.rejected).toEqual([]);
    await flushRoomJournal(env, room.id);
    expect(await d1Code(testId)).toEqual([{ question_id: Q0, code: "abcde" }]);
    const ids = await packedIds(testId);
    expect(ids).toEqual([...first, ...next].map((e) => e.id));
    expect((await storedEntries(testId)).map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);

    // An older entry arriving late does not overwrite newer code, and a flush with nothing new writes nothing.
    await send(s.cookie, testId, [code(5, "stale", Q0, Date.now() - 60_000)]);
    await flushRoomJournal(env, room.id);
    expect(await d1Code(testId)).toEqual([{ question_id: Q0, code: "abcde" }]);
    const packs = (await d1Packs(testId)).length;
    await flushRoomJournal(env, room.id);
    expect((await d1Packs(testId)).length).toBe(packs);
  });

  it("the alarm writes what is held; a restart of the object loses nothing and still recognises a resend", async () => {
    const { room, s, testId } = await ready();
    const entries = [code(0, "x = 1"), code(1, "x = 2", Q1)];
    await send(s.cookie, testId, entries);
    // The object is evicted (a deploy, a crash) before its alarm: storage and alarm stay.
    await evictDurableObject(party(room));
    expect(await runDurableObjectAlarm(party(room))).toBe(true);
    expect(await d1Code(testId)).toEqual([
      { question_id: Q0, code: "x = 1" },
      { question_id: Q1, code: "x = 2" },
    ]);
    expect(await packedIds(testId)).toEqual(entries.map((e) => e.id));
    await evictDurableObject(party(room));
    // Resent after the restart and the flush: accepted again, stored once.
    expect((await send(s.cookie, testId, entries)).accepted).toEqual(entries.map((e) => e.id));
    await flushRoomJournal(env, room.id);
    expect(await packedIds(testId)).toEqual(entries.map((e) => e.id));
  });

  it("a flush that wrote D1 but died before marking its rows done is written again under the same ids: each entry once", async () => {
    const { room, s, testId } = await ready();
    const entries = [code(0, "one"), code(1, "two")];
    await send(s.cookie, testId, entries);
    // Replay what a dying flush leaves: its claim on the rows, and its pack already in D1.
    await runInDurableObject(party(room), async (_i, state) => {
      const journal = new CodeJournal(state.storage.sql, env.DB);
      // A flush of its own, stopped after D1's write: the D1 batch is made to land, the marking is skipped.
      state.storage.sql.exec("UPDATE hot_entries SET flushed = 41 WHERE flushed = 0");
      state.storage.sql.exec("INSERT INTO hot_meta (key, value) VALUES ('claim', 41) ON CONFLICT (key) DO UPDATE SET value = 41");
      await env.DB.prepare(
        "INSERT INTO journal_packs (student_test_id, id, entries, entry_count, first_received_at, last_received_at) VALUES (?, ?, ?, 2, 0, 0)",
      )
        .bind(testId, "000000000041-0", JSON.stringify(entries.map((e) => ({ id: e.id, seq: e.seq, kind: "code", payload: "{}", createdAt: 0, receivedAt: 0, syncedAfterEnd: false }))))
        .run();
      await journal.flush();
    });
    expect(await packedIds(testId)).toEqual(entries.map((e) => e.id));
    expect(await d1Code(testId)).toEqual([{ question_id: Q0, code: "two" }]);
    const left = await runInDurableObject(party(room), (_i, state) => state.storage.sql.exec("SELECT COUNT(*) AS n FROM hot_entries WHERE flushed >= 0").one().n);
    expect(left).toBe(0);
  });

  it("two rooms hold their own entries: a flush of one writes nothing of the other, and an id used in one is refused in the other", async () => {
    const a = await ready("Room A Taker");
    const b = await ready("Room B Taker");
    const ea = code(0, "room a");
    await send(a.s.cookie, a.testId, [ea]);
    await send(b.s.cookie, b.testId, [code(0, "room b")]);
    await flushRoomJournal(env, a.room.id);
    expect(await d1Code(a.testId)).toEqual([{ question_id: Q0, code: "room a" }]);
    expect(await d1Code(b.testId)).toEqual([]);
    await flushRoomJournal(env, b.room.id);
    expect(await d1Code(b.testId)).toEqual([{ question_id: Q0, code: "room b" }]);
    // The same id in the same room for another test (a client reusing ids) is refused, as D1's duplicate is.
    const other = await takingStudent(a.room, "Second A Taker");
    expect((await launch(other.cookie, a.room)).status).toBe(302);
    const otherTest = (await testOf(a.room, other.email)).id;
    const reused = await send(other.cookie, otherTest, [{ ...ea, payload: { questionId: Q0, code: "copied id" } }]);
    expect(reused.rejected).toEqual([{ id: ea.id, reason: "Duplicate entry id" }]);
    expect(await liveCodeRows(otherTest)).toEqual([]);
  });

  it("a resend of held code after the deadline gets its first answer (accepted), not a refusal", async () => {
    const { room, s, testId } = await ready();
    const e = code(0, "in time");
    await send(s.cookie, testId, [e]);
    await env.DB.prepare("UPDATE test_rooms SET ends_at = ? WHERE id = ?").bind(Date.now() - 3_600_000, room.id).run();
    const again = await send(s.cookie, testId, [e]);
    expect(again.accepted).toEqual([e.id]);
    // A new entry now is refused and kept in D1's journal for the admin.
    const late = code(1, "too late");
    const refused = await send(s.cookie, testId, [late]);
    expect(refused.rejected.map((r) => r.id)).toEqual([late.id]);
    expect((await storedEntries(testId)).map((r) => [r.seq, r.outcome])).toEqual([
      [0, "accepted"],
      [1, "rejected"],
    ]);
  });
});

describe("readers see held code before it is written", () => {
  it("the monitor, its timeline, the grid and the submission view show held code; after a flush each version shows once", async () => {
    const { room, s, testId } = await ready();
    const t = Date.now();
    await send(s.cookie, testId, [code(0, "v1", Q0, t), code(1, "v2", Q0, t + 1)]);
    expect(await d1Code(testId)).toEqual([]);
    const view = (await monitorView(db(), env, testId))!;
    expect(view.questions.find((q) => q.id === Q0)?.code).toBe("v2");
    expect(view.timeline!.versions.map((v) => v.code)).toEqual(["v1", "v2"]);
    const tile = (await roomGrid(db(), env, room.id)).find((g) => g.testId === testId)!;
    expect(tile.lastEditAt).toBe(t + 1);
    const sub = (await submissionView(db(), env, testId, "admin"))!;
    expect(sub.questions.find((q) => q.id === Q0)?.code).toBe("v2");

    await flushRoomJournal(env, room.id);
    await send(s.cookie, testId, [code(2, "v3", Q0, t + 2)]);
    const after = (await monitorView(db(), env, testId))!;
    expect(after.timeline!.versions.map((v) => v.code)).toEqual(["v1", "v2", "v3"]);
    expect(after.questions.find((q) => q.id === Q0)?.code).toBe("v3");
  });
});

describe("nothing waits behind held code", () => {
  it("a finish in the same request as code is applied at once, not after the flush; the code is still shown", async () => {
    const { s, testId } = await ready();
    const answer = await send(s.cookie, testId, [code(0, "final words"), { seq: 1, kind: "finish", payload: {} }]);
    expect(answer.accepted).toHaveLength(2);
    // Finished (with no Submit Code the status stays as it was, spec 2): submitted_at is set in the same request.
    const [row] = await rows<{ submitted_at: number | null }>("SELECT submitted_at FROM student_tests WHERE id = ?", testId);
    expect(row!.submitted_at).not.toBeNull();
    expect(await d1Code(testId)).toEqual([]);
    expect((await submissionView(db(), env, testId, "admin"))!.questions.find((q) => q.id === Q0)?.code).toBe("final words");
  });

  it("three tab switches after code disqualify at once, and later code is refused", async () => {
    const { room, s, testId } = await ready();
    const answer = await send(s.cookie, testId, [
      code(0, "typing"),
      { seq: 1, kind: "tab-switch", payload: {} },
      { seq: 2, kind: "tab-switch", payload: {} },
      { seq: 3, kind: "tab-switch", payload: {} },
    ]);
    expect(answer.state.isDisqualified).toBe(true);
    expect((await testOf(room, s.email)).is_disqualified).toBe(1);
    const res = await journal(s.cookie, testId, [code(4, "after")]);
    expect(res.status).toBe(403);
    expect((await liveCodeRows(testId)).map((r) => r.code)).toEqual(["typing"]);
  });
});

describe("deleting a room", () => {
  it("forgets what its object held: a later flush writes nothing", async () => {
    const { room, s, testId } = await ready();
    const e = code(0, "doomed");
    await send(s.cookie, testId, [e]);
    await deleteRoom(db(), env, room.id);
    await flushRoomJournal(env, room.id);
    expect(await d1Code(testId)).toEqual([]);
    expect(await d1Packs(testId)).toEqual([]);
    expect(await runInDurableObject(party(room), (_i, state) => state.storage.sql.exec("SELECT COUNT(*) AS n FROM hot_entries").one().n)).toBe(0);
  });
});
