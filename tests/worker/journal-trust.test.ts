// What the journal no longer takes on the client's word (issue 13, section 2;
// decision 019): a late entry counts only within an outage the party saw, an
// entry cannot be stamped before its own time anchor, removal and
// disqualification close the journal, sizes are bounded, and only JSON from
// our own origin is read. Every refusal is checked against the D1 rows.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { FOREIGN_ORIGIN_MESSAGE, NOT_JSON_MESSAGE } from "~/lib/http/json-request.server";
import { ANCHOR_REUSE_MS } from "~/lib/student-tests/anchor.server";
import { BEFORE_ANCHOR_MESSAGE, UNPROVEN_LATE_MESSAGE, type TestState } from "~/lib/student-tests/journal.server";
import { TEST_RULES } from "~/lib/student-tests/test-rules";
import { ORIGIN, call, postForm } from "./helpers";
import { connect } from "./party-client";
import {
  admin,
  anchorFor,
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
  type JournalInput,
  type Room,
  liveCodeRows,
  storedEntries,
} from "./rooms-fixture";

const CODING = "JT-Coding";
const MCQ = "JT-MCQ";
const Q0 = `${CODING}-q0`;
const ECHO = "print(input())";

type Answer = { accepted: string[]; rejected: { id: string; reason: string }[]; judged: { id: string; marks: number }[]; state: TestState; anchor?: string };

beforeAll(async () => {
  await signUpAdmin();
  await seedCodingCategory(CODING);
  await seedMcqCategory(MCQ);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function poll<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await sleep(50);
    v = await read();
  }
  return v;
}

/** A started room and a student who launched its test. */
async function ready(type: "coding" | "mcq" = "coding") {
  const room = await makeRoom(type === "coding" ? CODING : MCQ, type);
  const s = await takingStudent(room, "Trust Taker");
  await start(room);
  expect((await launch(s.cookie, room)).status).toBe(302);
  const test = await testOf(room, s.email);
  const { student_id: studentId } = await one<{ student_id: string }>("SELECT student_id FROM student_tests WHERE id = ?", test.id);
  return { room, s, testId: test.id, studentId };
}

const entry = (seq: number, kind: string, payload: Record<string, unknown> = {}, createdAt = Date.now(), anchor?: string) =>
  ({ id: crypto.randomUUID(), seq, kind, payload, createdAt, ...(anchor ? { anchor } : {}) }) satisfies JournalInput;

async function send(cookie: string, testId: string, entries: JournalInput[]) {
  const res = await journal(cookie, testId, entries);
  expect(res.status, "journal answer status").toBe(200);
  return (await res.json()) as Answer;
}

const stop = (room: Room) => postForm(`/admin/room/${room.id}`, { intent: "stop" }, admin);
const endsAt = async (room: Room) => (await one<{ ends_at: number }>("SELECT ends_at FROM test_rooms WHERE id = ?", room.id)).ends_at;
const journalRows = (testId: string) => storedEntries(testId);
const submissionsOf = (testId: string) => rows("SELECT * FROM submissions WHERE student_test_id = ?", testId);
const liveCode = (testId: string) => liveCodeRows(testId);
const anchorTime = (anchor: string) => Number(anchor.split(".")[0]);

/** The student's room party: open, with the anchor of its welcome. */
async function party(room: Room, cookie: string) {
  const socket = await connect(room.id, cookie);
  const welcome = (await socket.inbox.next((m) => m.type === "welcome")) as { anchor?: string; serverTime: number };
  expect(welcome.anchor, "the welcome carries a time anchor").toMatch(/^\d+\.[A-Za-z0-9_-]+$/);
  return { ...socket, anchor: welcome.anchor! };
}

describe("late entries count only within an outage the server saw", () => {
  it("back-dating: a student connected the whole time sends a Submit Code stamped 1 s before Stop: refused, kept, not judged", async () => {
    const { room, s, testId } = await ready();
    const connected = await party(room, s.cookie);
    await sleep(1100); // the entry's claimed time must not be before its own anchor
    expect((await stop(room)).status).toBe(200);
    const end = await endsAt(room);
    // Past the few seconds in which an entry is still in transit (see the next test).
    await sleep(TEST_RULES.arrivalSlackMs + 500);

    const backDated = entry(0, "submit-code", { questionId: Q0, code: ECHO }, end - 1000, connected.anchor);
    // An old client's entry (no anchor) gets no grace either.
    const noAnchor = entry(1, "code", { questionId: Q0, code: ECHO }, end - 500);
    const body = await send(s.cookie, testId, [backDated, noAnchor]);
    expect(body.accepted).toEqual([]);
    expect(body.rejected).toEqual([
      { id: backDated.id, reason: UNPROVEN_LATE_MESSAGE },
      { id: noAnchor.id, reason: UNPROVEN_LATE_MESSAGE },
    ]);
    expect(body.judged).toEqual([]);

    expect(await submissionsOf(testId)).toEqual([]);
    expect(await liveCode(testId)).toEqual([]);
    expect(await testOf(room, s.email)).toMatchObject({ total_score: 0, synced_after_end: 0 });
    // Kept for the admin, as entries past the grace window are.
    expect(await journalRows(testId)).toMatchObject([
      { id: backDated.id, outcome: "rejected", synced_after_end: 1, reason: UNPROVEN_LATE_MESSAGE },
      { id: noAnchor.id, outcome: "rejected", synced_after_end: 1 },
    ]);
    connected.ws.close();
  });

  it("the page's own Submit at 0:00 lands a moment after the deadline, online, with no outage: it is in transit, so it counts", async () => {
    const { room, s, testId } = await ready();
    const connected = await party(room, s.cookie);
    await sleep(1100);
    expect((await stop(room)).status).toBe(200);
    const end = await endsAt(room);
    await sleep(300);

    const atZero = entry(0, "submit-code", { questionId: Q0, code: ECHO }, end, connected.anchor);
    const body = await send(s.cookie, testId, [atZero]);
    expect(body.rejected).toEqual([]);
    expect(body.accepted).toEqual([atZero.id]);
    expect(body.judged).toMatchObject([{ id: atZero.id }]);
    expect(await submissionsOf(testId)).toHaveLength(1);
    connected.ws.close();
  });

  it("a student the party saw go offline (after their anchor) and who syncs within GRACE_SECONDS is still accepted, judged and flagged", async () => {
    const { room, s, testId, studentId } = await ready();
    const before = await party(room, s.cookie);
    await sleep(1100);
    before.ws.close();
    const periods = await poll(
      () => rows<{ started_at: number; ended_at: number | null }>("SELECT started_at, ended_at FROM participant_disconnects WHERE room_id = ? AND student_id = ?", room.id, studentId),
      (r) => r.length === 1,
    );
    expect(periods).toHaveLength(1);
    expect(periods[0]!.started_at).toBeGreaterThanOrEqual(anchorTime(before.anchor));
    expect((await stop(room)).status).toBe(200);
    const end = await endsAt(room);
    await sleep(20);

    const submit = entry(0, "submit-code", { questionId: Q0, code: ECHO }, end - 1000, before.anchor);
    const body = await send(s.cookie, testId, [submit]);
    expect(body.rejected).toEqual([]);
    expect(body.accepted).toEqual([submit.id]);
    expect(body.judged).toMatchObject([{ id: submit.id, marks: 50 }]);
    expect(await testOf(room, s.email)).toMatchObject({ total_score: 50, synced_after_end: 1 });
  });

  it("an outage of the party only: the journal heard from the test after the anchor, before the deadline, so no grace", async () => {
    const { room, s, testId } = await ready();
    const end = Date.now() - 2 * 60_000;
    await env.DB.prepare("UPDATE test_rooms SET ends_at = ? WHERE id = ?").bind(end, room.id).run();
    await recordOutage(room, s.email, end - 5 * 60_000);
    const anchor = await anchorFor(end - 5 * 60_000);
    // What the journal received 3 minutes before the end (an entry of this device's other tab, say).
    await env.DB.prepare(
      "INSERT INTO journal_entries (id, student_test_id, seq, kind, payload, client_created_at, received_at, outcome) VALUES (?, ?, 0, 'tab-switch', '{}', ?, ?, 'accepted')",
    )
      .bind(crypto.randomUUID(), testId, end - 3 * 60_000, end - 3 * 60_000)
      .run();
    const late = entry(1, "code", { questionId: Q0, code: "held back" }, end - 1000, anchor);
    expect((await send(s.cookie, testId, [late])).rejected).toEqual([{ id: late.id, reason: UNPROVEN_LATE_MESSAGE }]);
  });

  it("an anchor that is not the server's (forged, or from after the deadline) proves nothing", async () => {
    const { room, s, testId } = await ready();
    const end = Date.now() - 2 * 60_000;
    await env.DB.prepare("UPDATE test_rooms SET ends_at = ? WHERE id = ?").bind(end, room.id).run();
    await recordOutage(room, s.email, end - 60_000);
    const real = await anchorFor(end - 60_000);
    const forged = `${end - 60_000}.${"A".repeat(43)}`;
    const afterEnd = await anchorFor(end + 1000);
    const batch = [
      entry(0, "code", { questionId: Q0, code: "forged" }, end - 1000, forged),
      entry(1, "code", { questionId: Q0, code: "after" }, end + 1000, afterEnd),
      entry(2, "code", { questionId: Q0, code: "real" }, end - 500, real),
    ];
    const body = await send(s.cookie, testId, batch);
    expect(body.accepted).toEqual([batch[2]!.id]);
    expect(body.rejected.map((r) => r.reason)).toEqual([UNPROVEN_LATE_MESSAGE, UNPROVEN_LATE_MESSAGE]);
  });
});

describe("an entry stamped before its own anchor", () => {
  it("is refused and kept, even while the test runs; the answer carries a fresh anchor", async () => {
    const { room, s, testId } = await ready();
    const connected = await party(room, s.cookie);
    const at = anchorTime(connected.anchor);
    const backwards = entry(0, "code", { questionId: Q0, code: "clock set back" }, at - 10_000, connected.anchor);
    const fine = entry(1, "code", { questionId: Q0, code: "fine" }, at + 1, connected.anchor);
    const body = await send(s.cookie, testId, [backwards, fine]);
    expect(body.rejected).toEqual([{ id: backwards.id, reason: BEFORE_ANCHOR_MESSAGE }]);
    expect(body.accepted).toEqual([fine.id]);
    // Fresh: an answer may hand out an anchor signed up to ANCHOR_REUSE_MS before it (issue 40),
    // so it can be a little older than the welcome's.
    expect(anchorTime(body.anchor!)).toBeGreaterThan(at - ANCHOR_REUSE_MS);
    expect(await liveCode(testId)).toMatchObject([{ code: "fine" }]);
    expect(await journalRows(testId)).toMatchObject([{ id: backwards.id, outcome: "rejected" }, { id: fine.id, outcome: "accepted" }]);
    connected.ws.close();
  });
});

describe("removal and disqualification close the journal", () => {
  const closing = async (res: Response, error: string) => {
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error });
  };

  it("a student removed after Stop can no longer write, Submit Code included", async () => {
    const { room, s, testId } = await ready();
    const connected = await party(room, s.cookie);
    await stop(room);
    const { id: participantId } = await one<{ id: string }>("SELECT id FROM room_participants WHERE room_id = ? AND email = ?", room.id, s.email);
    await postForm(`/admin/room/${room.id}`, { intent: "remove-participant", participantId }, admin);
    const end = await endsAt(room);
    const batch = [entry(0, "submit-code", { questionId: Q0, code: ECHO }, end - 1000, connected.anchor), entry(1, "code", { questionId: Q0, code: "x" })];
    await closing(await journal(s.cookie, testId, batch), "You have been removed from this room");
    expect(await journalRows(testId)).toEqual([]);
    expect(await submissionsOf(testId)).toEqual([]);
    expect(await liveCode(testId)).toEqual([]);
    connected.ws.close();
  });

  it("a student removed while the test runs (and so disqualified) is refused the same way", async () => {
    const { room, s, testId } = await ready("mcq");
    const { id: participantId } = await one<{ id: string }>("SELECT id FROM room_participants WHERE room_id = ? AND email = ?", room.id, s.email);
    await postForm(`/admin/room/${room.id}`, { intent: "remove-participant", participantId }, admin);
    await closing(await journal(s.cookie, testId, [entry(0, "finish", { answers: { [`${MCQ}-m0`]: 0 } })]), "You have been removed from this room");
    expect(await journalRows(testId)).toEqual([]);
    expect(await testOf(room, s.email)).toMatchObject({ status: "disqualified", total_score: 0 });
  });

  it("a disqualified student: nothing new is written; a resent entry still gets its first answer", async () => {
    const { room, s, testId } = await ready();
    const switches = [entry(0, "tab-switch"), entry(1, "tab-switch"), entry(2, "tab-switch")];
    const first = await send(s.cookie, testId, switches);
    expect(first.state).toMatchObject({ isDisqualified: true, status: "disqualified" });

    await closing(await journal(s.cookie, testId, [entry(3, "submit-code", { questionId: Q0, code: ECHO })]), "The test was disqualified");
    expect(await journalRows(testId)).toHaveLength(3);
    expect(await submissionsOf(testId)).toEqual([]);
    // The client never saw the first answer: resending it is answered as before.
    const resent = await send(s.cookie, testId, switches);
    expect(resent.accepted).toEqual(first.accepted);
    expect(await testOf(room, s.email)).toMatchObject({ tab_switch_count: 3, is_disqualified: 1 });
  });
});

describe("sizes", () => {
  const tooLarge = async (res: Response, message: string) => {
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: message });
  };

  it("a 1 MB code entry answers 413 and writes nothing; 64 KB is still fine", async () => {
    const { s, testId } = await ready();
    const huge = [entry(0, "tab-switch"), entry(1, "code", { questionId: Q0, code: "x".repeat(1024 * 1024) })];
    await tooLarge(await journal(s.cookie, testId, huge), "This request is too large: at most 1 MB at a time.");
    const almost = [entry(0, "tab-switch"), entry(1, "submit-code", { questionId: Q0, code: "x".repeat(64 * 1024 + 1) })];
    await tooLarge(await journal(s.cookie, testId, almost), "Code can be at most 64 KB");
    expect(await journalRows(testId)).toEqual([]);
    expect(await liveCode(testId)).toEqual([]);
    expect((await one<{ tab_switch_count: number }>("SELECT tab_switch_count FROM student_tests WHERE id = ?", testId)).tab_switch_count).toBe(0);

    const limit = entry(2, "code", { questionId: Q0, code: "y".repeat(64 * 1024) });
    expect((await send(s.cookie, testId, [limit])).accepted).toEqual([limit.id]);
  });

  it("a batch: at most 100 entries and 1 MB (each entry within its own limit), else 413 with nothing written", async () => {
    const { room, s, testId } = await ready("mcq");
    const many = Array.from({ length: 101 }, (_, i) => entry(i, "tab-switch"));
    await tooLarge(await journal(s.cookie, testId, many), "At most 100 entries in one request");
    // 20 entries of 60 KB each: every one fine alone, 1.2 MB together.
    const heavy = Array.from({ length: 20 }, (_, i) => entry(i, "code", { questionId: Q0, code: "z".repeat(60 * 1024) }));
    await tooLarge(await journal(s.cookie, testId, heavy), "This request is too large: at most 1 MB at a time.");
    // MCQ answers are bounded by the question count.
    const answers = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`q${i}`, 0]));
    await tooLarge(await journal(s.cookie, testId, [entry(0, "finish", { answers })]), "At most 1000 answers");
    expect(await journalRows(testId)).toEqual([]);
    expect(await testOf(room, s.email)).toMatchObject({ status: "in_progress", tab_switch_count: 0 });
  });
});

describe("same-site forgery", () => {
  /** A request exactly as given: no Origin added unless listed. */
  const raw = (path: string, headers: Record<string, string>, body: string) =>
    exports.default.fetch(new Request(`${ORIGIN}${path}`, { method: "POST", headers: { Host: new URL(ORIGIN).host, ...headers }, body, redirect: "manual" }));

  it("a text/plain or form body (what an HTML form on another port can send) is refused with 415, nothing written", async () => {
    const { s, testId } = await ready();
    const body = JSON.stringify({ entries: [entry(0, "submit-code", { questionId: Q0, code: ECHO })] });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await raw(`/api/journal/${testId}`, { "Content-Type": type, Origin: ORIGIN, Cookie: s.cookie }, body);
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ error: NOT_JSON_MESSAGE });
    }
    expect(await journalRows(testId)).toEqual([]);
    expect(await submissionsOf(testId)).toEqual([]);
  });

  it("JSON from a foreign Origin (another port of the same host included), or none, is refused with 403, nothing written", async () => {
    const { s, testId } = await ready();
    const body = JSON.stringify({ entries: [entry(0, "code", { questionId: Q0, code: "forged" })] });
    for (const origin of ["http://localhost:8788", "https://evil.example", "null", null]) {
      const headers: Record<string, string> = { "Content-Type": "application/json", Cookie: s.cookie };
      if (origin) headers.Origin = origin;
      const res = await raw(`/api/journal/${testId}`, headers, body);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: FOREIGN_ORIGIN_MESSAGE });
    }
    expect(await journalRows(testId)).toEqual([]);
    expect(await liveCode(testId)).toEqual([]);
  });

  it("sign-out (posted by a form, so no JSON) refuses a missing or foreign Origin, and the session stays", async () => {
    const { s } = await ready();
    const form = { "Content-Type": "application/x-www-form-urlencoded", Cookie: s.cookie };
    // A document request: the route's error page says it, with status 403.
    expect((await raw("/logout", form, "")).status).toBe(403);
    // A foreign Origin is refused before Remix (server.ts), with the same 403.
    expect((await raw("/logout", { ...form, Origin: "http://localhost:8788" }, "")).status).toBe(403);
    expect((await call("/student", { cookie: s.cookie })).status).toBe(200);
  });
});

describe("the admin's room page and late changes", () => {
  it("lists late changes without their payloads; one is loaded when the admin opens it", async () => {
    const { room, s, testId } = await ready();
    const end = Date.now() - 2 * 60_000;
    await env.DB.prepare("UPDATE test_rooms SET ends_at = ? WHERE id = ?").bind(end, room.id).run();
    const MARKER = "LATE-PAYLOAD-MARKER-3141";
    const late = entry(0, "code", { questionId: Q0, code: `${MARKER}\n${"#".repeat(60 * 1024)}` }, end - 1000);
    expect((await send(s.cookie, testId, [late])).rejected).toHaveLength(1);

    expect(await (await call(`/admin/room/${room.id}`, { cookie: admin })).text()).not.toContain(MARKER);
    const data = await (await call(`/admin/room/${room.id}.data`, { cookie: admin })).text();
    expect(data).not.toContain(MARKER);
    expect(data).toContain(late.id); // listed, by id only
    expect(data.length).toBeLessThan(60 * 1024);

    const opened = await call(`/admin/api/late-change/${late.id}?room=${room.id}`, { cookie: admin });
    expect(opened.status).toBe(200);
    const change = (await opened.json()) as { id: string; kind: string; preview: string; reason: string };
    expect(change).toMatchObject({ id: late.id, kind: "code", reason: UNPROVEN_LATE_MESSAGE });
    expect(change.preview.startsWith(MARKER)).toBe(true);
    // Another room's id, or a student, gets nothing.
    expect((await call(`/admin/api/late-change/${late.id}?room=other`, { cookie: admin })).status).toBe(404);
    expect((await call(`/admin/api/late-change/${late.id}?room=${room.id}`, { cookie: s.cookie })).status).not.toBe(200);
  });
});
