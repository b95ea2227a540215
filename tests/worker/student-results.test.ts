// The student's results side (spec 2: My Test History, the submission view,
// profile and settings) and the admin's submission view, against the real
// Worker, real D1 and the real code runner. Every loader and action is called
// as an anonymous visitor, the student, another student and an admin.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, cookieFrom, postForm, signUp, uniqueEmail, withoutNonces } from "./helpers";
import {
  HIDDEN,
  HIDDEN_OUT,
  journal,
  launch,
  makeRoom,
  one,
  rows,
  seedMcqCategory,
  signUpAdmin,
  start,
  takingStudent,
  testOf,
  type Room,
} from "./rooms-fixture";

const CODING = "SR-Coding";
const MCQ = "SR-MCQ";
const Q0 = `${CODING}-q0`;
const Q1 = `${CODING}-q1`;
/** Solves every case of the seeded questions; holds no whole marker itself. */
const SOLUTION = 'print(input().replace("INPUT-7391", "EXPECTED-5531").replace("open-in", "open-out"))';
const WRONG = "print('nope')";

type Account = { email: string; password: string; cookie: string; id: string };

/**
 * Two Python questions whose hidden cases carry HIDDEN in their input and
 * HIDDEN_OUT in their expected output; the open case is open-in -> open-out.
 */
async function seedCoding() {
  await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (?, ?)").bind(`cat-${CODING}`, CODING).run();
  const statements = [];
  for (const q of [0, 1]) {
    const qid = `${CODING}-q${q}`;
    statements.push(
      env.DB.prepare("INSERT INTO questions (id, title, description, language, category, type) VALUES (?, ?, 'Map the line.', 'python', ?, 'coding')").bind(qid, `Map ${q}`, CODING),
    );
    for (let i = 0; i < 5; i++) {
      const hidden = i > 0;
      statements.push(
        env.DB.prepare("INSERT INTO test_cases (id, question_id, input, expected_output, points, is_hidden, position) VALUES (?, ?, ?, ?, 10, ?, ?)").bind(
          `${qid}-tc${i}`,
          qid,
          hidden ? `${HIDDEN}-${q}-${i}\n` : `open-in-${q}\n`,
          hidden ? `${HIDDEN_OUT}-${q}-${i}\n` : `open-out-${q}\n`,
          hidden ? 1 : 0,
          i,
        ),
      );
    }
  }
  await env.DB.batch(statements);
}

const idOf = async (email: string) => (await one<{ id: string }>("SELECT id FROM user WHERE email = ?", email)).id;

async function student(name: string, password?: string): Promise<Account> {
  const s = await signUp({ role: "student", name, password });
  return { ...s, id: await idOf(s.email) };
}

const login = (email: string, password: string) => postForm("/auth", { intent: "login", email, password });

/** Posts like the page's forms do once hydrated (single fetch): the action's own status and data. */
const post = (path: string, fields: Record<string, string>, cookie?: string) => postForm(`${path}.data`, fields, cookie);

function expectToAuth(response: Response, back?: string) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(back ? `/auth?redirectTo=${encodeURIComponent(back)}` : "/auth");
}

const MCQ_ANSWERS = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${MCQ}-m${i}`, i < 7 ? i % 4 : (i + 1) % 4]));

let me: Account;
let other: Account;
let adminCookie = "";
let codingRoom: Room;
let mcqRoom: Room;
let codingTestId = "";
let mcqTestId = "";
let otherTestId = "";

beforeAll(async () => {
  adminCookie = await signUpAdmin();
  await seedCoding();
  await seedMcqCategory(MCQ);

  // A coding test: one question solved (5/5, 50 marks), the other wrong (0/5); finished: completed with 50.
  codingRoom = await makeRoom(CODING, "coding");
  const a = await takingStudent(codingRoom, "Results Me");
  const b = await takingStudent(codingRoom, "Results Other");
  me = { ...a, id: await idOf(a.email) };
  other = { ...b, id: await idOf(b.email) };
  await start(codingRoom);
  expect((await launch(me.cookie, codingRoom)).status).toBe(302);
  expect((await launch(other.cookie, codingRoom)).status).toBe(302);
  codingTestId = (await testOf(codingRoom, me.email)).id;
  otherTestId = (await testOf(codingRoom, other.email)).id;
  const res = await journal(me.cookie, codingTestId, [
    { seq: 0, kind: "submit-code", payload: { questionId: Q0, code: SOLUTION } },
    { seq: 1, kind: "submit-code", payload: { questionId: Q1, code: WRONG } },
    { seq: 2, kind: "finish", payload: {} },
  ]);
  expect(res.status).toBe(200);
  expect(await testOf(codingRoom, me.email)).toMatchObject({ status: "completed", total_score: 50 });
  // The other student submits the solution too: their code must never reach me.
  await journal(other.cookie, otherTestId, [{ seq: 0, kind: "submit-code", payload: { questionId: Q0, code: `${SOLUTION}  # other-student-code` } }]);

  // An MCQ test, later: 7 of 20 right, 35/100.
  mcqRoom = await makeRoom(MCQ, "mcq");
  expect((await postForm("/student?index", { intent: "join-test", otp: mcqRoom.otp }, me.cookie)).status).toBe(302);
  await start(mcqRoom);
  expect((await launch(me.cookie, mcqRoom)).status).toBe(302);
  mcqTestId = (await testOf(mcqRoom, me.email)).id;
  expect((await journal(me.cookie, mcqTestId, [{ seq: 0, kind: "finish", payload: { answers: MCQ_ANSWERS } }])).status).toBe(200);
  expect(await testOf(mcqRoom, me.email)).toMatchObject({ status: "completed", total_score: 35 });
}, 60_000);

// ------------------------------------------------------------------ history

describe("/student/history", () => {
  const PATH = "/student/history";

  it("sends anonymous visitors and admins to /auth", async () => {
    expectToAuth(await call(PATH), PATH);
    expectToAuth(await call(PATH, { cookie: adminCookie }));
    const data = await call(`${PATH}.data`, { cookie: adminCookie });
    expect(data.headers.get("Location")).toBe("/auth");
    expect(await data.text()).not.toContain(codingTestId);
  });

  it("lists the student's own tests, newest first, with the student badges, scores and links", async () => {
    const res = await call(PATH, { cookie: me.cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("My Test History");
    const mcqAt = html.indexOf(`/student/submission/${mcqTestId}`);
    const codingAt = html.indexOf(`/student/submission/${codingTestId}`);
    expect(mcqAt).toBeGreaterThan(-1);
    expect(codingAt).toBeGreaterThan(mcqAt);
    expect(html.split('data-testid="history-row"').length - 1).toBe(2);
    expect(html).toContain("50/100");
    expect(html).toContain("35/100");
    // Completed under 100 and attempted both show 'Attempted' to a student (spec 2 section 4).
    expect(html).toContain(">Attempted<");
    expect(html).not.toContain(otherTestId);
  });

  it("never lists another student's tests (page and data)", async () => {
    for (const path of [PATH, `${PATH}.data`]) {
      const text = await (await call(path, { cookie: other.cookie })).text();
      expect(text).toContain(otherTestId);
      expect(text).not.toContain(codingTestId);
      expect(text).not.toContain(mcqTestId);
    }
  });

  it("shows the empty state to a student with no tests", async () => {
    const fresh = await student("No Tests");
    const html = await (await call(PATH, { cookie: fresh.cookie })).text();
    expect(html).toContain("No tests taken yet");
  });

  it("pages through a long history in the URL", async () => {
    const many = await student("Many Tests");
    const adminId = (await one<{ created_by: string }>("SELECT created_by FROM test_rooms WHERE id = ?", codingRoom.id)).created_by;
    const statements = [];
    for (let i = 0; i < 23; i++) {
      const roomId = `sr-page-${many.id}-${i}`;
      statements.push(
        env.DB.prepare("INSERT INTO test_rooms (id, room_name, created_by, question_type) VALUES (?, ?, ?, 'coding')").bind(roomId, `Paged room ${String(i).padStart(2, "0")}`, adminId),
        env.DB.prepare("INSERT INTO student_tests (id, room_id, student_id, status, created_at) VALUES (?, ?, ?, 'completed', ?)").bind(`${roomId}-t`, roomId, many.id, 1_700_000_000_000 + i * 60_000),
      );
    }
    await env.DB.batch(statements);
    const first = await (await call(PATH, { cookie: many.cookie })).text();
    expect(first.split('data-testid="history-row"').length - 1).toBe(20);
    expect(first).toContain("Paged room 22");
    expect(first).not.toContain("Paged room 02");
    expect(first).toContain("Page 1 of 2");
    const second = await (await call(`${PATH}?page=2`, { cookie: many.cookie })).text();
    expect(second.split('data-testid="history-row"').length - 1).toBe(3);
    expect(second).toContain("Paged room 00");
    const past = await call(`${PATH}?page=9`, { cookie: many.cookie });
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`${PATH}?page=2`);
    expect((await call(`${PATH}?page=nonsense`, { cookie: many.cookie })).status).toBe(200);
  });
});

// ------------------------------------------------------------------ submission view

describe("/student/submission/{testId}", () => {
  const path = (id: string) => `/student/submission/${id}`;

  it("sends anonymous visitors and admins to /auth", async () => {
    expectToAuth(await call(path(codingTestId)), path(codingTestId));
    expectToAuth(await call(path(codingTestId), { cookie: adminCookie }));
    const data = await call(`${path(codingTestId)}.data`, { cookie: adminCookie });
    expect(data.headers.get("Location")).toBe("/auth");
    expect(await data.text()).not.toContain("open-in-");
  });

  it("shows the student their own coding test: questions, code, score, cases; hidden cases as status only", async () => {
    const res = await call(path(codingTestId), { cookie: me.cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of ["Your Submissions", "Back to History", "Question 1", "Question 2", "Test Cases", "Pass Rate", ">Hidden<", ">Open<", "Python"]) {
      expect(html).toContain(text);
    }
    // The first of the student's questions is selected (their order is a per-student shuffle).
    const solvedFirst = html.includes("Map 0</h4>");
    for (const text of solvedFirst ? ["50/50", "5/5", "100%", ">Passed<", "all passed"] : ["0/50", "0/5", "0%", ">Failed<", "not all passed"]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain(solvedFirst ? ">Failed<" : ">Passed<");
    expect(html).toContain('href="/student/history"');
    expect(html).toContain('aria-pressed="true"');
    // The open case of the selected question shows its input and expected output ...
    expect(html).toMatch(/open-in-[01]/);
    expect(html).toMatch(/open-out-[01]/);
    // ... hidden ones never, in the page or its data.
    expect(html).not.toContain(HIDDEN);
    expect(html).not.toContain(HIDDEN_OUT);
    expect(html).not.toContain("other-student-code");

    const data = await call(`${path(codingTestId)}.data`, { cookie: me.cookie });
    expect(data.status).toBe(200);
    const text = await data.text();
    expect(text).toContain("open-in-0");
    expect(text).toContain("open-in-1");
    expect(text).toContain(SOLUTION.slice(0, 20));
    expect(text).not.toContain(HIDDEN);
    expect(text).not.toContain(HIDDEN_OUT);
    expect(text).not.toContain("other-student-code");
  });

  it("answers another student's test exactly like a missing one: 404", async () => {
    const missing = crypto.randomUUID();
    for (const suffix of ["", ".data"]) {
      const theirs = await call(`${path(codingTestId)}${suffix}`, { cookie: other.cookie });
      const none = await call(`${path(missing)}${suffix}`, { cookie: other.cookie });
      expect(theirs.status).toBe(404);
      expect(none.status).toBe(404);
      const [a, b] = [await theirs.text(), await none.text()];
      expect(withoutNonces(a).replaceAll(codingTestId, "ID")).toBe(withoutNonces(b).replaceAll(missing, "ID"));
      expect(a).not.toContain(SOLUTION.slice(0, 20));
      expect(a).not.toContain("open-in-");
      expect(a).not.toContain("Results Me");
    }
    // And the owner cannot reach the other's test either.
    expect((await call(path(otherTestId), { cookie: me.cookie })).status).toBe(404);
  });

  it("an MCQ test shows the score, how many were answered and the student's own questions and options (decision 040), never the correct one", async () => {
    for (const suffix of ["", ".data"]) {
      const res = await call(`${path(mcqTestId)}${suffix}`, { cookie: me.cookie });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/opt-[a-d]-\d+/);
      expect(text).not.toMatch(/correct_?index|correct_?answer|mcq_?options|"correct"|Correct answer/i);
      if (suffix === "") {
        expect(text).toContain("35/100");
        expect(text).toContain("20 of 20");
        // The review lists their 20 questions (no coding question buttons), their answers marked, and, with the room's
        // default review options (decision 041: MCQ right or wrong on, correct answers off), right or wrong but never the right option.
        expect(text.match(/data-testid="mcq-review-question"/g)).toHaveLength(20);
        expect(text).not.toContain('aria-current="true"');
        expect(text).toMatch(/>(Right|Wrong)</);
      }
    }
  });
});

describe("/admin/submission/{testId}", () => {
  const path = (id: string) => `/admin/submission/${id}`;

  it("sends anonymous visitors and students (even the test's owner) to /auth", async () => {
    expectToAuth(await call(path(codingTestId)), path(codingTestId));
    for (const cookie of [me.cookie, other.cookie]) {
      expectToAuth(await call(path(codingTestId), { cookie }));
      const data = await call(`${path(codingTestId)}.data`, { cookie });
      expect(data.headers.get("Location")).toBe("/auth");
      const text = await data.text();
      expect(text).not.toContain(HIDDEN);
      expect(text).not.toContain(HIDDEN_OUT);
    }
  });

  it("shows the admin every case, hidden ones with input and expected output, and goes back to the room's results", async () => {
    const res = await call(path(codingTestId), { cookie: adminCookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(HIDDEN);
    expect(html).toContain(HIDDEN_OUT);
    expect(html).toContain("Results Me");
    expect(html).toContain(`href="/admin/results/${codingRoom.id}"`);
    expect(html).toContain("Back to Results");
    const data = await (await call(`${path(codingTestId)}.data`, { cookie: adminCookie })).text();
    for (const q of [0, 1]) for (let i = 1; i < 5; i++) {
      expect(data).toContain(`${HIDDEN}-${q}-${i}`);
      expect(data).toContain(`${HIDDEN_OUT}-${q}-${i}`);
    }
  });

  it("an MCQ test shows the admin the student's questions with the right option, never the bank's raw key; an unknown test is a 404", async () => {
    const text = await (await call(`${path(mcqTestId)}.data`, { cookie: adminCookie })).text();
    expect(text).toMatch(/opt-[a-d]-\d+/);
    expect(text).toContain('"correct"');
    expect(text).not.toMatch(/correct_?index|correct_?answer/i);
    expect((await call(path(crypto.randomUUID()), { cookie: adminCookie })).status).toBe(404);
  });
});

// ------------------------------------------------------------------ profile

const userRow = (id: string) => one<{ name: string; email: string; hash: string }>(
  "SELECT u.name, u.email, a.password AS hash FROM user u JOIN account a ON a.user_id = u.id AND a.provider_id = 'credential' WHERE u.id = ?",
  id,
);

describe("/student/profile", () => {
  const PATH = "/student/profile";

  it("the page: anonymous and admins go to /auth; a student sees their own name and email", async () => {
    expectToAuth(await call(PATH), PATH);
    expectToAuth(await call(PATH, { cookie: adminCookie }));
    const s = await student("Profile Viewer");
    const html = await (await call(PATH, { cookie: s.cookie })).text();
    expect(html).toContain('value="Profile Viewer"');
    expect(html).toContain(`value="${s.email}"`);
  });

  it("the action refuses anonymous callers (401) and admins (403), and changes nothing", async () => {
    const s = await student("Profile Target");
    const before = await userRow(s.id);
    expect((await post(PATH, { full_name: "Hacked", email: uniqueEmail("hacked") })).status).toBe(401);
    expect((await post(PATH, { full_name: "Hacked", email: uniqueEmail("hacked"), userId: s.id }, adminCookie)).status).toBe(403);
    expect(await userRow(s.id)).toEqual(before);
  });

  it("another student changes only their own profile, whatever ids the form carries", async () => {
    const victim = await student("Victim Name");
    const attacker = await student("Attacker Name");
    const before = await userRow(victim.id);
    const email = uniqueEmail("attacker-new");
    const res = await post(PATH, { full_name: "Renamed Attacker", email, userId: victim.id, id: victim.id }, attacker.cookie);
    expect(res.status).toBe(200);
    expect(await userRow(victim.id)).toEqual(before);
    expect(await userRow(attacker.id)).toMatchObject({ name: "Renamed Attacker", email });
  });

  it.each([
    [{ full_name: "a" }, "Name must be at least 2 characters"],
    [{ full_name: "   x   " }, "Name must be at least 2 characters"],
    [{ full_name: undefined }, "Name must be at least 2 characters"],
    [{ full_name: "n".repeat(101) }, "Name too long"],
    [{ email: "not-an-email" }, "Invalid email format"],
    [{ email: undefined }, "Invalid email format"],
    [{ email: `${"l".repeat(60)}@${"d".repeat(50)}.${"d".repeat(50)}.${"d".repeat(50)}.${"d".repeat(40)}.edu` }, "Email too long"],
  ])("refuses %j with the spec's message (400) and changes nothing", async (override, message) => {
    const s = await student("Valid Name");
    const before = await userRow(s.id);
    const fields: Record<string, string> = { full_name: "Other Valid", email: uniqueEmail("valid") };
    for (const [k, v] of Object.entries(override)) {
      if (v === undefined) delete fields[k];
      else fields[k] = v;
    }
    const res = await post(PATH, fields, s.cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await userRow(s.id)).toEqual(before);
  });

  it("saves a trimmed name and a lower-cased email; the shell shows them and the new email logs in", async () => {
    const s = await student("Before Rename");
    const email = uniqueEmail("renamed");
    const res = await post(PATH, { full_name: "  After Rename  ", email: `  ${email.toUpperCase()}  ` }, s.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Profile updated successfully");
    expect(await userRow(s.id)).toMatchObject({ name: "After Rename", email });
    const html = await (await call("/student/profile", { cookie: s.cookie })).text();
    expect(html).toContain("After Rename");
    expect((await login(email, s.password)).status).toBe(302);
    expect((await login(s.email, s.password)).status).toBe(401);
    // Boundaries: 2 and 100 characters, an unchanged email.
    expect((await post(PATH, { full_name: "Al", email }, s.cookie)).status).toBe(200);
    expect((await post(PATH, { full_name: "n".repeat(100), email }, s.cookie)).status).toBe(200);
    expect((await userRow(s.id)).name).toBe("n".repeat(100));
  });

  it("refuses an email used by another account with a clear message (409) and changes nothing", async () => {
    const s = await student("Email Owner");
    const taken = await student("Email Taker");
    const before = await userRow(taken.id);
    const res = await post(PATH, { full_name: "New Name", email: s.email.toUpperCase() }, taken.cookie);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("This email is already used by another user");
    expect(await userRow(taken.id)).toEqual(before);
  });
});

// ------------------------------------------------------------------ settings (change password)

const sessionsOf = async (userId: string) => (await rows<{ n: number }>("SELECT count(*) AS n FROM session WHERE user_id = ?", userId))[0]!.n;

describe("/student/settings", () => {
  const PATH = "/student/settings";
  const change = (cookie: string | undefined, fields: Record<string, string>) => post(PATH, fields, cookie);

  it("the page: anonymous and admins go to /auth; students see the form", async () => {
    expectToAuth(await call(PATH), PATH);
    expectToAuth(await call(PATH, { cookie: adminCookie }));
    const s = await student("Settings Viewer");
    const html = await (await call(PATH, { cookie: s.cookie })).text();
    expect(html).toContain("Change Password");
    expect(html).toContain('name="currentPassword"');
    expect(html).toContain('name="confirmPassword"');
  });

  it("the action refuses anonymous callers (401) and admins (403)", async () => {
    const fields = { currentPassword: "password123", newPassword: "new-password-1", confirmPassword: "new-password-1" };
    expect((await change(undefined, fields)).status).toBe(401);
    expect((await change(adminCookie, fields)).status).toBe(403);
  });

  it("refuses a wrong current password and changes nothing (another student's password is not theirs either)", async () => {
    const s = await student("Wrong Current", "victim-password-1");
    const attacker = await student("Session Thief", "thief-password-1");
    const before = await userRow(s.id);
    const second = cookieFrom(await login(s.email, s.password));
    expect(await sessionsOf(s.id)).toBe(2);
    // A stolen session alone is not enough.
    let res = await change(s.cookie, { currentPassword: "wrong-password", newPassword: "taken-over-1", confirmPassword: "taken-over-1" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Current password is incorrect");
    // Another student knowing s's password changes only their own account: theirs does not match.
    res = await change(attacker.cookie, { currentPassword: s.password, newPassword: "taken-over-1", confirmPassword: "taken-over-1", userId: s.id });
    expect(res.status).toBe(400);
    expect(await userRow(s.id)).toEqual(before);
    expect(await sessionsOf(s.id)).toBe(2);
    expect((await call("/student/settings", { cookie: second })).status).toBe(200);
    expect((await login(s.email, s.password)).status).toBe(302);
    expect((await login(s.email, "taken-over-1")).status).toBe(401);
  });

  it.each([
    [{ confirmPassword: "different-pass" }, "Passwords don't match"],
    [{ confirmPassword: undefined }, "Passwords don't match"],
    [{ newPassword: "short", confirmPassword: "short" }, "Password must be at least 8 characters"],
    [{ newPassword: "p".repeat(129), confirmPassword: "p".repeat(129) }, "Password too long"],
    [{ currentPassword: "" }, "Please enter your current password"],
    [{ currentPassword: undefined }, "Please enter your current password"],
  ])("refuses %j with its message (400) and changes nothing", async (override, message) => {
    const s = await student("Rules");
    const before = await userRow(s.id);
    const fields: Record<string, string> = { currentPassword: s.password, newPassword: "valid-new-pass", confirmPassword: "valid-new-pass" };
    for (const [k, v] of Object.entries(override)) {
      if (v === undefined) delete fields[k];
      else fields[k] = v;
    }
    const res = await change(s.cookie, fields);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await userRow(s.id)).toEqual(before);
  });

  it("changes the password: the new one logs in, the old one does not; other sessions end, this one stays", async () => {
    const s = await student("Changer");
    const other = cookieFrom(await login(s.email, s.password));
    const bystander = await student("Bystander");
    expect((await call(PATH, { cookie: other })).status).toBe(200);
    const res = await change(s.cookie, { currentPassword: s.password, newPassword: "p".repeat(128), confirmPassword: "p".repeat(128) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Password changed successfully");
    // This device stays signed in ...
    expect((await call(PATH, { cookie: s.cookie })).status).toBe(200);
    expect(await sessionsOf(s.id)).toBe(1);
    // ... the other session is signed out ...
    expectToAuth(await call(PATH, { cookie: other }), PATH);
    // ... and nobody else's session is touched.
    expect((await call(PATH, { cookie: bystander.cookie })).status).toBe(200);
    expect((await login(s.email, s.password)).status).toBe(401);
    expect((await login(s.email, "p".repeat(128))).status).toBe(302);
  });

  it("the old password no longer works as the current one after a change", async () => {
    const s = await student("Twice");
    expect((await change(s.cookie, { currentPassword: s.password, newPassword: "second-pass-1", confirmPassword: "second-pass-1" })).status).toBe(200);
    const res = await change(s.cookie, { currentPassword: s.password, newPassword: "third-pass-11", confirmPassword: "third-pass-11" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Current password is incorrect");
    expect((await change(s.cookie, { currentPassword: "second-pass-1", newPassword: "third-pass-11", confirmPassword: "third-pass-11" })).status).toBe(200);
    expect((await login(s.email, "third-pass-11")).status).toBe(302);
  });
});
