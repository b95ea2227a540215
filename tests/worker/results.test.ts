// Room results (spec 2: /admin/results, /admin/results/{roomId}): who may
// read and change them, Mark Pass / Mark Fail with their exact state changes,
// messages and trail, the average, the CSV export and its escaping, the live
// event after an override, and a room of 500 students. Real D1, real Durable
// Objects, the real runner for the submissions.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ServerMessage } from "../../contracts/party";
import { createDb } from "~/lib/d1/db.server";
import { resultsRooms, roomResults } from "~/lib/results/room-results.server";
import { call, postForm, signUp } from "./helpers";
import { journal, launch, makeRoom, one, rows, seedCodingCategory, seedMcqCategory, signUpAdmin, start, takingStudent, testOf, type JournalInput, type Room } from "./rooms-fixture";
import { parseCsv } from "../csv";

const CATEGORY = "RS-Coding";
const Q0 = `${CATEGORY}-q0`;
const Q1 = `${CATEGORY}-q1`;
const ECHO = "print(input())";
const EVIL = '=HYPERLINK("x")';
const db = () => createDb(env.DB);

let room: Room;
let other: Room;
let ada: { cookie: string; email: string; id: string };
let student = "";
const people = { full: { email: "", cookie: "" }, half: { email: "", cookie: "" }, evil: { email: "", cookie: "" } };

const results = (roomId: string) => `/admin/results/${roomId}`;
const mark = (roomId: string, fields: Record<string, string>, cookie = ada.cookie) => postForm(`${results(roomId)}.data`, fields, cookie);

/** The export's Questions cell for a test: its drawn questions' titles, in order. */
const drawTitles = async (testId: string) =>
  (await rows<{ title: string }>("SELECT q.title FROM test_draws d JOIN questions q ON q.id = d.question_id WHERE d.student_test_id = ? ORDER BY d.position", testId))
    .map((r) => r.title)
    .join("; ");

/** Submits through the journal, as the test page does, then finishes. */
async function submitAndFinish(cookie: string, testId: string, questions: string[]) {
  const entries: JournalInput[] = questions.map((questionId, seq) => ({ seq, kind: "submit-code", payload: { questionId, code: ECHO } }));
  entries.push({ seq: questions.length, kind: "finish", payload: {} });
  const res = await journal(cookie, testId, entries);
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  await signUpAdmin();
  const a = await signUp({ role: "admin", name: "Ada Admin" });
  ada = { ...a, id: (await one<{ id: string }>("SELECT id FROM user WHERE email = ?", a.email)).id };
  student = (await signUp({ role: "student", name: "Outsider" })).cookie;
  await seedCodingCategory(CATEGORY);
  room = await makeRoom(CATEGORY, "coding");
  for (const [key, name] of [
    ["full", "Full Marks"],
    ["half", "Half Marks"],
    ["evil", EVIL],
  ] as const) {
    const s = await takingStudent(room, name);
    people[key] = { email: s.email, cookie: s.cookie };
  }
  other = await makeRoom(CATEGORY, "coding");
  const stranger = await takingStudent(other, "Other Room");
  await start(room);
  await start(other);
  for (const key of ["full", "half"] as const) expect((await launch(people[key].cookie, room)).status).toBe(302);
  expect((await launch(stranger.cookie, other)).status).toBe(302);
  await submitAndFinish(people.full.cookie, (await testOf(room, people.full.email)).id, [Q0, Q1]);
  await submitAndFinish(people.half.cookie, (await testOf(room, people.half.email)).id, [Q0]);
  // A minute offline for the full-marks student, and one late sync.
  const fullId = (await one<{ id: string }>("SELECT id FROM user WHERE email = ?", people.full.email)).id;
  await env.DB.prepare("INSERT INTO participant_disconnects (id, room_id, student_id, started_at, ended_at) VALUES (?, ?, ?, ?, ?)")
    .bind(crypto.randomUUID(), room.id, fullId, 1_000_000, 1_060_000)
    .run();
  await env.DB.prepare("UPDATE student_tests SET synced_after_end = 1 WHERE room_id = ? AND student_id = ?").bind(room.id, fullId).run();
  // The half-marks student closes the page after finishing: that is not time offline during the test.
  const half = await one<{ student_id: string; submitted_at: number }>(
    "SELECT t.student_id, t.submitted_at FROM student_tests t JOIN user u ON u.id = t.student_id WHERE t.room_id = ? AND u.email = ?",
    room.id,
    people.half.email,
  );
  await env.DB.prepare("INSERT INTO participant_disconnects (id, room_id, student_id, started_at) VALUES (?, ?, ?, ?)")
    .bind(crypto.randomUUID(), room.id, half.student_id, half.submitted_at + 1000)
    .run();
}, 60_000);

describe("who may see and change results", () => {
  const pages = () => ["/admin/results", results(room.id), `${results(room.id)}/csv`];

  it("sends anonymous visitors to /auth, to come back after", async () => {
    for (const path of pages()) {
      const res = await call(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("sends students to /auth, data requests included, with nothing of the results", async () => {
    for (const path of [...pages(), `${results(room.id)}.data`, "/admin/results.data"]) {
      const res = await call(path, { cookie: student });
      expect(res.headers.get("Location"), path).toBe("/auth");
      const body = await res.text();
      expect(body).not.toContain("Full Marks");
      expect(body).not.toContain(people.full.email);
    }
  });

  it("serves admins", async () => {
    for (const path of pages()) expect((await call(path, { cookie: ada.cookie })).status, path).toBe(200);
  });

  it("refuses Mark Pass / Mark Fail to anonymous (401) and students (403) and changes nothing", async () => {
    const testId = (await testOf(room, people.half.email)).id;
    const before = await testOf(room, people.half.email);
    // Data requests (what the page's fetcher sends) get the status; a plain form post is sent to sign in.
    const anonymous = await mark(room.id, { intent: "mark-pass", testId }, "");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain("Please log in first");
    const asStudent = await mark(room.id, { intent: "mark-fail", testId }, people.half.cookie);
    expect(asStudent.status).toBe(403);
    expect(await asStudent.text()).toContain("You do not have access to this action");
    for (const cookie of ["", people.half.cookie]) {
      const form = await postForm(results(room.id), { intent: "mark-fail", testId }, cookie);
      expect(form.status).toBe(302);
      expect(form.headers.get("Location")).toMatch(/^\/auth/);
    }
    expect(await testOf(room, people.half.email)).toEqual(before);
    expect(await rows("SELECT id FROM result_overrides WHERE student_test_id = ?", testId)).toEqual([]);
  });

  it("sends an admin asking for an unknown room back to /admin/results with 'Room not found'", async () => {
    const res = await call(results("no-such-room"), { cookie: ada.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/results");
    expect(res.headers.getSetCookie().join(";")).toContain("toast=");
    expect((await call(`${results("no-such-room")}/csv`, { cookie: ada.cookie })).status).toBe(404);
  });
});

describe("the results list and the room's table", () => {
  it("lists every room with its badge, participants (not removed) and average, newest first", async () => {
    const list = await resultsRooms(db());
    const mine = list.find((r) => r.id === room.id)!;
    expect(mine).toMatchObject({ badge: "Active", participants: 3, average: 50 });
    expect(list.findIndex((r) => r.id === other.id)).toBeLessThan(list.findIndex((r) => r.id === room.id));
    const html = await (await call("/admin/results", { cookie: ada.cookie })).text();
    expect(html).toContain(`/admin/results/${room.id}`);
  });

  it("badges: Ended once ends_at is past, Scheduled before the room starts", async () => {
    const scheduled = await makeRoom(CATEGORY, "coding");
    expect((await resultsRooms(db())).find((r) => r.id === scheduled.id)).toMatchObject({ badge: "Scheduled", participants: 0, average: 0 });
    await env.DB.prepare("UPDATE test_rooms SET is_active = 0, ends_at = ? WHERE id = ?").bind(Date.now() - 60_000, scheduled.id).run();
    expect((await resultsRooms(db())).find((r) => r.id === scheduled.id)!.badge).toBe("Ended");
  });

  it("has every participant with score, status, tab switches, time taken, offline time and synced after end", async () => {
    const data = (await roomResults(db(), room.id))!;
    expect(data.participants).toBe(3);
    // (100 + 50 + 0) / 3: the participant who never launched counts as 0.
    expect(data.average).toBe(50);
    const by = (email: string) => data.rows.find((r) => r.email === email)!;
    const full = await testOf(room, people.full.email);
    const created = (await one<{ created_at: number }>("SELECT created_at FROM student_tests WHERE id = ?", full.id)).created_at;
    expect(by(people.full.email)).toMatchObject({
      name: "Full Marks",
      status: "completed",
      totalScore: 100,
      tabSwitchCount: 0,
      offlineMs: 60_000,
      syncedAfterEnd: true,
      timeTakenMs: full.submitted_at! - created,
      marks: { [Q0]: 50, [Q1]: 50 },
    });
    expect(by(people.half.email)).toMatchObject({ status: "attempted", totalScore: 50, offlineMs: 0, offlineNow: false, syncedAfterEnd: false, marks: { [Q0]: 50 } });
    expect(by(people.evil.email)).toMatchObject({ name: EVIL, testId: null, status: null, totalScore: null, timeTakenMs: null });
    expect(data.questions.map((q) => q.id)).toEqual([Q0, Q1]);
    // The room at a glance: one at 100, one at 50; both cases of Q0 passed by both.
    expect(data.stats.histogram.at(-1)!.count).toBe(1);
    expect(data.stats.histogram[5]!.count).toBe(1);
    expect(data.stats.coding!.find((q) => q.id === Q0)).toMatchObject({ attempts: 2, allPassRate: 1 });
    expect(data.stats.coding!.find((q) => q.id === Q1)).toMatchObject({ attempts: 1, allPassRate: 1 });

    const html = await (await call(results(room.id), { cookie: ada.cookie })).text();
    for (const text of ["Full Marks", "Half Marks", people.full.email, "synced after end", "offline 1m 00s", "Score histogram", "The room at a glance"]) {
      expect(html).toContain(text);
    }
    // React escapes the name: it is text, never markup.
    expect(html).toContain("=HYPERLINK(&quot;x&quot;)");
  });

  it("applies the filter and sort of the URL", async () => {
    const html = await (await call(`${results(room.id)}?status=attempted`, { cookie: ada.cookie })).text();
    expect(html).toContain("Half Marks");
    expect(html).not.toContain(people.full.email);
  });
});

describe("Mark Pass / Mark Fail", () => {
  it("Mark Fail: completed and disqualified, override 'failed', the score kept, with a trail of who, when and what was before", async () => {
    const testId = (await testOf(room, people.half.email)).id;
    const before = Date.now();
    const res = await mark(room.id, { intent: "mark-fail", testId });
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Marked Half Marks as failed");
    expect(await one("SELECT status, is_disqualified, admin_override_status, total_score FROM student_tests WHERE id = ?", testId)).toEqual({
      status: "completed",
      is_disqualified: 1,
      admin_override_status: "failed",
      total_score: 50,
    });
    const trail = await rows<Record<string, unknown> & { created_at: number }>("SELECT * FROM result_overrides WHERE student_test_id = ?", testId);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      outcome: "failed",
      admin_id: ada.id,
      admin_name: "Ada Admin",
      previous_status: "attempted",
      previous_score: 50,
      previous_disqualified: 0,
      previous_override: null,
    });
    expect(trail[0]!.created_at).toBeGreaterThanOrEqual(before);
    expect(trail[0]!.created_at).toBeLessThanOrEqual(after);
    // The page's text, without React's text separators and tags; the time is UTC until the browser shows its own zone.
    const text = (await (await call(results(room.id), { cookie: ada.cookie })).text()).replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");
    expect(text).toMatch(/Failed by Ada Admin, \d{1,2} [A-Z][a-z]{2} \d\d:\d\d UTC \(was 50, attempted\)/);
  });

  it("Mark Pass: completed, not disqualified, override 'passed'; the trail keeps both, newest first", async () => {
    const testId = (await testOf(room, people.half.email)).id;
    const res = await mark(room.id, { intent: "mark-pass", testId });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Marked Half Marks as passed");
    expect(await one("SELECT status, is_disqualified, admin_override_status, total_score FROM student_tests WHERE id = ?", testId)).toEqual({
      status: "completed",
      is_disqualified: 0,
      admin_override_status: "passed",
      total_score: 50,
    });
    const row = (await roomResults(db(), room.id))!.rows.find((r) => r.testId === testId)!;
    expect(row.overrideStatus).toBe("passed");
    expect(row.trail.map((e) => [e.outcome, e.adminName, e.previousStatus, e.previousDisqualified, e.previousScore])).toEqual([
      ["passed", "Ada Admin", "completed", true, 50],
      ["failed", "Ada Admin", "attempted", false, 50],
    ]);
  });

  it("answers 'Failed to update status' for a test of another room, an unknown test or none, and changes nothing", async () => {
    const foreign = await one<{ id: string; status: string }>("SELECT id, status FROM student_tests WHERE room_id = ?", other.id);
    const count = async () => (await one<{ n: number }>("SELECT count(*) AS n FROM result_overrides")).n;
    const n = await count();
    for (const [fields, status] of [
      [{ intent: "mark-fail", testId: foreign.id }, 404],
      [{ intent: "mark-fail", testId: "no-such-test" }, 404],
      [{ intent: "mark-fail" }, 400],
    ] as const) {
      const res = await mark(room.id, fields);
      expect(res.status).toBe(status);
      expect(await res.text()).toContain("Failed to update status");
    }
    const unknown = await mark(room.id, { intent: "delete-everything", testId: foreign.id });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Unknown action");
    expect(await one("SELECT status, is_disqualified FROM student_tests WHERE id = ?", foreign.id)).toMatchObject({ status: foreign.status, is_disqualified: 0 });
    expect(await count()).toBe(n);
  });

  it("publishes participants-changed on the room's party, so every open admin tab refetches", async () => {
    const res = await call(`/parties/room-party/${room.id}`, { headers: { Upgrade: "websocket" }, cookie: ada.cookie });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.accept();
    const seen: ServerMessage[] = [];
    let wake = () => {};
    ws.addEventListener("message", (e) => {
      seen.push(ServerMessage.parse(JSON.parse(String(e.data))));
      wake();
    });
    const until = async (match: (m: ServerMessage) => boolean) => {
      while (!seen.some(match)) await new Promise<void>((resolve) => (wake = resolve));
      return seen.find(match)!;
    };
    await until((m) => m.type === "welcome");
    const testId = (await testOf(room, people.full.email)).id;
    expect((await mark(room.id, { intent: "mark-fail", testId })).status).toBe(200);
    expect(await until((m) => m.type === "participants-changed")).toEqual({ type: "participants-changed", roomId: room.id });
    ws.close();
  });
});

describe("the CSV export", () => {
  it("is a download of one row per student, with the override trail and marks per question", async () => {
    const res = await call(`${results(room.id)}/csv`, { cookie: ada.cookie });
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    // A UTF-8 byte order mark, so Excel reads the names right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await res.text();
    const [header, ...body] = parseCsv(text);
    expect(header).toEqual([
      "Name",
      "Email",
      "Score",
      "Status",
      "Override",
      "Override by",
      "Override at (UTC)",
      "Score before override",
      "Status before override",
      "Tab switches",
      "Time taken",
      "Offline time",
      "Synced after end",
      "Questions",
      "Q1 marks: Echo 0",
      "Q2 marks: Echo 1",
    ]);
    // Sorted by name, as the screen is by default: '=' sorts before letters.
    expect(body.map((r) => r[0])).toEqual([`'${EVIL}`, "Full Marks", "Half Marks"]);
    const [evil, full, half] = body as [string[], string[], string[]];
    expect(evil.slice(0, 4)).toEqual([`'${EVIL}`, people.evil.email, "—", "Not started"]);
    expect(full.slice(0, 5)).toEqual(["Full Marks", people.full.email, "100", "Disqualified", "Failed"]);
    expect(full.slice(5, 13)).toEqual(["Ada Admin", expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), "100", "completed", "0", expect.any(String), "1m 00s", "Yes"]);
    // Both students were given both questions, in the order of their draw.
    const [fullDraw, halfDraw] = await Promise.all([people.full.email, people.half.email].map(async (email) => drawTitles((await testOf(room, email)).id)));
    expect(full.slice(13)).toEqual([fullDraw, "50", "50"]);
    expect(evil[13]).toBe("");
    expect(half.slice(2, 9)).toEqual(["50", "Completed", "Passed", "Ada Admin", expect.any(String), "50", "disqualified"]);
    expect(half.slice(11)).toEqual(["—", "No", halfDraw, "50", ""]);
  });

  it("neutralises a formula in a cell: the raw text is quoted and starts with an apostrophe", async () => {
    const text = await (await call(`${results(room.id)}/csv`, { cookie: ada.cookie })).text();
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).not.toMatch(/(^|[\n,])=HYPERLINK/);
  });

  it("follows the screen's filter and order", async () => {
    const byScore = parseCsv(await (await call(`${results(room.id)}/csv?sort=score-desc`, { cookie: ada.cookie })).text());
    expect(byScore.slice(1).map((r) => r[0])).toEqual(["Full Marks", "Half Marks", `'${EVIL}`]);
    const notStarted = parseCsv(await (await call(`${results(room.id)}/csv?status=not_started`, { cookie: ada.cookie })).text());
    expect(notStarted.slice(1).map((r) => r[1])).toEqual([people.evil.email]);
  });
});

describe("an MCQ room", () => {
  it("has one marks column per question (5 or 0) and each question's share of correct answers", async () => {
    await seedMcqCategory("RS-MCQ");
    const mcq = await makeRoom("RS-MCQ", "mcq");
    const s = await takingStudent(mcq, "Quiz Taker");
    await start(mcq);
    expect((await launch(s.cookie, mcq)).status).toBe(302);
    const testId = (await testOf(mcq, s.email)).id;
    // Question i's correct option is i % 4: answer the first 10 right and the rest wrong.
    const answers = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`RS-MCQ-m${i}`, i < 10 ? i % 4 : (i + 1) % 4]));
    expect((await journal(s.cookie, testId, [{ seq: 0, kind: "finish", payload: { answers } }])).status).toBe(200);

    const data = (await roomResults(db(), mcq.id))!;
    expect(data.rows[0]).toMatchObject({ status: "completed", totalScore: 50 });
    expect(data.questions).toHaveLength(20);
    expect(data.stats.coding).toBeNull();
    expect(data.stats.mcq!.map((q) => q.passRate).sort()).toEqual([...Array(10).fill(0), ...Array(10).fill(1)]);
    const [header, row] = parseCsv(await (await call(`${results(mcq.id)}/csv`, { cookie: ada.cookie })).text());
    expect(header![13]).toBe("Questions");
    expect(header!.slice(14)).toHaveLength(20);
    expect(row![13]!.split("; ")).toHaveLength(20);
    expect(row!.slice(14).sort()).toEqual([...Array(10).fill("0"), ...Array(10).fill("5")]);
  });
});

describe("a room of 500 students", () => {
  it("loads, exports and takes an override without hitting D1's limits", async () => {
    const big = await makeRoom(CATEGORY, "coding");
    const tag = crypto.randomUUID().slice(0, 8);
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < 500; i++) {
      const userId = `big-${tag}-${i}`;
      const testId = `big-test-${tag}-${i}`;
      const name = `Big Student ${String(i).padStart(3, "0")}`;
      const email = `big-${tag}-${i}@example.edu`;
      const score = (i % 3) * 50;
      statements.push(
        env.DB.prepare("INSERT INTO user (id, name, email) VALUES (?, ?, ?)").bind(userId, name, email),
        env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'student')").bind(userId),
        env.DB.prepare("INSERT INTO room_participants (id, room_id, student_id, full_name, email, status) VALUES (?, ?, ?, ?, ?, 'completed')").bind(
          `big-p-${tag}-${i}`,
          big.id,
          userId,
          name,
          email,
        ),
        env.DB.prepare("INSERT INTO student_tests (id, room_id, student_id, total_score, status, is_completed, submitted_at) VALUES (?, ?, ?, ?, ?, 1, ?)").bind(
          testId,
          big.id,
          userId,
          score,
          score === 100 ? "completed" : "attempted",
          Date.now(),
        ),
      );
      for (const [q, questionId] of [Q0, Q1].entries()) {
        if (score < (q + 1) * 50) continue;
        statements.push(
          env.DB.prepare(
            "INSERT INTO submissions (id, student_test_id, question_id, question_title, language, test_cases_passed, test_cases_total, score, marks_obtained, passed_test_case_ids) VALUES (?, ?, ?, ?, 'python', 5, 5, 100, 50, ?)",
          ).bind(`big-s-${tag}-${i}-${q}`, testId, questionId, `Echo ${q}`, JSON.stringify([0, 1, 2, 3, 4].map((c) => `${questionId}-tc${c}`))),
        );
      }
    }
    for (let i = 0; i < statements.length; i += 500) await env.DB.batch(statements.slice(i, i + 500));

    const data = (await roomResults(db(), big.id))!;
    expect(data.participants).toBe(500);
    // Scores cycle 0, 50, 100: 167 × 0 + 167 × 50 + 166 × 100 over 500.
    expect(data.average).toBe(Math.round((167 * 50 + 166 * 100) / 500));
    expect(data.stats.histogram.at(-1)!.count).toBe(166);
    expect(data.stats.coding!.find((q) => q.id === Q0)!.attempts).toBe(333);

    const page = await call(results(big.id), { cookie: ada.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Big Student 000");
    expect(html).toContain("Big Student 499");

    const csv = parseCsv(await (await call(`${results(big.id)}/csv`, { cookie: ada.cookie })).text());
    expect(csv).toHaveLength(501);

    const res = await mark(big.id, { intent: "mark-fail", testId: `big-test-${tag}-250` });
    expect(await res.text()).toContain("Marked Big Student 250 as failed");
    expect((await resultsRooms(db())).find((r) => r.id === big.id)).toMatchObject({ participants: 500, average: data.average });
  });
});
