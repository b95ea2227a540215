// The admin's test history (/admin/history and its CSV export): the real
// Worker against real D1. Other test files share the database, so every
// assertion is about rows this file made (found by a unique tag).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { HISTORY_MESSAGES, HISTORY_PAGE_SIZE } from "~/components/results/history-query";
import { createDb } from "~/lib/d1/db.server";
import { historyPages, listHistory } from "~/lib/results/history.server";
import { call, signUp } from "./helpers";
import { launch, makeRoom, seedCodingCategory, signUpAdmin, start, takingStudent } from "./rooms-fixture";
import { parseCsv } from "../csv";

const PATH = "/admin/history";
const CSV = "/admin/history/csv";
const db = () => createDb(env.DB);

let admin = "";
let adminId = "";
let student = "";

const rows = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql).bind(...binds).all<T>()).results;
const countOf = async (sql: string, ...binds: unknown[]) => (await rows<{ n: number }>(sql, ...binds))[0]!.n;
const rowsIn = (html: string) => html.split('data-testid="history-row"').length - 1;
const tag = () => crypto.randomUUID().slice(0, 8);

/**
 * Deletes through the page's action as its fetcher does (the `.data`
 * endpoint, which answers the action's own status), `testId` once per id.
 */
function deleteTests(ids: string[], cookie: string | null = admin, path = `${PATH}.data`) {
  const body = new URLSearchParams({ intent: "delete" });
  for (const id of ids) body.append("testId", id);
  return call(path, { method: "POST", body, cookie: cookie ?? undefined });
}

// ------------------------------------------------------------------ fixtures (plain SQL)

const QUESTION_ID = "history-question";

async function addStudent(name: string, email: string) {
  const id = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO user (id, name, email, email_verified) VALUES (?, ?, ?, 1)").bind(id, name, email),
    env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'student')").bind(id),
  ]);
  return id;
}

/** `count` students named `${prefix} i`, in one batch. */
async function addStudents(count: number, prefix: string) {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await env.DB.batch(
    ids.flatMap((id, i) => [
      env.DB.prepare("INSERT INTO user (id, name, email, email_verified) VALUES (?, ?, ?, 1)").bind(id, `${prefix} ${i}`, `${prefix.replace(/\W+/g, "-")}-${i}@example.edu`.toLowerCase()),
      env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'student')").bind(id),
    ]),
  );
  return ids;
}

async function addRoom(name: string, type: "coding" | "mcq" = "coding") {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO test_rooms (id, room_name, created_by, question_type) VALUES (?, ?, ?, ?)")
    .bind(id, name, adminId, type)
    .run();
  return id;
}

type TestInput = { roomId: string; studentId: string; createdAt: number; score?: number; status?: string; tabs?: number; disqualified?: boolean };

/** A student test with one row in every table that hangs off it (and the participant). */
function testStatements(t: TestInput & { id: string }) {
  return [
    env.DB.prepare(
      "INSERT OR IGNORE INTO room_participants (id, room_id, student_id, full_name, email, status) SELECT ?, ?, id, name, email, 'completed' FROM user WHERE id = ?",
    ).bind(crypto.randomUUID(), t.roomId, t.studentId),
    env.DB.prepare(
      "INSERT INTO student_tests (id, room_id, student_id, total_score, status, is_disqualified, tab_switch_count, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(t.id, t.roomId, t.studentId, t.score ?? 50, t.status ?? "attempted", t.disqualified ? 1 : 0, t.tabs ?? 0, t.createdAt),
    env.DB.prepare("INSERT INTO submissions (id, student_test_id, question_id, language, score) VALUES (?, ?, ?, 'python', 50)").bind(
      crypto.randomUUID(),
      t.id,
      QUESTION_ID,
    ),
    env.DB.prepare("INSERT INTO live_code_progress (student_test_id, question_id, code) VALUES (?, ?, 'print(1)')").bind(t.id, QUESTION_ID),
    env.DB.prepare("INSERT INTO evaluator_versions (id, student_test_id, question_id, code) VALUES (?, ?, ?, 'print(2)')").bind(crypto.randomUUID(), t.id, QUESTION_ID),
    env.DB.prepare("INSERT INTO evaluation_requests (id, student_test_id, reason) VALUES (?, ?, 'please')").bind(crypto.randomUUID(), t.id),
    env.DB.prepare(
      "INSERT INTO journal_entries (id, student_test_id, seq, kind, payload, client_created_at) VALUES (?, ?, 1, 'code', '{}', ?)",
    ).bind(crypto.randomUUID(), t.id, t.createdAt),
    env.DB.prepare("INSERT INTO code_runs (student_test_id, question_id, passed, total, at) VALUES (?, ?, 1, 1, ?)").bind(t.id, QUESTION_ID, t.createdAt),
    env.DB.prepare(
      "INSERT INTO result_overrides (id, student_test_id, outcome, admin_name, previous_status, previous_score, previous_disqualified) VALUES (?, ?, 'passed', 'Admin', 'attempted', 50, 0)",
    ).bind(crypto.randomUUID(), t.id),
  ];
}

/** Adds the tests (with every dependent row, unless `bare`) and returns their ids in order. */
async function addTests(tests: TestInput[], { bare = false } = {}) {
  const withIds = tests.map((t) => ({ ...t, id: crypto.randomUUID() }));
  const statements = withIds.flatMap((t) => (bare ? testStatements(t).slice(0, 2) : testStatements(t)));
  // D1 takes large batches, but keep each one modest.
  for (let i = 0; i < statements.length; i += 700) await env.DB.batch(statements.slice(i, i + 700));
  return withIds.map((t) => t.id);
}

/** How many rows each table holds for these tests. */
async function footprint(ids: string[]) {
  const list = ids.map(() => "?").join(",");
  const n = (table: string, column = "student_test_id") => countOf(`SELECT count(*) AS n FROM ${table} WHERE ${column} IN (${list})`, ...ids);
  return {
    student_tests: await n("student_tests", "id"),
    submissions: await n("submissions"),
    live_code_progress: await n("live_code_progress"),
    evaluation_requests: await n("evaluation_requests"),
    journal_entries: await n("journal_entries"),
    result_overrides: await n("result_overrides"),
    evaluator_versions: await n("evaluator_versions"),
    code_runs: await n("code_runs"),
  };
}
const gone = { student_tests: 0, submissions: 0, live_code_progress: 0, evaluation_requests: 0, journal_entries: 0, result_overrides: 0, evaluator_versions: 0, code_runs: 0 };
const whole = { student_tests: 1, submissions: 1, live_code_progress: 1, evaluation_requests: 1, journal_entries: 1, result_overrides: 1, evaluator_versions: 1, code_runs: 1 };

let base = Date.UTC(2030, 0, 1); // later than any test the other files make, so ours sort first
const nextTime = () => (base += 1000);

beforeAll(async () => {
  admin = await signUpAdmin();
  // Any admin will do as the creator of the rooms made here in SQL.
  adminId = (await rows<{ user_id: string }>("SELECT user_id FROM user_roles WHERE role = 'admin' LIMIT 1"))[0]!.user_id;
  student = (await signUp({ role: "student" })).cookie;
  await env.DB.prepare("INSERT OR IGNORE INTO questions (id, title, category, type) VALUES (?, 'History question', 'General', 'coding')")
    .bind(QUESTION_ID)
    .run();
});

// ------------------------------------------------------------------ access

describe("access", () => {
  it("sends anonymous visitors and students to /auth, and serves admins", async () => {
    const t = tag();
    const sid = await addStudent(`Secret Student ${t}`, `secret-${t}@example.edu`);
    await addTests([{ roomId: await addRoom(`Secret room ${t}`), studentId: sid, createdAt: nextTime() }]);

    const anonymous = await call(PATH);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(PATH)}`);
    for (const path of [PATH, `${PATH}.data`, CSV]) {
      const asStudent = await call(path, { cookie: student });
      // A document or the CSV: 302; the data endpoint: 202 with a redirect in the body.
      expect(asStudent.headers.get("Location")).toBe("/auth");
      expect(await asStudent.text()).not.toContain(`secret-${t}`);
    }
    expect((await call(CSV)).headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(CSV)}`);

    const page = await call(`${PATH}?q=${t}`, { cookie: admin });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(">Test History</h2>");
    expect(html).toContain(`secret-${t}@example.edu`);
    expect(rowsIn(html)).toBe(1);
  });

  it("refuses the delete action to anonymous visitors (401) and students (403), and deletes nothing", async () => {
    const t = tag();
    const [id] = await addTests([{ roomId: await addRoom(`Guarded ${t}`), studentId: await addStudent("Guarded", `g-${t}@example.edu`), createdAt: nextTime() }]);
    expect((await deleteTests([id!], null)).status).toBe(401);
    expect((await deleteTests([id!], student)).status).toBe(403);
    // A plain form post is sent to sign-in (the layout's loader redirects).
    for (const cookie of [null, student]) {
      const page = await deleteTests([id!], cookie, PATH);
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toMatch(/^\/auth/);
    }
    expect(await footprint([id!])).toEqual(whole);
  });
});

// ------------------------------------------------------------------ listing and search

describe("list and search", () => {
  const t = tag();
  let ids: string[] = [];
  beforeAll(async () => {
    const alice = await addStudent(`Alice Zephyr ${t}`, `alice.${t}@uni.example`);
    const bob = await addStudent(`Bob Quartz ${t}`, `bob.${t}@college.example`);
    const longRoom = `Algorithms midterm with a deliberately long room name ${t} for search`;
    expect(longRoom.length).toBeGreaterThan(60);
    const math = await addRoom(`Math ${t} 100%_done`);
    const algo = await addRoom(longRoom, "mcq");
    ids = await addTests([
      { roomId: math, studentId: alice, createdAt: nextTime(), score: 95, status: "completed", tabs: 1 },
      { roomId: math, studentId: bob, createdAt: nextTime(), score: 40, status: "attempted", tabs: 2 },
      { roomId: algo, studentId: alice, createdAt: nextTime(), score: 0, status: "disqualified", disqualified: true, tabs: 3 },
    ]);
  });

  it("searches by name, email or room, ignoring case, newest first", async () => {
    const list = (q: string) => listHistory(db(), { q, page: 1 });
    expect((await list(`ALICE ZEPHYR ${t}`)).tests.map((r) => r.id)).toEqual([ids[2], ids[0]]);
    expect((await list(`bob.${t}@COLLEGE`)).tests.map((r) => r.id)).toEqual([ids[1]]);
    expect((await list(`math ${t}`)).tests.map((r) => r.id)).toEqual([ids[1], ids[0]]);
    // Wildcards are plain text: '%' and '_' match only themselves.
    expect((await list(`${t} 100%_done`)).total).toBe(2);
    expect((await list(`${t} 100%_dona`)).total).toBe(0);
    expect((await list(`${t} 1_0`)).total).toBe(0);
    const row = (await list(`bob.${t}`)).tests[0]!;
    expect(row).toMatchObject({ studentName: `Bob Quartz ${t}`, email: `bob.${t}@college.example`, roomName: `Math ${t} 100%_done`, totalScore: 40, status: "attempted", tabSwitchCount: 2 });
  });

  it("answers a 60-character search (over D1's 50-byte LIKE limit) without an error", async () => {
    const q = `with a deliberately long room name ${t} for search`;
    expect(q.length).toBeGreaterThanOrEqual(50);
    const sixty = `Algorithms midterm with a deliberately long room name ${t}`.slice(0, 60);
    expect(sixty.length).toBe(60);
    const res = await call(`${PATH}?q=${encodeURIComponent(sixty)}`, { cookie: admin });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(rowsIn(html)).toBe(1);
    expect(html).toContain(`alice.${t}@uni.example`);
    expect((await listHistory(db(), { q, page: 1 })).tests.map((r) => r.id)).toEqual([ids[2]]);
  });

  it("cuts a search over 100 characters and says so", async () => {
    const long = `${t}${"x".repeat(150)}`;
    const res = await call(`${PATH}?q=${long}`, { cookie: admin });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(HISTORY_MESSAGES.queryTooLong);
    expect(html).toContain("No tests match");
  });

  it("renders each row with the admin badge, score and a View Test link", async () => {
    const html = await (await call(`${PATH}?q=${encodeURIComponent(`Alice Zephyr ${t}`)}`, { cookie: admin })).text();
    expect(rowsIn(html)).toBe(2);
    expect(html).toContain(`href="/admin/submission/${ids[0]}"`);
    expect(html).toContain("Disqualified");
    expect(html).toContain("Completed");
    expect(html).toContain("Page 1 of 1");
  });
});

describe("pagination", () => {
  const t = tag();
  let ids: string[] = [];
  beforeAll(async () => {
    const room = await addRoom(`Paged room ${t}`);
    const people = await addStudents(120, `Paged ${t}`);
    // 120 tests; every 10 share one created_at, so the order must break ties itself.
    const at = nextTime();
    base += 200_000;
    ids = await addTests(
      Array.from({ length: 120 }, (_, i) => ({ roomId: room, studentId: people[i]!, createdAt: at + Math.floor(i / 10) * 1000 })),
    );
  });

  it("pages 50 at a time, newest first, with no test twice and none missing", async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const result = await listHistory(db(), { q: `Paged room ${t}`, page });
      expect(result).toMatchObject({ total: 120, pageCount: 3, page, pageSize: HISTORY_PAGE_SIZE });
      expect(result.tests).toHaveLength(page < 3 ? 50 : 20);
      seen.push(...result.tests.map((r) => r.id));
      const times = result.tests.map((r) => r.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    expect(new Set(seen).size).toBe(120);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it("keeps page and search in the URL, and sends a page past the end to the last one", async () => {
    const q = encodeURIComponent(`Paged room ${t}`);
    const page2 = await (await call(`${PATH}?q=${q}&page=2`, { cookie: admin })).text();
    expect(rowsIn(page2)).toBe(50);
    expect(page2).toContain("Page 2 of 3");
    expect(page2).toContain("Showing 51–100 of 120 tests");
    const past = await call(`${PATH}?q=${q}&page=99`, { cookie: admin });
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`${PATH}?q=${q.replace(/%20/g, "+")}&page=3`);
    const junk = await (await call(`${PATH}?q=${q}&page=abc`, { cookie: admin })).text();
    expect(junk).toContain("Page 1 of 3");
  });
});

// ------------------------------------------------------------------ delete

describe("delete", () => {
  it("removes exactly that test's rows in every table, keeps the room, the participant and the room's other test", async () => {
    const t = tag();
    const room = await addRoom(`Delete room ${t}`);
    const a = await addStudent("Del A", `del-a-${t}@example.edu`);
    const b = await addStudent("Del B", `del-b-${t}@example.edu`);
    const [doomed, kept] = await addTests([
      { roomId: room, studentId: a, createdAt: nextTime() },
      { roomId: room, studentId: b, createdAt: nextTime() },
    ]);
    const res = await deleteTests([doomed!]);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(HISTORY_MESSAGES.deleted);
    expect(await footprint([doomed!])).toEqual(gone);
    expect(await footprint([kept!])).toEqual(whole);
    expect(await countOf("SELECT count(*) AS n FROM test_rooms WHERE id = ?", room)).toBe(1);
    expect(await countOf("SELECT count(*) AS n FROM room_participants WHERE room_id = ?", room)).toBe(2);
    expect(await countOf("SELECT count(*) AS n FROM user WHERE id IN (?, ?)", a, b)).toBe(2);

    // Deleting it again: nothing left to delete.
    const again = await deleteTests([doomed!]);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(HISTORY_MESSAGES.deleteFailed);
    expect(await footprint([kept!])).toEqual(whole);
  });

  it("is one atomic batch: when the last statement fails, nothing is deleted", async () => {
    const t = tag();
    const [id] = await addTests([{ roomId: await addRoom(`Atomic ${t}`), studentId: await addStudent("Atomic", `atomic-${t}@example.edu`), createdAt: nextTime() }]);
    // The student_tests delete comes last in the batch; make exactly it fail.
    const trigger = `history_test_refuse_${t}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE DELETE ON student_tests WHEN OLD.id = '${id}' BEGIN SELECT RAISE(ABORT, 'refused by test'); END`,
    ).run();
    try {
      const res = await deleteTests([id!]);
      expect(res.status).toBe(500);
      expect(await res.text()).toContain(HISTORY_MESSAGES.deleteFailed);
      // The evaluation request, submission, live code, journal and trail were deleted earlier in
      // the same batch; the failure rolled all of it back.
      expect(await footprint([id!])).toEqual(whole);
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
  });

  it("answers 400 for a missing id or an unknown intent", async () => {
    expect((await deleteTests([])).status).toBe(400);
    const unknown = await call(`${PATH}.data`, { method: "POST", body: new URLSearchParams({ intent: "nuke" }), cookie: admin });
    expect(unknown.status).toBe(400);
  });

  it("lists and deletes 500 tests in one request, past D1's 100-parameter cap", async () => {
    // The cap is real here: a statement with 101 bound parameters is refused.
    const params = Array.from({ length: 101 }, (_, i) => i);
    await expect(env.DB.prepare(`SELECT ${params.map(() => "?").join(", ")}`).bind(...params).all()).rejects.toThrow();
    const t = tag();
    const room = await addRoom(`Bulk room ${t}`);
    const people = await addStudents(500, `Bulk ${t}`);
    const bystander = await addTests([{ roomId: await addRoom(`Bystander ${t}`), studentId: people[0]!, createdAt: nextTime() }]);
    const at = nextTime();
    base += 600_000;
    const ids = await addTests(Array.from({ length: 500 }, (_, i) => ({ roomId: room, studentId: people[i]!, createdAt: at + i })));

    const listed = await listHistory(db(), { q: `Bulk room ${t}`, page: 10 });
    expect(listed).toMatchObject({ total: 500, pageCount: 10 });
    expect(listed.tests).toHaveLength(50);

    const tooMany = await deleteTests([...ids, crypto.randomUUID()]);
    expect(tooMany.status).toBe(400);
    expect(await countOf("SELECT count(*) AS n FROM student_tests WHERE room_id = ?", room)).toBe(500);

    const res = await deleteTests(ids);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(HISTORY_MESSAGES.deletedMany(500));
    expect(await footprint(ids.slice(0, 90))).toEqual(gone);
    for (const table of ["submissions", "live_code_progress", "evaluation_requests", "journal_entries", "result_overrides"]) {
      expect(await countOf(`SELECT count(*) AS n FROM ${table} t JOIN student_tests s ON s.id = t.student_test_id WHERE s.room_id = ?`, room)).toBe(0);
    }
    expect(await countOf("SELECT count(*) AS n FROM student_tests WHERE room_id = ?", room)).toBe(0);
    expect(await countOf("SELECT count(*) AS n FROM room_participants WHERE room_id = ?", room)).toBe(500);
    expect(await footprint(bystander)).toEqual(whole);
  });
});

// ------------------------------------------------------------------ CSV export

describe("CSV export", () => {
  it("exports the filtered history, newest first, with formula-looking cells neutralised", async () => {
    const t = tag();
    const room = await addRoom(`Export, "quoted" ${t}`);
    const evil = await addStudent(`=HYPERLINK("http://evil.example/${t}","x")`, `evil-${t}@example.edu`);
    const plus = await addStudent(`+1 ${t}`, `plus-${t}@example.edu`);
    const at = await addStudent(`@SUM(A1) ${t}`, `at-${t}@example.edu`);
    const ids = await addTests([
      { roomId: room, studentId: evil, createdAt: nextTime(), score: 100, status: "completed" },
      { roomId: room, studentId: plus, createdAt: nextTime(), score: 55, tabs: 2 },
      { roomId: room, studentId: at, createdAt: nextTime(), score: 0, status: "disqualified", disqualified: true },
    ]);

    const res = await call(`${CSV}?q=${encodeURIComponent(`"quoted" ${t}`)}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="test-history-.+\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM, so Excel reads UTF-8
    const text = new TextDecoder().decode(bytes); // drops the BOM
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/${t}"",""x"")"`);
    const [header, ...lines] = parseCsv(text);
    expect(header).toEqual(["Student", "Email", "Room", "Type", "Score", "Max score", "Status", "Override", "Tab switches", "Started (UTC)", "Submitted (UTC)", "Test ID"]);
    expect(lines.map((l) => l[11])).toEqual([ids[2], ids[1], ids[0]]);
    expect(lines[0]!.slice(0, 7)).toEqual([`'@SUM(A1) ${t}`, `at-${t}@example.edu`, `Export, "quoted" ${t}`, "Coding", "0", "100", "Disqualified"]);
    expect(lines[1]!.slice(0, 9)).toEqual([`'+1 ${t}`, `plus-${t}@example.edu`, `Export, "quoted" ${t}`, "Coding", "55", "100", "Attempted", "", "2"]);
    expect(lines[2]![0]).toBe(`'=HYPERLINK("http://evil.example/${t}","x")`);
    expect(lines[2]![6]).toBe("Completed");
    expect(lines[2]![9]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("streams every page of a large filter in chunks, each test once, in screen order", async () => {
    const t = tag();
    const room = await addRoom(`Big export ${t}`);
    const people = await addStudents(1203, `Exporter ${t}`);
    const at = nextTime();
    base += 2_000_000;
    // Pairs share a created_at: the chunk boundaries must still neither skip nor repeat a test.
    const ids = await addTests(
      Array.from({ length: 1203 }, (_, i) => ({ roomId: room, studentId: people[i]!, createdAt: at + Math.floor(i / 2) })),
      { bare: true },
    );

    const chunks: number[] = [];
    for await (const chunk of historyPages(db(), `Big export ${t}`, 500)) chunks.push(chunk.length);
    expect(chunks).toEqual([500, 500, 203]);

    const text = await (await call(`${CSV}?q=${encodeURIComponent(`Big export ${t}`)}`, { cookie: admin })).text();
    const lines = parseCsv(text).slice(1);
    expect(lines).toHaveLength(1203);
    expect(new Set(lines.map((l) => l[11]))).toEqual(new Set(ids));
    const onScreen = (await listHistory(db(), { q: `Big export ${t}`, page: 1 })).tests.map((r) => r.id);
    expect(lines.slice(0, 50).map((l) => l[11])).toEqual(onScreen);
  });

  it("exports just the header when nothing matches", async () => {
    const text = await (await call(`${CSV}?q=nothing-matches-${tag()}`, { cookie: admin })).text();
    expect(parseCsv(text)).toHaveLength(1);
  });
});

// ------------------------------------------------------------------ the real path

describe("a test taken the real way", () => {
  it("appears in the history as soon as the student launches it", async () => {
    const category = `History-${tag()}`;
    await seedCodingCategory(category);
    const room = await makeRoom(category, "coding");
    const taker = await takingStudent(room, `Real Taker ${category}`);
    await start(room);
    expect((await launch(taker.cookie, room)).status).toBe(302);
    const html = await (await call(`${PATH}?q=${encodeURIComponent(taker.email)}`, { cookie: admin })).text();
    expect(rowsIn(html)).toBe(1);
    expect(html).toContain(`Real Taker ${category}`);
    expect(html).toContain("In progress");
  });
});
