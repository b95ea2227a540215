// The journal's fast path (issue 40, decision 045): a batch of autosaves sent
// with a test capability is answered by the room's Durable Object with no
// session lookup and no D1 query; anything it cannot answer exactly as the
// full journal would goes the full way. Real D1, the real room object, the
// Worker's own entry point.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { configureD1Meter, readD1Meter } from "~/lib/d1/meter.server";
import { CAPABILITY_HEADER, CAPABILITY_MS, signCapability } from "~/lib/student-tests/capability.server";
import { forgetJournalGates } from "~/lib/student-tests/code-journal.server";
import { testFromRow } from "~/lib/student-tests/journal.server";
import { createDb } from "~/lib/d1/db.server";
import { studentTests } from "~/db/schema";
import { eq } from "drizzle-orm";
import { call, loaderData, postForm } from "./helpers";
import { connect } from "./party-client";
import {
  admin,
  flushHeld,
  journal,
  launch,
  liveCodeRows,
  makeRoom,
  one,
  rows,
  seedCodingCategory,
  seedMcqCategory,
  signUpAdmin,
  start,
  takingStudent,
  testOf,
  UNLOCK,
  type JournalInput,
  type Room,
} from "./rooms-fixture";

const CATEGORY = "JF-Coding";
let room: Room;

afterEach(() => configureD1Meter({}));

beforeAll(async () => {
  await signUpAdmin();
  await seedCodingCategory(CATEGORY);
});

type Answer = { accepted: string[]; rejected: { id: string; reason: string }[]; capability?: string; state: { status: string } };

/** Students taking a new room's test, each with the capability the full journal's first answer gave. */
async function takers(...names: string[]) {
  room = await makeRoom(CATEGORY, "coding");
  const joined = [];
  for (const name of names) joined.push(await takingStudent(room, name));
  await start(room);
  const out = [];
  for (const s of joined) out.push(await capable(s));
  return out;
}
const taker = async (name: string) => (await takers(name))[0]!;

async function capable(s: { cookie: string; email: string }) {
  expect((await launch(s.cookie, room)).status).toBe(302);
  const test = await testOf(room, s.email);
  const [{ question_id: questionId }] = await rows<{ question_id: string }>("SELECT question_id FROM test_draws WHERE student_test_id = ? ORDER BY position", test.id);
  const first = await journal(s.cookie, test.id, [{ seq: 0, kind: "code", payload: { questionId, code: "first" } }]);
  expect(first.status).toBe(200);
  const { capability } = (await first.json()) as Answer;
  expect(typeof capability).toBe("string");
  return { ...s, testId: test.id, questionId: questionId!, capability: capability! };
}

/** POST /api/journal/{testId} with a capability and, only when given, the session cookie. */
function send(testId: string, capability: string, entries: JournalInput[], cookie?: string) {
  return call(`/api/journal/${testId}`, {
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/json", [CAPABILITY_HEADER]: capability },
    body: JSON.stringify({ entries: entries.map((e) => ({ id: e.id ?? crypto.randomUUID(), createdAt: e.createdAt ?? Date.now(), ...e })) }),
  });
}

const code = (seq: number, questionId: string, text: string): JournalInput => ({ seq, kind: "code", payload: { questionId, code: text } });

describe("the journal's fast path", () => {
  it("the test pages' loaders hand out a capability: a page's first autosaves already make no D1 query", async () => {
    await seedMcqCategory("JF-Mcq");
    for (const [category, type] of [[CATEGORY, "coding"], ["JF-Mcq", "mcq"]] as const) {
      room = await makeRoom(category, type);
      const s = await takingStudent(room, `Loader ${type}`);
      await start(room);
      expect((await launch(s.cookie, room)).status).toBe(302);
      const page = await loaderData<{ testId: string; capability: string | null }>(`/test/${room.id}/${type}`, `routes/test.$roomId.${type}`, s.cookie);
      expect(typeof page.capability, type).toBe("string");
      const entries: JournalInput[] = [{ seq: 0, kind: "mcq-progress", payload: { answers: {}, marked: [], current: 0 } }];
      if (type === "coding") {
        const [{ question_id }] = await rows<{ question_id: string }>("SELECT question_id FROM test_draws WHERE student_test_id = ? ORDER BY position", page.testId);
        entries.splice(0, 1, code(0, question_id!, "from the first keystroke"));
      }
      // The room object reads the room once (GATE_READ_MS); the session is not read, and no cookie is sent.
      configureD1Meter({ D1_METER: "1" });
      const before = readD1Meter();
      const res = await send(page.testId, page.capability!, entries);
      expect(res.status, type).toBe(200);
      expect(((await res.json()) as Answer).accepted, type).toHaveLength(1);
      const first = readD1Meter().queries - before.queries;
      expect((await send(page.testId, page.capability!, [{ ...entries[0]!, seq: 1 }])).status).toBe(200);
      expect(readD1Meter().queries - before.queries - first, type).toBe(0);
      configureD1Meter({});
    }
  });

  it("takes autosaves on the capability alone, with no session cookie and no D1 query; the flush writes what it took", async () => {
    const s = await taker("Fast Taker");
    // The first fast request may read the room (once per GATE_READ_MS); the next ones read nothing.
    expect((await send(s.testId, s.capability, [code(1, s.questionId, "warm")])).status).toBe(200);
    configureD1Meter({ D1_METER: "1" });
    const before = readD1Meter();
    const batch = [code(2, s.questionId, "print('a')"), code(3, s.questionId, "print('ab')"), { seq: 4, kind: "mcq-progress", payload: { answers: {}, marked: [], current: 0 } }];
    const res = await send(s.testId, s.capability, batch);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.accepted).toHaveLength(3);
    expect(body.rejected).toEqual([]);
    expect(body.state.status).toBeTruthy();
    expect(readD1Meter().queries - before.queries).toBe(0);
    // The meter sees the object's reads: after a change to the room, the next request reads it (one batch).
    await forgetJournalGates(env, room.id);
    const reread = readD1Meter();
    expect((await send(s.testId, s.capability, [code(5, s.questionId, "print('abc')")])).status).toBe(200);
    expect(readD1Meter().queries - reread.queries).toBeGreaterThan(0);
    configureD1Meter({});
    await flushHeld(s.testId);
    expect((await liveCodeRows(s.testId, s.questionId)).map((r) => r.code)).toEqual(["print('abc')"]);
  });

  it("the Worker's entry sends autosaves with a capability down the fast path, session cookie or not", async () => {
    const s = await taker("Routed Fast");
    // The room's object reads the room on its first request (GATE_READ_MS).
    expect((await send(s.testId, s.capability, [code(1, s.questionId, "warm")], s.cookie)).status).toBe(200);
    configureD1Meter({ D1_METER: "1" });
    const before = readD1Meter();
    // With the cookie the full journal would take them too (200): only the way they went tells the two apart.
    for (const [seq, cookie] of [[2, s.cookie], [3, undefined]] as const) {
      const res = await send(s.testId, s.capability, [code(seq, s.questionId, `saved ${seq}`)], cookie);
      expect(res.status, `seq ${seq}`).toBe(200);
      const body = (await res.json()) as Answer;
      expect(body.accepted, `seq ${seq}`).toHaveLength(1);
      // Every answer of the full journal renews the capability; the room's object never does.
      expect(body, `seq ${seq}`).not.toHaveProperty("capability");
    }
    // No session, test, room or participant read: not a single D1 query.
    expect(readD1Meter().queries - before.queries).toBe(0);
    configureD1Meter({});
    // The same batch without the capability goes the full way: the session is read, and a capability comes back.
    const full = await send(s.testId, "", [code(4, s.questionId, "the full way")], s.cookie);
    expect(full.status).toBe(200);
    expect(typeof ((await full.json()) as Answer).capability).toBe("string");
  });

  it("refuses a capability for another test, a forged one and one past its time: without a session they get 401", async () => {
    const [a, b] = (await takers("Owner A", "Owner B")) as [Awaited<ReturnType<typeof taker>>, Awaited<ReturnType<typeof taker>>];
    const entries = [code(5, b.questionId, "not mine")];
    // A's capability on B's test.
    expect((await send(b.testId, a.capability, entries)).status).toBe(401);
    // A changed signature, and one made under another secret.
    const tampered = a.capability.slice(0, -2) + (a.capability.endsWith("AA") ? "BA" : "AA");
    expect((await send(a.testId, tampered, [code(5, a.questionId, "x")])).status).toBe(401);
    const test = await one<{ student_id: string; room_id: string }>("SELECT student_id, room_id FROM student_tests WHERE id = ?", a.testId);
    const forged = await signCapability("not-the-secret", { testId: a.testId, roomId: test.room_id, studentId: test.student_id, sessionId: "s", checkedAt: Date.now() });
    expect((await send(a.testId, forged!, [code(5, a.questionId, "x")])).status).toBe(401);
    // Its session last checked longer ago than CAPABILITY_MS: the full journal checks the session.
    const old = await signCapability(env.BETTER_AUTH_SECRET, { testId: a.testId, roomId: test.room_id, studentId: test.student_id, sessionId: "s", checkedAt: Date.now() - CAPABILITY_MS - 1000 });
    expect((await send(a.testId, old!, [code(5, a.questionId, "x")])).status).toBe(401);
    // Nothing of it was kept.
    await flushHeld(a.testId);
    expect((await liveCodeRows(a.testId, a.questionId)).map((r) => r.code)).toEqual(["first"]);
  });

  it("a session that ended is refused when the capability is renewed", async () => {
    const s = await taker("Signing Out");
    const test = await one<{ student_id: string; room_id: string }>("SELECT student_id, room_id FROM student_tests WHERE id = ?", s.testId);
    expect((await call("/logout", { method: "POST", cookie: s.cookie })).status).toBe(302);
    const due = await signCapability(env.BETTER_AUTH_SECRET, { testId: s.testId, roomId: test.room_id, studentId: test.student_id, sessionId: "s", checkedAt: Date.now() - CAPABILITY_MS - 1000 });
    const res = await send(s.testId, due!, [code(6, s.questionId, "after sign-out")], s.cookie);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Please log in first" });
  });

  it("a removal takes effect on the next request", async () => {
    const s = await taker("Removed Fast");
    expect((await send(s.testId, s.capability, [code(7, s.questionId, "before")])).status).toBe(200);
    const { id: participantId } = await one<{ id: string }>("SELECT id FROM room_participants WHERE room_id = ? AND email = ?", room.id, s.email);
    await postForm(`/admin/room/${room.id}`, { intent: "remove-participant", participantId }, admin);
    const res = await send(s.testId, s.capability, [code(8, s.questionId, "after removal")], s.cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "You have been removed from this room" });
    // Without the cookie, the full journal does not even know who asks.
    expect((await send(s.testId, s.capability, [code(9, s.questionId, "after removal")])).status).toBe(401);
  });

  it("a disqualification (the third tab switch, through the full journal) takes effect on the next request", async () => {
    const s = await taker("Disqualified Fast");
    const switches: JournalInput[] = [1, 2, 3].map((seq) => ({ seq, kind: "tab-switch", payload: {} }));
    expect((await journal(s.cookie, s.testId, switches)).status).toBe(200);
    const res = await send(s.testId, s.capability, [code(4, s.questionId, "after disqualification")], s.cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "The test was disqualified" });
  });

  it("Mark as failed on the results page (which disqualifies) takes effect on the next request", async () => {
    const s = await taker("Marked Failed");
    expect((await send(s.testId, s.capability, [code(1, s.questionId, "before")])).status).toBe(200);
    expect((await postForm(`/admin/results/${room.id}`, { intent: "mark-fail", testId: s.testId }, admin)).status).toBe(200);
    const res = await send(s.testId, s.capability, [code(2, s.questionId, "after failing")], s.cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "The test was disqualified" });
  });

  it("a batch with a Submit Code or a Finish goes the full way (the session is read)", async () => {
    const s = await taker("Mixed Batch");
    const mixed: JournalInput[] = [code(1, s.questionId, "x"), { seq: 2, kind: "finish", payload: {} }];
    expect((await send(s.testId, s.capability, mixed)).status).toBe(401);
    expect((await send(s.testId, s.capability, mixed, s.cookie)).status).toBe(200);
    // A question not in the test: the full journal's own refusal, not the fast path's acceptance.
    const res = await send(s.testId, s.capability, [code(3, "not-a-question", "x")], s.cookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Answer).rejected.map((r) => r.reason)).toEqual(["Not a question of this test"]);
  });
});

describe("tab switches and unlocks on the fast path", () => {
  type State = { status: string; isLocked: boolean; isDisqualified: boolean; tabSwitchCount: number; unlockAttemptsRemaining: number };
  type Full = Answer & { state: State };
  const tabSwitch = (seq: number, id = crypto.randomUUID()): JournalInput => ({ id, seq, kind: "tab-switch", payload: { at: Date.now() } });
  const unlock = (seq: number, unlockCode: string): JournalInput => ({ seq, kind: "unlock", payload: { code: unlockCode } });
  const testRow = (testId: string) =>
    one<Record<string, unknown>>("SELECT status, is_locked, is_disqualified, tab_switch_count, unlock_attempts_remaining FROM student_tests WHERE id = ?", testId);
  const pick = ({ status, isLocked, isDisqualified, tabSwitchCount, unlockAttemptsRemaining }: State) => ({ status, isLocked, isDisqualified, tabSwitchCount, unlockAttemptsRemaining });

  it("a tab switch and an unlock are one D1 batch each, with no session; a resend and the autosaves after them make no query", async () => {
    const s = await taker("Fast Switch");
    const adminTab = await connect(room.id, admin);
    expect((await send(s.testId, s.capability, [code(1, s.questionId, "warm")])).status).toBe(200);
    configureD1Meter({ D1_METER: "1" });
    let before = readD1Meter();
    adminTab.inbox.seen.length = 0; // only what comes after this
    const switchId = crypto.randomUUID();
    const locked = await send(s.testId, s.capability, [code(2, s.questionId, "typed"), tabSwitch(3, switchId)]);
    expect(locked.status).toBe(200);
    const lockedBody = (await locked.json()) as Full;
    expect(lockedBody.accepted).toHaveLength(2);
    expect(pick(lockedBody.state)).toMatchObject({ isLocked: true, tabSwitchCount: 1 });
    // The entry and its effect: two statements in one batch.
    expect(readD1Meter().queries - before.queries).toBe(2);
    expect(readD1Meter().batches - before.batches).toBe(1);
    // The admin's participants table hears of it, as from the full journal.
    await adminTab.inbox.next((m) => m.type === "participants-changed");
    adminTab.ws.close();
    before = readD1Meter();
    const unlocked = await send(s.testId, s.capability, [unlock(4, UNLOCK)]);
    expect(pick(((await unlocked.json()) as Full).state)).toMatchObject({ isLocked: false, tabSwitchCount: 1, unlockAttemptsRemaining: 3 });
    expect(readD1Meter().queries - before.queries).toBe(2);
    before = readD1Meter();
    // The tab switch again (its answer was lost), with the next keystrokes.
    const resent = await send(s.testId, s.capability, [tabSwitch(3, switchId), code(5, s.questionId, "typed more")]);
    expect(((await resent.json()) as Full).accepted).toEqual([switchId, expect.any(String)]);
    expect((await send(s.testId, s.capability, [code(6, s.questionId, "and more")])).status).toBe(200);
    expect(readD1Meter().queries - before.queries).toBe(0);
    configureD1Meter({});
    expect(await testRow(s.testId)).toEqual({ status: "in_progress", is_locked: 0, is_disqualified: 0, tab_switch_count: 1, unlock_attempts_remaining: 3 });
    expect(await rows("SELECT kind, outcome FROM journal_entries WHERE student_test_id = ? AND kind != 'code' ORDER BY seq", s.testId)).toEqual([
      { kind: "tab-switch", outcome: "accepted" },
      { kind: "unlock", outcome: "accepted" },
    ]);
  });

  it("answers each step as the full journal does, down to a disqualification, and leaves the same rows", async () => {
    type Step = (s: { questionId: string }) => JournalInput[];
    const byUnlocks: Step[] = [
      () => [tabSwitch(1)],
      () => [unlock(2, "wrong")],
      () => [unlock(3, UNLOCK)],
      () => [unlock(4, UNLOCK)], // not locked: accepted, no effect
      () => [tabSwitch(5), unlock(6, "wrong again")],
      (s) => [unlock(7, "wrong"), code(8, s.questionId, "x")],
      // The last attempt, with code after it: the full journal refuses the code in the same answer.
      (s) => [unlock(9, "wrong"), code(10, s.questionId, "refused")],
      () => [tabSwitch(11)], // the test is over: refused on both ways
    ];
    const byTabSwitches: Step[] = [
      () => [tabSwitch(1)],
      () => [unlock(2, UNLOCK)],
      () => [tabSwitch(3)],
      (s) => [unlock(4, UNLOCK), code(5, s.questionId, "x")],
      (s) => [tabSwitch(6), code(7, s.questionId, "refused")], // the third, with code after it: as above
      (s) => [code(8, s.questionId, "y")],
    ];
    // The steps before those the fast path takes alone, with no session (else the answer would be a 401).
    const fastSteps = new Map([
      [byUnlocks, 6],
      [byTabSwitches, 4],
    ]);
    for (const steps of [byUnlocks, byTabSwitches]) {
      const [fast, full] = (await takers("Fast Path", "Full Path")) as [Awaited<ReturnType<typeof taker>>, Awaited<ReturnType<typeof taker>>];
      for (const [i, step] of steps.entries()) {
        const fastAnswer = await send(fast.testId, fast.capability, step(fast), i < fastSteps.get(steps)! ? undefined : fast.cookie);
        const fullAnswer = await journal(full.cookie, full.testId, step(full));
        expect(fastAnswer.status, `step ${i}`).toBe(fullAnswer.status);
        const [a, b] = [(await fastAnswer.json()) as Full, (await fullAnswer.json()) as Full];
        if (fastAnswer.status !== 200) {
          expect(a, `step ${i}`).toEqual(b);
          continue;
        }
        expect(pick(a.state), `step ${i}`).toEqual(pick(b.state));
        expect([a.accepted.length, a.rejected.map((r) => r.reason)], `step ${i}`).toEqual([b.accepted.length, b.rejected.map((r) => r.reason)]);
      }
      expect(await testRow(fast.testId)).toEqual(await testRow(full.testId));
      expect(await testRow(fast.testId)).toMatchObject({ status: "disqualified", is_disqualified: 1 });
      const outcomes = (testId: string) => rows("SELECT seq, kind, outcome, reason FROM journal_entries WHERE student_test_id = ? AND kind != 'code' ORDER BY seq", testId);
      expect(await outcomes(fast.testId)).toEqual(await outcomes(full.testId));
    }
  });

  it("an entry the full journal stored goes the full way again, written once", async () => {
    const s = await taker("Stored Before");
    const id = crypto.randomUUID();
    expect((await journal(s.cookie, s.testId, [tabSwitch(1, id)])).status).toBe(200);
    // Without the session the full journal cannot answer it: the fast path did not.
    expect((await send(s.testId, s.capability, [tabSwitch(1, id)])).status).toBe(401);
    const again = await send(s.testId, s.capability, [tabSwitch(1, id)], s.cookie);
    expect(((await again.json()) as Full).accepted).toEqual([id]);
    expect(await testRow(s.testId)).toMatchObject({ tab_switch_count: 1, is_locked: 1 });
  });

  it("counts an MCQ room's tab switch without locking it, and keeps a row D1 answers in drizzle's shape", async () => {
    await seedMcqCategory("JF-Mcq-Switch");
    room = await makeRoom("JF-Mcq-Switch", "mcq");
    const s = await takingStudent(room, "Mcq Switch");
    await start(room);
    expect((await launch(s.cookie, room)).status).toBe(302);
    const page = await loaderData<{ testId: string; capability: string }>(`/test/${room.id}/mcq`, "routes/test.$roomId.mcq", s.cookie);
    const res = await send(page.testId, page.capability, [tabSwitch(1), { seq: 2, kind: "mcq-progress", payload: { answers: {}, marked: [], current: 0 } }]);
    expect(res.status).toBe(200);
    expect(pick(((await res.json()) as Full).state)).toMatchObject({ isLocked: false, tabSwitchCount: 1 });
    const [returned] = (await env.DB.prepare("UPDATE student_tests SET extra_ms = extra_ms WHERE id = ? RETURNING *").bind(page.testId).all()).results;
    expect(testFromRow(returned as Record<string, unknown>)).toEqual(await createDb(env.DB).select().from(studentTests).where(eq(studentTests.id, page.testId)).get());
  });
});
