// The server half of the offline journal (POST /api/journal/{testId}): the
// grace window after the deadline, Submit Code queued offline and judged by
// the real runner on sync, unlocks checked on sync, Finish entries, seq order
// and who may write to a test. Every answer is checked against the D1 rows.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { graceMessage, type TestState } from "~/lib/student-tests/journal.server";
import { call } from "./helpers";
import {
  anchorFor,
  journal,
  launch,
  makeRoom,
  one,
  recordOutage,
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
  liveCodeRows,
  storedEntries,
  type StoredEntry,
} from "./rooms-fixture";

const CODING = "JR-Coding";
const MCQ = "JR-MCQ";
const Q0 = `${CODING}-q0`;
const ECHO = "print(input())";
/** GRACE_SECONDS in wrangler.toml, which is what the Worker sees in these tests. */
const GRACE_MS = 900_000;

type Answer = {
  accepted: string[];
  rejected: { id: string; reason: string }[];
  judged: { id: string; questionId: string; passed: number; total: number; marks: number }[];
  state: TestState;
};

type JournalRow = StoredEntry;

let adminCookie = "";

beforeAll(async () => {
  adminCookie = await signUpAdmin();
  await seedCodingCategory(CODING);
  await seedMcqCategory(MCQ);
});

/** A started room and a student who launched its test. */
async function ready(type: "coding" | "mcq" = "coding", name = "Taker") {
  const room = await makeRoom(type === "coding" ? CODING : MCQ, type);
  const s = await takingStudent(room, name);
  await start(room);
  expect((await launch(s.cookie, room)).status).toBe(302);
  const testId = (await testOf(room, s.email)).id;
  return { room, s, testId };
}

/** An entry with a fresh id (so the test can refer to it), created now unless told. */
const entry = (seq: number, kind: string, payload: Record<string, unknown> = {}, createdAt = Date.now(), anchor?: string) =>
  ({ id: crypto.randomUUID(), seq, kind, payload, createdAt, ...(anchor ? { anchor } : {}) }) satisfies JournalInput;

async function send(cookie: string, testId: string, entries: JournalInput[]) {
  const res = await journal(cookie, testId, entries);
  expect(res.status, "journal answer status").toBe(200);
  return (await res.json()) as Answer;
}

async function setEndsAt(room: Room, endsAt: number) {
  await env.DB.prepare("UPDATE test_rooms SET ends_at = ? WHERE id = ?").bind(endsAt, room.id).run();
}

const storedFor = (testId: string): Promise<JournalRow[]> => storedEntries(testId);
const stored = async (testId: string, id: string) => (await storedFor(testId)).filter((row) => row.id === id);
const liveCode = async (testId: string, questionId: string) =>
  (await liveCodeRows<{ code: string; last_updated: number }>(testId, questionId)).map(({ code, last_updated }) => ({ code, last_updated }));
const submissionsOf = (testId: string) =>
  rows<{ question_id: string; code: string; test_cases_passed: number; test_cases_total: number; marks_obtained: number; score: number; submitted_at: number }>(
    "SELECT question_id, code, test_cases_passed, test_cases_total, marks_obtained, score, submitted_at FROM submissions WHERE student_test_id = ? ORDER BY question_id",
    testId,
  );
const participantStatus = async (room: Room, email: string) =>
  (await one<{ status: string }>("SELECT status FROM room_participants WHERE room_id = ? AND email = ?", room.id, email)).status;

/** MCQ answers for all 20 seeded questions: the first `correct` right (i % 4), the rest wrong. */
function mcqAnswers(correct: number) {
  const answers: Record<string, number> = {};
  for (let i = 0; i < 20; i++) answers[`${MCQ}-m${i}`] = i < correct ? i % 4 : (i + 1) % 4;
  return answers;
}

describe("the grace window after the deadline (for a student the party saw offline: decision 013)", () => {
  /** The device last saw the server at `end - 60 s`, then the party saw it go and not come back. */
  async function offlineAtTheEnd(room: Room, email: string, end: number) {
    await recordOutage(room, email, end - 55_000);
    return anchorFor(end - 60_000);
  }

  it("an entry written before ends_at and synced 2 minutes after it is applied and flagged synced after end", async () => {
    const { room, s, testId } = await ready();
    expect((await testOf(room, s.email)).synced_after_end).toBe(0);
    const end = Date.now() - 2 * 60_000;
    await setEndsAt(room, end);
    const anchor = await offlineAtTheEnd(room, s.email, end);

    const e = entry(0, "code", { questionId: Q0, code: "written offline" }, end - 1000, anchor);
    const body = await send(s.cookie, testId, [e]);
    expect(body.accepted).toEqual([e.id]);
    expect(body.rejected).toEqual([]);
    expect(body.state.endsAt).toBe(end);

    expect(await liveCode(testId, Q0)).toEqual([{ code: "written offline", last_updated: end - 1000 }]);
    expect((await testOf(room, s.email)).synced_after_end).toBe(1);
    const [row] = await stored(testId, e.id);
    expect(row).toMatchObject({ student_test_id: testId, seq: 0, kind: "code", client_created_at: end - 1000, synced_after_end: 1, outcome: "accepted" });
    expect(JSON.parse(row!.payload)).toEqual({ questionId: Q0, code: "written offline" });
    expect(row!.received_at).toBeGreaterThan(end);
  });

  it("an entry stamped up to 5 s after ends_at still counts; later than that is 'Written after the test ended', kept but not applied", async () => {
    const { room, s, testId } = await ready();
    const end = Date.now() - 2 * 60_000;
    await setEndsAt(room, end);
    const anchor = await offlineAtTheEnd(room, s.email, end);

    const tolerated = entry(0, "code", { questionId: Q0, code: "within the clock tolerance" }, end + 4_000, anchor);
    const late = entry(1, "code", { questionId: Q0, code: "too late" }, end + 6_000, anchor);
    const body = await send(s.cookie, testId, [tolerated, late]);
    expect(body.accepted).toEqual([tolerated.id]);
    expect(body.rejected).toEqual([{ id: late.id, reason: "Written after the test ended" }]);

    expect((await liveCode(testId, Q0))[0]!.code).toBe("within the clock tolerance");
    expect((await stored(testId, tolerated.id))[0]).toMatchObject({ outcome: "accepted", synced_after_end: 1 });
    expect((await stored(testId, late.id))[0]).toMatchObject({ outcome: "rejected", synced_after_end: 1, client_created_at: end + 6_000 });
  });

  it("beyond GRACE_SECONDS (900) an entry written in time is rejected with the grace message, not applied, but kept for the admin", async () => {
    const { room, s, testId } = await ready();
    // Code saved earlier, while the test ran (stamped long ago, so a newer entry would overwrite it).
    const early = Date.now() - 20 * 60_000;
    const first = entry(0, "code", { questionId: Q0, code: "saved while online" }, early);
    expect((await send(s.cookie, testId, [first])).accepted).toEqual([first.id]);

    const end = Date.now() - 16 * 60_000;
    await setEndsAt(room, end);
    const offline = entry(1, "code", { questionId: Q0, code: "written offline, synced too late" }, end - 1000);
    const tab = entry(2, "tab-switch", {}, end - 500);
    const body = await send(s.cookie, testId, [offline, tab]);
    expect(graceMessage(GRACE_MS)).toContain("more than 15 minutes after the test ended");
    expect(body.accepted).toEqual([]);
    expect(body.rejected).toEqual([
      { id: offline.id, reason: graceMessage(GRACE_MS) },
      { id: tab.id, reason: graceMessage(GRACE_MS) },
    ]);
    expect(body.state).toMatchObject({ endsAt: end, isLocked: false, tabSwitchCount: 0 });

    // Not applied...
    expect(await liveCode(testId, Q0)).toEqual([{ code: "saved while online", last_updated: early }]);
    expect(await testOf(room, s.email)).toMatchObject({ tab_switch_count: 0, is_locked: 0, synced_after_end: 0, status: "in_progress" });
    // ...but kept, so the admin can see what arrived.
    const [row] = await stored(testId, offline.id);
    expect(row).toMatchObject({ kind: "code", outcome: "rejected", synced_after_end: 1, client_created_at: end - 1000 });
    expect(JSON.parse(row!.payload)).toEqual({ questionId: Q0, code: "written offline, synced too late" });
    expect((await stored(testId, tab.id))[0]).toMatchObject({ kind: "tab-switch", outcome: "rejected" });
  });

  it("a Submit Code queued before the deadline is judged when it syncs inside the grace window", async () => {
    const { room, s, testId } = await ready();
    const end = Date.now() - 2 * 60_000;
    await setEndsAt(room, end);
    const anchor = await offlineAtTheEnd(room, s.email, end);
    const e = entry(0, "submit-code", { questionId: Q0, code: ECHO }, end - 30_000, anchor);
    const body = await send(s.cookie, testId, [e]);
    expect(body.accepted).toEqual([e.id]);
    expect(body.judged).toEqual([{ id: e.id, questionId: Q0, passed: 5, total: 5, marks: 50, score: 100 }]);
    expect(body.state.totalScore).toBe(50);
    expect(await testOf(room, s.email)).toMatchObject({ total_score: 50, synced_after_end: 1 });
    expect((await stored(testId, e.id))[0]).toMatchObject({ outcome: "accepted", synced_after_end: 1 });
  });
});

describe("a Submit Code queued offline", () => {
  it("is judged by the runner on sync: all 5 cases, 50 marks, a submission and the total", async () => {
    const { room, s, testId } = await ready();
    const e = entry(0, "submit-code", { questionId: Q0, code: ECHO });
    const body = await send(s.cookie, testId, [e]);
    expect(body.accepted).toEqual([e.id]);
    expect(body.rejected).toEqual([]);
    expect(body.judged).toEqual([{ id: e.id, questionId: Q0, passed: 5, total: 5, marks: 50, score: 100 }]);
    expect(body.state).toMatchObject({ totalScore: 50, status: "in_progress" });

    expect(await submissionsOf(testId)).toMatchObject([{ question_id: Q0, code: ECHO, test_cases_passed: 5, test_cases_total: 5, marks_obtained: 50, score: 100 }]);
    expect((await testOf(room, s.email)).total_score).toBe(50);
    // Submitting also saves the code, as the online Submit does.
    expect((await liveCode(testId, Q0))[0]!.code).toBe(ECHO);
    expect((await stored(testId, e.id))[0]).toMatchObject({ kind: "submit-code", outcome: "accepted", synced_after_end: 0 });
  });

  it("code typed after it is kept: the submit's code is stamped with its own time, not the time it synced (issue 10)", async () => {
    const { s, testId } = await ready();
    const t = Date.now() - 60_000;
    const FINAL = "print(input())  # final";
    // Offline: a draft, Submit Code, a tab switch and its unlock, then the final code. All sync now.
    const batch = [
      entry(0, "code", { questionId: Q0, code: ECHO }, t),
      entry(1, "submit-code", { questionId: Q0, code: ECHO }, t + 1000),
      entry(2, "tab-switch", {}, t + 2000),
      entry(3, "unlock", { code: UNLOCK }, t + 3000),
      entry(4, "code", { questionId: Q0, code: FINAL }, t + 10_000),
    ];
    const body = await send(s.cookie, testId, batch);
    expect(body.accepted).toEqual(batch.map((e) => e.id));
    expect(body.judged).toEqual([{ id: batch[1]!.id, questionId: Q0, passed: 5, total: 5, marks: 50, score: 100 }]);
    // The judged submission keeps the draft (what was submitted), stamped when Submit was pressed ...
    expect(await submissionsOf(testId)).toMatchObject([{ code: ECHO, marks_obtained: 50, submitted_at: t + 1000 }]);
    // ... and the student's latest code is the final code, as every device and the admin read it.
    expect(await liveCode(testId, Q0)).toEqual([{ code: FINAL, last_updated: t + 10_000 }]);
  });

  it("submits that arrive out of order: the newest press of Submit stands", async () => {
    const { room, s, testId } = await ready();
    const t = Date.now() - 60_000;
    const newer = entry(0, "submit-code", { questionId: Q0, code: ECHO }, t + 5000);
    await send(s.cookie, testId, [newer]);
    // An older submit (another device, offline longer) syncs afterwards: judged, but it does not replace the newer one.
    const older = entry(0, "submit-code", { questionId: Q0, code: "print('wrong')" }, t);
    const body = await send(s.cookie, testId, [older]);
    expect(body.accepted).toEqual([older.id]);
    expect(await submissionsOf(testId)).toMatchObject([{ code: ECHO, marks_obtained: 50, submitted_at: t + 5000 }]);
    expect((await testOf(room, s.email)).total_score).toBe(50);
    expect(await liveCode(testId, Q0)).toEqual([{ code: ECHO, last_updated: t + 5000 }]);
  });

  it("the same entry sent 3 times is stored once and judged once", async () => {
    const { room, s, testId } = await ready();
    const e = entry(0, "submit-code", { questionId: Q0, code: ECHO });
    const first = await send(s.cookie, testId, [e]);
    expect(first.judged).toEqual([{ id: e.id, questionId: Q0, passed: 5, total: 5, marks: 50, score: 100 }]);
    const [judgedOnce] = await submissionsOf(testId);

    for (let i = 0; i < 2; i++) {
      const again = await send(s.cookie, testId, [e]);
      expect(again.accepted).toEqual([e.id]);
      expect(again.rejected).toEqual([]);
      expect(again.judged).toEqual([]);
      expect(again.state.totalScore).toBe(50);
    }
    expect(await stored(testId, e.id)).toHaveLength(1);
    expect(await storedFor(testId)).toHaveLength(1);
    // One submission, never re-judged (its time is the first judging's).
    const subs = await submissionsOf(testId);
    expect(subs.filter((x) => x.question_id === Q0)).toHaveLength(1);
    expect(subs).toEqual([judgedOnce]);
    expect((await testOf(room, s.email)).total_score).toBe(50);
  });

  it("after a tab switch that locked the test (no unlock), it is rejected with 'Enter the unlock code to continue'", async () => {
    const { room, s, testId } = await ready();
    const tab = entry(0, "tab-switch");
    const submit = entry(1, "submit-code", { questionId: Q0, code: ECHO });
    const body = await send(s.cookie, testId, [tab, submit]);
    expect(body.accepted).toEqual([tab.id]);
    expect(body.rejected).toEqual([{ id: submit.id, reason: "Enter the unlock code to continue" }]);
    expect(body.judged).toEqual([]);
    expect(body.state).toMatchObject({ isLocked: true, tabSwitchCount: 1, totalScore: 0 });

    expect(await submissionsOf(testId)).toEqual([]);
    expect(await testOf(room, s.email)).toMatchObject({ is_locked: 1, tab_switch_count: 1, total_score: 0 });
    expect((await stored(testId, submit.id))[0]).toMatchObject({ outcome: "rejected" });
  });
});

describe("an unlock written offline, checked on sync", () => {
  it("[tab switch, wrong code] in one batch: still locked, 2 attempts left", async () => {
    const { room, s, testId } = await ready();
    const batch = [entry(0, "tab-switch"), entry(1, "unlock", { code: "wrong" })];
    const body = await send(s.cookie, testId, batch);
    expect(body.accepted).toEqual(batch.map((e) => e.id));
    expect(body.state).toMatchObject({ isLocked: true, unlockAttemptsRemaining: 2, tabSwitchCount: 1, isDisqualified: false, status: "in_progress" });
    expect(await testOf(room, s.email)).toMatchObject({ is_locked: 1, unlock_attempts_remaining: 2, tab_switch_count: 1, is_disqualified: 0 });
    expect(await storedFor(testId)).toHaveLength(2);
  });

  it("[tab switch, wrong code x3] in one batch: disqualified", async () => {
    const { room, s, testId } = await ready();
    const batch = [entry(0, "tab-switch"), entry(1, "unlock", { code: "a" }), entry(2, "unlock", { code: "b" }), entry(3, "unlock", { code: "c" })];
    const body = await send(s.cookie, testId, batch);
    expect(body.accepted).toEqual(batch.map((e) => e.id));
    expect(body.state).toMatchObject({ isDisqualified: true, status: "disqualified", unlockAttemptsRemaining: 0 });
    expect(await testOf(room, s.email)).toMatchObject({ is_disqualified: 1, status: "disqualified", unlock_attempts_remaining: 0, is_locked: 0 });
  });

  it("[tab switch, correct code, Submit Code] in one batch: unlocked and judged", async () => {
    const { room, s, testId } = await ready();
    const submit = entry(2, "submit-code", { questionId: Q0, code: ECHO });
    const batch = [entry(0, "tab-switch"), entry(1, "unlock", { code: UNLOCK }), submit];
    const body = await send(s.cookie, testId, batch);
    expect(body.accepted).toEqual(batch.map((e) => e.id));
    expect(body.rejected).toEqual([]);
    expect(body.judged).toEqual([{ id: submit.id, questionId: Q0, passed: 5, total: 5, marks: 50, score: 100 }]);
    expect(body.state).toMatchObject({ isLocked: false, unlockAttemptsRemaining: 3, tabSwitchCount: 1, totalScore: 50 });
    expect(await testOf(room, s.email)).toMatchObject({ is_locked: 0, unlock_attempts_remaining: 3, tab_switch_count: 1, total_score: 50 });
    expect(await submissionsOf(testId)).toMatchObject([{ question_id: Q0, marks_obtained: 50 }]);
  });
});

describe("finishing through the journal", () => {
  it("an MCQ finish entry is graded on the server (5 marks per correct answer) and completes the test", async () => {
    const { room, s, testId } = await ready("mcq");
    const finish = entry(0, "finish", { answers: mcqAnswers(7) });
    const body = await send(s.cookie, testId, [finish]);
    expect(body.accepted).toEqual([finish.id]);
    expect(body.rejected).toEqual([]);
    expect(body.state).toMatchObject({ status: "completed", totalScore: 35, maxScore: 100 });
    expect(body.state.submittedAt).toEqual(expect.any(Number));

    expect(await testOf(room, s.email)).toMatchObject({ status: "completed", is_completed: 1, total_score: 35, max_score: 100 });
    const subs = await submissionsOf(testId);
    expect(subs).toHaveLength(20);
    expect(subs.filter((x) => x.marks_obtained === 5)).toHaveLength(7);
    expect(subs.find((x) => x.question_id === `${MCQ}-m3`)).toMatchObject({ code: "3", marks_obtained: 5 });
    expect(subs.find((x) => x.question_id === `${MCQ}-m9`)).toMatchObject({ code: String(10 % 4), marks_obtained: 0 });
    expect(await participantStatus(room, s.email)).toBe("completed");
    expect((await stored(testId, finish.id))[0]).toMatchObject({ kind: "finish", outcome: "accepted" });
  });

  it("a resent finish is stored once and changes nothing; a later finish is rejected, later progress is harmless", async () => {
    const { room, s, testId } = await ready("mcq");
    const finish = entry(0, "finish", { answers: mcqAnswers(7) });
    await send(s.cookie, testId, [finish]);
    const after = await testOf(room, s.email);
    const subs = await submissionsOf(testId);

    const resent = await send(s.cookie, testId, [finish]);
    expect(resent.state).toMatchObject({ status: "completed", totalScore: 35 });
    expect(await stored(testId, finish.id)).toHaveLength(1);
    expect((await stored(testId, finish.id))[0]!.outcome).toBe("accepted");
    expect(await testOf(room, s.email)).toEqual(after);
    expect(await submissionsOf(testId)).toEqual(subs);

    // A second Submit Test (all correct this time) does not regrade.
    const again = entry(1, "finish", { answers: mcqAnswers(20) });
    const body = await send(s.cookie, testId, [again]);
    expect(body.accepted).toEqual([]);
    expect(body.rejected).toEqual([{ id: again.id, reason: "This test has already been submitted" }]);
    expect((await stored(testId, again.id))[0]).toMatchObject({ outcome: "rejected" });

    // Progress written after the finish may be stored, but it never changes the result.
    const progress = entry(2, "mcq-progress", { answers: mcqAnswers(20), marked: [], currentIndex: 5 });
    const late = await send(s.cookie, testId, [progress]);
    expect([...late.accepted, ...late.rejected.map((r) => r.id)]).toEqual([progress.id]);
    expect(late.state).toMatchObject({ status: "completed", totalScore: 35 });
    expect(await testOf(room, s.email)).toEqual(after);
    expect(await submissionsOf(testId)).toEqual(subs);
    expect(await participantStatus(room, s.email)).toBe("completed");
  });

  it("a resent finish whose first answer was lost is answered as accepted again, like any other resent entry", async () => {
    // The client resends when it never saw the answer (a dropped connection);
    // the MCQ and coding pages show a rejected finish as a failed submission.
    const { s, testId } = await ready("mcq");
    const finish = entry(0, "finish", { answers: mcqAnswers(7) });
    expect((await send(s.cookie, testId, [finish])).accepted).toEqual([finish.id]);
    const resent = await send(s.cookie, testId, [finish]);
    expect(resent.rejected).toEqual([]);
    expect(resent.accepted).toEqual([finish.id]);
  });

  it("a coding finish entry after one queued Submit Code leaves the test 'attempted'", async () => {
    const { room, s, testId } = await ready("coding");
    const submit = entry(0, "submit-code", { questionId: Q0, code: ECHO });
    const finish = entry(1, "finish");
    const body = await send(s.cookie, testId, [submit, finish]);
    expect(body.accepted).toEqual([submit.id, finish.id]);
    expect(body.judged).toEqual([{ id: submit.id, questionId: Q0, passed: 5, total: 5, marks: 50, score: 100 }]);
    expect(body.state).toMatchObject({ status: "attempted", totalScore: 50 });
    expect(body.state.submittedAt).toEqual(expect.any(Number));
    expect(await testOf(room, s.email)).toMatchObject({ status: "attempted", is_completed: 0, total_score: 50 });
    expect(await participantStatus(room, s.email)).toBe("attempted");
    expect(await submissionsOf(testId)).toHaveLength(1);
  });

  it("an MCQ finish with an answer that is not one of the options is rejected and the test stays in progress", async () => {
    const { room, s, testId } = await ready("mcq");
    const finish = entry(0, "finish", { answers: { ...mcqAnswers(20), [`${MCQ}-m0`]: 7 } });
    const body = await send(s.cookie, testId, [finish]);
    expect(body.accepted).toEqual([]);
    expect(body.rejected).toEqual([{ id: finish.id, reason: "Each answer must be exactly one of the options" }]);
    expect(body.state).toMatchObject({ status: "in_progress", totalScore: 0, submittedAt: null });
    expect(await testOf(room, s.email)).toMatchObject({ status: "in_progress", is_completed: 0, total_score: 0, submitted_at: null });
    expect(await submissionsOf(testId)).toEqual([]);
    expect(await participantStatus(room, s.email)).toBe("in_progress");
    expect((await stored(testId, finish.id))[0]).toMatchObject({ kind: "finish", outcome: "rejected" });
  });
});

describe("ordering", () => {
  it("entries of one batch apply in seq order, whatever their order in the array", async () => {
    const { room, s, testId } = await ready();
    // In array order the unlock would find nothing locked and the switch would leave the test locked.
    const tab = entry(1, "tab-switch");
    const unlock = entry(2, "unlock", { code: UNLOCK });
    let body = await send(s.cookie, testId, [unlock, tab]);
    expect(body.accepted).toEqual([tab.id, unlock.id]);
    expect(body.state).toMatchObject({ isLocked: false, tabSwitchCount: 1, unlockAttemptsRemaining: 3 });
    expect(await testOf(room, s.email)).toMatchObject({ is_locked: 0, tab_switch_count: 1, unlock_attempts_remaining: 3 });

    // In array order the submission would be judged before the switch locked the test.
    const submit = entry(4, "submit-code", { questionId: Q0, code: ECHO });
    const tab2 = entry(3, "tab-switch");
    body = await send(s.cookie, testId, [submit, tab2]);
    expect(body.accepted).toEqual([tab2.id]);
    expect(body.rejected).toEqual([{ id: submit.id, reason: "Enter the unlock code to continue" }]);
    expect(body.judged).toEqual([]);
    expect(await submissionsOf(testId)).toEqual([]);
    expect(await testOf(room, s.email)).toMatchObject({ is_locked: 1, tab_switch_count: 2 });
    expect((await storedFor(testId)).map((r) => [r.seq, r.kind])).toEqual([
      [1, "tab-switch"],
      [2, "unlock"],
      [3, "tab-switch"],
      [4, "submit-code"],
    ]);
  });
});

describe("a run of light entries is one D1 batch (issue 26)", () => {
  it("code, a rejected entry, a tab switch, more code and a finish in one request: each applied once, in seq order, also when resent", async () => {
    const { room, s, testId } = await ready();
    const t0 = Date.now() - 10_000;
    const code1 = entry(0, "code", { questionId: Q0, code: "v1" }, t0);
    const stranger = entry(1, "code", { questionId: "not-a-question", code: "x" }, t0 + 1);
    const code2 = entry(2, "code", { questionId: Q0, code: "v2" }, t0 + 2);
    const tab = entry(3, "tab-switch", {}, t0 + 3);
    const code3 = entry(4, "code", { questionId: Q0, code: "v3" }, t0 + 4);
    const tab2 = entry(5, "tab-switch", {}, t0 + 5);
    const finish = entry(6, "finish", {}, t0 + 6);
    const all = [finish, code3, tab2, code1, stranger, tab, code2];
    for (let i = 0; i < 2; i++) {
      const body = await send(s.cookie, testId, all);
      expect(body.accepted).toEqual([code1.id, code2.id, tab.id, code3.id, tab2.id, finish.id]);
      expect(body.rejected).toEqual([{ id: stranger.id, reason: "Not a question of this test" }]);
      // The second tab switch was judged on the first one's count: locked, not disqualified.
      expect(body.state).toMatchObject({ tabSwitchCount: 2, isLocked: true, isDisqualified: false, submittedAt: expect.any(Number) });
    }
    expect((await storedFor(testId)).map((r) => [r.seq, r.outcome])).toEqual([
      [0, "accepted"],
      [1, "rejected"],
      [2, "accepted"],
      [3, "accepted"],
      [4, "accepted"],
      [5, "accepted"],
      [6, "accepted"],
    ]);
    expect(await liveCode(testId, Q0)).toEqual([{ code: "v3", last_updated: t0 + 4 }]);
    expect(await testOf(room, s.email)).toMatchObject({ tab_switch_count: 2, is_disqualified: 0 });
  });

  it("100 code entries in one request (the batch limit) are stored and applied once; the latest code stands", async () => {
    const { s, testId } = await ready();
    const t0 = Date.now() - 60_000;
    const big = "x".repeat(8 * 1024); // 800 KB in all: within the request cap, over the batch's 512 KB, so it is written in two
    const entries = Array.from({ length: 100 }, (_, i) => entry(i, "code", { questionId: Q0, code: `${i}:${big}` }, t0 + i));
    const body = await send(s.cookie, testId, entries);
    expect(body.accepted).toHaveLength(100);
    expect(await storedFor(testId)).toHaveLength(100);
    const [latest] = await liveCode(testId, Q0);
    expect(latest!.code.startsWith("99:")).toBe(true);
    expect(latest!.last_updated).toBe(t0 + 99);
  });
});

describe("who may write to a test", () => {
  it("another student's test id answers 404 and stores nothing", async () => {
    const { room, s: alice, testId } = await ready("coding", "Alice");
    // Bob takes the same test, in the same room: still not his test id.
    const bob = await takingStudent(room, "Bob");
    expect((await launch(bob.cookie, room)).status).toBe(302);
    const batch = [entry(0, "tab-switch"), entry(1, "code", { questionId: Q0, code: "bob's" }), entry(2, "submit-code", { questionId: Q0, code: ECHO })];
    const res = await journal(bob.cookie, testId, batch);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Test not found" });

    for (const e of batch) expect(await stored(testId, e.id)).toEqual([]);
    expect(await storedFor(testId)).toEqual([]);
    expect(await storedFor((await testOf(room, bob.email)).id)).toEqual([]);
    expect(await testOf(room, alice.email)).toMatchObject({ tab_switch_count: 0, is_locked: 0, total_score: 0 });
    expect(await liveCode(testId, Q0)).toEqual([]);
    expect(await submissionsOf(testId)).toEqual([]);
  });

  it("an admin's cookie is refused with 403 and stores nothing", async () => {
    const { room, s, testId } = await ready();
    const batch = [entry(0, "tab-switch"), entry(1, "code", { questionId: Q0, code: "admin's" })];
    const res = await journal(adminCookie, testId, batch);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "You do not have access to this action" });
    expect(await storedFor(testId)).toEqual([]);
    expect(await testOf(room, s.email)).toMatchObject({ tab_switch_count: 0, is_locked: 0 });
    expect(await liveCode(testId, Q0)).toEqual([]);
  });

  it("a test id that is not valid percent-encoding, or not a test, gets a 4xx (the journal's own path skips Remix's router: decision 024)", async () => {
    const { s } = await ready();
    const body = JSON.stringify({ entries: [entry(0, "tab-switch")] });
    for (const path of ["/api/journal/%E0%A4%A", "/api/journal/%", "/api/journal/no-such-test", "/api/journal/a%2Fb"]) {
      const res = await call(path, { method: "POST", cookie: s.cookie, headers: { "Content-Type": "application/json" }, body });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it("a signed-out session is refused at once, though the journal reuses a session it read moments ago (decision 024)", async () => {
    const { s, testId } = await ready();
    // Read and kept for the journal's next requests.
    expect((await journal(s.cookie, testId, [entry(0, "code", { questionId: Q0, code: "before" })])).status).toBe(200);
    expect((await call("/logout", { method: "POST", cookie: s.cookie })).status).toBe(302);
    const after = entry(1, "code", { questionId: Q0, code: "after sign-out" });
    const res = await journal(s.cookie, testId, [after]);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Please log in first" });
    expect(await stored(testId, after.id)).toEqual([]);
  });
});
