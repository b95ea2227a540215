// When students see their results (issue 37, decision 041), end to end on
// real D1, the room's Durable Object and the real runner: while held, no
// response to the student carries a score, a count, a verdict or MCQ
// correctness (read every response of a full test); Release results now, the
// review options, Withdraw release, and a release at a time by the room's
// alarm that survives a restart of the object.
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { decode } from "turbo-stream";
import { beforeAll, describe, expect, it } from "vitest";
import { call, postForm } from "./helpers";
import { control, linkToLms, waitFor, type LmsState } from "./lms-fixture";
import { admin, journal, launch, makeRoom, one, seedCodingCategory, seedMcqCategory, signUpAdmin, start, takingStudent, testOf, type Room } from "./rooms-fixture";

const CAT = "RR";
const MCQ_CAT = "RR-MCQ";
const Q0 = `${CAT}-q0`;
const Q1 = `${CAT}-q1`;
const ECHO = "print(input())";
const ALL_ON = { score: "on", openCases: "on", hiddenCases: "on", mcqRight: "on" };

beforeAll(async () => {
  await signUpAdmin();
  await seedCodingCategory(CAT);
  await seedMcqCategory(MCQ_CAT);
});

const settings = (room: Room, fields: Record<string, string>) => postForm(`/admin/room/${room.id}`, { intent: "results-release", ...fields }, admin);
const roomIntent = (room: Room, intent: string) => postForm(`/admin/room/${room.id}`, { intent }, admin);

/** A single-fetch answer decoded: a loader's data by route, or an action's data. */
async function decoded(res: Response): Promise<unknown> {
  expect(res.status).toBe(200);
  const d = await decode(res.body!);
  await d.done;
  return d.value;
}
const loaderData = async <T>(path: string, route: string, cookie: string) => ((await decoded(await call(`${path}.data`, { cookie }))) as Record<string, { data: T }>)[route]!.data;

type Shown = { passed: number | null; total: number | null; marks: number | null; score: number | null };

describe("results held by hand", () => {
  it("no response to the student carries a score, count or verdict until Release results now; the review options and Withdraw release then apply", async () => {
    const room = await makeRoom(CAT, "coding");
    expect((await settings(room, { resultsRelease: "manual", ...ALL_ON })).status).toBe(200);
    expect(await one("SELECT results_release AS mode FROM test_rooms WHERE id = ?", room.id)).toEqual({ mode: "manual" });
    const s = await takingStudent(room);
    await start(room);
    expect((await launch(s.cookie, room)).status).toBe(302);
    const testId = (await testOf(room, s.email)).id;

    // Submit Code online: the answer says it went in, and nothing more.
    const submit = await call(`/test/${room.id}/coding.data`, { method: "POST", cookie: s.cookie, body: new URLSearchParams({ intent: "submit", questionId: Q0, code: ECHO }) });
    const answer = (await decoded(submit)) as { data: Shown & { cases: unknown[]; compile: unknown; message: string } };
    expect(answer.data).toMatchObject({ passed: null, total: null, marks: null, score: null, cases: [], compile: null, message: "Code submitted. Your results are shown when they are released." });
    // A queued Submit Code through the journal: judged with no figures, the state with no score.
    const res = await journal(s.cookie, testId, [{ seq: 0, kind: "submit-code", payload: { questionId: Q1, code: ECHO } }]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { judged: (Shown & { questionId: string })[]; state: { totalScore: number | null; maxScore: number | null } };
    expect(body.judged).toEqual([expect.objectContaining({ questionId: Q1, passed: null, total: null, marks: null, score: null })]);
    expect(body.state).toMatchObject({ totalScore: null, maxScore: null });
    // The coding page's data: its state and each question's submission.
    type Coding = { state: { totalScore: number | null }; questions: { id: string; submission: Shown | null }[] };
    const coding = await loaderData<Coding>(`/test/${room.id}/coding`, "routes/test.$roomId.coding", s.cookie);
    expect(coding.state.totalScore).toBeNull();
    expect(coding.questions.map((q) => q.submission)).toEqual([0, 1].map(() => expect.objectContaining({ passed: null, total: null, marks: null, score: null })));
    // Finish: no score in its answer either.
    const finish = await journal(s.cookie, testId, [{ seq: 1, kind: "finish", payload: {} }]);
    expect(((await finish.json()) as { state: { status: string; totalScore: number | null } }).state).toMatchObject({ status: "completed", totalScore: null });
    // The score is there for the admin all along.
    expect((await testOf(room, s.email)).total_score).toBe(100);

    type History = { rows: { testId: string; totalScore: number | null; maxScore: number | null; released: boolean }[] };
    const history = await loaderData<History>("/student/history", "routes/student.history", s.cookie);
    expect(history.rows.find((r) => r.testId === testId)).toMatchObject({ totalScore: null, maxScore: null, released: false });
    const historyHtml = await (await call("/student/history", { cookie: s.cookie })).text();
    expect(historyHtml).toContain("Submitted · results not released yet");
    expect(historyHtml).not.toContain("100/100");
    type View = { view: { totalScore: number | null; questions: (Shown & { cases: { hidden: boolean; passed?: boolean }[] })[] } };
    const held = await loaderData<View>(`/student/submission/${testId}`, "routes/student.submission.$testId", s.cookie);
    expect(held.view.totalScore).toBeNull();
    for (const q of held.view.questions) {
      expect(q).toMatchObject({ passed: null, total: null, marks: null, score: null });
      expect(q.cases.every((c) => !("passed" in c))).toBe(true);
    }
    // No evaluation request before release.
    const request = await postForm("/student/history", { intent: "request-evaluation", testId, reason: "Please check my output format." }, s.cookie);
    expect(request.status).toBe(409);
    expect(await request.text()).toContain("Evaluation requests open when the results are released");

    // Release results now: the score and every verdict.
    expect((await roomIntent(room, "release-now")).status).toBe(200);
    const released = await loaderData<View>(`/student/submission/${testId}`, "routes/student.submission.$testId", s.cookie);
    expect(released.view.totalScore).toBe(100);
    for (const q of released.view.questions) {
      expect(q).toMatchObject({ passed: 5, total: 5, marks: 50, score: 100 });
      expect(q.cases.every((c) => c.passed === true)).toBe(true);
    }
    expect((await loaderData<History>("/student/history", "routes/student.history", s.cookie)).rows.find((r) => r.testId === testId)).toMatchObject({ totalScore: 100, maxScore: 100, released: true });

    // Hidden cases off: counts over the open case only, no hidden verdict; Score off: no marks, no total.
    expect((await settings(room, { resultsRelease: "immediately", score: "on", openCases: "on" })).status).toBe(200);
    const openOnly = await loaderData<View>(`/student/submission/${testId}`, "routes/student.submission.$testId", s.cookie);
    for (const q of openOnly.view.questions) {
      expect(q).toMatchObject({ passed: 1, total: 1, marks: 50 });
      expect(q.cases.filter((c) => c.hidden).every((c) => !("passed" in c))).toBe(true);
      expect(q.cases.filter((c) => !c.hidden).every((c) => c.passed === true)).toBe(true);
    }
    expect((await settings(room, { resultsRelease: "immediately", openCases: "on", hiddenCases: "on" })).status).toBe(200);
    const noScore = await loaderData<View>(`/student/submission/${testId}`, "routes/student.submission.$testId", s.cookie);
    expect(noScore.view.totalScore).toBeNull();
    for (const q of noScore.view.questions) expect(q).toMatchObject({ passed: 5, total: 5, marks: null, score: null });

    // Withdraw release: held again, whatever the mode was.
    expect((await roomIntent(room, "withdraw-release")).status).toBe(200);
    expect(await one("SELECT results_release AS mode, results_released_at AS at FROM test_rooms WHERE id = ?", room.id)).toEqual({ mode: "manual", at: null });
    expect((await loaderData<History>("/student/history", "routes/student.history", s.cookie)).rows.find((r) => r.testId === testId)).toMatchObject({ totalScore: null, released: false });
  });

  it("an MCQ review shows right or wrong with its option on, and the right answers only with Correct MCQ answers", async () => {
    const room = await makeRoom(MCQ_CAT, "mcq");
    expect((await settings(room, { resultsRelease: "manual", ...ALL_ON })).status).toBe(200);
    const s = await takingStudent(room);
    await start(room);
    await launch(s.cookie, room);
    const testId = (await testOf(room, s.email)).id;
    // Right on question 0 (its correct option is 0), wrong on question 1 (correct 1).
    const res = await journal(s.cookie, testId, [{ seq: 0, kind: "finish", payload: { answers: { [`${MCQ_CAT}-m0`]: 0, [`${MCQ_CAT}-m1`]: 0 } } }]);
    expect(((await res.json()) as { state: { totalScore: number | null } }).state.totalScore).toBeNull();
    type Review = { id: string; chosen: number | null; right?: boolean; correct?: number };
    type View = { view: { totalScore: number | null; mcq: { questions: Review[] } } };
    const review = async () => (await loaderData<View>(`/student/submission/${testId}`, "routes/student.submission.$testId", s.cookie)).view;
    const own = (v: View["view"], id: string) => v.mcq.questions.find((q) => q.id === id)!;
    let v = await review();
    expect(v.totalScore).toBeNull();
    expect(v.mcq.questions.every((q) => !("right" in q) && !("correct" in q))).toBe(true);
    await roomIntent(room, "release-now");
    v = await review();
    expect(v.totalScore).toBe(5);
    expect(own(v, `${MCQ_CAT}-m0`)).toMatchObject({ chosen: 0, right: true });
    expect(own(v, `${MCQ_CAT}-m1`)).toMatchObject({ chosen: 0, right: false });
    expect(v.mcq.questions.every((q) => !("correct" in q))).toBe(true);
    expect((await settings(room, { resultsRelease: "immediately", ...ALL_ON, mcqAnswers: "on" })).status).toBe(200);
    v = await review();
    expect(own(v, `${MCQ_CAT}-m1`)).toMatchObject({ chosen: 0, right: false, correct: 1 });
  });
});

describe("a release at a time", () => {
  it("is made by the room's alarm, after a restart of the object, and refused when the time is missing or unreadable", async () => {
    const room = await makeRoom(CAT, "coding");
    const missing = await settings(room, { resultsRelease: "at", ...ALL_ON });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Choose when the results are released");
    const at = Date.now() + 3_000;
    expect((await settings(room, { resultsRelease: "at", resultsReleaseAt: new Date(at).toISOString(), ...ALL_ON })).status).toBe(200);
    const party = env.RoomParty.get(env.RoomParty.idFromName(room.id));
    expect(await runInDurableObject(party, (_instance, state) => state.storage.get<number>("results-release-at"))).toBe(at);
    // A restart (a deploy): the time and the alarm are in the object's storage.
    await evictDurableObject(party);
    const until = Date.now() + 30_000;
    let row: { at: number | null } | undefined;
    while (Date.now() < until) {
      row = await one<{ at: number | null }>("SELECT results_released_at AS at FROM test_rooms WHERE id = ?", room.id);
      if (row.at !== null) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(row?.at).toBe(at);
    expect(await runInDurableObject(party, (_instance, state) => state.storage.get<number>("results-release-at"))).toBeUndefined();
  }, 60_000);
});

describe("the LMS gradebook", () => {
  it("gets Submitted and Pending with no score while held, then the score at release", async () => {
    const room = await makeRoom(CAT, "coding");
    expect((await settings(room, { resultsRelease: "manual", ...ALL_ON })).status).toBe(200);
    const s = await takingStudent(room, "Lms Held");
    const sub = `held-${crypto.randomUUID()}`;
    await linkToLms(room, s.email, sub);
    await start(room);
    await launch(s.cookie, room);
    const testId = (await testOf(room, s.email)).id;
    for (const [seq, q] of [Q0, Q1].entries()) {
      expect((await journal(s.cookie, testId, [{ seq, kind: "submit-code", payload: { questionId: q, code: ECHO } }])).status).toBe(200);
    }
    expect((await journal(s.cookie, testId, [{ seq: 2, kind: "finish", payload: {} }])).status).toBe(200);
    const mine = async () => (await control<LmsState>("state")).scores.filter((x) => x.body.userId === sub);
    const held = await waitFor(async () => ((await mine()).length >= 1 ? await mine() : undefined), "the held grade");
    expect(held[0]!.body).toMatchObject({ activityProgress: "Submitted", gradingProgress: "Pending" });
    expect(held[0]!.body).not.toHaveProperty("scoreGiven");
    expect((await roomIntent(room, "release-now")).status).toBe(200);
    const released = await waitFor(async () => ((await mine()).length >= 2 ? await mine() : undefined), "the released grade");
    expect(released[1]!.body).toMatchObject({ activityProgress: "Completed", gradingProgress: "FullyGraded", scoreGiven: 100, scoreMaximum: 100 });
    expect(Date.parse(String(released[1]!.body.timestamp))).toBeGreaterThan(Date.parse(String(held[0]!.body.timestamp)));
  }, 90_000);
});
