// Manual evaluation requests (spec 2 sections 4, 5 and 8): the student's
// Request Evaluation on /student/history and the admin's /admin/evaluation,
// against the real Worker and real D1. Other files share the database, so
// every assertion is about rows this file made.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { actionAnswer, call, postForm, signUp } from "./helpers";
import { one, rows } from "./rooms-fixture";

const HISTORY = "/student/history";
const EVALUATION = "/admin/evaluation";
const M = {
  reason: "Please provide a reason for manual evaluation",
  duplicate: "You have already requested evaluation for this test",
  submitted: "Manual evaluation request submitted",
  submitFailed: "Failed to submit evaluation request",
  scoreRequired: "Please enter a score",
  scoreRange: "Please enter a valid score between 0 and 100",
  approved: "Manual evaluation completed",
  rejected: "Request rejected",
};

type Account = { cookie: string; id: string; email: string };
let admin: Account;
let alice: Account;
let bob: Account;
let adminId = "";

async function account(role: "admin" | "student", name: string): Promise<Account> {
  const s = await signUp({ role, name });
  const { id } = await one<{ id: string }>("SELECT id FROM user WHERE email = ?", s.email);
  return { cookie: s.cookie, id, email: s.email };
}

type TestInput = { score: number; status?: string; disqualified?: boolean; type?: "coding" | "mcq"; room?: string };

/** A room of its own (student tests are unique per room and student) and the student's test in it. */
async function addTest(studentId: string, t: TestInput) {
  const roomId = crypto.randomUUID();
  const testId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO test_rooms (id, room_name, created_by, question_type) VALUES (?, ?, ?, ?)").bind(
      roomId,
      t.room ?? `Eval room ${roomId.slice(0, 6)}`,
      adminId,
      t.type ?? "coding",
    ),
    env.DB.prepare("INSERT INTO student_tests (id, room_id, student_id, total_score, status, is_disqualified) VALUES (?, ?, ?, ?, ?, ?)").bind(
      testId,
      roomId,
      studentId,
      t.score,
      t.status ?? "attempted",
      t.disqualified ? 1 : 0,
    ),
  ]);
  return testId;
}

/** As the history page's fetcher posts it (the `.data` endpoint answers the action's own status). */
const request = (cookie: string, fields: Record<string, string>) => postForm(`${HISTORY}.data`, { intent: "request-evaluation", ...fields }, cookie);
const decide = (cookie: string, fields: Record<string, string>) => postForm(`${EVALUATION}.data`, fields, cookie);

const requestsOf = (testId: string) => rows<{ id: string; status: string; reason: string }>("SELECT id, status, reason FROM evaluation_requests WHERE student_test_id = ?", testId);
const testRow = (testId: string) =>
  one<{ total_score: number; status: string; admin_override_status: string | null; is_disqualified: number }>(
    "SELECT total_score, status, admin_override_status, is_disqualified FROM student_tests WHERE id = ?",
    testId,
  );

async function filed(studentCookie: string, testId: string, reason = "One character off") {
  const res = await request(studentCookie, { testId, reason });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await requestsOf(testId))[0]!.id;
}

beforeAll(async () => {
  admin = await account("admin", "Eval Admin");
  adminId = admin.id;
  alice = await account("student", "Alice Eval");
  bob = await account("student", "Bob Eval");
});

describe("Request Evaluation (student)", () => {
  it("is accepted only for near-pass coding tests, as the spec lists", async () => {
    const cases: [TestInput, boolean][] = [
      [{ score: 90, status: "attempted" }, true],
      [{ score: 95, status: "completed" }, true],
      [{ score: 99, status: "attempted" }, true],
      [{ score: 89, status: "attempted" }, false],
      [{ score: 100, status: "completed" }, false],
      [{ score: 95, status: "attempted", disqualified: true }, false],
      [{ score: 95, status: "disqualified" }, false],
      [{ score: 95, status: "in_progress" }, false],
      [{ score: 95, status: "completed", type: "mcq" }, false],
    ];
    for (const [input, eligible] of cases) {
      const testId = await addTest(alice.id, input);
      const res = await request(alice.cookie, { testId, reason: "Please look again" });
      const body = await res.text();
      if (eligible) {
        expect(res.status, JSON.stringify(input)).toBe(200);
        expect(body).toContain(M.submitted);
        expect(await requestsOf(testId)).toEqual([expect.objectContaining({ status: "pending", reason: "Please look again" })]);
      } else {
        expect(res.status, JSON.stringify(input)).toBe(400);
        expect(await requestsOf(testId)).toEqual([]);
      }
    }
  });

  it("needs a reason that is not blank, trims it and bounds its length", async () => {
    const testId = await addTest(alice.id, { score: 92 });
    for (const fields of [{ testId }, { testId, reason: "" }, { testId, reason: "   \n  " }] as Record<string, string>[]) {
      const res = await request(alice.cookie, fields);
      expect(res.status).toBe(400);
      // Under the reason field, as the dialog's own check shows it.
      expect(await actionAnswer(res)).toEqual({ ok: false, error: M.reason, field: "reason" });
    }
    const long = await request(alice.cookie, { testId, reason: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(await actionAnswer(long)).toEqual({ ok: false, error: "Reason must be at most 1000 characters", field: "reason" });
    expect(await requestsOf(testId)).toEqual([]);
    await filed(alice.cookie, testId, "  Off by one newline  ");
    expect((await requestsOf(testId))[0]!.reason).toBe("Off by one newline");
  });

  it("allows one request per test", async () => {
    const testId = await addTest(alice.id, { score: 94 });
    await filed(alice.cookie, testId);
    const again = await request(alice.cookie, { testId, reason: "Again" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(M.duplicate);
    expect(await requestsOf(testId)).toHaveLength(1);
  });

  it("refuses another student's test exactly like a missing one", async () => {
    const bobsTest = await addTest(bob.id, { score: 95 });
    for (const testId of [bobsTest, "no-such-test"]) {
      const res = await request(alice.cookie, { testId, reason: "Mine now" });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain(M.submitFailed);
    }
    expect(await requestsOf(bobsTest)).toEqual([]);
  });

  it("refuses anonymous visitors (401) and admins (403), and a malformed form or intent (400)", async () => {
    const testId = await addTest(alice.id, { score: 95 });
    expect((await request("", { testId, reason: "x" })).status).toBe(401);
    expect((await request(admin.cookie, { testId, reason: "x" })).status).toBe(403);
    expect((await postForm(`${HISTORY}.data`, { intent: "other", testId, reason: "x" }, alice.cookie)).status).toBe(400);
    expect((await request(alice.cookie, { reason: "x" })).status).toBe(400);
    expect((await request(alice.cookie, { testId: "t".repeat(500), reason: "x" })).status).toBe(400);
    expect(await requestsOf(testId)).toEqual([]);
  });

  it("shows Request Evaluation, '90+ for review' or the request's status in the history row", async () => {
    const student = await account("student", "Carol Eval");
    const near = await addTest(student.id, { score: 93, room: "Near room" });
    await addTest(student.id, { score: 70, room: "Low room" });
    await addTest(student.id, { score: 100, status: "completed", room: "Full room" });
    await addTest(student.id, { score: 95, status: "completed", type: "mcq", room: "Mcq room" });
    let html = await (await call(HISTORY, { cookie: student.cookie })).text();
    expect(html.split("Request Evaluation").length - 1).toBe(1);
    expect(html.split("90+ for review").length - 1).toBe(1);
    await filed(student.cookie, near);
    html = await (await call(HISTORY, { cookie: student.cookie })).text();
    expect(html).not.toContain("Request Evaluation");
    expect(html).toContain("Review pending");
  });
});

describe("/admin/evaluation", () => {
  it("sends anonymous visitors and students to /auth, with nothing of the requests", async () => {
    const testId = await addTest(bob.id, { score: 96, room: "Guarded room" });
    await filed(bob.cookie, testId, "SECRET-REASON-4471");
    const anonymous = await call(EVALUATION);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(EVALUATION)}`);
    for (const cookie of [alice.cookie, bob.cookie]) {
      for (const path of [EVALUATION, `${EVALUATION}.data`]) {
        const res = await call(path, { cookie });
        expect(res.headers.get("Location"), path).toBe("/auth");
        expect(await res.text()).not.toContain("SECRET-REASON-4471");
      }
    }
    // Nor on Alice's own history.
    expect(await (await call(HISTORY, { cookie: alice.cookie })).text()).not.toContain("Guarded room");
  });

  it("lists requests with student, room, score, reason and status, and searches them safely", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const testId = await addTest(alice.id, { score: 91, room: `Search room ${tag}` });
    await filed(alice.cookie, testId, `Reason ${tag} with 100% and under_score`);
    const page = await call(EVALUATION, { cookie: admin.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Alice Eval", alice.email, `Search room ${tag}`, "91/100", `Reason ${tag}`, "pending", `/admin/evaluate/${testId}`]) expect(html).toContain(text);

    const search = async (q: string) => {
      const res = await call(`${EVALUATION}?q=${encodeURIComponent(q)}`, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      return (await res.text()).split('data-testid="evaluation-row"').length - 1;
    };
    expect(await search(tag.toUpperCase())).toBe(1);
    expect(await search(`search room ${tag}`)).toBe(1);
    // LIKE's wildcards are plain text here.
    expect(await search(`${tag} with 100% and under_score`)).toBe(1);
    expect(await search(`${tag}%`)).toBe(0);
    // Longer than D1's 50-byte LIKE pattern cap: still answers.
    expect(await search(`${tag}-${"y".repeat(80)}`)).toBe(0);
  });

  it("approves with a score: manually evaluated, the score, attempted below 100; only once", async () => {
    const testId = await addTest(alice.id, { score: 92 });
    const requestId = await filed(alice.cookie, testId);
    const res = await decide(admin.cookie, { intent: "approve", requestId, score: "97" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(M.approved);
    expect(await testRow(testId)).toEqual({ total_score: 97, status: "attempted", admin_override_status: "manually_evaluated", is_disqualified: 0 });
    expect((await requestsOf(testId))[0]!.status).toBe("approved");
    // Not pending any more: neither approve nor reject changes anything.
    expect((await decide(admin.cookie, { intent: "approve", requestId, score: "100" })).status).toBe(409);
    expect((await decide(admin.cookie, { intent: "reject", requestId })).status).toBe(409);
    expect((await testRow(testId)).total_score).toBe(97);
    expect((await requestsOf(testId))[0]!.status).toBe("approved");
    // The student's history shows the new score and the request's status.
    const html = await (await call(HISTORY, { cookie: alice.cookie })).text();
    expect(html).toContain("97/100");
    expect(html).toContain("Review approved");
  });

  it("approves with 100 as completed", async () => {
    const testId = await addTest(alice.id, { score: 90, status: "completed" });
    const requestId = await filed(alice.cookie, testId);
    expect((await decide(admin.cookie, { intent: "approve", requestId, score: "100" })).status).toBe(200);
    expect(await testRow(testId)).toMatchObject({ total_score: 100, status: "completed", admin_override_status: "manually_evaluated" });
  });

  it("validates the score with the spec's messages", async () => {
    const testId = await addTest(alice.id, { score: 93 });
    const requestId = await filed(alice.cookie, testId);
    const cases: [Record<string, string>, string][] = [
      [{}, M.scoreRequired],
      [{ score: "" }, M.scoreRequired],
      [{ score: "  " }, M.scoreRequired],
      [{ score: "abc" }, M.scoreRange],
      [{ score: "101" }, M.scoreRange],
      [{ score: "-1" }, M.scoreRange],
      [{ score: "9.5" }, M.scoreRange],
      [{ score: "1e2" }, M.scoreRange],
    ];
    for (const [fields, message] of cases) {
      const res = await decide(admin.cookie, { intent: "approve", requestId, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(await actionAnswer(res), JSON.stringify(fields)).toEqual({ ok: false, error: message, field: "score" });
    }
    expect(await testRow(testId)).toMatchObject({ total_score: 93, admin_override_status: null });
    expect((await requestsOf(testId))[0]!.status).toBe("pending");
  });

  it("rejects: only the request changes", async () => {
    const testId = await addTest(alice.id, { score: 95 });
    const requestId = await filed(alice.cookie, testId);
    const before = await testRow(testId);
    const res = await decide(admin.cookie, { intent: "reject", requestId });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(M.rejected);
    expect((await requestsOf(testId))[0]!.status).toBe("rejected");
    expect(await testRow(testId)).toEqual(before);
    expect((await decide(admin.cookie, { intent: "approve", requestId, score: "50" })).status).toBe(409);
    expect(await testRow(testId)).toEqual(before);
  });

  it("refuses approve and reject to anonymous (401) and students (403); unknown ids and intents are 4xx", async () => {
    const testId = await addTest(alice.id, { score: 95 });
    const requestId = await filed(alice.cookie, testId);
    for (const fields of [{ intent: "approve", requestId, score: "100" }, { intent: "reject", requestId }] as Record<string, string>[]) {
      expect((await decide("", fields)).status).toBe(401);
      expect((await decide(alice.cookie, fields)).status).toBe(403);
      expect((await decide(bob.cookie, fields)).status).toBe(403);
    }
    expect((await requestsOf(testId))[0]!.status).toBe("pending");
    expect((await testRow(testId)).total_score).toBe(95);
    expect((await decide(admin.cookie, { intent: "approve", requestId: "nope", score: "10" })).status).toBe(409);
    expect((await decide(admin.cookie, { intent: "reject", requestId: "nope" })).status).toBe(409);
    expect((await decide(admin.cookie, { intent: "approve", score: "10" })).status).toBe(400);
    expect((await decide(admin.cookie, { intent: "delete", requestId })).status).toBe(400);
  });
});

// ------------------------------------------------------------------ the evaluation page

const EVALUATE = (testId: string) => `/admin/evaluate/${testId}`;
const HIDDEN_MARK = "EVAL-HIDDEN-8812";
const M2 = {
  noCases: "No test cases found",
  saveFailed: "Failed to save evaluation",
  runFailed: "Failed to run code",
};

/**
 * A Python coding test of two echo questions, each with an open case (20
 * points) and a hidden one (30 points), plus a third question without cases;
 * the student submitted Q0 failing both cases and Q1 passing both.
 */
async function codingTest(studentId: string) {
  const tag = crypto.randomUUID().slice(0, 8);
  const q = (i: number) => `eval-${tag}-q${i}`;
  const roomId = crypto.randomUUID();
  const testId = crypto.randomUUID();
  const statements = [
    env.DB.prepare("INSERT INTO test_rooms (id, room_name, created_by, question_type, language) VALUES (?, ?, ?, 'coding', 'python')").bind(roomId, `Evaluate ${tag}`, adminId),
    env.DB.prepare("INSERT INTO student_tests (id, room_id, student_id, total_score, status) VALUES (?, ?, ?, 50, 'attempted')").bind(testId, roomId, studentId),
  ];
  for (const i of [0, 1, 2]) {
    statements.push(env.DB.prepare("INSERT INTO questions (id, title, description, language, category, type) VALUES (?, ?, 'Echo', 'python', 'Eval', 'coding')").bind(q(i), `Echo ${i}`));
  }
  for (const i of [0, 1]) {
    statements.push(
      env.DB.prepare("INSERT INTO test_cases (id, question_id, input, expected_output, points, is_hidden, position) VALUES (?, ?, ?, ?, 20, 0, 0)").bind(`${q(i)}-open`, q(i), `open ${i}\n`, `open ${i}\n`),
      env.DB.prepare("INSERT INTO test_cases (id, question_id, input, expected_output, points, is_hidden, position) VALUES (?, ?, ?, ?, 30, 1, 1)").bind(`${q(i)}-hidden`, q(i), `${HIDDEN_MARK}\n`, `${HIDDEN_MARK}\n`),
    );
  }
  statements.push(
    env.DB.prepare(
      "INSERT INTO submissions (id, student_test_id, question_id, question_title, code, language, test_cases_passed, test_cases_total, score, marks_obtained, passed_test_case_ids) VALUES (?, ?, ?, 'Echo 0', ?, 'python', 0, 2, 0, 0, '[]')",
    ).bind(crypto.randomUUID(), testId, q(0), "print(input().upper())"),
    env.DB.prepare(
      "INSERT INTO submissions (id, student_test_id, question_id, question_title, code, language, test_cases_passed, test_cases_total, score, marks_obtained, passed_test_case_ids) VALUES (?, ?, ?, 'Echo 1', ?, 'python', 2, 2, 100, 50, ?)",
    ).bind(crypto.randomUUID(), testId, q(1), "print(input())", JSON.stringify([`${q(1)}-open`, `${q(1)}-hidden`])),
    env.DB.prepare(
      "INSERT INTO submissions (id, student_test_id, question_id, question_title, code, language, test_cases_passed, test_cases_total, score, marks_obtained, passed_test_case_ids) VALUES (?, ?, ?, 'Echo 2', '', 'python', 0, 0, 0, 0, '[]')",
    ).bind(crypto.randomUUID(), testId, q(2)),
  );
  await env.DB.batch(statements);
  return { testId, q };
}

const evaluate = (testId: string, cookie: string, fields: Record<string, string>) => postForm(`${EVALUATE(testId)}.data`, fields, cookie);
const submissionsOf = (testId: string) =>
  rows<{ question_id: string; code: string; test_cases_passed: number; test_cases_total: number; marks_obtained: number; score: number; passed_test_case_ids: string }>(
    "SELECT question_id, code, test_cases_passed, test_cases_total, marks_obtained, score, passed_test_case_ids FROM submissions WHERE student_test_id = ? ORDER BY question_id",
    testId,
  );
const saveBody = (questions: { questionId: string; code: string; passed: string[] }[]) => ({ intent: "save", questions: JSON.stringify(questions) });

describe("/admin/evaluate/{testId}", () => {
  it("is admin-only: anonymous, the student and another student get nothing, and change nothing", async () => {
    const { testId, q } = await codingTest(alice.id);
    const anonymous = await call(EVALUATE(testId));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(EVALUATE(testId))}`);
    for (const cookie of [alice.cookie, bob.cookie]) {
      for (const path of [EVALUATE(testId), `${EVALUATE(testId)}.data`]) {
        const res = await call(path, { cookie });
        expect(res.headers.get("Location"), path).toBe("/auth");
        const body = await res.text();
        expect(body).not.toContain(HIDDEN_MARK);
        expect(body).not.toContain("input().upper()");
      }
    }
    const before = await submissionsOf(testId);
    const bodies: Record<string, string>[] = [{ intent: "accept" }, { intent: "reject" }, saveBody([{ questionId: q(0), code: "x", passed: [`${q(0)}-open`] }]), { intent: "run", questionId: q(0), code: "print(1)" }];
    for (const fields of bodies) {
      expect((await evaluate(testId, "", fields)).status).toBe(401);
      expect((await evaluate(testId, alice.cookie, fields)).status).toBe(403);
      expect((await evaluate(testId, bob.cookie, fields)).status).toBe(403);
    }
    expect(await submissionsOf(testId)).toEqual(before);
    expect(await testRow(testId)).toMatchObject({ total_score: 50, status: "attempted", admin_override_status: null });
    // The student's own submission view still hides the hidden case.
    const own = await (await call(`/student/submission/${testId}`, { cookie: alice.cookie })).text();
    expect(own).toContain("input().upper()");
    expect(own).not.toContain(HIDDEN_MARK);
  });

  it("shows the admin every case, hidden included, and the student's code; an unknown test is 404", async () => {
    const { testId } = await codingTest(alice.id);
    const res = await call(EVALUATE(testId), { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(HIDDEN_MARK);
    expect(html).toContain("print(input().upper())");
    expect(html.split('data-testid="evaluate-case"').length - 1).toBe(2);
    expect((await call(EVALUATE("no-such-test"), { cookie: admin.cookie })).status).toBe(404);
    expect((await evaluate("no-such-test", admin.cookie, { intent: "accept" })).status).toBe(404);
  });

  it("Run Code judges the edited code against every case, hidden included", async () => {
    const { testId, q } = await codingTest(alice.id);
    const fixed = await evaluate(testId, admin.cookie, { intent: "run", questionId: q(0), code: "print(input())" });
    expect(fixed.status).toBe(200);
    const body = await fixed.text();
    expect(body).toContain("All test cases passed!");
    expect(body).toContain(HIDDEN_MARK);
    const wrong = await evaluate(testId, admin.cookie, { intent: "run", questionId: q(0), code: "print(input().upper())" });
    // The open case now prints OPEN 0; the hidden one was upper case already.
    expect(await wrong.text()).toContain("1/2 test cases passed");
    // Running changes nothing stored.
    expect((await submissionsOf(testId))[0]!.test_cases_passed).toBe(0);

    const none = await evaluate(testId, admin.cookie, { intent: "run", questionId: q(2), code: "print(1)" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(M2.noCases);
    expect((await evaluate(testId, admin.cookie, { intent: "run", questionId: "not-in-test", code: "print(1)" })).status).toBe(404);
    expect((await evaluate(testId, admin.cookie, { intent: "run", questionId: q(0) })).status).toBe(400);
    expect((await evaluate(testId, admin.cookie, { intent: "run", questionId: q(0), code: "x".repeat(100_001) })).status).toBe(400);
  });

  it("Save recomputes each submission from the ticked cases and keeps the evaluator's code beside the student's", async () => {
    const { testId, q } = await codingTest(alice.id);
    // Q0: the hidden case only (30 of 50 points: 30 marks, 60%, though 1 of 2 cases); Q1: both; Q2 has no cases. An id of another question is ignored.
    const res = await evaluate(
      testId,
      admin.cookie,
      saveBody([
        { questionId: q(0), code: "print(input())", passed: [`${q(0)}-hidden`, `${q(1)}-open`] },
        { questionId: q(1), code: "print(input())", passed: [`${q(1)}-open`, `${q(1)}-hidden`] },
      ]),
    );
    expect(res.status).toBe(200);
    const subs = await submissionsOf(testId);
    expect(subs[0]).toMatchObject({ code: "print(input().upper())", test_cases_passed: 1, test_cases_total: 2, marks_obtained: 30, score: 60 });
    expect(JSON.parse(subs[0]!.passed_test_case_ids)).toEqual([`${q(0)}-hidden`]);
    expect(subs[1]).toMatchObject({ test_cases_passed: 2, marks_obtained: 50, score: 100 });
    expect(subs[2]).toMatchObject({ test_cases_passed: 0, test_cases_total: 0, marks_obtained: 0, score: 0 });
    expect(await testRow(testId)).toMatchObject({ total_score: 80, status: "attempted" });
    // Only the edited question gets an evaluator version; the original stays in the submission.
    expect(await rows("SELECT question_id, code FROM evaluator_versions WHERE student_test_id = ?", testId)).toEqual([{ question_id: q(0), code: "print(input())" }]);
    const page = await (await call(EVALUATE(testId), { cookie: admin.cookie })).text();
    expect(page).toContain("print(input().upper())");

    // Everything ticked: 100, completed.
    await evaluate(
      testId,
      admin.cookie,
      saveBody([
        { questionId: q(0), code: "print(input())", passed: [`${q(0)}-open`, `${q(0)}-hidden`] },
        { questionId: q(1), code: "print(input())", passed: [`${q(1)}-open`, `${q(1)}-hidden`] },
      ]),
    );
    expect(await testRow(testId)).toMatchObject({ total_score: 100, status: "completed" });
  });

  it("Save and Accept score by the cases' points as Submit Code does (codingMarks), not by their sum", async () => {
    const { testId, q } = await codingTest(alice.id);
    // Q0's cases now weigh 10 and 30: 40 points in all, the question still worth 50 marks.
    await env.DB.prepare("UPDATE test_cases SET points = 10 WHERE id = ?").bind(`${q(0)}-open`).run();
    const res = await evaluate(
      testId,
      admin.cookie,
      saveBody([
        { questionId: q(0), code: "print(input())", passed: [`${q(0)}-hidden`] },
        { questionId: q(1), code: "print(input())", passed: [`${q(1)}-open`, `${q(1)}-hidden`] },
      ]),
    );
    expect(res.status).toBe(200);
    const subs = await submissionsOf(testId);
    // 30 of 40 points: round(50 x 30 / 40) = 38 marks, 75% (the sum of points would give 30).
    expect(subs[0]).toMatchObject({ test_cases_passed: 1, test_cases_total: 2, marks_obtained: 38, score: 75 });
    expect(subs[1]).toMatchObject({ marks_obtained: 50, score: 100 });
    expect(await testRow(testId)).toMatchObject({ total_score: 88, status: "attempted" });
    // The evaluate page's "Score if saved" starts from what Save stored.
    const page = await (await call(EVALUATE(testId), { cookie: admin.cookie })).text();
    expect(page).toContain("Score if saved: 88");
    // Accept: every case passed is the question's 50 marks, whatever its points add up to.
    await postForm(EVALUATE(testId), { intent: "accept" }, admin.cookie);
    expect((await submissionsOf(testId)).slice(0, 2).map((s) => [s.marks_obtained, s.score])).toEqual([
      [50, 100],
      [50, 100],
    ]);
  });

  it("Save answers 400 with 'Failed to save evaluation' for a malformed body", async () => {
    const { testId, q } = await codingTest(alice.id);
    for (const questions of ["not json", "{}", JSON.stringify([{ questionId: q(0) }]), JSON.stringify([{ questionId: q(0), code: "x", passed: "all" }])]) {
      const res = await evaluate(testId, admin.cookie, { intent: "save", questions });
      expect(res.status, questions).toBe(400);
      expect(await res.text()).toContain(M2.saveFailed);
    }
    expect((await evaluate(testId, admin.cookie, { intent: "save" })).status).toBe(400);
    expect((await evaluate(testId, admin.cookie, { intent: "nope" })).status).toBe(400);
    expect(await testRow(testId)).toMatchObject({ total_score: 50, status: "attempted" });
  });

  it("Accept: every case passed, full marks, 100, completed, passed, not disqualified; then /admin/evaluation", async () => {
    const { testId } = await codingTest(alice.id);
    await env.DB.prepare("UPDATE student_tests SET is_disqualified = 1 WHERE id = ?").bind(testId).run();
    const res = await postForm(EVALUATE(testId), { intent: "accept" }, admin.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/evaluation");
    expect(await testRow(testId)).toEqual({ total_score: 100, status: "completed", admin_override_status: "passed", is_disqualified: 0 });
    const subs = await submissionsOf(testId);
    expect(subs.slice(0, 2).map((s) => [s.test_cases_passed, s.marks_obtained, s.score])).toEqual([
      [2, 50, 100],
      [2, 50, 100],
    ]);
    expect(subs[0]!.code).toBe("print(input().upper())");
  });

  it("Reject: submissions zeroed, 0, completed, failed, not disqualified", async () => {
    const { testId } = await codingTest(alice.id);
    const res = await evaluate(testId, admin.cookie, { intent: "reject" });
    expect(res.status).toBe(200);
    expect(await testRow(testId)).toEqual({ total_score: 0, status: "completed", admin_override_status: "failed", is_disqualified: 0 });
    for (const s of await submissionsOf(testId)) expect([s.test_cases_passed, s.marks_obtained, s.score, s.passed_test_case_ids]).toEqual([0, 0, 0, "[]"]);
  });
});
