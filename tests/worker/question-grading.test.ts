// A question's own grading (issue 35, items 2 and 3, the app's side): the
// coding question form's limits and output check, grading_changed_at, every
// judge call carrying the grading, students seeing the limits and never the
// checker, "JE" cases, and imports and exports that keep it. The real Worker
// against real D1 and the real runners.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { zipSync } from "fflate";
import { createDb } from "~/lib/d1/db.server";
import { parseMoodleXml, parseProblemPackage } from "~/lib/questions/formats";
import { GRADING_MESSAGES } from "~/lib/questions/grading";
import { toBankImport } from "~/lib/questions/import-plan";
import { practiceQuestions } from "~/lib/practice/session.server";
import { triageEvaluationRequest, triageRunner } from "~/lib/evaluation/triage.server";
import { caseResults, submissionView } from "~/lib/student-tests/submissions.server";
import type { JudgeResult } from "~/lib/runner/client.server";
import { call, postForm, signUp } from "./helpers";
import { admin, journal, launch, makeRoom, one, rows, signUpAdmin, start, takingStudent, testOf } from "./rooms-fixture";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const HUB = "/admin/questions?index";
const CODING = "/admin/questions/coding";
/** In the custom checker's source: it must never reach a student. */
const CHECKER_SECRET = "CHECKER-SECRET-8842";
const CHECKER_SOURCE = `// ${CHECKER_SECRET}\n#include <cstdlib>\nint main() { return 42; }\n`;
const db = () => createDb(env.DB);

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now() % 1e8}-${++counter}`;

type QuestionRow = { id: string; time_limit_ms: number | null; memory_limit_mb: number | null; checker: string | null; grading_changed_at: number | null };
const questionTitled = (title: string) => one<QuestionRow>("SELECT id, time_limit_ms, memory_limit_mb, checker, grading_changed_at FROM questions WHERE title = ?", title);
const questionById = (id: string) => one<QuestionRow>("SELECT id, time_limit_ms, memory_limit_mb, checker, grading_changed_at FROM questions WHERE id = ?", id);
const resetChanged = (id: string) => env.DB.prepare("UPDATE questions SET grading_changed_at = NULL WHERE id = ?").bind(id).run();

const cases = () =>
  JSON.stringify(Array.from({ length: 5 }, (_, i) => ({ input: `${i}\n`, expectedOutput: `${i}\n`, points: 10, isHidden: i > 0 })));

function codingForm(over: Record<string, string> = {}) {
  return { intent: "add-coding", title: unique("Graded"), description: "Echo the number.", category: "General", language: "python", difficulty: "easy", testCases: cases(), ...over };
}

/** The form's fields of an edit, as the dialog posts them. */
function editForm(id: string, title: string, over: Record<string, string> = {}) {
  return { intent: "update-question", id, title, description: "Echo the number.", category: "General", language: "python", difficulty: "easy", ...over };
}

beforeAll(async () => {
  await signUpAdmin();
});

describe("the coding question form's grading", () => {
  it("stores the time limit in ms, the memory limit and the checker; creation leaves grading_changed_at null", async () => {
    const form = codingForm({ timeLimit: "1.5", memoryLimit: "128", checkerType: "tolerance", toleranceAbsolute: "1e-6", toleranceRelative: "", toleranceCaseSensitive: "on" });
    const res = await postForm(HUB, form, admin);
    expect(res.status, await res.clone().text()).toBe(200);
    const q = await questionTitled(form.title);
    expect(q).toMatchObject({ time_limit_ms: 1500, memory_limit_mb: 128, grading_changed_at: null });
    expect(JSON.parse(q.checker!)).toEqual({ type: "tolerance", absolute: 1e-6, relative: 0, caseSensitive: true, spaceSensitive: false });

    const plain = codingForm();
    await postForm(HUB, plain, admin);
    expect(await questionTitled(plain.title)).toMatchObject({ time_limit_ms: null, memory_limit_mb: null, checker: null, grading_changed_at: null });
  });

  it.each([
    [{ timeLimit: "12" }, GRADING_MESSAGES.timeLimit],
    [{ memoryLimit: "4096" }, GRADING_MESSAGES.memoryLimit],
    [{ checkerType: "custom", checkerSource: "" }, GRADING_MESSAGES.noSource],
    [{ checkerType: "tolerance", toleranceAbsolute: "lots" }, GRADING_MESSAGES.absolute],
  ])("answers 400 with the field's message for %o and stores nothing", async (over, message) => {
    const form = codingForm(over);
    const res = await postForm(HUB, form, admin);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await rows("SELECT id FROM questions WHERE title = ?", form.title)).toEqual([]);
  });

  it("sets grading_changed_at when an edit changes the limits or the checker, not when it changes only the text", async () => {
    const form = codingForm({ timeLimit: "2" });
    await postForm(HUB, form, admin);
    const { id } = await questionTitled(form.title);

    // Same grading, new description: not a grading change.
    let res = await postForm(CODING, editForm(id, form.title, { timeLimit: "2", description: "Echo it back." }), admin);
    expect(res.status).toBe(200);
    expect((await questionById(id)).grading_changed_at).toBeNull();

    const before = Date.now();
    res = await postForm(CODING, editForm(id, form.title, { timeLimit: "2", memoryLimit: "64" }), admin);
    expect(res.status).toBe(200);
    const changed = await questionById(id);
    expect(changed).toMatchObject({ time_limit_ms: 2000, memory_limit_mb: 64 });
    expect(changed.grading_changed_at).toBeGreaterThanOrEqual(before - 1000);

    await resetChanged(id);
    await postForm(CODING, editForm(id, form.title, { timeLimit: "2", memoryLimit: "64", checkerType: "custom", checkerSource: CHECKER_SOURCE }), admin);
    const custom = await questionById(id);
    expect(JSON.parse(custom.checker!)).toEqual({ type: "custom", source: CHECKER_SOURCE });
    expect(custom.grading_changed_at).not.toBeNull();

    // Back to the defaults (empty fields).
    await resetChanged(id);
    await postForm(CODING, editForm(id, form.title), admin);
    expect(await questionById(id)).toMatchObject({ time_limit_ms: null, memory_limit_mb: null, checker: null });
    expect((await questionById(id)).grading_changed_at).not.toBeNull();
  });

  it("sets grading_changed_at when a test case is added, edited (input, output, points, hidden) or deleted; not for an edit that changes nothing", async () => {
    const form = codingForm();
    await postForm(HUB, form, admin);
    const { id } = await questionTitled(form.title);
    const caseRows = () => rows<{ id: string; input: string; expected_output: string; points: number; is_hidden: number }>("SELECT * FROM test_cases WHERE question_id = ? ORDER BY position", id);
    const first = (await caseRows())[0]!;
    const edit = (over: Record<string, string>) =>
      postForm(CODING, { intent: "update-test-case", id: first.id, input: first.input, expectedOutput: first.expected_output, points: String(first.points), isHidden: first.is_hidden ? "true" : "false", ...over }, admin);

    expect((await edit({})).status).toBe(200);
    expect((await questionById(id)).grading_changed_at).toBeNull();

    for (const over of [{ input: "7\n" }, { expectedOutput: "8\n" }, { points: "25" }, { isHidden: "true" }] as Record<string, string>[]) {
      await resetChanged(id);
      expect((await edit(over)).status).toBe(200);
      expect((await questionById(id)).grading_changed_at, JSON.stringify(over)).not.toBeNull();
    }

    await resetChanged(id);
    expect((await postForm(CODING, { intent: "delete-test-case", id: first.id }, admin)).status).toBe(200);
    expect((await questionById(id)).grading_changed_at).not.toBeNull();

    await resetChanged(id);
    expect((await postForm(CODING, { intent: "add-test-case", questionId: id, input: "9\n", expectedOutput: "9\n", points: "10", isHidden: "true" }, admin)).status).toBe(200);
    expect((await questionById(id)).grading_changed_at).not.toBeNull();

    // A refused add (a 6th case) changes nothing.
    await resetChanged(id);
    expect((await postForm(CODING, { intent: "add-test-case", questionId: id, input: "10\n", expectedOutput: "10\n", points: "10", isHidden: "true" }, admin)).status).toBe(400);
    expect((await questionById(id)).grading_changed_at).toBeNull();
  });
});

/** Records the body of every judge request the Worker sends, and lets it through to the real runner. */
function spyOnJudge() {
  const bodies: Record<string, unknown>[] = [];
  const real = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (new URL(request.url).pathname === "/v1/judge") bodies.push(JSON.parse(await request.clone().text()));
    return real(request);
  });
  return { bodies, restore: () => spy.mockRestore() };
}

describe("a question's grading on the student's side", () => {
  const category = `QG-${crypto.randomUUID().slice(0, 8)}`;
  const grading = { time_limit_ms: 1500, memory_limit_mb: 128, checker: JSON.stringify({ type: "custom", source: CHECKER_SOURCE }) };

  beforeAll(async () => {
    await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (?, ?)").bind(`cat-${category}`, category).run();
    const statements = [];
    for (const q of [0, 1]) {
      const qid = `${category}-q${q}`;
      statements.push(
        env.DB.prepare(
          "INSERT INTO questions (id, title, description, language, category, type, time_limit_ms, memory_limit_mb, checker) VALUES (?, ?, 'Echo the line.', 'python', ?, 'coding', ?, ?, ?)",
        ).bind(qid, `Graded echo ${q}`, category, grading.time_limit_ms, q === 0 ? grading.memory_limit_mb : null, grading.checker),
      );
      for (let i = 0; i < 5; i++)
        statements.push(
          env.DB.prepare("INSERT INTO test_cases (id, question_id, input, expected_output, points, is_hidden, position) VALUES (?, ?, ?, ?, 10, ?, ?)").bind(
            `${qid}-tc${i}`,
            qid,
            `line-${i}\n`,
            `line-${i}\n`,
            i > 0 ? 1 : 0,
            i,
          ),
        );
    }
    await env.DB.batch(statements);
  });

  let spy: ReturnType<typeof spyOnJudge> | null = null;
  afterEach(() => {
    spy?.restore();
    spy = null;
  });

  it("the coding test shows the limits under the description, never the checker, and Run / Submit Code send the grading", async () => {
    const room = await makeRoom(category, "coding");
    const s = await takingStudent(room);
    await start(room);
    await launch(s.cookie, room);
    // The page renders in the browser (its client loader): the limits come in the loader's data.
    const data = await (await call(`/test/${room.id}/coding.data`, { cookie: s.cookie })).text();
    expect(data).toContain("timeLimitMs");
    expect(data).toContain("1500");
    for (const path of [`/test/${room.id}/coding`, `/test/${room.id}/coding.data`]) {
      const text = await (await call(path, { cookie: s.cookie })).text();
      expect(text, path).not.toContain(CHECKER_SECRET);
      expect(text, path).not.toContain("checker");
    }

    spy = spyOnJudge();
    const code = "print(input())";
    let res = await postForm(`/test/${room.id}/coding`, { intent: "run", questionId: `${category}-q0`, code }, s.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(CHECKER_SECRET);
    res = await postForm(`/test/${room.id}/coding`, { intent: "submit", questionId: `${category}-q1`, code }, s.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(CHECKER_SECRET);
    expect(spy.bodies).toHaveLength(2);
    expect(spy.bodies[0]).toMatchObject({ limits: { timeMs: 1500, memoryMb: 128 }, checker: { type: "custom", source: CHECKER_SOURCE } });
    expect(spy.bodies[1]).toMatchObject({ limits: { timeMs: 1500 }, checker: { type: "custom", source: CHECKER_SOURCE } });
    expect((spy.bodies[1] as { limits: object }).limits).not.toHaveProperty("memoryMb");

    // The student's submission view and history carry no checker either.
    const testId = (await testOf(room, s.email)).id;
    const view = await submissionView(db(), env, testId, "student");
    expect(JSON.stringify(view)).not.toContain(CHECKER_SECRET);
    for (const path of [`/student/submission/${testId}`, `/student/submission/${testId}.data`, "/student/history", "/student/history.data"]) {
      const text = await (await call(path, { cookie: s.cookie })).text();
      expect(text, path).not.toContain(CHECKER_SECRET);
    }
  });

  it("practice lists the limits and never the checker", async () => {
    const listed = await practiceQuestions(db(), { category } as Parameters<typeof practiceQuestions>[1]);
    expect(listed.map((q) => q.limits)).toEqual([
      { timeLimitMs: 1500, memoryLimitMb: 128 },
      { timeLimitMs: 1500, memoryLimitMb: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(CHECKER_SECRET);
    expect(listed[0]).not.toHaveProperty("checker");
  });

  it("a Submit Code queued offline is judged with the grading when the journal syncs", async () => {
    const room = await makeRoom(category, "coding");
    const s = await takingStudent(room);
    await start(room);
    await launch(s.cookie, room);
    const testId = (await testOf(room, s.email)).id;
    spy = spyOnJudge();
    const res = await journal(s.cookie, testId, [{ seq: 0, kind: "submit-code", payload: { questionId: `${category}-q0`, code: "print(input())" } }]);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(text).not.toContain(CHECKER_SECRET);
    expect(spy.bodies).toHaveLength(1);
    expect(spy.bodies[0]).toMatchObject({ limits: { timeMs: 1500, memoryMb: 128 }, checker: { type: "custom", source: CHECKER_SOURCE } });
  });

  it("practice's Run Tests sends the grading and answers without the checker", async () => {
    const roomName = `Practice ${crypto.randomUUID()}`;
    expect((await postForm("/admin/practice-rooms", { intent: "create", roomName, category }, admin)).status).toBe(200);
    const practice = await one<{ id: string; otp: string }>("SELECT id, otp FROM practice_rooms WHERE room_name = ?", roomName);
    const s = await signUp({ role: "student", name: "Practising" });
    await postForm("/student?index", { intent: "join-practice", otp: practice.otp }, s.cookie);
    const pageData = await (await call(`/practice/${practice.id}/coding.data`, { cookie: s.cookie })).text();
    expect(pageData).toContain("timeLimitMs");
    expect(pageData).not.toContain(CHECKER_SECRET);
    spy = spyOnJudge();
    const res = await call(`/practice/${practice.id}/coding.data`, {
      method: "POST",
      body: new URLSearchParams({ questionId: `${category}-q1`, code: "print(input())" }),
      cookie: s.cookie,
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(text).not.toContain(CHECKER_SECRET);
    expect(spy.bodies).toHaveLength(1);
    expect(spy.bodies[0]).toMatchObject({ limits: { timeMs: 1500 }, checker: { type: "custom", source: CHECKER_SOURCE } });
  });

  it("the evaluate page's Run Code and the triage on arrival send the grading", async () => {
    const room = await makeRoom(category, "coding");
    const s = await takingStudent(room);
    await start(room);
    await launch(s.cookie, room);
    // Fails every case (a runtime error: this question's checker accepts any output, and a program that failed is never checked): the triage reruns them.
    const submitted = await postForm(`/test/${room.id}/coding`, { intent: "submit", questionId: `${category}-q0`, code: "raise SystemExit(1)" }, s.cookie);
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const testId = (await testOf(room, s.email)).id;
    spy = spyOnJudge();
    const res = await postForm(`/admin/evaluate/${testId}`, { intent: "run", questionId: `${category}-q0`, code: "print(input())" }, admin);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(spy.bodies).toHaveLength(1);
    expect(spy.bodies[0]).toMatchObject({ limits: { timeMs: 1500, memoryMb: 128 }, checker: { type: "custom" } });

    const requestId = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO evaluation_requests (id, student_test_id, reason) VALUES (?, ?, 'please')").bind(requestId, testId).run();
    await triageEvaluationRequest(db(), env, () => triageRunner(env), requestId);
    expect(spy.bodies.length).toBeGreaterThanOrEqual(2);
    for (const body of spy.bodies.slice(1)) expect(body).toMatchObject({ limits: { timeMs: 1500 }, checker: { type: "custom", source: CHECKER_SOURCE } });
  });
});

describe("verdict JE (a custom checker that failed)", () => {
  const result: JudgeResult = {
    compile: null,
    testResults: [
      { testCaseId: "open", passed: false, actualOutput: "42\n", error: "checker exited 3", verdict: "JE", timeMs: 1, memoryKb: 1, checkerError: "checker exited with code 3: assertion failed" },
      { testCaseId: "hidden", passed: false, actualOutput: "", error: null, verdict: "JE", timeMs: 1, memoryKb: 1, checkerError: "checker killed: SIGSEGV" },
      { testCaseId: "wa", passed: false, actualOutput: "1\n", error: null, verdict: "WA", timeMs: 1, memoryKb: 1 },
    ],
    passedCount: 0,
    totalTestCases: 3,
  } as JudgeResult;
  const stored = [
    { id: "open", input: "1", expectedOutput: "42", isHidden: false },
    { id: "hidden", input: "2", expectedOutput: "43", isHidden: true },
    { id: "wa", input: "3", expectedOutput: "2", isHidden: false },
  ];

  it("reaches a student as not passed, with no checker message; an admin gets the message", () => {
    const student = caseResults(result, stored, "student");
    expect(student[0]).toEqual({ id: "open", hidden: false, passed: false, verdict: "JE", input: "1", expectedOutput: "42", actualOutput: "42\n", error: null });
    expect(student[1]).toEqual({ id: "hidden", hidden: true, passed: false, verdict: "JE" });
    expect(JSON.stringify(student)).not.toContain("checker");
    const adminView = caseResults(result, stored, "admin");
    expect(adminView[0]!.checkerError).toBe("checker exited with code 3: assertion failed");
    expect(adminView[1]!.checkerError).toBe("checker killed: SIGSEGV");
    expect(adminView[2]).not.toHaveProperty("checkerError");
  });
});

describe("imports and exports keep the grading", () => {
  const IMPORT = "/admin/api/questions/import";
  const post = (body: unknown) => call(IMPORT, { method: "POST", cookie: admin, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  async function importQuestions(questions: unknown[]) {
    const begin = await post({ intent: "begin", fileName: "graded.zip" });
    const { importId } = (await begin.json()) as { importId: string };
    const staged = await post({ intent: "stage", importId, offset: 0, questions });
    expect(staged.status, await staged.clone().text()).toBe(200);
    const commit = await post({ intent: "commit", importId, count: questions.length });
    expect(commit.status, await commit.clone().text()).toBe(200);
  }

  it("a problem package with limits, float tolerance and a C++ output validator: imported with no warning, exported back the same", async () => {
    const title = unique("Circle");
    const u8 = (s: string) => new TextEncoder().encode(s);
    const zip = zipSync({
      "problem.yaml": u8(`name: ${title}\nlimits:\n  time_limit: 2.5\n  memory: 512\n`),
      "problem_statement/problem.en.md": u8("Print pi."),
      "output_validators/check/check.cpp": u8(CHECKER_SOURCE),
      "data/sample/1.in": u8(""),
      "data/sample/1.ans": u8("3.14159\n"),
    });
    const parsed = parseProblemPackage(zip, "circle.zip");
    expect(parsed.warnings).toEqual([]);
    const { question, problem } = toBankImport(parsed.questions[0]!, "cpp");
    expect(problem).toBeNull();
    await importQuestions([question]);
    const stored = await questionTitled(title);
    expect(stored).toMatchObject({ time_limit_ms: 2500, memory_limit_mb: 512, grading_changed_at: null });
    expect(JSON.parse(stored.checker!)).toEqual({ type: "custom", source: CHECKER_SOURCE });

    const exported = await call(`/admin/questions/export?format=package&id=${stored.id}`, { cookie: admin });
    expect(exported.status).toBe(200);
    const again = parseProblemPackage(new Uint8Array(await exported.arrayBuffer()), "circle.zip");
    expect(again.warnings).toEqual([]);
    expect((again.questions[0] as { grading?: unknown }).grading).toEqual({ timeLimitMs: 2500, memoryLimitMb: 512, checker: { type: "custom", source: CHECKER_SOURCE } });

    // Replacing it with a tolerance package: the replaced question's grading follows, and its change is recorded.
    const flags = zipSync({
      "problem.yaml": u8(`name: ${title}\nvalidator_flags: float_tolerance 1e-6\n`),
      "problem_statement/problem.en.md": u8("Print pi."),
      "data/sample/1.in": u8(""),
      "data/sample/1.ans": u8("3.14159\n"),
    });
    const replacement = toBankImport(parseProblemPackage(flags, "circle.zip").questions[0]!, "cpp").question;
    await importQuestions([{ ...replacement, category: "Imported", replaces: stored.id }]);
    const replaced = await questionById(stored.id);
    expect(replaced).toMatchObject({ time_limit_ms: null, memory_limit_mb: null });
    expect(JSON.parse(replaced.checker!)).toEqual({ type: "tolerance", absolute: 1e-6, relative: 1e-6, caseSensitive: false, spaceSensitive: false });
    expect(replaced.grading_changed_at).not.toBeNull();
  });

  it("Moodle XML round trip: cputimelimitsecs and memlimitmb", async () => {
    const form = codingForm({ category: unique("MoodleGrading"), timeLimit: "0.5", memoryLimit: "200" });
    await postForm(HUB, form, admin);
    const res = await call(`/admin/questions/export?format=moodle-xml&category=${encodeURIComponent(form.category)}`, { cookie: admin });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain("<cputimelimitsecs>0.5</cputimelimitsecs>");
    expect(xml).toContain("<memlimitmb>200</memlimitmb>");
    const parsed = parseMoodleXml(xml);
    expect(parsed.warnings).toEqual([]);
    expect((parsed.questions[0] as { grading?: unknown }).grading).toEqual({ timeLimitMs: 500, memoryLimitMb: 200, checker: null });
  });
});

describe("the admin's list", () => {
  it("shows a question's limits and output check; a student gets no question bank at all", async () => {
    const form = codingForm({ title: unique("Listed"), timeLimit: "3", checkerType: "whitespace" });
    await postForm(HUB, form, admin);
    const html = await (await call(`${CODING}?q=${encodeURIComponent(form.title)}`, { cookie: admin })).text();
    expect(html).toContain("Time limit 3 s");
    expect(html).toContain("Output check: Ignore whitespace");
    const student = (await signUp({ role: "student" })).cookie;
    expect((await call(`${CODING}.data`, { cookie: student })).status).not.toBe(200);
  });
});
