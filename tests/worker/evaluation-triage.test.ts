// Triage on arrival (issue 12, section 4): a student's evaluation request
// reruns the failed cases on the real runner (started by global-setup.ts) in
// the background and stores "would pass if …" and the suggested score on the
// request, for admins only. Real Worker, real D1, real runner: the request is
// filed through the history page's action and the triage is awaited in D1.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/lib/d1/db.server";
import { createEvaluationRequest } from "~/lib/evaluation/requests.server";
import { triageEvaluationRequest } from "~/lib/evaluation/triage.server";
import { createRunnerClient } from "~/lib/runner/client.server";
import { call, postForm, signUp } from "./helpers";
import { one, rows } from "./rooms-fixture";

const HISTORY = "/student/history";
const EVALUATION = "/admin/evaluation";
const EVALUATE = (testId: string) => `/admin/evaluate/${testId}`;
/** The open case's input and expected output; upper-cased it exists only in the triage's stored output. */
const OPEN = "triage-open-case-7731";
const RERUN_MARK = OPEN.toUpperCase();
const HIDDEN = "TRIAGE-HIDDEN-4420";
const TIMEOUT = 60_000;

type Account = { cookie: string; id: string };
let admin: Account;
let student: Account;
let other: Account;

async function account(role: "admin" | "student", name: string): Promise<Account> {
  const s = await signUp({ role, name });
  const { id } = await one<{ id: string }>("SELECT id FROM user WHERE email = ?", s.email);
  return { cookie: s.cookie, id };
}

/**
 * A Python test scored 90: Q0 (open case 10 points, hidden case 40) passed
 * only the hidden case with `code`; Q1 (20 + 30) passed both.
 */
async function nearPass(studentId: string, code: string) {
  const tag = crypto.randomUUID().slice(0, 8);
  const q = (i: number) => `triage-${tag}-q${i}`;
  const roomId = crypto.randomUUID();
  const testId = crypto.randomUUID();
  const sub = (i: number, code: string, passed: string[], total: number, marks: number) =>
    env.DB.prepare(
      "INSERT INTO submissions (id, student_test_id, question_id, question_title, code, language, test_cases_passed, test_cases_total, score, marks_obtained, passed_test_case_ids) VALUES (?, ?, ?, ?, ?, 'python', ?, 2, ?, ?, ?)",
    ).bind(crypto.randomUUID(), testId, q(i), `Echo ${i}`, code, passed.length, Math.round((passed.length / total) * 100), marks, JSON.stringify(passed));
  const testCase = (id: string, question: string, value: string, points: number, hidden: boolean, position: number) =>
    env.DB.prepare("INSERT INTO test_cases (id, question_id, input, expected_output, points, is_hidden, position) VALUES (?, ?, ?, ?, ?, ?, ?)").bind(
      id,
      question,
      `${value}\n`,
      `${value}\n`,
      points,
      hidden ? 1 : 0,
      position,
    );
  await env.DB.batch([
    env.DB.prepare("INSERT INTO test_rooms (id, room_name, created_by, question_type, language) VALUES (?, ?, ?, 'coding', 'python')").bind(roomId, `Triage ${tag}`, admin.id),
    env.DB.prepare("INSERT INTO student_tests (id, room_id, student_id, total_score, status) VALUES (?, ?, ?, 90, 'attempted')").bind(testId, roomId, studentId),
    env.DB.prepare("INSERT INTO questions (id, title, description, language, category, type) VALUES (?, 'Echo 0', 'Echo', 'python', 'Triage', 'coding')").bind(q(0)),
    env.DB.prepare("INSERT INTO questions (id, title, description, language, category, type) VALUES (?, 'Echo 1', 'Echo', 'python', 'Triage', 'coding')").bind(q(1)),
    testCase(`${q(0)}-open`, q(0), OPEN, 10, false, 0),
    testCase(`${q(0)}-hidden`, q(0), HIDDEN, 40, true, 1),
    testCase(`${q(1)}-open`, q(1), "plain", 20, false, 0),
    testCase(`${q(1)}-hidden`, q(1), `${HIDDEN}-1`, 30, true, 1),
    sub(0, code, [`${q(0)}-hidden`], 2, 40),
    sub(1, "print(input())", [`${q(1)}-open`, `${q(1)}-hidden`], 2, 50),
  ]);
  return { testId, q };
}

type StoredTriage = {
  status: "pending" | "done" | "failed";
  error?: string;
  suggestedScore?: number;
  suggestedCases?: number;
  leniencies?: string[];
  questions?: { questionId: string; cases: { caseId: string; wouldPassIf: string[]; actualOutput: string }[]; suggestedMarks: number }[];
};

const requestOf = (testId: string) => one<{ id: string; status: string; triage: string | null }>("SELECT id, status, triage FROM evaluation_requests WHERE student_test_id = ?", testId);

/** Files the request as the history page's fetcher does and waits for the background triage to be stored. */
async function fileAndTriage(testId: string): Promise<{ requestId: string; triage: StoredTriage; response: string }> {
  const res = await postForm(`${HISTORY}.data`, { intent: "request-evaluation", testId, reason: "Only formatting" }, student.cookie);
  const response = await res.text();
  expect(res.status, response).toBe(200);
  const deadline = Date.now() + 45_000;
  for (;;) {
    const row = await requestOf(testId);
    const triage = JSON.parse(row.triage ?? "null") as StoredTriage;
    if (triage.status !== "pending") return { requestId: row.id, triage, response };
    if (Date.now() > deadline) throw new Error("the triage did not finish");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const page = async (path: string, cookie: string) => (await call(path, { cookie })).text();

beforeAll(async () => {
  admin = await account("admin", "Triage Admin");
  student = await account("student", "Tess Triage");
  other = await account("student", "Otto Other");
});

describe("triage on arrival", () => {
  it("a failed case that differs only in letter case gets that leniency and the score it would give", { timeout: TIMEOUT }, async () => {
    const { testId, q } = await nearPass(student.id, "print(input().upper())");
    const { triage } = await fileAndTriage(testId);
    expect(triage).toMatchObject({ status: "done", suggestedScore: 100, suggestedCases: 1, leniencies: ["whitespace", "case"] });
    expect(triage.questions).toEqual([
      { questionId: q(0), cases: [{ caseId: `${q(0)}-open`, wouldPassIf: ["whitespace", "case"], actualOutput: `${RERUN_MARK}\n` }], suggestedMarks: 50 },
    ]);
    // The request itself is untouched.
    expect(await requestOf(testId)).toMatchObject({ status: "pending" });
    expect(await one("SELECT total_score FROM student_tests WHERE id = ?", testId)).toEqual({ total_score: 90 });

    // The admin's list shows the suggested score beside the score.
    const list = await page(`${EVALUATION}?q=${encodeURIComponent("Tess Triage")}`, admin.cookie);
    const row = list.split('data-testid="evaluation-row"').find((r) => r.includes(EVALUATE(testId)))!;
    expect(row).toContain("90/100");
    expect(row).toContain("→ 100 if trailing whitespace and letter case are ignored");

    // The evaluate page: the case's hint, the rerun's output, the score and the one button.
    const html = await page(EVALUATE(testId), admin.cookie);
    expect(html).toContain("Triage on arrival");
    expect(html).toContain("Triage on arrival: Would pass if trailing whitespace and newlines were ignored and letter case were ignored");
    expect(html).toMatch(/data-testid="arrival-score">100</);
    expect(html).toContain("Apply suggestion");
    expect(html).toContain(RERUN_MARK);
  });

  it("a failed case that differs only by trailing whitespace passes on the runner's comparison and is named", { timeout: TIMEOUT }, async () => {
    const { testId, q } = await nearPass(student.id, 'print(input() + "   ")');
    const { triage } = await fileAndTriage(testId);
    expect(triage).toMatchObject({ status: "done", suggestedScore: 100, suggestedCases: 1, leniencies: ["whitespace"] });
    expect(triage.questions![0]!.cases).toEqual([{ caseId: `${q(0)}-open`, wouldPassIf: ["whitespace"], actualOutput: `${OPEN}   \n` }]);
    const list = await page(`${EVALUATION}?q=${encodeURIComponent("Tess Triage")}`, admin.cookie);
    expect(list.split('data-testid="evaluation-row"').find((r) => r.includes(EVALUATE(testId)))).toContain("→ 100 if trailing whitespace is ignored");
  });

  it("a genuinely wrong case gets no suggestion", { timeout: TIMEOUT }, async () => {
    const { testId } = await nearPass(student.id, 'print("something else")');
    const { triage } = await fileAndTriage(testId);
    expect(triage).toMatchObject({ status: "done", suggestedScore: 90, suggestedCases: 0, leniencies: [], questions: [] });
    const list = await page(`${EVALUATION}?q=${encodeURIComponent("Tess Triage")}`, admin.cookie);
    const row = list.split('data-testid="evaluation-row"').find((r) => r.includes(EVALUATE(testId)))!;
    expect(row).not.toContain("→");
    expect(row).not.toContain("triage-suggestion");
    const html = await page(EVALUATE(testId), admin.cookie);
    expect(html).toContain("Triage on arrival: no failed case would pass under a lenient comparison.");
    expect(html).not.toContain("Apply suggestion");
  });

  it("a test without submissions is triaged at once, with nothing to rerun", { timeout: TIMEOUT }, async () => {
    const testId = crypto.randomUUID();
    const roomId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO test_rooms (id, room_name, created_by, question_type, language) VALUES (?, 'Triage empty', ?, 'coding', 'python')").bind(roomId, admin.id),
      env.DB.prepare("INSERT INTO student_tests (id, room_id, student_id, total_score, status) VALUES (?, ?, ?, 95, 'attempted')").bind(testId, roomId, student.id),
    ]);
    const { triage } = await fileAndTriage(testId);
    expect(triage).toMatchObject({ status: "done", suggestedCases: 0, questions: [] });
  });

  it("the student never reads the triage: not in the action's reply, the history or the submission view", { timeout: TIMEOUT }, async () => {
    const { testId } = await nearPass(student.id, "print(input().upper())");
    const { triage, response } = await fileAndTriage(testId);
    expect(triage.suggestedCases).toBe(1);
    for (const text of [RERUN_MARK, "Would pass", "wouldPassIf", "suggest", HIDDEN]) expect(response).not.toContain(text);
    for (const path of [HISTORY, `${HISTORY}.data`, `/student/submission/${testId}`, `/student/submission/${testId}.data`]) {
      const body = await page(path, student.cookie);
      for (const text of [RERUN_MARK, "Would pass", "wouldPassIf", "suggestedScore", HIDDEN]) expect(body, `${path}: ${text}`).not.toContain(text);
    }
    // The admin pages send students (and another student) away with nothing of it.
    for (const cookie of [student.cookie, other.cookie]) {
      for (const path of [EVALUATE(testId), `${EVALUATE(testId)}.data`, EVALUATION, `${EVALUATION}.data`]) {
        const res = await call(path, { cookie });
        expect(res.headers.get("Location"), path).toBe("/auth");
        const body = await res.text();
        for (const text of [RERUN_MARK, "wouldPassIf", "suggestedScore"]) expect(body, `${path}: ${text}`).not.toContain(text);
      }
    }
  });

  it("an unreachable runner leaves the request created, with the triage failed", { timeout: TIMEOUT }, async () => {
    const { testId } = await nearPass(student.id, "print(input().upper())");
    // The action's own code path, with a runner nobody listens on.
    const db = createDb(env.DB);
    const { id } = await createEvaluationRequest(db, { studentId: student.id, testId, reason: "Runner down" });
    expect(JSON.parse((await requestOf(testId)).triage!)).toMatchObject({ status: "pending" });
    const pending = await page(EVALUATE(testId), admin.cookie);
    expect(pending).toContain("Triage running…");
    const unreachable = () => createRunnerClient({ RUNNER_URL: "http://127.0.0.1:9", RUNNER_TOKEN: "unused-token" }, { timeoutMs: 5_000 });
    const triage = await triageEvaluationRequest(db, env, unreachable, id);
    expect(triage.status).toBe("failed");
    const stored = await requestOf(testId);
    expect(stored.status).toBe("pending");
    const parsed = JSON.parse(stored.triage!) as StoredTriage;
    expect(parsed.status).toBe("failed");
    expect(parsed.error).toMatch(/^The code runner (is unreachable|took too long)/);
    // The request is listed and can still be decided; the pages say the triage failed.
    const list = await page(`${EVALUATION}?q=${encodeURIComponent("Runner down")}`, admin.cookie);
    expect(list).toContain(EVALUATE(testId));
    expect(list).toContain("Triage failed");
    expect(await page(EVALUATE(testId), admin.cookie)).toContain(`Triage failed: ${parsed.error}`);
    expect(await rows("SELECT id FROM evaluation_requests WHERE student_test_id = ?", testId)).toEqual([{ id }]);
  });
});
