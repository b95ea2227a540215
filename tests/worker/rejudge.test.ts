// Rejudge with a preview (issue 35, decision 039), end to end: the results
// page's actions, the room's Durable Object judging through the real runners,
// real D1. A preview writes nothing; Apply updates the submissions, totals,
// the results page, CSV, the student's views and the LMS grade; an override
// survives; one open rejudge per room; 500 submissions at once.
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, postForm, signUp } from "./helpers";
import { admin, journal, launch, makeRoom, one, rows, seedCodingCategory, seedMcqCategory, signUpAdmin, start, takingStudent, testOf, type Room } from "./rooms-fixture";
import { control, linkToLms, waitFor, type LmsState } from "./lms-fixture";

const CAT = "RJ";
const Q0 = `${CAT}-q0`;
const Q1 = `${CAT}-q1`;


const rejudgeAction = (room: Room, fields: Record<string, string>, cookie = admin) =>
  call(`/admin/results/${room.id}.data`, { method: "POST", body: new URLSearchParams(fields), cookie });

type RejudgeRow = { id: string; state: string; total: number; done: number; students: number; changed: number; error: string | null };
const openRejudge = (room: Room) => one<RejudgeRow | undefined>("SELECT * FROM rejudges WHERE room_id = ? ORDER BY created_at DESC LIMIT 1", room.id);
const waitForState = (room: Room, state: string, ms?: number) =>
  waitFor(async () => {
    const r = await openRejudge(room);
    if (r?.state === "failed") throw new Error(`rejudge failed: ${r.error}`);
    return r?.state === state ? r : undefined;
  }, `the rejudge to be ${state}`, ms);

const submissionsOf = (room: Room) =>
  rows("SELECT s.* FROM submissions s JOIN student_tests t ON t.id = s.student_test_id WHERE t.room_id = ? ORDER BY s.id", room.id);
const testsOf = (room: Room) => rows("SELECT * FROM student_tests WHERE room_id = ? ORDER BY id", room.id);


const ECHO = "print(input())";
// Passes only the open case of either question.
const OPEN_ONLY = "s = input()\nprint(s if s.startswith('open') else 'no')";

describe("rejudge a room with a preview", () => {
  let room: Room;
  let ana: { email: string; cookie: string };
  let ben: { email: string; cookie: string };
  let cat: { email: string; cookie: string };
  let dan: { email: string; cookie: string };
  const SUB = `rejudge-learner-${crypto.randomUUID()}`;
  let danTest = "";

  beforeAll(async () => {
    await signUpAdmin();
    await seedCodingCategory(CAT);
    room = await makeRoom(CAT, "coding");
    ana = await takingStudent(room, "Ana Echo");
    ben = await takingStudent(room, "Ben Open");
    cat = await takingStudent(room, "Cat Passed");
    dan = await takingStudent(room, "Dan Evaluated");
    await linkToLms(room, ana.email, SUB);
    await start(room);
    for (const [s, code] of [
      [ana, ECHO],
      [ben, OPEN_ONLY],
      [cat, ECHO],
      [dan, ECHO],
    ] as const) {
      expect((await launch(s.cookie, room)).status).toBe(302);
      for (const q of [Q0, Q1]) expect((await postForm(`/test/${room.id}/coding`, { intent: "submit", questionId: q, code }, s.cookie)).status).toBe(200);
      const testId = (await testOf(room, s.email)).id;
      expect((await journal(s.cookie, testId, [{ seq: 0, kind: "finish", payload: {} }])).status).toBe(200);
    }
    expect((await testOf(room, ana.email)).total_score).toBe(100);
    expect((await testOf(room, ben.email)).total_score).toBe(20);
    // Cat's result is overridden by hand: a rejudge keeps it.
    expect((await postForm(`/admin/results/${room.id}`, { intent: "mark-pass", testId: (await testOf(room, cat.email)).id }, admin)).status).toBe(200);
    // Dan's submissions are evaluated by hand (the evaluate page's Save): a rejudge keeps them too.
    danTest = (await testOf(room, dan.email)).id;
    const all = (q: string) => [0, 1, 2, 3, 4].map((i) => `${q}-tc${i}`);
    const saved = await postForm(
      `/admin/evaluate/${danTest}.data`,
      { intent: "save", questions: JSON.stringify([Q0, Q1].map((q) => ({ questionId: q, code: ECHO, passed: all(q) }))) },
      admin,
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    // Ana's first grade reaches the LMS.
    const first = await waitFor(async () => (await control<LmsState>("state")).scores.find((s) => s.body.userId === SUB), "the first LMS score");
    expect(first.body).toMatchObject({ scoreGiven: 100, gradingProgress: "FullyGraded" });
  }, 180_000);

  it("is for room admins only, parses its input, and is refused for an MCQ room", async () => {
    const student = await signUp({ role: "student" });
    expect((await rejudgeAction(room, { intent: "rejudge-start" }, student.cookie)).status).toBe(403);
    const unknown = await rejudgeAction(room, { intent: "rejudge-start", questionId: "no-such-question" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("That question is not in this room");
    const bad = await rejudgeAction(room, { intent: "rejudge-apply" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("This rejudge no longer exists");
    await seedMcqCategory("RJ-MCQ");
    const mcq = await makeRoom("RJ-MCQ", "mcq");
    const refused = await rejudgeAction(mcq, { intent: "rejudge-start" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Only a coding room's submissions can be rejudged");
  });

  it("an edited case makes the results page say so; the preview writes nothing; a second rejudge is refused; Apply updates everything and posts the LMS grade again", async () => {
    let page = await (await call(`/admin/results/${room.id}`, { cookie: admin })).text();
    expect(page).not.toContain("Results may be out of date: rejudge");
    // The instructor fixes case 2 of question 0 (the other agent's form sets grading_changed_at).
    await env.DB.batch([
      env.DB.prepare("UPDATE test_cases SET expected_output = 'fixed' WHERE id = ?").bind(`${Q0}-tc1`),
      env.DB.prepare("UPDATE questions SET grading_changed_at = ? WHERE id = ?").bind(Date.now(), Q0),
    ]);
    page = await (await call(`/admin/results/${room.id}`, { cookie: admin })).text();
    expect(page).toContain("Results may be out of date: rejudge");

    const subsBefore = await submissionsOf(room);
    const testsBefore = await testsOf(room);
    const started = await rejudgeAction(room, { intent: "rejudge-start", questionId: Q0 });
    expect(started.status, await started.clone().text()).toBe(200);
    expect(await started.text()).toContain("Rejudging 4 submissions");
    // One at a time per room.
    const second = await rejudgeAction(room, { intent: "rejudge-start" });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("A rejudge of this room is already open: apply or cancel it first");
    // Apply before the preview is ready is refused too (unless the runners were quicker than this line).
    const rejudge = await waitForState(room, "ready");
    expect(rejudge).toMatchObject({ total: 4, done: 4, students: 4, changed: 3 });
    // The preview wrote nothing to submissions or tests.
    expect(await submissionsOf(room)).toEqual(subsBefore);
    expect(await testsOf(room)).toEqual(testsBefore);
    page = await (await call(`/admin/results/${room.id}`, { cookie: admin })).text();
    expect(page).toContain("3 of 4 students change");
    expect(page).toContain("100<!-- --> → <!-- -->90");
    expect(page).toContain("case 2 ✓→✗");
    expect(page).toContain("override kept");
    expect(page).toContain("Apply rejudge");

    const applied = await rejudgeAction(room, { intent: "rejudge-apply", rejudgeId: rejudge.id });
    expect(applied.status, await applied.clone().text()).toBe(200);
    expect(await applied.text()).toContain("Rejudge applied: 1 student's result changed; 2 kept by an override");
    expect((await openRejudge(room))!.state).toBe("applied");
    // Ana: case 2 of question 0 fails now: 40 + 50.
    const anaTest = await testOf(room, ana.email);
    expect(anaTest.total_score).toBe(90);
    expect(anaTest.status).toBe("completed");
    const anaQ0 = await one<{ marks_obtained: number; test_cases_passed: number; score: number; code: string; passed_test_case_ids: string; judged_at: number }>(
      "SELECT * FROM submissions WHERE student_test_id = ? AND question_id = ?",
      anaTest.id,
      Q0,
    );
    expect(anaQ0).toMatchObject({ marks_obtained: 40, test_cases_passed: 4, score: 80, code: ECHO });
    expect(JSON.parse(anaQ0.passed_test_case_ids)).not.toContain(`${Q0}-tc1`);
    // Ben: unchanged; Cat: the override keeps everything as it was.
    expect((await testOf(room, ben.email)).total_score).toBe(20);
    const catTest = await testOf(room, cat.email);
    expect(catTest.total_score).toBe(100);
    expect(await one("SELECT marks_obtained FROM submissions WHERE student_test_id = ? AND question_id = ?", catTest.id, Q0)).toEqual({ marks_obtained: 50 });
    // Dan: his hand-evaluated submission keeps its marks, and his total stays.
    expect((await testOf(room, dan.email)).total_score).toBe(100);
    expect(await one("SELECT marks_obtained FROM submissions WHERE student_test_id = ? AND question_id = ?", danTest, Q0)).toEqual({ marks_obtained: 50 });

    // The results page (no longer out of date), its trail, the CSV, and the student's own views.
    page = await (await call(`/admin/results/${room.id}`, { cookie: admin })).text();
    expect(page).not.toContain("Results may be out of date: rejudge");
    expect(page).toContain("Rejudges");
    expect(page).toContain("Applied");
    const csv = await (await call(`/admin/results/${room.id}/csv`, { cookie: admin })).text();
    expect(csv).toMatch(/Ana Echo[^\n]*\b90\b/);
    const history = await (await call("/student/history", { cookie: ana.cookie })).text();
    expect(history).toMatch(/\b90\b/);
    const view = await (await call(`/student/submission/${anaTest.id}`, { cookie: ana.cookie })).text();
    expect(view).toContain('data-testid="test-score">90/100');

    // The LMS gets the new score, with a later timestamp.
    const scores = await waitFor(async () => {
      const mine = (await control<LmsState>("state")).scores.filter((s) => s.body.userId === SUB);
      return mine.length >= 2 ? mine : undefined;
    }, "the LMS score after the rejudge");
    expect(scores[1]!.body).toMatchObject({ scoreGiven: 90, scoreMaximum: 100 });
    expect(Date.parse(String(scores[1]!.body.timestamp))).toBeGreaterThan(Date.parse(String(scores[0]!.body.timestamp)));
  });

  it("Cancel discards a preview and frees the room for the next rejudge", async () => {
    const started = await rejudgeAction(room, { intent: "rejudge-start" });
    expect(started.status).toBe(200);
    const { id } = (await openRejudge(room))!;
    const cancelled = await rejudgeAction(room, { intent: "rejudge-cancel", rejudgeId: id });
    expect(cancelled.status).toBe(200);
    expect(await one("SELECT state FROM rejudges WHERE id = ?", id)).toEqual({ state: "cancelled" });
    expect(await one("SELECT count(*) AS n FROM rejudge_items WHERE rejudge_id = ?", id)).toEqual({ n: 0 });
    // Cancelled is final: it cannot be applied nor cancelled again.
    expect((await rejudgeAction(room, { intent: "rejudge-apply", rejudgeId: id })).status).toBe(409);
    expect((await rejudgeAction(room, { intent: "rejudge-cancel", rejudgeId: id })).status).toBe(409);
    // Nothing is left to judge in the object: a second start works, and its whole-room preview changes no one now.
    expect((await rejudgeAction(room, { intent: "rejudge-start" })).status).toBe(200);
    const again = await waitForState(room, "ready");
    // Cat and Dan only, both kept: their stored results still pass case 2.
    expect(again).toMatchObject({ total: 8, changed: 2 });
    await rejudgeAction(room, { intent: "rejudge-cancel", rejudgeId: again.id });
  });
});

describe("the room's object drives the rejudge", () => {
  it("goes on after the object restarts, and keeps the room's scheduled start armed beside it", async () => {
    const room = await makeRoom(CAT, "coding");
    const at = Date.now() + 10 * 60_000;
    const scheduled = await postForm(`/admin/room/${room.id}`, { intent: "schedule", startsAt: new Date(at).toISOString() }, admin);
    expect(scheduled.status).toBe(200);
    // 40 students' final submissions of question 0, straight into D1.
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < 40; i++) {
      const user = `rjr-user-${i}-${crypto.randomUUID()}`;
      const test = `rjr-test-${i}-${crypto.randomUUID()}`;
      statements.push(
        env.DB.prepare("INSERT INTO user (id, name, email) VALUES (?, ?, ?)").bind(user, `Restart ${i}`, `${user}@example.edu`),
        env.DB.prepare("INSERT INTO student_tests (id, room_id, student_id, total_score, status, is_completed, submitted_at) VALUES (?, ?, ?, 50, 'completed', 1, ?)").bind(test, room.id, user, Date.now()),
        env.DB.prepare(
          "INSERT INTO submissions (id, student_test_id, question_id, question_title, code, language, test_cases_passed, test_cases_total, score, marks_obtained, passed_test_case_ids) VALUES (?, ?, ?, 'Echo 0', ?, 'python', 5, 5, 100, 50, ?)",
        ).bind(crypto.randomUUID(), test, Q0, ECHO, JSON.stringify([0, 1, 2, 3, 4].map((n) => `${Q0}-tc${n}`))),
      );
    }
    await env.DB.batch(statements);
    const party = env.RoomParty.get(env.RoomParty.idFromName(room.id));

    expect((await rejudgeAction(room, { intent: "rejudge-start", questionId: Q0 })).status).toBe(200);
    await waitFor(async () => ((await openRejudge(room))!.done >= 4 ? true : undefined), "some progress");
    // The object is evicted mid-rejudge (a deploy, a restart): its job and alarm are in its storage.
    await evictDurableObject(party);
    const job = await runInDurableObject(party, (_instance, state) => state.storage.get<{ phase: string }>("rejudge"));
    expect(job?.phase).toBe("judge");
    const ready = await waitForState(room, "ready", 120_000);
    expect(ready).toMatchObject({ total: 40, done: 40, students: 40 });
    // The alarm is the scheduled start again, and nothing started early.
    expect(await runInDurableObject(party, (_instance, state) => state.storage.getAlarm())).toBe(at);
    expect(await one("SELECT is_active, scheduled_at FROM test_rooms WHERE id = ?", room.id)).toEqual({ is_active: 0, scheduled_at: at });
    await rejudgeAction(room, { intent: "rejudge-cancel", rejudgeId: ready.id });
  }, 180_000);
});

describe("a rejudge of 500 submissions", () => {
  it("copies, judges and applies them all, with no statement over D1's 100 parameters", async () => {
    const cat = "RJ500";
    await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (?, ?)").bind(`cat-${cat}`, cat).run();
    // Two questions whose cases were all deleted after 250 students scored full marks: everyone drops to 0.
    const qs = [`${cat}-a`, `${cat}-b`];
    await env.DB.batch(qs.map((q) => env.DB.prepare("INSERT INTO questions (id, title, language, category, type) VALUES (?, ?, 'python', ?, 'coding')").bind(q, q, cat)));
    const room = await makeRoom(cat, "coding");
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < 250; i++) {
      const user = `rj500-user-${i}-${crypto.randomUUID()}`;
      const test = `rj500-test-${i}-${crypto.randomUUID()}`;
      statements.push(env.DB.prepare("INSERT INTO user (id, name, email) VALUES (?, ?, ?)").bind(user, `Student ${i}`, `${user}@example.edu`));
      statements.push(
        env.DB.prepare("INSERT INTO student_tests (id, room_id, student_id, total_score, status, is_completed, submitted_at) VALUES (?, ?, ?, 100, 'completed', 1, ?)").bind(
          test,
          room.id,
          user,
          Date.now(),
        ),
      );
      for (const q of qs) {
        statements.push(
          env.DB.prepare(
            "INSERT INTO submissions (id, student_test_id, question_id, question_title, code, language, test_cases_passed, test_cases_total, score, marks_obtained, passed_test_case_ids) VALUES (?, ?, ?, ?, 'print(1)', 'python', 5, 5, 100, 50, ?)",
          ).bind(crypto.randomUUID(), test, q, q, JSON.stringify([1, 2, 3, 4, 5].map((n) => `${q}-gone-${n}`))),
        );
      }
    }
    for (let i = 0; i < statements.length; i += 100) await env.DB.batch(statements.slice(i, i + 100));

    const started = await rejudgeAction(room, { intent: "rejudge-start" });
    expect(started.status, await started.clone().text()).toBe(200);
    const ready = await waitForState(room, "ready", 120_000);
    expect(ready).toMatchObject({ total: 500, done: 500, students: 250, changed: 250 });
    const page = await (await call(`/admin/results/${room.id}`, { cookie: admin })).text();
    expect(page).toContain("250 of 250 students change");
    const applied = await rejudgeAction(room, { intent: "rejudge-apply", rejudgeId: ready.id });
    expect(applied.status, await applied.clone().text()).toBe(200);
    expect(
      await one("SELECT count(*) AS n, sum(marks_obtained) AS marks FROM submissions s JOIN student_tests t ON t.id = s.student_test_id WHERE t.room_id = ?", room.id),
    ).toEqual({ n: 500, marks: 0 });
    expect(await one("SELECT count(*) AS n, sum(total_score) AS total FROM student_tests WHERE room_id = ?", room.id)).toEqual({ n: 250, total: 0 });
  }, 180_000);
});
