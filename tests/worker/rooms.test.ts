import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/lib/d1/db.server";
import { findRoomByOtp, issueOtp, requireRoom } from "~/lib/rooms/rooms.server";
import { actionAnswer, call, postForm, signUp } from "./helpers";

let admin = "";
let student = "";
let studentEmail = "";
const db = () => createDb(env.DB);

async function seedQuestions(category: string, type: "mcq" | "coding", n: number, language = "python") {
  await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (?, ?)").bind(`cat-${category}`, category).run();
  const statements = Array.from({ length: n }, (_, i) =>
    env.DB.prepare(
      "INSERT INTO questions (id, title, description, language, category, type, mcq_options, correct_answer) VALUES (?, ?, '', ?, ?, ?, ?, ?)",
    ).bind(
      `${category}-${type}-${i}-${crypto.randomUUID()}`,
      `${type} question ${i}`,
      language,
      category,
      type,
      type === "mcq" ? JSON.stringify({ options: ["a", "b", "c", "d"], correct_index: 1 }) : null,
      type === "mcq" ? "B" : null,
    ),
  );
  if (statements.length) await env.DB.batch(statements);
}

async function rows<T = Record<string, unknown>>(sql: string, ...binds: unknown[]) {
  return (await env.DB.prepare(sql).bind(...binds).all<T>()).results;
}

function roomAction(roomId: string, fields: Record<string, string>, cookie = admin) {
  return postForm(`/admin/room/${roomId}`, fields, cookie);
}

async function createRoom(fields: Partial<Record<string, string>> = {}) {
  const name = fields.roomName ?? `Room ${crypto.randomUUID().slice(0, 8)}`;
  const res = await postForm(
    "/admin?index",
    { intent: "create", roomName: name, category: "Rooms-Coding", questionType: "coding", language: "python", durationMinutes: "60", ...fields } as Record<string, string>,
    admin,
  );
  expect(res.status, await res.clone().text()).toBe(200);
  const room = (await rows<{ id: string }>("SELECT id FROM test_rooms WHERE room_name = ?", name))[0];
  return room!.id;
}

beforeAll(async () => {
  admin = (await signUp({ role: "admin" })).cookie;
  const s = await signUp({ role: "student", name: "Stu Dent" });
  student = s.cookie;
  studentEmail = s.email;
  await seedQuestions("Rooms-Coding", "coding", 3);
  await seedQuestions("Rooms-MCQ", "mcq", 25);
  await seedQuestions("Rooms-Small", "mcq", 19);
  await seedQuestions("Rooms-Small", "coding", 1);
});

describe("create room", () => {
  it.each([
    [{ roomName: "" }, "Please fill all fields and select a category", "roomName"],
    [{ category: "" }, "Please fill all fields and select a category", "category"],
    [{ category: "No Such Category" }, "Please fill all fields and select a category", "category"],
    [{ category: "Rooms-Small", questionType: "mcq" }, "Selected category must have at least 20 questions for mcq type.", "category"],
    [{ category: "Rooms-Small", questionType: "coding" }, "Selected category must have at least 2 questions for coding type.", "category"],
    [{ durationMinutes: "0" }, "Duration must be at least 1 minute", "durationMinutes"],
    [{ questionType: "essay" }, "Please choose a question type", "questionType"],
  ])("refuses %o with the spec message, under its field, and writes nothing", async (override, message, field) => {
    const before = (await rows("SELECT id FROM test_rooms")).length;
    const fields = { intent: "create", roomName: "X", category: "Rooms-Coding", questionType: "coding", language: "c", durationMinutes: "60", ...override };
    const res = await postForm("/admin.data?index", fields, admin);
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain(message);
    // The answer names the field (issue 42, item 6): { ok: false, error, field }, in single fetch's encoding.
    expect(body).toMatch(new RegExp(`"field",\\s*"${field}"|"field":"${field}"`));
    expect((await rows("SELECT id FROM test_rooms")).length).toBe(before);
  });

  it("an MCQ room draws exactly 20 random questions of its category and stores python", async () => {
    const id = await createRoom({ category: "Rooms-MCQ", questionType: "mcq", language: "java" });
    const room = (await rows<{ language: string; question_type: string; duration_minutes: number }>("SELECT * FROM test_rooms WHERE id = ?", id))[0]!;
    expect(room).toMatchObject({ language: "python", question_type: "mcq", duration_minutes: 60 });
    const qs = await rows<{ category: string }>(
      "SELECT q.category FROM room_questions rq JOIN questions q ON q.id = rq.question_id WHERE rq.room_id = ?",
      id,
    );
    expect(qs).toHaveLength(20);
    expect(new Set(qs.map((q) => q.category))).toEqual(new Set(["Rooms-MCQ"]));
  });

  it("a coding room takes every coding question of the category", async () => {
    const id = await createRoom({ language: "java" });
    expect(await rows("SELECT * FROM room_questions WHERE room_id = ?", id)).toHaveLength(3);
    expect((await rows<{ language: string }>("SELECT language FROM test_rooms WHERE id = ?", id))[0]!.language).toBe("java");
  });

  it("defaults the duration to 60 minutes", async () => {
    const name = `Default ${crypto.randomUUID()}`;
    const res = await postForm("/admin?index", { intent: "create", roomName: name, category: "Rooms-Coding", questionType: "coding" }, admin);
    expect(res.status).toBe(200);
    expect((await rows<{ duration_minutes: number }>("SELECT duration_minutes FROM test_rooms WHERE room_name = ?", name))[0]!.duration_minutes).toBe(60);
  });
});

describe("room lifecycle", () => {
  it("enable, OTP, participants, start, extend, stop, disable", async () => {
    const id = await createRoom();

    let res = await roomAction(id, { intent: "generate-otp" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enable the room first before generating OTP");

    expect((await roomAction(id, { intent: "enable" })).status).toBe(200);
    res = await roomAction(id, { intent: "generate-otp" });
    expect(res.status).toBe(200);
    const room = (await rows<{ otp: string; otp_expires_at: number; is_enabled: number }>("SELECT * FROM test_rooms WHERE id = ?", id))[0]!;
    expect(room.otp).toMatch(/^[1-9]\d{5}$/);
    expect(room.otp_expires_at - Date.now()).toBeGreaterThan(25_000);
    expect(room.otp_expires_at - Date.now()).toBeLessThanOrEqual(30_000);

    res = await roomAction(id, { intent: "start" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Add at least one participant before starting the test");

    res = await roomAction(id, { intent: "add-participant", email: "nobody-here@example.edu" });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("User not found with this email");
    res = await roomAction(id, { intent: "add-participant", email: studentEmail.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Added Stu Dent to the room");
    res = await roomAction(id, { intent: "add-participant", email: studentEmail });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("User is already in this room");

    // Edit participant: each refusal names the field the dialog shows it under, and changes nothing.
    const [participant] = await rows<{ id: string; full_name: string; category: string }>("SELECT id, full_name, category FROM room_participants WHERE room_id = ?", id);
    const edits: [Record<string, string>, string, string][] = [
      [{ fullName: "A" }, "Name must be at least 2 characters", "fullName"],
      [{ category: " " }, "Please select a category", "category"],
    ];
    for (const [change, error, field] of edits) {
      const edit = await postForm(`/admin/room/${id}.data`, { intent: "edit-participant", participantId: participant!.id, fullName: "Stu Dent", category: "General", ...change }, admin);
      expect(edit.status).toBe(400);
      expect(await actionAnswer(edit)).toEqual({ ok: false, error, field });
    }
    expect((await rows("SELECT id, full_name, category FROM room_participants WHERE room_id = ?", id))[0]).toEqual(participant);

    res = await roomAction(id, { intent: "extend", minutes: "15" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Cannot extend time for this test.");

    const before = Date.now();
    res = await roomAction(id, { intent: "start" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Test started successfully");
    const started = (await rows<{ is_active: number; started_at: number; ends_at: number }>("SELECT * FROM test_rooms WHERE id = ?", id))[0]!;
    expect(started.is_active).toBe(1);
    expect(started.started_at).toBeGreaterThanOrEqual(before - 1000);
    expect(started.ends_at - started.started_at).toBe(60 * 60_000);
    expect((await rows<{ status: string }>("SELECT status FROM room_participants WHERE room_id = ?", id)).map((p) => p.status)).toEqual(["testing"]);

    res = await roomAction(id, { intent: "add-participant", email: studentEmail });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Cannot add participants after test has started");

    res = await roomAction(id, { intent: "extend", minutes: "0" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please add at least 1 minute");
    res = await roomAction(id, { intent: "extend", minutes: "15" });
    expect(await res.text()).toContain("Added 15 minutes");
    const extended = (await rows<{ ends_at: number }>("SELECT ends_at FROM test_rooms WHERE id = ?", id))[0]!;
    expect(extended.ends_at - started.ends_at).toBe(15 * 60_000);

    res = await roomAction(id, { intent: "disable" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Stop the test before disabling the room");

    res = await roomAction(id, { intent: "stop" });
    expect(await res.text()).toContain("Test room stopped");
    const stopped = (await rows<{ is_active: number; ends_at: number }>("SELECT * FROM test_rooms WHERE id = ?", id))[0]!;
    expect(stopped.is_active).toBe(0);
    expect(stopped.ends_at).toBeLessThanOrEqual(Date.now());

    res = await roomAction(id, { intent: "disable" });
    expect(await res.text()).toContain("Room disabled");
    const disabled = (await rows<{ is_enabled: number; otp: string | null; otp_expires_at: number | null }>("SELECT * FROM test_rooms WHERE id = ?", id))[0]!;
    expect(disabled).toMatchObject({ is_enabled: 0, otp: null, otp_expires_at: null });
  });

  it("unlock code: blank refused, trimmed code stored", async () => {
    const id = await createRoom();
    let res = await roomAction(id, { intent: "unlock-code", unlockCode: "   " });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter a valid unlock code");
    res = await roomAction(id, { intent: "unlock-code", unlockCode: "  open-sesame " });
    expect(await res.text()).toContain("Unlock code updated successfully");
    expect((await rows<{ unlock_code: string }>("SELECT unlock_code FROM test_rooms WHERE id = ?", id))[0]!.unlock_code).toBe("open-sesame");
  });

  it("change questions: replaces the set atomically and checks type and minimum", async () => {
    const id = await createRoom();
    const coding = await rows<{ id: string }>("SELECT id FROM questions WHERE category = 'Rooms-Coding' AND type = 'coding'");
    const mcq = await rows<{ id: string }>("SELECT id FROM questions WHERE type = 'mcq' LIMIT 1");
    let res = await roomAction(id, { intent: "change-questions", questionIds: coding[0]!.id });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please select at least 2 questions");
    res = await roomAction(id, { intent: "change-questions", questionIds: `${coding[0]!.id},${mcq[0]!.id}` });
    expect(res.status).toBe(400);
    expect(await rows("SELECT * FROM room_questions WHERE room_id = ?", id)).toHaveLength(3);
    res = await roomAction(id, { intent: "change-questions", questionIds: `${coding[0]!.id},${coding[1]!.id}` });
    expect(await res.text()).toContain("Questions updated successfully");
    expect(await rows("SELECT * FROM room_questions WHERE room_id = ?", id)).toHaveLength(2);
  });

  it("removing a participant hides them, and disqualifies them while the test runs", async () => {
    const id = await createRoom();
    const other = await signUp({ role: "student", name: "Second Student" });
    await roomAction(id, { intent: "enable" });
    await roomAction(id, { intent: "add-participant", email: studentEmail });
    await roomAction(id, { intent: "add-participant", email: other.email });
    await roomAction(id, { intent: "start" });
    const [p] = await rows<{ id: string; student_id: string }>("SELECT id, student_id FROM room_participants WHERE room_id = ? AND email = ?", id, other.email);
    const res = await roomAction(id, { intent: "remove-participant", participantId: p!.id });
    expect(await res.text()).toContain("Participant removed");
    expect((await rows<{ status: string }>("SELECT status FROM room_participants WHERE id = ?", p!.id))[0]!.status).toBe("removed");
    const test = (await rows<{ status: string; is_disqualified: number }>("SELECT * FROM student_tests WHERE room_id = ? AND student_id = ?", id, p!.student_id))[0]!;
    expect(test).toMatchObject({ status: "disqualified", is_disqualified: 1 });
    const page = await call(`/admin/room/${id}`, { cookie: admin });
    const html = await page.text();
    expect(html).toContain("Stu Dent");
    expect(html).not.toContain("Second Student");
  });

  it("a participant of another room cannot be edited or removed through this one", async () => {
    const a = await createRoom();
    const b = await createRoom();
    await roomAction(a, { intent: "add-participant", email: studentEmail });
    const [p] = await rows<{ id: string }>("SELECT id FROM room_participants WHERE room_id = ?", a);
    const res = await roomAction(b, { intent: "remove-participant", participantId: p!.id });
    expect(res.status).toBe(404);
    expect((await rows<{ status: string }>("SELECT status FROM room_participants WHERE id = ?", p!.id))[0]!.status).toBe("waiting");
  });
});

describe("delete room", () => {
  it("removes the room and everything hanging off it, and nothing else", async () => {
    const keep = await createRoom();
    const id = await createRoom();
    await roomAction(id, { intent: "add-participant", email: studentEmail });
    await roomAction(keep, { intent: "add-participant", email: studentEmail });
    const studentId = (await rows<{ student_id: string }>("SELECT student_id FROM room_participants WHERE room_id = ?", id))[0]!.student_id;
    const question = (await rows<{ question_id: string }>("SELECT question_id FROM room_questions WHERE room_id = ?", id))[0]!.question_id;
    const testId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO student_tests (id, room_id, student_id) VALUES (?, ?, ?)").bind(testId, id, studentId),
      env.DB.prepare("INSERT INTO submissions (id, student_test_id, question_id, language) VALUES (?, ?, ?, 'python')").bind(crypto.randomUUID(), testId, question),
      env.DB.prepare("INSERT INTO live_code_progress (student_test_id, question_id, code) VALUES (?, ?, 'x')").bind(testId, question),
      env.DB.prepare("INSERT INTO evaluation_requests (id, student_test_id, reason) VALUES (?, ?, 'r')").bind(crypto.randomUUID(), testId),
      env.DB.prepare("INSERT INTO journal_entries (id, student_test_id, seq, kind, payload, client_created_at) VALUES (?, ?, 1, 'code', '{}', 0)").bind(crypto.randomUUID(), testId),
      env.DB.prepare("INSERT INTO code_runs (student_test_id, question_id, passed, total) VALUES (?, ?, 1, 1)").bind(testId, question),
    ]);
    const res = await postForm("/admin?index", { intent: "delete", roomId: id }, admin);
    expect(await res.text()).toContain("Room deleted successfully");
    for (const table of ["submissions", "live_code_progress", "evaluation_requests", "journal_entries", "code_runs"]) {
      expect(await rows(`SELECT * FROM ${table} WHERE student_test_id = ?`, testId), table).toHaveLength(0);
    }
    for (const table of ["room_questions", "room_participants", "student_tests"]) {
      expect(await rows(`SELECT * FROM ${table} WHERE room_id = ?`, id), table).toHaveLength(0);
    }
    expect(await rows("SELECT * FROM test_rooms WHERE id = ?", id)).toHaveLength(0);
    expect(await rows("SELECT * FROM test_rooms WHERE id = ?", keep)).toHaveLength(1);
    expect(await rows("SELECT * FROM room_participants WHERE room_id = ?", keep)).toHaveLength(1);
  });

  it("from the room page, redirects to the list with the toast", async () => {
    const id = await createRoom();
    const res = await roomAction(id, { intent: "delete" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin");
  });

  it("an unknown room sends the admin back to the list", async () => {
    const res = await call("/admin/room/does-not-exist", { cookie: admin });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin");
    expect(res.headers.getSetCookie().join(";")).toContain("toast=");
  });

  it("a missing room id sends the admin to the list; students and anonymous callers are refused first", async () => {
    for (const path of ["/admin/room", "/admin/room/"]) {
      const res = await call(path, { cookie: admin });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin");
    }
    expect((await call("/admin/room/")).headers.get("Location")).toMatch(/^\/auth/);
    expect((await call("/admin/room/", { cookie: student })).headers.get("Location")).toBe("/auth");
  });
});

describe("OTP expiry is enforced by the server", () => {
  it("a code opens its room for 30 seconds, then never", async () => {
    const id = await createRoom();
    await roomAction(id, { intent: "enable" });
    const room = await requireRoom(db(), id);
    const now = Date.now();
    const { otp } = await issueOtp(db(), room, now);
    expect((await findRoomByOtp(db(), otp, now + 29_000))?.id).toBe(id);
    expect(await findRoomByOtp(db(), otp, now + 30_001)).toBeNull();
    // Disabling kills the code at once.
    await roomAction(id, { intent: "disable" });
    expect(await findRoomByOtp(db(), otp, now + 1000)).toBeNull();
  });

  it("ignores malformed codes", async () => {
    expect(await findRoomByOtp(db(), "12345")).toBeNull();
    expect(await findRoomByOtp(db(), "' OR 1=1 --")).toBeNull();
  });
});

describe("only admins", () => {
  const intents = ["enable", "disable", "generate-otp", "start", "stop", "extend", "change-questions", "unlock-code", "delete", "add-participant", "edit-participant", "remove-participant"];

  it("students and anonymous callers cannot use any room action, and nothing changes", async () => {
    const id = await createRoom();
    const before = JSON.stringify(await rows("SELECT * FROM test_rooms WHERE id = ?", id));
    // A document POST runs the action (refused: 403/401) and then the page's
    // loaders, whose guard redirects to /auth; either way nothing is written.
    const refused = (res: Response, label: string) =>
      expect([403, 401, 302].includes(res.status) && (res.status !== 302 || (res.headers.get("Location") ?? "").startsWith("/auth")), `${label}: ${res.status}`).toBe(true);
    for (const intent of intents) {
      refused(await roomAction(id, { intent, minutes: "5", unlockCode: "x", email: studentEmail, questionIds: "", roomId: id }, student), intent);
      refused(await roomAction(id, { intent }, ""), `anonymous ${intent}`);
    }
    for (const intent of ["create", "delete"]) {
      refused(await postForm("/admin?index", { intent, roomId: id, roomName: "Hack", category: "Rooms-Coding", questionType: "coding" }, student), intent);
    }
    expect(await rows("SELECT * FROM test_rooms WHERE room_name = 'Hack'")).toHaveLength(0);
    expect(JSON.stringify(await rows("SELECT * FROM test_rooms WHERE id = ?", id))).toBe(before);
    expect(await rows("SELECT * FROM room_participants WHERE room_id = ?", id)).toHaveLength(0);
  });

  it("students cannot read the room page, its OTP or unlock code, or the student suggestions", async () => {
    const id = await createRoom();
    await roomAction(id, { intent: "unlock-code", unlockCode: "SECRET-UNLOCK" });
    for (const path of [`/admin/room/${id}`, `/admin/room/${id}.data`, "/admin/api/student-suggestions?q=st"]) {
      const res = await call(path, { cookie: student });
      expect(res.headers.get("Location"), path).toBe("/auth");
      expect(await res.text()).not.toContain("SECRET-UNLOCK");
    }
  });

  it("suggestions: admins get up to 10 students from 2 characters", async () => {
    const short = await call("/admin/api/student-suggestions?q=s", { cookie: admin });
    expect(((await short.json()) as { students: unknown[] }).students).toEqual([]);
    const res = await call(`/admin/api/student-suggestions?q=${encodeURIComponent(studentEmail.slice(0, 12))}`, { cookie: admin });
    const { students } = (await res.json()) as { students: { email: string }[] };
    expect(students.length).toBeGreaterThan(0);
    expect(students.length).toBeLessThanOrEqual(10);
    expect(students.map((s) => s.email)).toContain(studentEmail);
  });
});
