// Live monitoring (issue 12: /admin/monitor/{studentTestId}): who may look,
// the code and its last-updated time, "Not started", an MCQ test's counts
// without correctness, the code's history (ordered, capped) with its Run Code
// presses (recorded, capped, deleted with their test), and the
// admins-only `code-saved` event an accepted autosave publishes. Real D1 and
// real Durable Objects; entries go through the journal endpoint as the test page sends them.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/lib/d1/db.server";
import { RUN_HISTORY_CAP } from "~/lib/monitor/activity.server";
import { HISTORY_CAP, monitorView, roomGrid, type TimelineMark } from "~/lib/monitor/monitor.server";
import { CODE_SAVED_GATHER_MS } from "~/lib/party.server";
import { call, postForm } from "./helpers";
import { connect } from "./party-client";
import { journal, launch, makeRoom, seedCodingCategory, seedMcqCategory, signUpAdmin, start, takingStudent, testOf, UNLOCK, type JournalInput, type Room } from "./rooms-fixture";

const CODING = "MN-Coding";
const MCQ = "MN-MCQ";
const db = () => createDb(env.DB);
const page = (testId: string) => `/admin/monitor/${testId}`;

let admin = "";
let room: Room;
const taker = { cookie: "", email: "", testId: "" };
const other = { cookie: "", email: "", testId: "" };

async function send(cookie: string, testId: string, entries: JournalInput[]) {
  const res = await journal(cookie, testId, entries);
  expect(res.status, "journal answer status").toBe(200);
  return (await res.json()) as { accepted: string[]; rejected: { id: string; reason: string }[] };
}

beforeAll(async () => {
  admin = await signUpAdmin();
  await seedCodingCategory(CODING);
  await seedMcqCategory(MCQ);
  room = await makeRoom(CODING, "coding");
  const a = await takingStudent(room, "Watched Student");
  const b = await takingStudent(room, "Other Student");
  await start(room);
  for (const s of [a, b]) expect((await launch(s.cookie, room)).status).toBe(302);
  Object.assign(taker, { cookie: a.cookie, email: a.email, testId: (await testOf(room, a.email)).id });
  Object.assign(other, { cookie: b.cookie, email: b.email, testId: (await testOf(room, b.email)).id });
});

describe("who may open the monitor", () => {
  it("sends anonymous visitors to /auth and serves them nothing", async () => {
    const res = await call(page(taker.testId));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(page(taker.testId))}`);
  });

  it("refuses students, the watched student themself included, pages and data requests alike", async () => {
    const secret = `# SECRET-OF-TAKER-${crypto.randomUUID()}`;
    const qid = (await monitorView(db(), env, taker.testId))!.questions[0]!.id;
    await send(taker.cookie, taker.testId, [{ seq: 900, kind: "code", payload: { questionId: qid, code: secret } }]);
    for (const cookie of [taker.cookie, other.cookie]) {
      for (const path of [page(taker.testId), `${page(taker.testId)}.data`]) {
        const res = await call(path, { cookie });
        expect(res.headers.get("Location"), path).toBe("/auth");
        expect(await res.text()).not.toContain(secret);
      }
    }
    // ...while the admin does see it.
    const res = await call(page(taker.testId), { cookie: admin });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(secret);
  });

  it("answers 404 for an unknown test", async () => {
    expect((await call(page("no-such-test"), { cookie: admin })).status).toBe(404);
    expect(await monitorView(db(), env, "no-such-test")).toBeNull();
  });
});

describe("the student's code", () => {
  it("shows 'Not started' until the first autosave, then the latest code and when it was saved", async () => {
    const { s, testId } = await freshTaker("Fresh Student");

    const before = (await monitorView(db(), env, testId))!;
    expect(before.questions).toHaveLength(2);
    expect(before.questions.every((q) => q.code === null && q.lastUpdated === null)).toBe(true);
    expect(await (await call(page(testId), { cookie: admin })).text()).toContain("Not started");

    const [q0, q1] = before.questions.map((q) => q.id) as [string, string];
    const t0 = Date.now() - 30_000;
    await send(s.cookie, testId, [
      { seq: 1, kind: "code", payload: { questionId: q0, code: "print('v1')" }, createdAt: t0 },
      { seq: 2, kind: "code", payload: { questionId: q0, code: "print('v2')" }, createdAt: t0 + 1000 },
    ]);
    const after = (await monitorView(db(), env, testId))!;
    expect(after.questions.find((q) => q.id === q0)).toMatchObject({ code: "print('v2')", lastUpdated: t0 + 1000 });
    expect(after.questions.find((q) => q.id === q1)).toMatchObject({ code: null, lastUpdated: null });
    expect(after.student.name).toBe("Fresh Student");
    expect(after.mcq).toBeNull();
  });
});

describe("the code's history", () => {
  it("lists accepted versions oldest first by the client's time, with tab switches, unlocks and submits marked", async () => {
    const { s, testId } = await freshTaker("History Student");
    const [q0, q1] = (await monitorView(db(), env, testId))!.questions.map((q) => q.id) as [string, string];
    const t0 = Date.now() - 60_000;
    const answer = await send(s.cookie, testId, [
      { seq: 1, kind: "code", payload: { questionId: q0, code: "a" }, createdAt: t0 },
      { seq: 2, kind: "code", payload: { questionId: q1, code: "b" }, createdAt: t0 + 2000 },
      { seq: 3, kind: "tab-switch", payload: {}, createdAt: t0 + 3000 },
      { seq: 4, kind: "unlock", payload: { code: "wrong" }, createdAt: t0 + 4000 },
      // Not one of this student's questions: rejected, so never replayed.
      { seq: 5, kind: "code", payload: { questionId: "not-a-question", code: "zzz" }, createdAt: t0 + 4500 },
      { seq: 6, kind: "code", payload: { questionId: q0, code: "ab" }, createdAt: t0 + 5000 },
    ]);
    expect(answer.rejected).toHaveLength(1);
    const timeline = (await monitorView(db(), env, testId))!.timeline!;
    expect(timeline.versions).toEqual([
      { at: t0, questionId: q0, code: "a" },
      { at: t0 + 2000, questionId: q1, code: "b" },
      { at: t0 + 5000, questionId: q0, code: "ab" },
    ]);
    expect(timeline.marks).toEqual([
      { at: t0 + 3000, kind: "tab-switch", questionId: null },
      { at: t0 + 4000, kind: "unlock", questionId: null },
    ]);
    expect(timeline.capped).toBe(false);
  });

  it(`keeps only the latest ${HISTORY_CAP} entries and says it capped them`, async () => {
    const { testId } = await freshTaker("Prolific Student");
    const q0 = (await monitorView(db(), env, testId))!.questions[0]!.id;
    const t0 = Date.now() - 3_600_000;
    const total = HISTORY_CAP + 20;
    const insert = env.DB.prepare(
      "INSERT INTO journal_entries (id, student_test_id, seq, kind, payload, client_created_at, received_at, outcome) VALUES (?, ?, ?, 'code', ?, ?, ?, 'accepted')",
    );
    const statements = Array.from({ length: total }, (_, i) =>
      insert.bind(crypto.randomUUID(), testId, i, JSON.stringify({ questionId: q0, code: `v${i}` }), t0 + i * 1000, t0 + i * 1000),
    );
    for (let i = 0; i < statements.length; i += 100) await env.DB.batch(statements.slice(i, i + 100));
    const timeline = (await monitorView(db(), env, testId))!.timeline!;
    expect(timeline.capped).toBe(true);
    expect(timeline.versions).toHaveLength(HISTORY_CAP);
    expect(timeline.versions[0]!.code).toBe(`v${total - HISTORY_CAP}`);
    expect(timeline.versions.at(-1)!.code).toBe(`v${total - 1}`);
    const times = timeline.versions.map((v) => v.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const html = await (await call(page(testId), { cookie: admin })).text();
    expect(html.includes(`Showing the latest ${HISTORY_CAP} entries only`), "the page says the history is capped").toBe(true);
  });
});

describe("runs on the code's history", () => {
  const run = (r: Room, cookie: string, questionId: string, code: string) => postForm(`/test/${r.id}/coding`, { intent: "run", questionId, code }, cookie);
  const runMarks = async (testId: string) => (await monitorView(db(), env, testId))!.timeline!.marks.filter((m): m is Extract<TimelineMark, { kind: "run" }> => m.kind === "run");
  const runRows = async (testId: string) =>
    (await env.DB.prepare("SELECT count(*) AS n FROM code_runs WHERE student_test_id = ?").bind(testId).first<{ n: number }>())!.n;

  it("marks every Run Code press that reached the runner, with the server's time and the open cases passed, in order", async () => {
    const { room: r, s, testId } = await freshTaker("Running Student");
    // Each student gets the questions in an order of their own.
    const questions = (await monitorView(db(), env, testId))!.questions;
    const [q0, q1] = questions.map((q) => q.id) as [string, string];
    const [title0, title1] = questions.map((q) => q.title) as [string, string];
    const t0 = Date.now() - 60_000;
    await send(s.cookie, testId, [{ seq: 1, kind: "code", payload: { questionId: q0, code: "print(input())" }, createdAt: t0 }]);

    const before1 = Date.now();
    expect((await run(r, s.cookie, q0, "print(input())")).status).toBe(200);
    const after1 = Date.now();
    expect((await run(r, s.cookie, q1, "print('nope')")).status).toBe(200);
    const after2 = Date.now();
    // Presses that never reach the runner leave no mark: empty code, and a locked test.
    expect((await run(r, s.cookie, q0, "")).status).toBe(400);
    await send(s.cookie, testId, [{ seq: 2, kind: "tab-switch", payload: {}, createdAt: after2 }]);
    expect((await run(r, s.cookie, q0, "print(input())")).status).toBe(423);
    // A submit is no run.
    await send(s.cookie, testId, [{ seq: 3, kind: "unlock", payload: { code: UNLOCK }, createdAt: after2 + 1 }]);
    expect((await postForm(`/test/${r.id}/coding`, { intent: "submit", questionId: q1, code: "print(input())" }, s.cookie)).status).toBe(200);

    const runs = await runMarks(testId);
    expect(runs).toEqual([
      { at: expect.any(Number), kind: "run", questionId: q0, passed: 1, total: 1 },
      { at: expect.any(Number), kind: "run", questionId: q1, passed: 0, total: 1 },
    ]);
    expect(runs[0]!.at).toBeGreaterThanOrEqual(before1);
    expect(runs[0]!.at).toBeLessThanOrEqual(after1);
    expect(runs[1]!.at).toBeGreaterThanOrEqual(runs[0]!.at);
    expect(runs[1]!.at).toBeLessThanOrEqual(after2);
    // All marks stay in time order, runs among the journal's.
    const marks = (await monitorView(db(), env, testId))!.timeline!.marks;
    expect(marks.map((m) => m.kind)).toEqual(["run", "run", "tab-switch", "unlock"]);
    // The grid's count and the rows agree.
    expect((await roomGrid(db(), env, r.id)).find((t) => t.testId === testId)).toMatchObject({ runs: 2, submits: 1 });
    expect(await runRows(testId)).toBe(2);

    // The admin's page names each run, with its question, and has a legend.
    const html = await (await call(page(testId), { cookie: admin })).text();
    for (const text of [`Run · 1/1 open cases · ${title0}`, `Run · 0/1 open cases · ${title1}`, 'aria-label="Legend"']) expect(html, text).toContain(text);
  });

  it("no student can read the runs: the monitor refuses them", async () => {
    const qid = (await monitorView(db(), env, taker.testId))!.questions[0]!.id;
    expect((await run(room, taker.cookie, qid, "print(input())")).status).toBe(200);
    expect((await runMarks(taker.testId)).length).toBeGreaterThan(0);
    for (const cookie of [taker.cookie, other.cookie]) {
      for (const path of [page(taker.testId), `${page(taker.testId)}.data`]) {
        const res = await call(path, { cookie });
        expect(res.headers.get("Location"), path).toBe("/auth");
        expect(await res.text()).not.toContain("open cases");
      }
    }
  });

  it(`keeps only the latest ${RUN_HISTORY_CAP} runs of a test, and no other test's runs go`, async () => {
    const { room: r, s, testId } = await freshTaker("Looping Student");
    const q0 = (await monitorView(db(), env, testId))!.questions[0]!.id;
    const t0 = Date.now() - 3_600_000;
    const insert = env.DB.prepare("INSERT INTO code_runs (student_test_id, question_id, passed, total, at) VALUES (?, ?, ?, 1, ?)");
    // Earlier presses, written directly: the cap is checked by the next real one.
    const statements = Array.from({ length: RUN_HISTORY_CAP + 20 }, (_, i) => insert.bind(testId, q0, i % 2, t0 + i * 1000));
    for (let i = 0; i < statements.length; i += 100) await env.DB.batch(statements.slice(i, i + 100));
    const bystander = await runRows(other.testId);
    await env.DB.batch([insert.bind(other.testId, q0, 0, t0 - 1000), insert.bind(other.testId, q0, 0, t0)]);

    expect((await run(r, s.cookie, q0, "print(input())")).status).toBe(200);
    expect(await runRows(testId)).toBe(RUN_HISTORY_CAP);
    const runs = await runMarks(testId);
    expect(runs).toHaveLength(RUN_HISTORY_CAP);
    // The 21 oldest went; the press just made is the last.
    expect(runs[0]!.at).toBe(t0 + 21 * 1000);
    expect(runs.at(-2)!.at).toBe(t0 + (RUN_HISTORY_CAP + 19) * 1000);
    expect(runs.at(-1)).toMatchObject({ questionId: q0, passed: 1, total: 1 });
    expect(runs.at(-1)!.at).toBeGreaterThan(Date.now() - 60_000);
    expect(await runRows(other.testId)).toBe(bystander + 2);
  });

  it("deleting the room, or the test from the history, deletes its runs", async () => {
    const inRoom = await freshTaker("Deleted Room Student");
    const inHistory = await freshTaker("Deleted History Student");
    for (const t of [inRoom, inHistory]) {
      const qid = (await monitorView(db(), env, t.testId))!.questions[0]!.id;
      expect((await run(t.room, t.s.cookie, qid, "print(input())")).status).toBe(200);
      expect(await runRows(t.testId)).toBe(1);
    }
    expect(await (await postForm("/admin?index", { intent: "delete", roomId: inRoom.room.id }, admin)).text()).toContain("Room deleted successfully");
    expect(await runRows(inRoom.testId)).toBe(0);

    const res = await call("/admin/history.data", { method: "POST", body: new URLSearchParams({ intent: "delete", testId: inHistory.testId }), cookie: admin });
    expect(res.status).toBe(200);
    expect(await runRows(inHistory.testId)).toBe(0);
    expect(await monitorView(db(), env, inHistory.testId)).toBeNull();
  });
});

describe("a multiple-choice test", () => {
  it("shows answered and marked counts and the current question, never which answers or whether they are right", async () => {
    const r = await makeRoom(MCQ, "mcq");
    const s = await takingStudent(r, "Mcq Student");
    await start(r);
    expect((await launch(s.cookie, r)).status).toBe(302);
    const testId = (await testOf(r, s.email)).id;
    const before = (await monitorView(db(), env, testId))!;
    expect(before.mcq).toMatchObject({ answered: 0, marked: 0, currentQuestion: null, lastUpdated: null });
    expect(await (await call(page(testId), { cookie: admin })).text()).toContain("Not started");

    const at = Date.now() - 1000;
    await send(s.cookie, testId, [
      { seq: 1, kind: "mcq-progress", payload: { answers: { [`${MCQ}-m0`]: 0, [`${MCQ}-m1`]: 3, [`${MCQ}-m2`]: 2 }, marked: [`${MCQ}-m1`], currentIndex: 3 }, createdAt: at },
    ]);
    const view = (await monitorView(db(), env, testId))!;
    expect(view.mcq).toEqual({ answered: 3, marked: 1, total: expect.any(Number), currentQuestion: 4, lastUpdated: at });
    expect(view.mcq!.total).toBeGreaterThanOrEqual(3);
    expect(view.timeline).toBeNull();
    // Neither the chosen options nor the answer key travel to the page.
    const html = await (await call(page(testId), { cookie: admin })).text();
    expect(html).toContain("3 of");
    for (const text of [`${MCQ}-m0`, `${MCQ}-m1`, "correct_index", "correctAnswer", "answers"]) expect(html).not.toContain(text);
  });
});

describe("the room grid", () => {
  it("counts runs and submits, keeps the best open cases passed, and shows edits, tab switches, locks and offline time", async () => {
    const { room: r, s, testId } = await freshTaker("Grid Student");
    const idle = await takingStudentAfterStart(r);
    const [q0, q1] = (await monitorView(db(), env, testId))!.questions.map((q) => q.id) as [string, string];
    const act = (intent: "run" | "submit", questionId: string, code: string) => postForm(`/test/${r.id}/coding`, { intent, questionId, code }, s.cookie);
    // Each question has 1 open case (echo): a right run passes it, a wrong one does not; the best stays.
    for (const [intent, q, code] of [
      ["run", q0, "print(input())"],
      ["run", q0, "print('nope')"],
      ["submit", q1, "print('nope')"],
    ] as const) {
      expect((await act(intent, q, code)).status, `${intent} ${q}`).toBe(200);
    }
    // After the submit (which saves that question's code too): the latest edit.
    const at = Date.now();
    await send(s.cookie, testId, [
      { seq: 1, kind: "code", payload: { questionId: q0, code: "x" }, createdAt: at },
      { seq: 2, kind: "tab-switch", payload: {}, createdAt: at + 100 },
    ]);
    // An offline period still open, begun 90 s ago (the party writes these rows).
    const studentId = (await env.DB.prepare("SELECT student_id FROM student_tests WHERE id = ?").bind(testId).first<{ student_id: string }>())!.student_id;
    const now = Date.now();
    await env.DB.prepare("INSERT INTO participant_disconnects (id, room_id, student_id, started_at) VALUES (?, ?, ?, ?)").bind(crypto.randomUUID(), r.id, studentId, now - 90_000).run();

    const tiles = await roomGrid(db(), env, r.id, now);
    expect(tiles.map((t) => t.name)).toEqual(["Grid Student", "Idle Student"]);
    expect(tiles[0]).toMatchObject({
      testId,
      runs: 2,
      submits: 1,
      openCasesPassed: 1,
      tabSwitches: 1,
      isLocked: true,
      lastEditAt: at,
      online: false,
      offlineForMs: 90_000,
    });
    expect(tiles[1]).toMatchObject({ testId: idle.testId, runs: 0, submits: 0, openCasesPassed: 0, tabSwitches: 0, isLocked: false, lastEditAt: null, online: true, offlineForMs: null });

    // A second passing run of the other question adds its best; the room page links each tile to the monitor.
    await send(s.cookie, testId, [{ seq: 3, kind: "unlock", payload: { code: UNLOCK } }]);
    expect((await act("run", q1, "print(input())")).status).toBe(200);
    expect((await roomGrid(db(), env, r.id, now))[0]).toMatchObject({ runs: 3, submits: 1, openCasesPassed: 2, isLocked: false });
    const html = await (await call(`/admin/room/${r.id}`, { cookie: admin })).text();
    expect(html.includes(`/admin/monitor/${testId}`), "the room page links to the monitor").toBe(true);
  });
});

describe("the live event", () => {
  it("an accepted autosave tells the room's admins which test changed, with no code; students in the room hear nothing", async () => {
    const adminTab = await connect(room.id, admin);
    const watched = await connect(room.id, taker.cookie);
    const bystander = await connect(room.id, other.cookie);
    const marker = `# LIVE-${crypto.randomUUID()}`;
    const qid = (await monitorView(db(), env, taker.testId))!.questions[0]!.id;
    const raw: string[] = [];
    adminTab.ws.addEventListener("message", (e) => raw.push(String(e.data)));
    await send(taker.cookie, taker.testId, [{ seq: 1000, kind: "code", payload: { questionId: qid, code: marker } }]);
    const event = await adminTab.inbox.next((m) => m.type === "code-saved");
    expect(event).toEqual({ type: "code-saved", roomId: room.id, studentTestId: taker.testId });
    expect(raw.join("\n")).not.toContain(marker);
    // A rejected entry publishes nothing.
    const count = () => adminTab.inbox.seen.filter((m) => m.type === "code-saved").length;
    const seenBefore = count();
    await send(taker.cookie, taker.testId, [{ seq: 1001, kind: "code", payload: { questionId: "not-a-question", code: "x" } }]);
    // The loader then serves the new code to the admin.
    expect(await (await call(page(taker.testId), { cookie: admin })).text()).toContain(marker);
    await new Promise((r) => setTimeout(r, 300));
    expect(count()).toBe(seenBefore);
    for (const student of [watched, bystander]) {
      expect(student.inbox.seen.some((m) => m.type === "code-saved")).toBe(false);
      expect(JSON.stringify(student.inbox.seen)).not.toContain(marker);
    }
    for (const tab of [adminTab, watched, bystander]) tab.ws.close();
  });

  it("saves in quick succession reach the admins as one event per test (gathered per room, decision 024)", async () => {
    const adminTab = await connect(room.id, admin);
    const qid = (await monitorView(db(), env, taker.testId))!.questions[0]!.id;
    const count = () => adminTab.inbox.seen.filter((m) => m.type === "code-saved").length;
    const before = count();
    await Promise.all(
      [2000, 2001, 2002].map((seq) => send(taker.cookie, taker.testId, [{ seq, kind: "code", payload: { questionId: qid, code: `# ${seq}` } }])),
    );
    await adminTab.inbox.next((m) => m.type === "code-saved");
    await new Promise((r) => setTimeout(r, CODE_SAVED_GATHER_MS + 200));
    expect(count() - before).toBe(1);
    adminTab.ws.close();
  });
});

/** One more student who joins the started room and launches. */
async function takingStudentAfterStart(r: Room) {
  const s = await takingStudent(r, "Idle Student");
  expect((await launch(s.cookie, r)).status).toBe(302);
  return { ...s, testId: (await testOf(r, s.email)).id };
}

/** A student who launched the test of a fresh, started coding room of their own. */
async function freshTaker(name: string) {
  const r = await makeRoom(CODING, "coding");
  const s = await takingStudent(r, name);
  await start(r);
  expect((await launch(s.cookie, r)).status).toBe(302);
  return { room: r, s, testId: (await testOf(r, s.email)).id };
}
