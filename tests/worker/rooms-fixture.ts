// Shared setup for the Worker tests of a student's test: seeded question
// categories, a room the admin created, enabled and opened, students who
// joined it, and the journal endpoint.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { signAnchor } from "~/lib/student-tests/anchor.server";
import type { PackedEntry } from "~/lib/student-tests/code-journal";
import { flushRoomJournal } from "~/lib/student-tests/code-journal.server";
import { call, postForm, signUp } from "./helpers";

// Markers that must never reach a student: hidden test data, answers, codes.
export const HIDDEN = "HIDDEN-INPUT-7391";
export const HIDDEN_OUT = "HIDDEN-EXPECTED-5531";
export const UNLOCK = "UNLOCK-SECRET-42";

/** The admin's cookie, set by signUpAdmin() (call it in beforeAll). */
export let admin = "";

export async function signUpAdmin() {
  admin = (await signUp({ role: "admin" })).cookie;
  return admin;
}

export const rows = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql).bind(...binds).all<T>()).results;
export const one = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) => (await rows<T>(sql, ...binds))[0]!;

/** The test's room's object writes the code it holds to D1 now (decision 031), as its alarm would. */
export async function flushHeld(testId: string) {
  const test = await one<{ room_id: string } | undefined>("SELECT room_id FROM student_tests WHERE id = ?", testId);
  if (test) await flushRoomJournal(env, test.room_id);
}

/** A stored journal entry as D1 holds it: a `journal_entries` row, or an entry of a `journal_packs` row (accepted code). */
export type StoredEntry = {
  id: string;
  student_test_id: string;
  seq: number;
  kind: string;
  payload: string;
  client_created_at: number;
  received_at: number;
  synced_after_end: number;
  outcome: string;
  reason: string | null;
};

/** Every entry the journal stored for a test, in seq order, after its room's object wrote what it held. */
export async function storedEntries(testId: string): Promise<StoredEntry[]> {
  await flushHeld(testId);
  const plain = await rows<StoredEntry>("SELECT * FROM journal_entries WHERE student_test_id = ?", testId);
  const packs = await rows<{ entries: string }>("SELECT entries FROM journal_packs WHERE student_test_id = ?", testId);
  const packed = packs.flatMap((p) => JSON.parse(p.entries) as PackedEntry[]).map(
    (e): StoredEntry => ({
      id: e.id,
      student_test_id: testId,
      seq: e.seq,
      kind: e.kind,
      payload: e.payload,
      client_created_at: e.createdAt,
      received_at: e.receivedAt,
      synced_after_end: e.syncedAfterEnd ? 1 : 0,
      outcome: "accepted",
      reason: null,
    }),
  );
  return [...plain, ...packed].sort((a, b) => a.seq - b.seq);
}

/** A test's latest code rows (live_code_progress) after its room's object wrote what it held. */
export async function liveCodeRows<T = { question_id: string; code: string; last_updated: number }>(testId: string, questionId?: string): Promise<T[]> {
  await flushHeld(testId);
  return questionId === undefined
    ? rows<T>("SELECT * FROM live_code_progress WHERE student_test_id = ?", testId)
    : rows<T>("SELECT * FROM live_code_progress WHERE student_test_id = ? AND question_id = ?", testId, questionId);
}

/** Two Python questions: echo the input line back, with 1 open and 4 hidden cases each. */
export async function seedCodingCategory(category: string) {
  await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (?, ?)").bind(`cat-${category}`, category).run();
  const statements = [];
  for (const q of [0, 1]) {
    const qid = `${category}-q${q}`;
    statements.push(
      env.DB.prepare("INSERT INTO questions (id, title, description, language, category, type) VALUES (?, ?, 'Echo the line.', 'python', ?, 'coding')").bind(qid, `Echo ${q}`, category),
    );
    for (let i = 0; i < 5; i++) {
      const hidden = i > 0;
      const value = hidden ? `${HIDDEN}-${q}-${i}` : `open-${q}`;
      statements.push(
        env.DB.prepare("INSERT INTO test_cases (id, question_id, input, expected_output, points, is_hidden, position) VALUES (?, ?, ?, ?, 10, ?, ?)").bind(
          `${qid}-tc${i}`,
          qid,
          `${value}\n`,
          hidden ? `${value}\n` : `${value}\n`,
          hidden ? 1 : 0,
          i,
        ),
      );
    }
  }
  await env.DB.batch(statements);
}

/** 20 MCQ questions `${category}-m${i}`; the correct option of question i is i % 4. */
export async function seedMcqCategory(category: string) {
  await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (?, ?)").bind(`cat-${category}`, category).run();
  await env.DB.batch(
    Array.from({ length: 20 }, (_, i) =>
      env.DB.prepare("INSERT INTO questions (id, title, category, type, language, mcq_options, correct_answer) VALUES (?, ?, ?, 'mcq', 'python', ?, ?)").bind(
        `${category}-m${i}`,
        `Question ${i}`,
        category,
        JSON.stringify({ options: [`${HIDDEN_OUT}-a`, "b", "c", "d"].map((o, j) => (j === 0 ? `opt-a-${i}` : `opt-${o}-${i}`)), correct_index: i % 4 }),
        "ABCD"[i % 4],
      ),
    ),
  );
}

/** `n` MCQs `${category}-m${i}` whose correct option is i % 4, each option naming its question and index. */
export async function seedMcqs(category: string, n: number) {
  await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (?, ?)").bind(`cat-${category}`, category).run();
  const statements = Array.from({ length: n }, (_, i) =>
    env.DB.prepare("INSERT INTO questions (id, title, category, type, language, mcq_options, correct_answer) VALUES (?, ?, ?, 'mcq', 'python', ?, ?)").bind(
      `${category}-m${i}`,
      `${category} question ${i}`,
      category,
      JSON.stringify({ options: [0, 1, 2, 3].map((j) => `${category}-opt-${i}-${j}`), correct_index: i % 4 }),
      "ABCD"[i % 4],
    ),
  );
  for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));
  return Array.from({ length: n }, (_, i) => `${category}-m${i}`);
}

export type Room = { id: string; otp: string };

/** A room made through the forms, enabled, with the unlock code and a fresh OTP; an MCQ room's options shuffled only when asked (decision 040). */
export async function makeRoom(category: string, type: "coding" | "mcq", { shuffleOptions = false }: { shuffleOptions?: boolean } = {}): Promise<Room> {
  const name = `${type} ${crypto.randomUUID()}`;
  const fields: Record<string, string> = { intent: "create", roomName: name, category, questionType: type, language: "python", durationMinutes: "30" };
  if (shuffleOptions) fields.shuffleOptions = "on";
  expect((await postForm("/admin?index", fields, admin)).status).toBe(200);
  const { id } = await one<{ id: string }>("SELECT id FROM test_rooms WHERE room_name = ?", name);
  await postForm(`/admin/room/${id}`, { intent: "enable" }, admin);
  await postForm(`/admin/room/${id}`, { intent: "unlock-code", unlockCode: UNLOCK }, admin);
  await postForm(`/admin/room/${id}`, { intent: "generate-otp" }, admin);
  const { otp } = await one<{ otp: string }>("SELECT otp FROM test_rooms WHERE id = ?", id);
  return { id, otp };
}

export const join = (cookie: string, otp: string) => postForm("/student?index", { intent: "join-test", otp }, cookie);
export const start = (room: Room) => postForm(`/admin/room/${room.id}`, { intent: "start" }, admin);
export const launch = (cookie: string, room: Room, terms = 6) => {
  const body = new URLSearchParams();
  for (let i = 0; i < terms; i++) body.append("term", String(i));
  return call(`/test/${room.id}/terms`, { method: "POST", body, cookie });
};

export type TestRow = {
  id: string;
  status: string;
  total_score: number;
  max_score: number;
  tab_switch_count: number;
  is_locked: number;
  is_disqualified: number;
  is_completed: number;
  unlock_attempts_remaining: number;
  synced_after_end: number;
  submitted_at: number | null;
};

export const testOf = (room: Room, email: string) =>
  one<TestRow>("SELECT t.* FROM student_tests t JOIN user u ON u.id = t.student_id WHERE t.room_id = ? AND u.email = ?", room.id, email);

export type JournalInput = { id?: string; seq: number; kind: string; payload: Record<string, unknown>; createdAt?: number; anchor?: string };

/** POST /api/journal/{testId}; ids and createdAt default to a fresh uuid and now. */
export function journal(cookie: string, testId: string, entries: JournalInput[]) {
  return call(`/api/journal/${testId}`, {
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ entries: entries.map((e) => ({ id: e.id ?? crypto.randomUUID(), createdAt: e.createdAt ?? Date.now(), ...e })) }),
  });
}

/** A student who joined the room (by its OTP): start and launch to take the test. */
export async function takingStudent(room: Room, name = "Taker") {
  const s = await signUp({ role: "student", name });
  expect((await join(s.cookie, room.otp)).status).toBe(302);
  return s;
}

/** A time anchor as the server signs it (decision 013), for the time `at`. */
export const anchorFor = (at: number) => signAnchor(env.BETTER_AUTH_SECRET, at);

/**
 * The room party recorded this student disconnected from `startedAt` (still
 * offline unless `endedAt`): an outage the journal's grace window may cover.
 */
export async function recordOutage(room: Room, email: string, startedAt: number, endedAt: number | null = null) {
  const { id } = await one<{ id: string }>("SELECT id FROM user WHERE email = ?", email);
  await env.DB.prepare("INSERT INTO participant_disconnects (id, room_id, student_id, started_at, ended_at) VALUES (?, ?, ?, ?, ?)")
    .bind(crypto.randomUUID(), room.id, id, startedAt, endedAt)
    .run();
}

/** An account that teaches the LMS course this room was placed in. */
export async function courseInstructorOf(room: Room) {
  const instructor = await signUp({ role: "student", name: "Course Instructor" });
  const { id: userId } = await one<{ id: string }>("SELECT id FROM user WHERE email = ?", instructor.email);
  const platform = crypto.randomUUID();
  const context = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO lti_platforms (id, issuer, client_id, auth_login_url, token_url, jwks_url, updated_at) VALUES (?, ?, 'c', 'https://lms/auth', 'https://lms/token', 'https://lms/jwks', 0)").bind(platform, `https://lms-${platform}`),
    env.DB.prepare("INSERT INTO lti_contexts (id, platform_id, context_id, title) VALUES (?, ?, 'course-1', 'Course 1')").bind(context, platform),
    env.DB.prepare("INSERT INTO lti_context_members (context_id, user_id, role) VALUES (?, ?, 'instructor')").bind(context, userId),
    env.DB.prepare("INSERT INTO lti_room_contexts (room_id, context_id) VALUES (?, ?)").bind(room.id, context),
  ]);
  return instructor;
}
