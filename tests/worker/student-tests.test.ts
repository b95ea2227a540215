import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, postForm, signUp } from "./helpers";
import {
  admin,
  anchorFor,
  HIDDEN,
  join,
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
  liveCodeRows,
  storedEntries,
} from "./rooms-fixture";

/** Posts like the page's fetchers do (single fetch): the action's data, no page loaders after it. */
async function fetcherPost(path: string, fields: Record<string, string>, cookie: string) {
  const res = await call(`${path}.data`, { method: "POST", body: new URLSearchParams(fields), cookie });
  return { status: res.status, text: await res.text() };
}

/**
 * Two Python echo questions whose 5 cases weigh 5, 10, 10, 10 and 15 points;
 * an echo passes every case but the 15-point one (its expected output differs).
 */
async function seedWeightedCategory(category: string) {
  await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (?, ?)").bind(`cat-${category}`, category).run();
  const statements = [];
  for (const q of [0, 1]) {
    const qid = `${category}-q${q}`;
    statements.push(env.DB.prepare("INSERT INTO questions (id, title, description, language, category, type) VALUES (?, ?, 'Echo the line.', 'python', ?, 'coding')").bind(qid, `Weighted ${q}`, category));
    [5, 10, 10, 10, 15].forEach((points, i) => {
      const value = i === 0 ? `open-${q}` : `${HIDDEN}-w${q}-${i}`;
      statements.push(
        env.DB.prepare("INSERT INTO test_cases (id, question_id, input, expected_output, points, is_hidden, position) VALUES (?, ?, ?, ?, ?, ?, ?)").bind(
          `${qid}-tc${i}`,
          qid,
          `${value}\n`,
          i === 4 ? "not an echo\n" : `${value}\n`,
          points,
          i === 0 ? 0 : 1,
          i,
        ),
      );
    });
  }
  await env.DB.batch(statements);
}

beforeAll(async () => {
  await signUpAdmin();
  await seedCodingCategory("ST-Coding");
  await seedWeightedCategory("ST-Weighted");
  await seedMcqCategory("ST-MCQ");
});

describe("joining by OTP", () => {
  it("validates the code and answers the spec's messages", async () => {
    const s = await signUp({ role: "student" });
    let res = await join(s.cookie, "123");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter a valid 6-digit OTP");
    res = await join(s.cookie, "000000");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Invalid or expired OTP");
  });

  it("joins a waiting room, then the waiting page; an expired or disabled code fails", async () => {
    const room = await makeRoom("ST-Coding", "coding");
    const s = await signUp({ role: "student", name: "Joiner" });
    const res = await join(s.cookie, room.otp);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/waiting/${room.id}`);
    expect((await one<{ status: string }>("SELECT status FROM room_participants WHERE room_id = ? AND email = ?", room.id, s.email)).status).toBe("waiting");
    const page = await call(`/waiting/${room.id}`, { cookie: s.cookie });
    expect(await page.text()).toContain("Waiting for test to start");

    await env.DB.prepare("UPDATE test_rooms SET otp_expires_at = ? WHERE id = ?").bind(Date.now() - 1, room.id).run();
    const late = await signUp({ role: "student" });
    expect(await (await join(late.cookie, room.otp)).text()).toContain("Invalid or expired OTP");
  });

  it("refuses a removed student with the spec's message", async () => {
    const room = await makeRoom("ST-Coding", "coding");
    const s = await takingStudent(room);
    const { id } = await one<{ id: string }>("SELECT id FROM room_participants WHERE room_id = ? AND email = ?", room.id, s.email);
    await postForm(`/admin/room/${room.id}`, { intent: "remove-participant", participantId: id }, admin);
    await postForm(`/admin/room/${room.id}`, { intent: "generate-otp" }, admin);
    const { otp } = await one<{ otp: string }>("SELECT otp FROM test_rooms WHERE id = ?", room.id);
    const res = await join(s.cookie, otp);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("You have been removed from this room");
    // and every page of the room sends them away
    expect((await call(`/waiting/${room.id}`, { cookie: s.cookie })).headers.get("Location")).toBe("/student");
  });
});

describe("the launcher /test/{roomId}", () => {
  it("sends an unknown room to the not-found page, and a room the student is not in back to /student", async () => {
    const s = await signUp({ role: "student" });
    const unknown = await call("/test/no-such-room", { cookie: s.cookie });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe("/not-found");
    const room = await makeRoom("ST-Coding", "coding");
    const other = await call(`/test/${room.id}`, { cookie: s.cookie });
    expect(other.headers.get("Location")).toBe("/student");
    // Anonymous callers still go to sign-in first.
    expect((await call("/test/no-such-room")).headers.get("Location")).toMatch(/^\/auth/);
  });
});

describe("a coding test", () => {
  it("launches only with all 6 terms, once, with max score 100", async () => {
    const room = await makeRoom("ST-Coding", "coding");
    const s = await takingStudent(room);
    await start(room);
    let res = await launch(s.cookie, room, 5);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please accept all terms and conditions");
    res = await launch(s.cookie, room);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/test/${room.id}`);
    await launch(s.cookie, room);
    expect(await rows("SELECT * FROM student_tests WHERE room_id = ?", room.id)).toHaveLength(1);
    expect(await testOf(room, s.email)).toMatchObject({ status: "in_progress", total_score: 0, max_score: 100 });
    const launcher = await call(`/test/${room.id}`, { cookie: s.cookie });
    expect(launcher.headers.get("Location")).toBe(`/test/${room.id}/coding`);
  });

  it("shows open cases only, never hidden data or the unlock code", async () => {
    const room = await makeRoom("ST-Coding", "coding");
    const s = await takingStudent(room);
    await start(room);
    await launch(s.cookie, room);
    for (const path of [`/test/${room.id}/coding`, `/test/${room.id}/coding.data`]) {
      const html = await (await call(path, { cookie: s.cookie })).text();
      expect(html).toContain("open-0");
      expect(html, path).not.toContain(HIDDEN);
      expect(html, path).not.toContain(UNLOCK);
    }
  });

  it("runs the open case, and submit judges all 5 on the server without leaking hidden ones", async () => {
    const room = await makeRoom("ST-Coding", "coding");
    const s = await takingStudent(room);
    await start(room);
    await launch(s.cookie, room);
    const code = "print(input())";
    let res = await postForm(`/test/${room.id}/coding`, { intent: "run", questionId: "ST-Coding-q0", code }, s.cookie);
    let text = await res.text();
    expect(res.status).toBe(200);
    expect(text).toContain("All test cases passed!");
    expect(text).not.toContain(HIDDEN);

    res = await postForm(`/test/${room.id}/coding`, { intent: "submit", questionId: "ST-Coding-q0", code }, s.cookie);
    text = await res.text();
    expect(text).toContain("All test cases passed!");
    expect(text).not.toContain(HIDDEN);
    const sub = await one<{ test_cases_passed: number; marks_obtained: number; score: number }>("SELECT * FROM submissions WHERE question_id = 'ST-Coding-q0' AND student_test_id = ?", (await testOf(room, s.email)).id);
    expect(sub).toMatchObject({ test_cases_passed: 5, marks_obtained: 50, score: 100 });

    // A wrong answer for the second: marks = round(passed x 50 / total).
    res = await postForm(`/test/${room.id}/coding`, { intent: "submit", questionId: "ST-Coding-q1", code: "print('nope')" }, s.cookie);
    expect(await res.text()).toContain("0/5 test cases passed");
    expect((await testOf(room, s.email)).total_score).toBe(50);

    // Finish Test goes through the journal, as the page sends it (also offline).
    const testId = (await testOf(room, s.email)).id;
    const finished = await journal(s.cookie, testId, [{ seq: 0, kind: "finish", payload: {} }]);
    expect(finished.status).toBe(200);
    expect(((await finished.json()) as { state: { status: string; totalScore: number } }).state).toMatchObject({ status: "completed", totalScore: 50 });
    expect((await testOf(room, s.email)).status).toBe("completed");
    // The old form-only finish is gone: it finishes nothing.
    const retired = await fetcherPost(`/test/${room.id}/coding`, { intent: "finish" }, s.cookie);
    expect(retired.status).toBe(400);
  });

  it("Submit Code weighs each case by its points, online and queued, and the submission view shows marks, score and pass rate", async () => {
    // Decision 037: 35 of 50 points passed is 35 marks and 70%, though 4 of 5 cases (80%) passed.
    const room = await makeRoom("ST-Weighted", "coding");
    const s = await takingStudent(room);
    await start(room);
    await launch(s.cookie, room);
    const testId = (await testOf(room, s.email)).id;
    const code = "print(input())";
    const res = await fetcherPost(`/test/${room.id}/coding`, { intent: "submit", questionId: "ST-Weighted-q0", code }, s.cookie);
    expect(res.status).toBe(200);
    expect(res.text).toContain("4/5 test cases passed");
    expect(res.text).not.toContain(HIDDEN);
    type Sub = { test_cases_passed: number; test_cases_total: number; marks_obtained: number; score: number };
    const subOf = (q: string) => one<Sub>("SELECT * FROM submissions WHERE question_id = ? AND student_test_id = ?", q, testId);
    expect(await subOf("ST-Weighted-q0")).toMatchObject({ test_cases_passed: 4, test_cases_total: 5, marks_obtained: 35, score: 70 });
    expect((await testOf(room, s.email)).total_score).toBe(35);

    // The same code queued offline and judged when the journal syncs: the same function, and the score comes with it.
    const queued = await journal(s.cookie, testId, [{ seq: 0, kind: "submit-code", payload: { questionId: "ST-Weighted-q1", code } }]);
    expect(queued.status).toBe(200);
    const body = (await queued.json()) as { judged: unknown[]; state: { totalScore: number } };
    expect(body.judged).toMatchObject([{ questionId: "ST-Weighted-q1", passed: 4, total: 5, marks: 35, score: 70 }]);
    expect(body.state.totalScore).toBe(70);
    expect(await subOf("ST-Weighted-q1")).toMatchObject({ test_cases_passed: 4, marks_obtained: 35, score: 70 });

    // The student's submission view: marks of 50, the score percent, and the pass rate beside them.
    const html = await (await call(`/student/submission/${testId}`, { cookie: s.cookie })).text();
    for (const text of ["35/50", "70%", "4/5 cases passed", "80%", "Score Percent", "Pass Rate", "15 points"]) expect(html).toContain(text);
    expect(html).not.toContain(HIDDEN);
    // The admin's view shows the same.
    const adminHtml = await (await call(`/admin/submission/${testId}`, { cookie: admin })).text();
    for (const text of ["35/50", "70%", "4/5 cases passed", "80%"]) expect(adminHtml).toContain(text);
  });

  it("with the default 10 points a case, a submission scores as the spec's formula: 4 of 5 is 40 marks, 80%", async () => {
    const room = await makeRoom("ST-Coding", "coding");
    const s = await takingStudent(room);
    await start(room);
    await launch(s.cookie, room);
    // Fails the last hidden case of question 0 only.
    const code = "x = input()\nprint('no' if x.endswith('-0-4') else x)";
    const res = await fetcherPost(`/test/${room.id}/coding`, { intent: "submit", questionId: "ST-Coding-q0", code }, s.cookie);
    expect(res.text).toContain("4/5 test cases passed");
    const sub = await one("SELECT * FROM submissions WHERE question_id = 'ST-Coding-q0' AND student_test_id = ?", (await testOf(room, s.email)).id);
    expect(sub).toMatchObject({ test_cases_passed: 4, test_cases_total: 5, marks_obtained: 40, score: 80 });
    expect((await testOf(room, s.email)).total_score).toBe(40);
  });

  it("refuses empty code, foreign questions and another student's test", async () => {
    const room = await makeRoom("ST-Coding", "coding");
    const a = await takingStudent(room, "Alice");
    await start(room);
    await launch(a.cookie, room);
    let res = await postForm(`/test/${room.id}/coding`, { intent: "run", questionId: "ST-Coding-q0", code: "   " }, a.cookie);
    expect(await res.text()).toContain("Please write some code first");
    res = await postForm(`/test/${room.id}/coding`, { intent: "submit", questionId: "ST-MCQ-m0", code: "print(1)" }, a.cookie);
    expect(res.status).toBe(403);
    // Bob is not in this room at all.
    const bob = await signUp({ role: "student", name: "Bob" });
    res = await postForm(`/test/${room.id}/coding`, { intent: "submit", questionId: "ST-Coding-q0", code: "print(1)" }, bob.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/student");
    const aliceTest = (await testOf(room, a.email)).id;
    res = await journal(bob.cookie, aliceTest, [{ seq: 0, kind: "tab-switch", payload: {} }]);
    expect(res.status).toBe(404);
    expect((await testOf(room, a.email)).tab_switch_count).toBe(0);
  });

  it("finish: attempted with some questions submitted, in_progress with none", async () => {
    const room = await makeRoom("ST-Coding", "coding");
    const a = await takingStudent(room, "Partial");
    const b = await takingStudent(room, "Nothing");
    await start(room);
    await launch(a.cookie, room);
    await launch(b.cookie, room);
    await postForm(`/test/${room.id}/coding`, { intent: "submit", questionId: "ST-Coding-q0", code: "print(input())" }, a.cookie);
    await journal(a.cookie, (await testOf(room, a.email)).id, [{ seq: 0, kind: "finish", payload: {} }]);
    await journal(b.cookie, (await testOf(room, b.email)).id, [{ seq: 0, kind: "finish", payload: {} }]);
    expect((await testOf(room, a.email)).status).toBe("attempted");
    expect((await testOf(room, b.email)).status).toBe("in_progress");
  });
});

describe("proctoring and the journal", () => {
  async function ready() {
    const room = await makeRoom("ST-Coding", "coding");
    const s = await takingStudent(room);
    await start(room);
    await launch(s.cookie, room);
    return { room, s, testId: (await testOf(room, s.email)).id };
  }

  it("the same entry sent 3 times is stored and counted once", async () => {
    const { room, s, testId } = await ready();
    const entry = { id: crypto.randomUUID(), seq: 0, kind: "tab-switch", payload: { at: Date.now() } };
    for (let i = 0; i < 3; i++) {
      const res = await journal(s.cookie, testId, [entry]);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { accepted: string[] }).accepted).toEqual([entry.id]);
    }
    expect(await rows("SELECT * FROM journal_entries WHERE id = ?", entry.id)).toHaveLength(1);
    expect(await testOf(room, s.email)).toMatchObject({ tab_switch_count: 1, is_locked: 1 });
  });

  it("code entries apply in order: the latest one wins", async () => {
    const { s, testId } = await ready();
    const t = Date.now();
    const res = await journal(s.cookie, testId, [
      { seq: 2, kind: "code", payload: { questionId: "ST-Coding-q0", code: "third" }, createdAt: t + 2 },
      { seq: 0, kind: "code", payload: { questionId: "ST-Coding-q0", code: "first" }, createdAt: t },
      { seq: 1, kind: "code", payload: { questionId: "ST-Coding-q0", code: "second" }, createdAt: t + 1 },
    ]);
    expect(((await res.json()) as { accepted: string[] }).accepted).toHaveLength(3);
    expect((await liveCodeRows(testId, "ST-Coding-q0"))[0]!.code).toBe("third");
    // A stale entry arriving later does not overwrite newer code.
    await journal(s.cookie, testId, [{ seq: 3, kind: "code", payload: { questionId: "ST-Coding-q0", code: "stale" }, createdAt: t - 1000 }]);
    expect((await liveCodeRows(testId, "ST-Coding-q0"))[0]!.code).toBe("third");
  });

  it("locks on a switch, unlocks with the room's code, and the 3rd switch disqualifies for good", async () => {
    const { room, s, testId } = await ready();
    await journal(s.cookie, testId, [{ seq: 0, kind: "tab-switch", payload: {} }]);
    // Locked: no running code until unlocked.
    let res = await postForm(`/test/${room.id}/coding`, { intent: "run", questionId: "ST-Coding-q0", code: "print(input())" }, s.cookie);
    expect(res.status).toBe(423);
    res = await journal(s.cookie, testId, [{ seq: 1, kind: "unlock", payload: { code: "wrong" } }]);
    expect(((await res.json()) as { state: { unlockAttemptsRemaining: number; isLocked: boolean } }).state).toMatchObject({ unlockAttemptsRemaining: 2, isLocked: true });
    res = await journal(s.cookie, testId, [{ seq: 2, kind: "unlock", payload: { code: UNLOCK } }]);
    expect(((await res.json()) as { state: unknown }).state).toMatchObject({ unlockAttemptsRemaining: 3, isLocked: false });
    await journal(s.cookie, testId, [
      { seq: 3, kind: "tab-switch", payload: {} },
      { seq: 4, kind: "unlock", payload: { code: UNLOCK } },
      { seq: 5, kind: "tab-switch", payload: {} },
    ]);
    expect(await testOf(room, s.email)).toMatchObject({ tab_switch_count: 3, is_disqualified: 1, status: "disqualified" });
    // Final: no more answers, no way back in.
    res = await postForm(`/test/${room.id}/coding`, { intent: "submit", questionId: "ST-Coding-q0", code: "print(input())" }, s.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/student");
    // The journal is closed too (issue 13): nothing new is written.
    res = await journal(s.cookie, testId, [{ seq: 6, kind: "code", payload: { questionId: "ST-Coding-q0", code: "x" } }]);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "The test was disqualified" });
    expect((await storedEntries(testId)).filter((e) => e.seq === 6)).toEqual([]);
  });

  it("3 wrong unlock codes disqualify", async () => {
    const { room, s, testId } = await ready();
    await journal(s.cookie, testId, [
      { seq: 0, kind: "tab-switch", payload: {} },
      { seq: 1, kind: "unlock", payload: { code: "a" } },
      { seq: 2, kind: "unlock", payload: { code: "b" } },
      { seq: 3, kind: "unlock", payload: { code: "c" } },
    ]);
    expect(await testOf(room, s.email)).toMatchObject({ is_disqualified: 1, unlock_attempts_remaining: 0, status: "disqualified" });
  });

  it("after ends_at, answers are refused and late entries rejected", async () => {
    const { room, s, testId } = await ready();
    const end = Date.now() - 120_000;
    await env.DB.prepare("UPDATE test_rooms SET ends_at = ? WHERE id = ?").bind(end, room.id).run();
    const res = await postForm(`/test/${room.id}/coding`, { intent: "submit", questionId: "ST-Coding-q0", code: "print(input())" }, s.cookie);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("The test has ended");
    // Written offline (the party saw the student go a minute before the end), synced now.
    await recordOutage(room, s.email, end - 55_000);
    const anchor = await anchorFor(end - 60_000);
    const j = await journal(s.cookie, testId, [
      { seq: 0, kind: "code", payload: { questionId: "ST-Coding-q0", code: "written in time" }, createdAt: end - 1000, anchor },
      { seq: 1, kind: "code", payload: { questionId: "ST-Coding-q0", code: "too late" }, createdAt: end + 10_000, anchor },
    ]);
    const body = (await j.json()) as { accepted: string[]; rejected: { reason: string }[] };
    expect(body.accepted).toHaveLength(1);
    expect(body.rejected[0]!.reason).toBe("Written after the test ended");
    expect((await liveCodeRows(testId))[0]!.code).toBe("written in time");
  });

  it("refuses malformed journals with 400, and anonymous callers", async () => {
    const { s, testId } = await ready();
    let res = await call(`/api/journal/${testId}`, { method: "POST", cookie: s.cookie, body: "{", headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(400);
    res = await journal(s.cookie, testId, [{ id: "not-a-uuid", seq: 0, kind: "tab-switch", payload: {} }]);
    expect(res.status).toBe(400);
    res = await journal(s.cookie, testId, [{ seq: 0, kind: "teleport", payload: {} }]);
    expect(res.status).toBe(400);
    res = await journal("", testId, [{ seq: 0, kind: "tab-switch", payload: {} }]);
    expect(res.status).toBe(401);
  });
});

describe("an MCQ test", () => {
  it("never sends correct answers and grades on the server", async () => {
    const room = await makeRoom("ST-MCQ", "mcq");
    const s = await takingStudent(room);
    await start(room);
    await launch(s.cookie, room);
    expect((await testOf(room, s.email)).max_score).toBe(100);
    for (const path of [`/test/${room.id}/mcq`, `/test/${room.id}/mcq.data`]) {
      const text = await (await call(path, { cookie: s.cookie })).text();
      expect(text).toContain("Question 0");
      expect(text, path).not.toContain("correct_index");
      expect(text, path).not.toContain("correct_answer");
      expect(text, path).not.toContain(UNLOCK);
    }
    // Correct for questions 0-9 (index i % 4), wrong for 10-19.
    const answers: Record<string, number> = {};
    for (let i = 0; i < 20; i++) answers[`ST-MCQ-m${i}`] = i < 10 ? i % 4 : (i + 1) % 4;
    // Submit Test is a journal entry, as the page sends it (also offline).
    const testId = (await testOf(room, s.email)).id;
    const res = await journal(s.cookie, testId, [{ seq: 0, kind: "finish", payload: { answers } }]);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body).state).toMatchObject({ status: "completed", totalScore: 50, maxScore: 100 });
    // The answer says the score, never which options were right.
    expect(body).not.toContain("correct");
    expect(await testOf(room, s.email)).toMatchObject({ status: "completed", total_score: 50 });
    // The old form-only submit is gone.
    expect((await fetcherPost(`/test/${room.id}/mcq`, { intent: "submit", answers: JSON.stringify(answers) }, s.cookie)).status).toBe(405);
  });

  it("MCQ tab switches are only counted", async () => {
    const room = await makeRoom("ST-MCQ", "mcq");
    const s = await takingStudent(room);
    await start(room);
    await launch(s.cookie, room);
    const testId = (await testOf(room, s.email)).id;
    await journal(s.cookie, testId, [0, 1, 2, 3].map((seq) => ({ seq, kind: "tab-switch", payload: {} })));
    expect(await testOf(room, s.email)).toMatchObject({ tab_switch_count: 4, is_locked: 0, is_disqualified: 0 });
  });
});
