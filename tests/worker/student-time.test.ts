// Time per student (issue 25, decision 028): one deadline per student (room
// end + extra time + outage credit) used by the journal, the party and the
// "taking a test" check; extra time in minutes or percent, set per room or on
// the account; outage credit equal to what the party recorded, once; bad
// input and strangers refused with nothing written.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { UNPROVEN_LATE_MESSAGE, type TestState } from "~/lib/student-tests/journal.server";
import { STUDENT_TIME_MESSAGES } from "~/lib/student-tests/student-time-validation";
import { TEST_RULES } from "~/lib/student-tests/test-rules";
import { actionAnswer, call, postForm, signUp } from "./helpers";
import { connect } from "./party-client";
import {
  admin,
  journal,
  launch,
  makeRoom,
  one,
  recordOutage,
  rows,
  seedCodingCategory,
  signUpAdmin,
  start,
  takingStudent,
  testOf,
  type JournalInput,
  type Room,
  liveCodeRows,
} from "./rooms-fixture";

const CODING = "ST-Coding";
const Q0 = `${CODING}-q0`;
const MINUTE = 60_000;

type Answer = { accepted: string[]; rejected: { id: string; reason: string }[]; state: TestState };
type TimeRow = { accommodation_ms: number; accommodation_reason: string | null; extra_ms: number; credited_ms: number };

beforeAll(async () => {
  await signUpAdmin();
  await seedCodingCategory(CODING);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A coding room (30 minutes) with these students joined; started and launched by those in `launched`. */
async function roomWith(names: string[], launched = names) {
  const room = await makeRoom(CODING, "coding");
  const students: Record<string, Awaited<ReturnType<typeof takingStudent>>> = {};
  for (const name of names) students[name] = await takingStudent(room, name);
  expect((await start(room)).status).toBe(200);
  for (const name of launched) expect((await launch(students[name]!.cookie, room)).status).toBe(302);
  return { room, students };
}

const pid = async (room: Room, email: string) => (await one<{ id: string }>("SELECT id FROM room_participants WHERE room_id = ? AND email = ?", room.id, email)).id;
const roomAction = (room: Room, fields: Record<string, string>, cookie = admin) => postForm(`/admin/room/${room.id}`, fields, cookie);
const timeOf = (room: Room, email: string) =>
  one<TimeRow>("SELECT t.accommodation_ms, t.accommodation_reason, t.extra_ms, t.credited_ms FROM student_tests t JOIN user u ON u.id = t.student_id WHERE t.room_id = ? AND u.email = ?", room.id, email);
const endsAt = async (room: Room) => (await one<{ ends_at: number }>("SELECT ends_at FROM test_rooms WHERE id = ?", room.id)).ends_at;
const setEnd = (room: Room, at: number) => env.DB.prepare("UPDATE test_rooms SET ends_at = ? WHERE id = ?").bind(at, room.id).run();
const trail = (room: Room) => rows<{ id: string; kind: string; amount_ms: number; unit: string | null; amount: number | null; reason: string | null; admin_name: string; student_id: string }>("SELECT * FROM student_time_changes WHERE room_id = ? ORDER BY created_at", room.id);
const userId = async (email: string) => (await one<{ id: string }>("SELECT id FROM user WHERE email = ?", email)).id;

async function send(cookie: string, testId: string, entries: JournalInput[]) {
  const res = await journal(cookie, testId, entries);
  expect(res.status, "journal answer status").toBe(200);
  return (await res.json()) as Answer;
}
const code = (seq: number, createdAt: number): JournalInput => ({ id: crypto.randomUUID(), seq, kind: "code", payload: { questionId: Q0, code: `print(${seq})` }, createdAt });

describe("the journal uses each student's own deadline", () => {
  it("an entry one second inside a student's extended deadline counts, one outside does not, and the other students keep the room's deadline", async () => {
    const { room, students } = await roomWith(["Extended", "Plain"]);
    const { Extended: a, Plain: b } = students as Record<string, Awaited<ReturnType<typeof takingStudent>>>;
    const res = await roomAction(room, { intent: "extra-time", participantId: await pid(room, a!.email), unit: "minutes", amount: "5", reason: "accommodation" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Extra time for Extended: +5 min");
    expect(await timeOf(room, a!.email)).toMatchObject({ accommodation_ms: 5 * MINUTE, accommodation_reason: "accommodation", extra_ms: 0, credited_ms: 0 });
    expect(await timeOf(room, b!.email)).toMatchObject({ accommodation_ms: 0 });

    // The room's time ran out almost 5 minutes ago: A's own deadline is 20 s away.
    const roomEnd = Date.now() - 5 * MINUTE + 20_000;
    await setEnd(room, roomEnd);
    const deadlineA = roomEnd + 5 * MINUTE;
    const testA = await testOf(room, a!.email);
    // One second inside A's deadline, and one second past it (beyond the clock tolerance every deadline has).
    const inside = code(0, deadlineA - 1000);
    const outside = code(1, deadlineA + TEST_RULES.clockToleranceMs + 1000);
    const answerA = await send(a!.cookie, testA.id, [inside, outside]);
    expect(answerA.accepted).toEqual([inside.id]);
    expect(answerA.rejected).toEqual([{ id: outside.id, reason: "Written after the test ended" }]);
    expect(answerA.state.endsAt).toBe(deadlineA);
    expect((await liveCodeRows(testA.id)).map((r) => ({ code: r.code }))).toEqual([{ code: "print(0)" }]);

    // B's deadline is the room's: the same moment is long past for them, and they were never seen offline.
    const testB = await testOf(room, b!.email);
    const sameMoment = code(0, deadlineA - 1000);
    const beforeRoomEnd = code(1, roomEnd - 1000);
    const answerB = await send(b!.cookie, testB.id, [sameMoment, beforeRoomEnd]);
    expect(answerB.accepted).toEqual([]);
    expect(answerB.rejected).toEqual([
      { id: sameMoment.id, reason: "Written after the test ended" },
      { id: beforeRoomEnd.id, reason: UNPROVEN_LATE_MESSAGE },
    ]);
    expect(answerB.state.endsAt).toBe(roomEnd);
    expect(await liveCodeRows(testB.id)).toEqual([]);

    // The playground stays closed for A only (the running-test check uses the same deadline).
    expect((await call("/student/playground", { cookie: a!.cookie })).status).toBe(403);
    expect((await call("/student/playground", { cookie: b!.cookie })).status).toBe(200);
  });
});

describe("extra time per student", () => {
  it("minutes or a percentage of the duration, before or during the test; only that student hears of it", async () => {
    const { room, students } = await roomWith(["Minutes", "Percent", "Early", "Other"], ["Minutes", "Percent", "Other"]);
    const [m, p, early, other] = [students.Minutes!, students.Percent!, students.Early!, students.Other!];
    const sockets = { m: await connect(room.id, m.cookie), p: await connect(room.id, p.cookie), other: await connect(room.id, other.cookie) };
    const end = await endsAt(room);

    expect((await roomAction(room, { intent: "extra-time", participantId: await pid(room, m.email), unit: "minutes", amount: "15" })).status).toBe(200);
    const percent = await roomAction(room, { intent: "extra-time", participantId: await pid(room, p.email), unit: "percent", amount: "25", reason: "accommodation" });
    expect(await percent.text()).toContain("Extra time for Percent: +25 % (+7:30)");
    // Set before Launch: it applies when their test is created.
    expect((await roomAction(room, { intent: "extra-time", participantId: await pid(room, early.email), unit: "percent", amount: "50" })).status).toBe(200);

    expect(await timeOf(room, m.email)).toMatchObject({ accommodation_ms: 15 * MINUTE });
    expect(await timeOf(room, p.email)).toMatchObject({ accommodation_ms: 7.5 * MINUTE, accommodation_reason: "accommodation" }); // 25 % of 30 minutes
    expect((await launch(early.cookie, room)).status).toBe(302);
    expect(await timeOf(room, early.email)).toMatchObject({ accommodation_ms: 15 * MINUTE });
    expect(await timeOf(room, other.email)).toMatchObject({ accommodation_ms: 0, extra_ms: 0, credited_ms: 0 });

    const toM = await sockets.m.inbox.next((e) => e.type === "time-changed");
    expect(toM).toEqual({ type: "time-changed", roomId: room.id, endsAt: end + 15 * MINUTE, extraMs: 15 * MINUTE, reason: "Your extra time for this test is now +15 min" });
    const toP = await sockets.p.inbox.next((e) => e.type === "time-changed");
    expect(toP).toMatchObject({ endsAt: end + 7.5 * MINUTE, extraMs: 7.5 * MINUTE });
    // Never the admin's reason, and never to anyone else.
    expect(JSON.stringify(sockets.p.inbox.seen)).not.toContain("accommodation");
    expect(sockets.m.inbox.seen.filter((e) => e.type === "time-changed")).toHaveLength(1);
    await sleep(200);
    expect(sockets.other.inbox.seen.some((e) => e.type === "time-changed")).toBe(false);

    // Extend adds to everyone, on top; "+5 min" adds to one; the deadline adds them all.
    expect((await roomAction(room, { intent: "extend", minutes: "10" })).status).toBe(200);
    expect((await roomAction(room, { intent: "grant-time", participantId: await pid(room, m.email), minutes: "5" })).status).toBe(200);
    const state = (await send(m.cookie, (await testOf(room, m.email)).id, [])).state;
    expect(state.endsAt).toBe(end + 10 * MINUTE + 15 * MINUTE + 5 * MINUTE);

    // The trail: who, how much, as entered.
    const changes = await trail(room);
    expect(changes.map((c) => [c.kind, c.amount_ms, c.unit, c.amount])).toEqual([
      ["extra-time", 15 * MINUTE, "minutes", 15],
      ["extra-time", 7.5 * MINUTE, "percent", 25],
      ["extra-time", 15 * MINUTE, "percent", 50],
      ["grant", 5 * MINUTE, null, null],
    ]);
    expect(new Set(changes.map((c) => c.admin_name))).toEqual(new Set(["Test Person"]));
    for (const s of Object.values(sockets)) s.ws.close();
  });

  it("an account's accommodation applies to each room the student joins, unless the room sets its own", async () => {
    const accommodated = await signUp({ role: "student", name: "Accommodated" });
    const set = await postForm("/admin/users", { intent: "extra-time", userId: await userId(accommodated.email), unit: "percent", amount: "50", reason: "accommodation" }, admin);
    expect(set.status).toBe(200);
    expect(await set.text()).toContain("Extra time for Accommodated in every room: +50 %");
    expect(await one("SELECT unit, amount, reason FROM accommodations WHERE user_id = ?", await userId(accommodated.email))).toEqual({ unit: "percent", amount: 50, reason: "accommodation" });

    // Room 1: joins by OTP after the accommodation was set; 50 % of 30 minutes.
    const first = await makeRoom(CODING, "coding");
    expect((await postForm("/student?index", { intent: "join-test", otp: first.otp }, accommodated.cookie)).status).toBe(302);
    await start(first);
    // Before Launch the student is already taking the test until their own deadline.
    await setEnd(first, Date.now() - MINUTE);
    expect((await call("/student/playground", { cookie: accommodated.cookie })).status).toBe(403);
    await setEnd(first, Date.now() + 30 * MINUTE);
    expect((await launch(accommodated.cookie, first)).status).toBe(302);
    expect(await timeOf(first, accommodated.email)).toMatchObject({ accommodation_ms: 15 * MINUTE, accommodation_reason: "accommodation" });
    // The results and the history show it.
    expect(await (await call(`/admin/results/${first.id}`, { cookie: admin })).text()).toContain("+15 min (accommodation)");
    expect(await (await call(`/admin/history?q=${encodeURIComponent(accommodated.email)}`, { cookie: admin })).text()).toContain("+15 min (accommodation)");

    // Room 2: the room's own setting for them (0) replaces the account's.
    const second = await makeRoom(CODING, "coding");
    expect((await postForm("/student?index", { intent: "join-test", otp: second.otp }, accommodated.cookie)).status).toBe(302);
    expect((await roomAction(second, { intent: "extra-time", participantId: await pid(second, accommodated.email), unit: "minutes", amount: "0" })).status).toBe(200);
    await start(second);
    expect((await launch(accommodated.cookie, second)).status).toBe(302);
    expect(await timeOf(second, accommodated.email)).toMatchObject({ accommodation_ms: 0 });

    // 0 clears the accommodation; a test already created keeps its time.
    expect((await postForm("/admin/users", { intent: "extra-time", userId: await userId(accommodated.email), unit: "minutes", amount: "0" }, admin)).status).toBe(200);
    expect(await rows("SELECT * FROM accommodations WHERE user_id = ?", await userId(accommodated.email))).toEqual([]);
    expect(await timeOf(first, accommodated.email)).toMatchObject({ accommodation_ms: 15 * MINUTE });
  });
});

describe("outage credit", () => {
  it("credits exactly the outage the server recorded, each outage once, and moves only that student's deadline", async () => {
    const { room, students } = await roomWith(["Dropped", "Steady"]);
    const [dropped, steady] = [students.Dropped!, students.Steady!];
    const socket = await connect(room.id, dropped.cookie);
    const steadySocket = await connect(room.id, steady.cookie);
    const t0 = Date.now() - 20 * MINUTE;
    await recordOutage(room, dropped.email, t0, t0 + 192_000); // 3:12
    await recordOutage(room, dropped.email, t0 + 5 * MINUTE, t0 + 5 * MINUTE + 8_000); // a blip: the single credit takes it too
    await recordOutage(room, steady.email, t0, t0 + 10 * MINUTE); // someone else's
    // (The socket just opened closed any period still open for them: every outage above has ended.)

    const page = await (await call(`/admin/room/${room.id}`, { cookie: admin })).text();
    expect(page).toContain("Credit 3:20");

    const res = await roomAction(room, { intent: "credit-outage", participantId: await pid(room, dropped.email) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Credited 3:20 to Dropped");
    expect(await timeOf(room, dropped.email)).toMatchObject({ credited_ms: 200_000, accommodation_ms: 0, extra_ms: 0 });
    expect(await timeOf(room, steady.email)).toMatchObject({ credited_ms: 0 });
    const [credit] = await trail(room);
    expect(credit).toMatchObject({ kind: "outage-credit", amount_ms: 200_000, admin_name: "Test Person", student_id: await userId(dropped.email) });
    // Both of their outages point to the credit; the other student's to none.
    const marked = await rows<{ credit_id: string | null; student_id: string }>("SELECT credit_id, student_id FROM participant_disconnects WHERE room_id = ?", room.id);
    const droppedId = await userId(dropped.email);
    expect(marked.filter((d) => d.student_id === droppedId).map((d) => d.credit_id)).toEqual([credit!.id, credit!.id]);
    expect(marked.filter((d) => d.student_id !== droppedId).map((d) => d.credit_id)).toEqual([null]);

    const event = await socket.inbox.next((e) => e.type === "time-changed");
    const end = await endsAt(room);
    expect(event).toEqual({ type: "time-changed", roomId: room.id, endsAt: end + 200_000, extraMs: 200_000, reason: "You got back 3:20 lost while you were offline" });
    await sleep(200);
    expect(steadySocket.inbox.seen.some((e) => e.type === "time-changed")).toBe(false);

    // A second click credits nothing: nothing new was recorded.
    const again = await roomAction(room, { intent: "credit-outage", participantId: await pid(room, dropped.email) });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(STUDENT_TIME_MESSAGES.nothingToCredit);
    expect(await timeOf(room, dropped.email)).toMatchObject({ credited_ms: 200_000 });
    expect(await trail(room)).toHaveLength(1);

    // A new outage that ended since: only it is credited. One still going on waits.
    // One clock reading for both ends: two could fall a millisecond apart, and the credit's m:ss rounds up (0:31).
    const now = Date.now();
    await recordOutage(room, dropped.email, now - 50_000, now - 20_000);
    await recordOutage(room, dropped.email, now - 10_000, null);
    const third = await roomAction(room, { intent: "credit-outage", participantId: await pid(room, dropped.email) });
    expect(await third.text()).toContain("Credited 0:30 to Dropped");
    expect(await timeOf(room, dropped.email)).toMatchObject({ credited_ms: 230_000 });

    // The room page's trail: both credits, newest first, with who gave them.
    const html = await (await call(`/admin/room/${room.id}`, { cookie: admin })).text();
    const trailRows = [...html.matchAll(/<tr><td[^>]*>.*?<\/tr>/g)].map((m) => m[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")).filter((r) => r.includes("offline credited"));
    expect(trailRows).toHaveLength(2);
    expect(trailRows[0]).toContain("Dropped +0:30 offline credited Test Person");
    expect(trailRows[1]).toContain("Dropped +3:20 offline credited Test Person");

    // The journal's answer carries the moved deadline (a student who was offline learns it on sync).
    const state = (await send(dropped.cookie, (await testOf(room, dropped.email)).id, [])).state;
    expect(state.endsAt).toBe(end + 230_000);
    socket.ws.close();
    steadySocket.ws.close();
  });

  it("credit all outages over 1 minute: each open test's ended outages over a minute, once", async () => {
    const { room, students } = await roomWith(["Long", "Short", "Ongoing", "Done"]);
    const [long, short, ongoing, done] = [students.Long!, students.Short!, students.Ongoing!, students.Done!];
    const t0 = Date.now() - 20 * MINUTE;
    await recordOutage(room, long.email, t0, t0 + 90_000);
    await recordOutage(room, long.email, t0 + 3 * MINUTE, t0 + 3 * MINUTE + 20_000); // not over a minute
    await recordOutage(room, short.email, t0, t0 + 30_000);
    await recordOutage(room, ongoing.email, t0, null);
    await recordOutage(room, done.email, t0, t0 + 5 * MINUTE);
    await env.DB.prepare("UPDATE student_tests SET status = 'completed', is_completed = 1 WHERE id = ?").bind((await testOf(room, done.email)).id).run();

    const res = await roomAction(room, { intent: "credit-outages" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Credited offline time to 1 student");
    expect(await timeOf(room, long.email)).toMatchObject({ credited_ms: 90_000 });
    for (const s of [short, ongoing, done]) expect(await timeOf(room, s.email)).toMatchObject({ credited_ms: 0 });

    const again = await roomAction(room, { intent: "credit-outages" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(STUDENT_TIME_MESSAGES.nothingToCreditRoom);
    expect(await trail(room)).toHaveLength(1);

    // The blip and the short outage remain for a single click.
    const single = await roomAction(room, { intent: "credit-outage", participantId: await pid(room, long.email) });
    expect(await single.text()).toContain("Credited 0:20 to Long");
    expect(await timeOf(room, long.email)).toMatchObject({ credited_ms: 110_000 });
    // A submitted test's time no longer changes.
    const over = await roomAction(room, { intent: "credit-outage", participantId: await pid(room, done.email) });
    expect(over.status).toBe(409);
    expect(await over.text()).toContain(STUDENT_TIME_MESSAGES.over);
  });
});

describe("what counts as an outage (decision 035)", () => {
  const party = (room: Room) => env.RoomParty.get(env.RoomParty.idFromName(room.id));

  it("credits only the time the server heard nothing: a blocked socket with journal traffic gets 0 s, a real outage all of it, and the bulk credit is capped", async () => {
    const { room, students } = await roomWith(["Blocked", "Real", "Long"]);
    const [blocked, real, long] = [students.Blocked!, students.Real!, students.Long!];
    const t0 = Date.now() - 50 * MINUTE;
    // Blocked: the party's socket was blocked for 40 minutes while the page kept saving.
    await recordOutage(room, blocked.email, t0, t0 + 40 * MINUTE);
    const blockedTest = await testOf(room, blocked.email);
    // Code autosaves every 20 s for the first 30 minutes (held by the room's object, as the journal holds them)...
    const saves = Array.from({ length: 90 }, (_, i) => t0 + i * 20_000);
    await party(room).takeEntries(
      saves.map((at, seq) => ({ id: crypto.randomUUID(), testId: blockedTest.id, seq, kind: "code" as const, payload: JSON.stringify({ questionId: Q0, code: `print(${seq})` }), createdAt: at, receivedAt: at, syncedAfterEnd: false, questionId: Q0, code: `print(${seq})` })),
    );
    // ...and other entries (tab switches, stored in D1's journal) every 25 s for the last 10.
    for (let i = 0; i <= 24; i++) {
      const at = t0 + 30 * MINUTE + i * 25_000;
      await env.DB.prepare(
        "INSERT INTO journal_entries (id, student_test_id, seq, kind, payload, client_created_at, received_at, synced_after_end, outcome) VALUES (?, ?, ?, 'tab-switch', '{}', ?, ?, 0, 'accepted')",
      )
        .bind(crypto.randomUUID(), blockedTest.id, 1000 + i, at, at)
        .run();
    }
    // Real: offline for 10 minutes, nothing heard. Long: offline for 40 minutes, nothing heard.
    await recordOutage(room, real.email, t0, t0 + 10 * MINUTE);
    await recordOutage(room, long.email, t0, t0 + 40 * MINUTE);

    const page = await (await call(`/admin/room/${room.id}`, { cookie: admin })).text();
    expect(page).toContain("Credit 10:00");
    expect(page).toContain("Credit 40:00");
    expect(page).toContain(STUDENT_TIME_MESSAGES.overBulkCap);
    expect(page).not.toContain("Credit 40:00 to Blocked");

    // The bulk credit: Real in full, Blocked nothing, Long left for a click of its own.
    const bulk = await roomAction(room, { intent: "credit-outages" });
    expect(bulk.status).toBe(200);
    expect(await bulk.text()).toContain(`Credited offline time to 1 student; ${STUDENT_TIME_MESSAGES.overBulkCap}: Long (40:00)`);
    expect(await timeOf(room, real.email)).toMatchObject({ credited_ms: 10 * MINUTE });
    expect(await timeOf(room, blocked.email)).toMatchObject({ credited_ms: 0 });
    expect(await timeOf(room, long.email)).toMatchObject({ credited_ms: 0 });

    // Blocked's own Credit finds nothing: the server heard them all along.
    const mine = await roomAction(room, { intent: "credit-outage", participantId: await pid(room, blocked.email) });
    expect(mine.status).toBe(409);
    expect(await mine.text()).toContain(STUDENT_TIME_MESSAGES.nothingToCredit);
    expect(await timeOf(room, blocked.email)).toMatchObject({ credited_ms: 0 });

    // Only Long is left, and the bulk credit refuses it with the reason, 4xx.
    const again = await roomAction(room, { intent: "credit-outages" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(`${STUDENT_TIME_MESSAGES.overBulkCap}: Long (40:00)`);
    expect(await timeOf(room, long.email)).toMatchObject({ credited_ms: 0 });

    // The admin looked: one click credits Long's 40 minutes.
    const one = await roomAction(room, { intent: "credit-outage", participantId: await pid(room, long.email) });
    expect(one.status).toBe(200);
    expect(await one.text()).toContain("Credited 40:00 to Long");
    expect(await timeOf(room, long.email)).toMatchObject({ credited_ms: 40 * MINUTE });
  });

  it("a gap in the traffic longer than the party's silence counts, less the silence", async () => {
    const { room, students } = await roomWith(["Gappy"]);
    const gappy = students.Gappy!;
    const t0 = Date.now() - 30 * MINUTE;
    await recordOutage(room, gappy.email, t0, t0 + 10 * MINUTE);
    const test = await testOf(room, gappy.email);
    // Heard at the start and for its last 5 minutes (every 10 s): silent from t0 + 30 s to t0 + 5 min.
    const times = [t0, ...Array.from({ length: 31 }, (_, i) => t0 + 5 * MINUTE + i * 10_000)];
    await party(room).takeEntries(
      times.map((at, seq) => ({ id: crypto.randomUUID(), testId: test.id, seq, kind: "code" as const, payload: "{}", createdAt: at, receivedAt: at, syncedAfterEnd: false, questionId: Q0, code: "" })),
    );
    const res = await roomAction(room, { intent: "credit-outage", participantId: await pid(room, gappy.email) });
    expect(await res.text()).toContain("Credited 4:30 to Gappy");
    expect(await timeOf(room, gappy.email)).toMatchObject({ credited_ms: 4.5 * MINUTE });
  });
});

describe("bad input and strangers", () => {
  it("answers 4xx with the message and writes nothing", async () => {
    const { room, students } = await roomWith(["Target", "Finished"]);
    const target = students.Target!;
    const participantId = await pid(room, target.email);
    await env.DB.prepare("UPDATE student_tests SET status = 'completed', is_completed = 1 WHERE id = ?").bind((await testOf(room, students.Finished!.email)).id).run();
    // Each failure names the field the dialog shows it under (none for a rule about the participant).
    const cases: [Record<string, string>, number, string, string?][] = [
      [{ participantId, unit: "minutes", amount: "601" }, 400, STUDENT_TIME_MESSAGES.minutes, "amount"],
      [{ participantId, unit: "minutes", amount: "-5" }, 400, STUDENT_TIME_MESSAGES.minutes, "amount"],
      [{ participantId, unit: "percent", amount: "301" }, 400, STUDENT_TIME_MESSAGES.percent, "amount"],
      [{ participantId, unit: "percent", amount: "2.5" }, 400, STUDENT_TIME_MESSAGES.whole, "amount"],
      [{ participantId, unit: "minutes", amount: "" }, 400, STUDENT_TIME_MESSAGES.required, "amount"],
      [{ participantId, unit: "hours", amount: "1" }, 400, STUDENT_TIME_MESSAGES.unit, "unit"],
      [{ participantId, unit: "minutes", amount: "5", reason: "x".repeat(201) }, 400, STUDENT_TIME_MESSAGES.reason, "reason"],
      [{ unit: "minutes", amount: "5" }, 400, STUDENT_TIME_MESSAGES.participant, "participantId"],
      [{ participantId: "no-such-participant", unit: "minutes", amount: "5" }, 404, "Participant not found"],
      [{ participantId: await pid(room, students.Finished!.email), unit: "minutes", amount: "5" }, 409, STUDENT_TIME_MESSAGES.over],
    ];
    for (const [fields, status, message, field] of cases) {
      const res = await postForm(`/admin/room/${room.id}.data`, { intent: "extra-time", ...fields }, admin);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(await actionAnswer(res), JSON.stringify(fields)).toEqual({ ok: false, error: message, ...(field ? { field } : {}) });
    }
    const account = await postForm("/admin/users.data", { intent: "extra-time", userId: await userId(target.email), unit: "minutes", amount: "700" }, admin);
    expect(account.status).toBe(400);
    expect(await actionAnswer(account)).toEqual({ ok: false, error: STUDENT_TIME_MESSAGES.minutes, field: "amount" });
    const adminAccount = await signUp({ role: "admin", name: "Another Admin" });
    const notStudent = await postForm("/admin/users", { intent: "extra-time", userId: await userId(adminAccount.email), unit: "minutes", amount: "5" }, admin);
    expect(notStudent.status).toBe(400);
    expect(await notStudent.text()).toContain(STUDENT_TIME_MESSAGES.studentsOnly);

    expect(await rows("SELECT extra_time_unit FROM room_participants WHERE room_id = ? AND extra_time_unit IS NOT NULL", room.id)).toEqual([]);
    expect(await trail(room)).toEqual([]);
    expect(await timeOf(room, target.email)).toMatchObject({ accommodation_ms: 0, extra_ms: 0, credited_ms: 0 });
    expect(await rows("SELECT * FROM accommodations WHERE user_id IN (?, ?)", await userId(target.email), await userId(adminAccount.email))).toEqual([]);
  });

  it("students are refused, and an LMS instructor only reaches their course's rooms", async () => {
    const { room, students } = await roomWith(["Self", "Peer"]);
    const [self, peer] = [students.Self!, students.Peer!];
    const now = Date.now();
    await recordOutage(room, self.email, now - 10 * MINUTE, now - 5 * MINUTE);
    const participantId = await pid(room, self.email);
    const attempts: Record<string, string>[] = [
      { intent: "extra-time", participantId, unit: "minutes", amount: "600" },
      { intent: "grant-time", participantId, minutes: "60" },
      { intent: "credit-outage", participantId },
      { intent: "credit-outages" },
    ];
    for (const fields of attempts) {
      for (const cookie of [self.cookie, peer.cookie]) {
        const res = await roomAction(room, fields, cookie);
        expect([302, 401, 403], `${fields.intent} by a student`).toContain(res.status);
      }
    }
    const ownAccount = await postForm("/admin/users", { intent: "extra-time", userId: await userId(self.email), unit: "minutes", amount: "600" }, self.cookie);
    expect([302, 401, 403]).toContain(ownAccount.status);

    // An instructor of an LMS course that holds another room only.
    const instructor = await signUp({ role: "student", name: "Course Instructor" });
    const courseRoom = await makeRoom(CODING, "coding");
    const platform = crypto.randomUUID();
    const context = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO lti_platforms (id, issuer, client_id, auth_login_url, token_url, jwks_url, updated_at) VALUES (?, ?, 'c', 'https://lms/auth', 'https://lms/token', 'https://lms/jwks', 0)").bind(platform, `https://lms-${platform}`),
      env.DB.prepare("INSERT INTO lti_contexts (id, platform_id, context_id, title) VALUES (?, ?, 'course-1', 'Course 1')").bind(context, platform),
      env.DB.prepare("INSERT INTO lti_context_members (context_id, user_id, role) VALUES (?, ?, 'instructor')").bind(context, await userId(instructor.email)),
      env.DB.prepare("INSERT INTO lti_room_contexts (room_id, context_id) VALUES (?, ?)").bind(courseRoom.id, context),
    ]);
    const notTheirs = await roomAction(room, { intent: "extra-time", participantId, unit: "minutes", amount: "10" }, instructor.cookie);
    expect(notTheirs.status).toBe(403);
    expect((await roomAction(room, { intent: "credit-outages" }, instructor.cookie)).status).toBe(403);
    expect(await trail(room)).toEqual([]);
    expect(await timeOf(room, self.email)).toMatchObject({ accommodation_ms: 0, extra_ms: 0, credited_ms: 0 });

    // In their course's room they may.
    const learner = await takingStudent(courseRoom, "Learner");
    const theirs = await roomAction(courseRoom, { intent: "extra-time", participantId: await pid(courseRoom, learner.email), unit: "minutes", amount: "10" }, instructor.cookie);
    expect(theirs.status).toBe(200);
    expect((await trail(courseRoom))[0]).toMatchObject({ kind: "extra-time", admin_name: "Course Instructor" });
  });
});
