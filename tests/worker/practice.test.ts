// Practice rooms (issue 14, items 1-4): the admin page, joining by OTP, the
// student's list and the practice session, against the real Worker, real D1
// with the real migrations, the real party Durable Object and a real runner.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, postForm, signUp } from "./helpers";
import { connect, upgrade } from "./party-client";
import { admin, one, rows, signUpAdmin } from "./rooms-fixture";
import { decode } from "turbo-stream";

// Runs go through the real runner, on machines shared with other suites.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const PAGE = "/admin/practice-rooms";
const CATEGORY = "PR-Coding";
const EMPTY = "PR-Empty";
const OTHER = "PR-Other";
// Hidden cases: the input is lower case, the expected output upper case, so
// each can be looked for on its own. Neither may ever reach a student.
const HIDDEN_IN = "secret-in-4821";
const HIDDEN_OUT = "SECRET-IN-4821";
const DAY = 24 * 60 * 60 * 1000;

const UPPER = "print(input().upper())";
const Q = (i: number) => `${CATEGORY}-q${i}`;

/**
 * PR-Coding: two Python questions "upper-case the line" (1 open case, 4
 * hidden), one with no test cases, and an MCQ that practice must not list.
 * PR-Other: one question of another category. PR-Empty: no questions.
 */
async function seed() {
  const statements = [CATEGORY, EMPTY, OTHER].map((name) =>
    env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (?, ?)").bind(`cat-${name}`, name),
  );
  const question = (id: string, title: string, category: string, createdAt: number) =>
    env.DB.prepare("INSERT INTO questions (id, title, description, language, category, type, created_at) VALUES (?, ?, 'Print the line in upper case.', 'python', ?, 'coding', ?)").bind(
      id,
      title,
      category,
      createdAt,
    );
  const cases = (qid: string) =>
    [0, 1, 2, 3, 4].map((i) => {
      const hidden = i > 0;
      const input = hidden ? `${HIDDEN_IN}-${qid}-${i}` : `open-case-${qid}`;
      return env.DB.prepare("INSERT INTO test_cases (id, question_id, input, expected_output, points, is_hidden, position) VALUES (?, ?, ?, ?, 10, ?, ?)").bind(
        `${qid}-tc${i}`,
        qid,
        `${input}\n`,
        `${input.toUpperCase()}\n`,
        hidden ? 1 : 0,
        i,
      );
    });
  const base = Date.now();
  statements.push(question(Q(0), "Upper 0", CATEGORY, base), ...cases(Q(0)));
  statements.push(question(Q(1), "Upper 1", CATEGORY, base + 1), ...cases(Q(1)));
  statements.push(question(Q(2), "No cases yet", CATEGORY, base + 2));
  statements.push(question(`${OTHER}-q0`, "Elsewhere", OTHER, base), ...cases(`${OTHER}-q0`));
  statements.push(
    env.DB.prepare("INSERT INTO questions (id, title, category, type, language, mcq_options, correct_answer) VALUES (?, 'An MCQ', ?, 'mcq', 'python', ?, 'A')").bind(
      `${CATEGORY}-mcq`,
      CATEGORY,
      JSON.stringify({ options: ["a", "b", "c", "d"], correct_index: 0 }),
    ),
  );
  await env.DB.batch(statements);
}

type PracticeRow = { id: string; room_name: string; otp: string; otp_expires_at: number; created_at: number; is_active: number; category: string; created_by: string };

async function createRoom(category = CATEGORY) {
  const roomName = `Practice ${crypto.randomUUID()}`;
  const res = await postForm(PAGE, { intent: "create", roomName, category }, admin);
  expect(res.status).toBe(200);
  return one<PracticeRow>("SELECT * FROM practice_rooms WHERE room_name = ?", roomName);
}

const joinPractice = (cookie: string, otp: string) => postForm("/student?index", { intent: "join-practice", otp }, cookie);
/** Run Tests as the page's fetcher sends it (single fetch: the action's data only, no page loaders after it). */
const run = (cookie: string, roomId: string, fields: Record<string, string>) =>
  call(`/practice/${roomId}/coding.data`, { method: "POST", body: new URLSearchParams(fields), cookie });
const adminPost = (fields: Record<string, string>, cookie = admin) => postForm(PAGE, fields, cookie);

/** The flash toast a redirect sets (the cookie Remix serializes: base64 JSON). */
function toastOf(response: Response): { type: string; message: string } | null {
  const raw = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("toast="));
  if (!raw) return null;
  return JSON.parse(decodeURIComponent(escape(atob(decodeURIComponent(raw.slice("toast=".length))))));
}

/** A 6-digit code no practice room holds. */
async function unusedOtp() {
  for (;;) {
    const otp = String(100_000 + Math.floor(Math.random() * 900_000));
    if (!(await rows("SELECT id FROM practice_rooms WHERE otp = ?", otp)).length) return otp;
  }
}

/** A student who joined the room with its OTP. */
async function member(room: PracticeRow, name = "Practiser") {
  const s = await signUp({ role: "student", name });
  const res = await joinPractice(s.cookie, room.otp);
  expect(res.status).toBe(302);
  return s;
}

let student = "";
beforeAll(async () => {
  await signUpAdmin();
  student = (await signUp({ role: "student" })).cookie;
  await seed();
});

describe("practice rooms are admin only", () => {
  it("sends anonymous visitors and students away from the page and its data", async () => {
    expect((await call(PAGE)).headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(PAGE)}`);
    expect((await call(PAGE, { cookie: student })).headers.get("Location")).toBe("/auth");
    const data = await call(`${PAGE}.data`, { cookie: student });
    expect(await data.text()).toContain("SingleFetchRedirect");
    expect((await call(PAGE, { cookie: admin })).status).toBe(200);
  });

  it("refuses every action to anonymous callers (401) and students (403), changing nothing", async () => {
    const room = await createRoom();
    const attempts: Record<string, string>[] = [
      { intent: "create", roomName: "Sneaky", category: CATEGORY },
      { intent: "activate", roomId: room.id },
      { intent: "deactivate", roomId: room.id },
      { intent: "new-otp", roomId: room.id },
      { intent: "delete", roomId: room.id },
    ];
    // As the page's fetchers post (a document POST would end in the layout's redirect to /auth).
    for (const fields of attempts) {
      expect((await postForm(`${PAGE}.data`, fields)).status, fields.intent).toBe(401);
      const res = await postForm(`${PAGE}.data`, fields, student);
      expect(res.status, fields.intent).toBe(403);
      expect(await res.text()).toContain("You do not have access to this action");
    }
    expect(await rows("SELECT id FROM practice_rooms WHERE room_name = 'Sneaky'")).toHaveLength(0);
    expect(await one<PracticeRow>("SELECT * FROM practice_rooms WHERE id = ?", room.id)).toMatchObject({ otp: room.otp, is_active: 1 });
  });

  it("lets only admins listen to the practice lobby party", async () => {
    expect((await upgrade("practice-rooms")).status).toBe(401);
    expect((await upgrade("practice-rooms", student)).status).toBe(403);
    const { ws } = await connect("practice-rooms", admin);
    ws.close();
  });
});

describe("creating a practice room", () => {
  it("needs a name and a category ('Please fill all fields'), an existing category and a name of at most 120 characters", async () => {
    const blanks: Record<string, string>[] = [{ roomName: "", category: CATEGORY }, { roomName: "Name", category: "" }, { roomName: "   ", category: "  " }, {}];
    for (const fields of blanks) {
      const res = await adminPost({ intent: "create", ...fields });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Please fill all fields");
    }
    let res = await adminPost({ intent: "create", roomName: "Name", category: "No such category" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please choose an existing category");
    res = await adminPost({ intent: "create", roomName: "x".repeat(121), category: CATEGORY });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Room name can be at most 120 characters");
    res = await adminPost({ intent: "unknown" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Unknown action");
  });

  it("opens an active room with a 6-digit OTP valid for 24 hours, shown on the page", async () => {
    const before = Date.now();
    const room = await createRoom();
    expect(room.otp).toMatch(/^[1-9]\d{5}$/);
    expect(room.is_active).toBe(1);
    expect(room.category).toBe(CATEGORY);
    expect(room.otp_expires_at - room.created_at).toBeGreaterThan(DAY - 5_000);
    expect(room.otp_expires_at - room.created_at).toBeLessThan(DAY + 5_000);
    expect(room.otp_expires_at).toBeGreaterThanOrEqual(before + DAY);
    const html = await (await call(PAGE, { cookie: admin })).text();
    expect(html).toContain(room.room_name);
    expect(html).toContain(room.otp);
    expect(html).toContain("Copy OTP");
  });

  it("gives every room a 6-digit code", async () => {
    const codes = await Promise.all([0, 1, 2, 3, 4].map(() => createRoom()));
    for (const r of codes) expect(Number(r.otp)).toBeGreaterThanOrEqual(100_000);
    for (const r of codes) expect(Number(r.otp)).toBeLessThanOrEqual(999_999);
  });
});

describe("joining a practice room", () => {
  it("checks the code's shape and answers 'Invalid or expired OTP' for an unknown code", async () => {
    let res = await joinPractice(student, "123");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter a valid 6-digit OTP");
    res = await joinPractice(student, await unusedOtp());
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Invalid or expired OTP");
  });

  it("is throttled like test-room joining (shared per student): after 5 wrong codes a minute, 429 with Retry-After, and the right code is refused too", async () => {
    const room = await createRoom();
    const s = await signUp({ role: "student" });
    const wrong = await unusedOtp();
    for (let i = 0; i < 5; i++) expect((await joinPractice(s.cookie, wrong)).status, `wrong code ${i + 1}`).toBe(404);
    const limited = await joinPractice(s.cookie, wrong);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await limited.text()).toContain("Too many wrong codes");
    expect((await joinPractice(s.cookie, room.otp)).status).toBe(429);
    expect(await rows("SELECT 1 FROM practice_participants WHERE practice_room_id = ?", room.id)).toHaveLength(0);
  });

  it("joins once, with the spec's toast, straight into the practice session; joining again re-enters", async () => {
    const room = await createRoom();
    const s = await signUp({ role: "student", name: "Joining Student" });
    const res = await joinPractice(s.cookie, room.otp);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/practice/${room.id}/coding`);
    expect(toastOf(res)).toEqual({ type: "success", message: "Successfully joined the practice room!" });
    const participants = await rows<{ full_name: string; email: string; joined_at: number }>("SELECT * FROM practice_participants WHERE practice_room_id = ?", room.id);
    expect(participants).toHaveLength(1);
    expect(participants[0]).toMatchObject({ full_name: "Joining Student", email: s.email });
    expect((await joinPractice(s.cookie, room.otp)).headers.get("Location")).toBe(`/practice/${room.id}/coding`);
    expect(await rows("SELECT id FROM practice_participants WHERE practice_room_id = ?", room.id)).toHaveLength(1);
    // The admin sees them: name, email, joined at.
    const html = await (await call(PAGE, { cookie: admin })).text();
    expect(html).toContain("Joining Student");
    expect(html).toContain(s.email);
    expect(html).toContain("Joined at");
  });

  it("refuses an expired code and a deactivated room's code with 'Invalid or expired OTP'", async () => {
    const expired = await createRoom();
    await env.DB.prepare("UPDATE practice_rooms SET otp_expires_at = ? WHERE id = ?").bind(Date.now() - 1, expired.id).run();
    let res = await joinPractice(student, expired.otp);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Invalid or expired OTP");

    const inactive = await createRoom();
    await adminPost({ intent: "deactivate", roomId: inactive.id });
    res = await joinPractice(student, inactive.otp);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Invalid or expired OTP");
    await adminPost({ intent: "activate", roomId: inactive.id });
    expect((await joinPractice(student, inactive.otp)).status).toBe(302);
  });

  it("an OTP still works just before 24 hours and not after (the server's clock)", async () => {
    const room = await createRoom();
    // Move the room's creation 24 hours back: its code has just expired.
    await env.DB.prepare("UPDATE practice_rooms SET otp_expires_at = otp_expires_at - ? WHERE id = ?").bind(DAY - 60_000, room.id).run();
    expect((await joinPractice(student, room.otp)).status).toBe(302);
    await env.DB.prepare("UPDATE practice_rooms SET otp_expires_at = otp_expires_at - ? WHERE id = ?").bind(60_000, room.id).run();
    const late = await signUp({ role: "student" });
    expect(await (await joinPractice(late.cookie, room.otp)).text()).toContain("Invalid or expired OTP");
  });

  it("a new OTP replaces an expired one for 24 hours; the old code stops working", async () => {
    const room = await createRoom();
    await env.DB.prepare("UPDATE practice_rooms SET otp_expires_at = ? WHERE id = ?").bind(Date.now() - 1, room.id).run();
    expect(await (await call(PAGE, { cookie: admin })).text()).toContain("Generate new OTP");
    const res = await adminPost({ intent: "new-otp", roomId: room.id });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("New OTP generated");
    const renewed = await one<PracticeRow>("SELECT * FROM practice_rooms WHERE id = ?", room.id);
    expect(renewed.otp).toMatch(/^\d{6}$/);
    expect(renewed.otp_expires_at).toBeGreaterThan(Date.now() + DAY - 60_000);
    if (renewed.otp !== room.otp) expect(await (await joinPractice(student, room.otp)).text()).toContain("Invalid or expired OTP");
    expect((await joinPractice(student, renewed.otp)).status).toBe(302);
  });

  it("answers 'Failed to join practice room' (500) when the join cannot be stored", async () => {
    const room = await createRoom();
    const s = await signUp({ role: "student" });
    // Real D1 refusing this one student's row (a trigger), so no other test is touched.
    await env.DB.prepare(
      `CREATE TRIGGER practice_join_fails BEFORE INSERT ON practice_participants WHEN NEW.email = '${s.email}' BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`,
    ).run();
    try {
      const res = await joinPractice(s.cookie, room.otp);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).toContain("Failed to join practice room");
      expect(text).not.toContain("disk on fire");
    } finally {
      await env.DB.prepare("DROP TRIGGER practice_join_fails").run();
    }
  });

  it("is for students only", async () => {
    const room = await createRoom();
    // As the join card's fetcher posts (a document POST would end in the layout's redirect to /auth).
    expect((await postForm("/student.data?index", { intent: "join-practice", otp: room.otp }, admin)).status).toBe(403);
    expect((await postForm("/student.data?index", { intent: "join-practice", otp: room.otp })).status).toBe(401);
    expect((await joinPractice(admin, room.otp)).headers.get("Location")).toBe("/auth");
    expect(await rows("SELECT id FROM practice_participants WHERE practice_room_id = ?", room.id)).toHaveLength(0);
  });

  it("tells the admins' practice page live, with ids only", async () => {
    const room = await createRoom();
    const lobby = await connect("practice-rooms", admin);
    const s = await signUp({ role: "student", name: "Live Joiner" });
    await joinPractice(s.cookie, room.otp);
    expect(await lobby.inbox.next((m) => m.type === "practice-participants-changed")).toEqual({
      type: "practice-participants-changed",
      practiceRoomId: room.id,
    });
    await adminPost({ intent: "deactivate", roomId: room.id });
    await lobby.inbox.next((m) => m.type === "practice-rooms-changed");
    expect(JSON.stringify(lobby.inbox.seen)).not.toContain(s.email);
    lobby.ws.close();
  });
});

describe("/student/practice", () => {
  it("lists the rooms the student joined that are still active, to re-enter", async () => {
    const joined = await createRoom();
    const off = await createRoom();
    const notJoined = await createRoom();
    const s = await member(joined, "Lister");
    await joinPractice(s.cookie, off.otp);
    await adminPost({ intent: "deactivate", roomId: off.id });
    const html = await (await call("/student/practice", { cookie: s.cookie })).text();
    expect(html).toContain(joined.room_name);
    expect(html).toContain(`/practice/${joined.id}/coding`);
    expect(html).not.toContain(off.room_name);
    expect(html).not.toContain(notJoined.room_name);
    // No OTP of any room reaches a student's list.
    for (const r of [joined, off, notJoined]) expect(html).not.toContain(r.otp);
  });
});

describe("the practice session", () => {
  let room: PracticeRow;
  let s: { cookie: string; email: string };
  beforeAll(async () => {
    room = await createRoom();
    s = await member(room);
  });

  it("shows the room, 'Question N of M', the category's coding questions and open cases only", async () => {
    for (const path of [`/practice/${room.id}/coding`, `/practice/${room.id}/coding.data`]) {
      const res = await call(path, { cookie: s.cookie });
      expect(res.status, path).toBe(200);
      const text = await res.text();
      expect(text).toContain(room.room_name);
      expect(text).toContain(CATEGORY);
      expect(text).toContain(`open-case-${Q(0)}`);
      expect(text).toContain("Upper 1");
      expect(text, path).not.toContain(HIDDEN_IN);
      expect(text, path).not.toContain(HIDDEN_OUT);
      expect(text, path).not.toContain("An MCQ");
      expect(text, path).not.toContain("Elsewhere");
      expect(text, path).not.toContain(room.otp);
    }
    const html = await (await call(`/practice/${room.id}/coding`, { cookie: s.cookie })).text();
    expect(html).toContain("Question 1 of 3");
    expect(html).toContain("Exit Practice");
    expect(html).toContain("Run Tests");
  });

  it("judges all five cases on the real runner: open ones in full, hidden ones pass/fail only", async () => {
    let res = await run(s.cookie, room.id, { questionId: Q(0), code: UPPER });
    let text = await res.text();
    expect(res.status).toBe(200);
    expect(text).toContain("All test cases passed!");
    expect(text).toContain(`OPEN-CASE-${Q(0).toUpperCase()}`);
    expect(text).not.toContain(HIDDEN_IN);
    expect(text).not.toContain(HIDDEN_OUT);

    // Passes the open case only.
    res = await run(s.cookie, room.id, { questionId: Q(1), code: "s = input()\nprint(s.upper() if s.startswith('open') else s)" });
    text = await res.text();
    expect(text).toContain("1/5 test cases passed");
    expect(text).not.toContain(HIDDEN_IN);
    expect(text).not.toContain(HIDDEN_OUT);
  });

  it("Run Tests says what the run would score in a test, by the cases' points (codingMarks)", async () => {
    const openCase = `${Q(1)}-tc0`;
    const passOpenOnly = "s = input()\nprint(s.upper() if s.startswith('open') else s)";
    const answer = async () => {
      const res = await run(s.cookie, room.id, { questionId: Q(1), code: passOpenOnly });
      const decoded = await decode(res.body!);
      await decoded.done;
      return (decoded.value as { data: { passed: number; total: number; marks: number; score: number } }).data;
    };
    // The default 10 points a case: 1 of 5 is 10 marks, 20%.
    expect(await answer()).toMatchObject({ passed: 1, total: 5, marks: 10, score: 20 });
    // The open case weighs 30 of 70 points: round(50 x 30 / 70) = 21 marks, 43%.
    await env.DB.prepare("UPDATE test_cases SET points = 30 WHERE id = ?").bind(openCase).run();
    try {
      expect(await answer()).toMatchObject({ passed: 1, total: 5, marks: 21, score: 43 });
    } finally {
      await env.DB.prepare("UPDATE test_cases SET points = 10 WHERE id = ?").bind(openCase).run();
    }
  });

  it("never returns a hidden case's input, even when the program prints it to stdout and stderr (fetcher data too)", async () => {
    const leak = "import sys\ns = input()\nprint(s)\nprint(s.upper(), file=sys.stderr)\nraise SystemExit(3)";
    for (const path of [`/practice/${room.id}/coding`, `/practice/${room.id}/coding.data`]) {
      const res = await call(path, { method: "POST", body: new URLSearchParams({ questionId: Q(0), code: leak }), cookie: s.cookie });
      const text = await res.text();
      expect(res.status, path).toBe(200);
      expect(text).toContain("0/5 test cases passed");
      expect(text, path).not.toContain(HIDDEN_IN);
      expect(text, path).not.toContain(HIDDEN_OUT);
    }
  });

  it("reports a compile error, and saves nothing on the server", async () => {
    const counts = async () =>
      Promise.all(["submissions", "live_code_progress", "student_tests", "journal_entries"].map(async (t) => (await one<{ n: number }>(`SELECT count(*) AS n FROM ${t}`)).n));
    const before = await counts();
    const res = await run(s.cookie, room.id, { questionId: Q(0), code: "def broken(:\n  pass" });
    const text = await res.text();
    expect(text).toContain("0/5 test cases passed");
    expect(text).toContain("SyntaxError");
    expect(await counts()).toEqual(before);
  });

  it("asks for code first, and refuses questions outside the room and questions without cases", async () => {
    for (const code of ["", "   \n  "]) {
      const res = await run(s.cookie, room.id, { questionId: Q(0), code });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Please write some code first");
    }
    let res = await run(s.cookie, room.id, { questionId: Q(0) });
    expect(await res.text()).toContain("Please write some code first");
    res = await run(s.cookie, room.id, { questionId: Q(0), code: "x".repeat(64 * 1024 + 1) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Your code is over 64 KB");
    for (const questionId of [`${OTHER}-q0`, `${CATEGORY}-mcq`, "no-such-question"]) {
      res = await run(s.cookie, room.id, { questionId, code: UPPER });
      expect(res.status, questionId).toBe(404);
      expect(await res.text()).toContain("This question is not part of this practice room");
    }
    res = await run(s.cookie, room.id, { questionId: Q(2), code: UPPER });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("No test cases found");
  });

  it("refuses non-members: the page sends them back, Run Tests answers 403", async () => {
    const outsider = await signUp({ role: "student" });
    const page = await call(`/practice/${room.id}/coding`, { cookie: outsider.cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/student/practice");
    expect(toastOf(page)).toEqual({ type: "error", message: "Join this practice room with its OTP first" });
    const res = await run(outsider.cookie, room.id, { questionId: Q(0), code: UPPER });
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(text).toContain("Join this practice room with its OTP first");
    expect(text).not.toContain("All test cases passed!");
    expect(text).not.toContain(`open-case-${Q(0)}`);
  });

  it("is for students only, and an unknown room goes back to the list", async () => {
    expect((await call(`/practice/${room.id}/coding`, { cookie: admin })).headers.get("Location")).toBe("/auth");
    expect((await run(admin, room.id, { questionId: Q(0), code: UPPER })).status).toBe(403);
    expect((await run("", room.id, { questionId: Q(0), code: UPPER })).status).toBe(401);
    const unknown = await call("/practice/no-such-room/coding", { cookie: s.cookie });
    expect(unknown.headers.get("Location")).toBe("/student/practice");
    expect(toastOf(unknown)).toEqual({ type: "error", message: "Practice room not found" });
  });

  it("a deactivated room can be neither opened nor run, until it is activated again", async () => {
    const r = await createRoom();
    const m = await member(r, "Deactivated Member");
    await adminPost({ intent: "deactivate", roomId: r.id });
    const page = await call(`/practice/${r.id}/coding`, { cookie: m.cookie });
    expect(page.headers.get("Location")).toBe("/student/practice");
    expect(toastOf(page)).toEqual({ type: "error", message: "This practice room is not active" });
    const res = await run(m.cookie, r.id, { questionId: Q(0), code: UPPER });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("This practice room is not active");
    await adminPost({ intent: "activate", roomId: r.id });
    expect((await call(`/practice/${r.id}/coding`, { cookie: m.cookie })).status).toBe(200);
  });

  it("shows 'No questions available in this category' with Back to Practice Rooms for an empty category", async () => {
    const empty = await createRoom(EMPTY);
    const m = await member(empty);
    const html = await (await call(`/practice/${empty.id}/coding`, { cookie: m.cookie })).text();
    expect(html).toContain("No questions available in this category");
    expect(html).toContain("Back to Practice Rooms");
    expect(html).toContain('href="/student/practice"');
  });
});

describe("deleting a practice room", () => {
  it("removes the room and its participants at once; its members can no longer open it", async () => {
    const room = await createRoom();
    const m = await member(room);
    const res = await adminPost({ intent: "delete", roomId: room.id });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Practice room deleted");
    expect(await rows("SELECT id FROM practice_rooms WHERE id = ?", room.id)).toHaveLength(0);
    expect(await rows("SELECT id FROM practice_participants WHERE practice_room_id = ?", room.id)).toHaveLength(0);
    expect((await call(`/practice/${room.id}/coding`, { cookie: m.cookie })).headers.get("Location")).toBe("/student/practice");
    const again = await adminPost({ intent: "delete", roomId: room.id });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Practice room not found");
  });
});
