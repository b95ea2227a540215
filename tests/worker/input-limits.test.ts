// Valid or oversized input never answers 500 (issue 13 section 3, decision
// 020): long and wildcard searches, lists past D1's 100 bound parameters,
// route actions posted from another site, and over-long free text.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/lib/d1/db.server";
import type { PracticeRoom } from "~/lib/practice/practice-rooms.server";
import { practiceQuestions } from "~/lib/practice/session.server";
import { call, ORIGIN, postForm, signUp } from "./helpers";

let admin = "";
beforeAll(async () => {
  admin = (await signUp({ role: "admin", name: "Limits Admin" })).cookie;
});

const tag = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const count = async (query: string, ...binds: unknown[]) =>
  (await env.DB.prepare(query).bind(...binds).first<{ n: number }>())!.n;

async function insertUser(id: string, name: string, email: string, role: "student" | "admin" = "student") {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)").bind(id, name, email, now, now),
    env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, ?)").bind(id, role),
  ]);
}

async function insertQuestions(category: string, type: "coding" | "mcq", titles: string[]) {
  await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (?, ?)").bind(`cat-${category}`, category).run();
  const statements = titles.map((title, i) =>
    env.DB.prepare(
      "INSERT INTO questions (id, title, description, language, category, type, mcq_options, correct_answer) VALUES (?, ?, 'd', 'python', ?, ?, ?, ?)",
    ).bind(
      `${category}-${i}`,
      title,
      category,
      type,
      type === "mcq" ? JSON.stringify({ options: ["a", "b", "c", "d"], correct_index: 0 }) : null,
      type === "mcq" ? "A" : null,
    ),
  );
  for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));
  return titles.map((_, i) => `${category}-${i}`);
}

describe("searches", () => {
  it("find a row by its full 60-character text, and answer 200 to a 200-character search", async () => {
    const w = tag();
    const long = `${w}-${"long name ".repeat(6)}`.slice(0, 60);
    await insertUser(`${w}-u`, long, `${w}@example.edu`);
    await insertQuestions(`${w}c`, "coding", [long]);
    await insertQuestions(`${w}m`, "mcq", [long]);
    const q = encodeURIComponent(long);
    for (const path of [`/admin/users?q=${q}`, `/admin/questions/coding?q=${q}`, `/admin/questions/mcq?q=${q}`]) {
      const response = await call(path, { cookie: admin });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain(long);
    }
    const suggestions = await call(`/admin/api/student-suggestions?q=${q}`, { cookie: admin });
    expect(suggestions.status).toBe(200);
    expect(((await suggestions.json()) as { students: { name: string }[] }).students.map((s) => s.name)).toEqual([long]);

    const huge = encodeURIComponent("%_x".repeat(70));
    for (const path of ["/admin/users", "/admin/questions/coding", "/admin/questions/mcq", "/admin/api/student-suggestions", "/admin/evaluation", "/admin/history"]) {
      const response = await call(`${path}?q=${huge}`, { cookie: admin });
      expect(response.status, path).toBe(200);
    }
  });

  it("take % and _ literally", async () => {
    const w = tag();
    const names = [`${w} 100%_off`, `${w} 100xyoff`];
    for (const [i, name] of names.entries()) await insertUser(`${w}-${i}`, name, `${w}-${i}@example.edu`);
    await insertQuestions(`${w}c`, "coding", names);
    const q = encodeURIComponent(`${w} 100%_`);
    for (const path of [`/admin/users?q=${q}`, `/admin/questions/coding?q=${q}`]) {
      const html = await (await call(path, { cookie: admin })).text();
      expect(html, path).toContain(names[0]);
      expect(html, path).not.toContain(names[1]);
    }
    const suggestions = await call(`/admin/api/student-suggestions?q=${q}`, { cookie: admin });
    expect(((await suggestions.json()) as { students: { name: string }[] }).students.map((s) => s.name)).toEqual([names[0]]);
  });
});

describe("lists past D1's 100 bound parameters", () => {
  it("create a coding room from a category of 500 questions, and change a room to 500 questions", async () => {
    const w = tag();
    const ids = await insertQuestions(w, "coding", Array.from({ length: 500 }, (_, i) => `Q${i}`));
    const roomName = `big ${w}`;
    const created = await postForm("/admin?index", { intent: "create", roomName, category: w, questionType: "coding", language: "python", durationMinutes: "30" }, admin);
    expect(created.status).toBe(200);
    const room = await env.DB.prepare("SELECT id FROM test_rooms WHERE room_name = ?").bind(roomName).first<{ id: string }>();
    expect(await count("SELECT count(*) AS n FROM room_questions WHERE room_id = ?", room!.id)).toBe(500);

    const changed = await postForm(`/admin/room/${room!.id}`, { intent: "change-questions", questionIds: ids.slice(0, 499).reverse().join(",") }, admin);
    expect(changed.status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM room_questions WHERE room_id = ?", room!.id)).toBe(499);
    // One unknown id among 500: refused as a whole, the room keeps its 499.
    const refused = await postForm(`/admin/room/${room!.id}`, { intent: "change-questions", questionIds: [...ids.slice(0, 499), "nope"].join(",") }, admin);
    expect(refused.status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM room_questions WHERE room_id = ?", room!.id)).toBe(499);
    // Past the cap: a clear 400, nothing changed.
    const tooMany = await postForm(`/admin/room/${room!.id}`, { intent: "change-questions", questionIds: Array.from({ length: 1001 }, (_, i) => `x${i}`).join(",") }, admin);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain("A room can have at most 1000 questions");
    expect(await count("SELECT count(*) AS n FROM room_questions WHERE room_id = ?", room!.id)).toBe(499);

    // A practice room on the same category shows all 500.
    const practice = await practiceQuestions(createDb(env.DB), { category: w } as PracticeRoom);
    expect(practice).toHaveLength(500);
  });
});

describe("a route action posted from another site", () => {
  const post = (path: string, body: URLSearchParams, headers: Record<string, string>) =>
    exports.default.fetch(
      new Request(`${ORIGIN}${path}`, { method: "POST", body, redirect: "manual", headers: { Host: new URL(ORIGIN).host, Cookie: admin, ...headers } }),
    );

  it("answers 403 with a clear message and writes nothing", async () => {
    const email = `${tag()}@example.edu`;
    const form = () => new URLSearchParams({ intent: "create", full_name: "Evil Twin", email, password: "password123", role: "admin" });
    for (const [path, headers] of [
      ["/admin/users", { Origin: "http://evil.example" }],
      ["/admin/users.data", { Origin: "http://evil.example" }],
      ["/admin/users", { Origin: "null" }],
      ["/admin/users", { Origin: "not a url" }],
    ] as const) {
      const response = await post(path, form(), headers);
      expect(response.status, `${path} ${headers.Origin}`).toBe(403);
      expect(await response.json()).toEqual({ error: "This request came from another site, so it was refused." });
    }
    expect(await count("SELECT count(*) AS n FROM user WHERE email = ?", email)).toBe(0);
    // Our own origin still goes through.
    const ours = await post("/admin/users", form(), { Origin: ORIGIN });
    expect(ours.status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM user WHERE email = ?", email)).toBe(1);
  });
});

describe("free text past its maximum", () => {
  const MB = "x".repeat(1024 * 1024);

  it("answers 400 with the message and writes nothing", async () => {
    const w = tag();
    await insertQuestions(w, "mcq", Array.from({ length: 20 }, (_, i) => `M${i}`));
    const student = await signUp({ role: "student", name: "Oversized Student" });
    const roomName = `limits ${w}`;
    await postForm("/admin?index", { intent: "create", roomName, category: w, questionType: "mcq", durationMinutes: "30" }, admin);
    const room = (await env.DB.prepare("SELECT id FROM test_rooms WHERE room_name = ?").bind(roomName).first<{ id: string }>())!;
    expect((await postForm(`/admin/room/${room.id}`, { intent: "add-participant", email: student.email }, admin)).status).toBe(200);
    const participant = (await env.DB.prepare("SELECT id, category FROM room_participants WHERE room_id = ?").bind(room.id).first<{ id: string; category: string }>())!;

    const cases: [string, Record<string, string>, string][] = [
      [`/admin/room/${room.id}`, { intent: "edit-participant", participantId: participant.id, fullName: "Fine Name", category: MB }, "Category name is too long (max 50 characters)"],
      [`/admin/room/${room.id}`, { intent: "edit-participant", participantId: MB, fullName: "Fine Name", category: "ok" }, "Participant not found"],
      [`/admin/room/${room.id}`, { intent: "add-participant", email: `${"a".repeat(300)}@example.edu` }, "Email too long"],
      [`/admin/room/${room.id}`, { intent: "unlock-code", unlockCode: MB }, "The unlock code can be at most 64 characters"],
      ["/admin?index", { intent: "create", roomName: `x ${w}`, category: MB, questionType: "mcq", durationMinutes: "30" }, "Category name is too long (max 50 characters)"],
      ["/admin/users", { intent: "create", full_name: MB, email: `${w}-big@example.edu`, password: "password123", role: "student" }, "Name too long"],
      ["/admin/questions?index", { intent: "add-category", name: MB }, "Category name is too long (max 50 characters)"],
    ];
    for (const [path, fields, message] of cases) {
      const response = await postForm(path, fields, admin);
      expect(response.status, `${fields.intent} ${message}`).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const after = (await env.DB.prepare("SELECT category, full_name AS name FROM room_participants WHERE id = ?").bind(participant.id).first<{ category: string; name: string }>())!;
    expect(after.category).toBe(participant.category);
    expect(await count("SELECT count(*) AS n FROM room_participants WHERE room_id = ?", room.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM test_rooms WHERE room_name = ?", `x ${w}`)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM user WHERE email = ?", `${w}-big@example.edu`)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM test_rooms WHERE id = ? AND unlock_code IS NOT NULL AND length(unlock_code) > 64", room.id)).toBe(0);
  });
});
