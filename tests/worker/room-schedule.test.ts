// Scheduled rooms (issue 25, decision 028): a schedule sets the room party's
// alarm; the alarm starts the room exactly as Start Test Now does (the
// fan-out included), also after the object restarted; D1 decides what is due,
// so a moved, cleared or overtaken schedule does not start anything; bad
// times get the spec's messages with nothing written; admins only.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SCHEDULE_MESSAGES } from "~/lib/rooms/room-validation";
import { postForm, signUp } from "./helpers";
import { connect } from "./party-client";
import { admin, makeRoom, one, seedCodingCategory, signUpAdmin, start, takingStudent, type Room } from "./rooms-fixture";

const CODING = "Schedule-Coding";
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeAll(async () => {
  await signUpAdmin();
  await seedCodingCategory(CODING);
});

type RoomRow = { is_active: number; started_at: number | null; ends_at: number | null; scheduled_at: number | null; schedule_error: string | null };
const roomRow = (room: Room) => one<RoomRow>("SELECT is_active, started_at, ends_at, scheduled_at, schedule_error FROM test_rooms WHERE id = ?", room.id);
const roomAction = (room: Room, fields: Record<string, string>, cookie = admin) => postForm(`/admin/room/${room.id}`, fields, cookie);
const schedule = (room: Room, at: number, cookie = admin) => roomAction(room, { intent: "schedule", startsAt: new Date(at).toISOString() }, cookie);
const party = (room: Room) => env.RoomParty.get(env.RoomParty.idFromName(room.id));
const alarmOf = (room: Room) => runInDurableObject(party(room), (_instance, state) => state.storage.getAlarm());

describe("a scheduled start", () => {
  it("sets the party's alarm, and the alarm starts the room with the fan-out, after the object restarted", async () => {
    const room = await makeRoom(CODING, "coding");
    const student = await takingStudent(room, "Waiting Student");
    const at = Date.now() + 10 * MINUTE;
    const res = await schedule(room, at);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Test scheduled");
    expect(await roomRow(room)).toMatchObject({ is_active: 0, scheduled_at: at, started_at: null });
    expect(await alarmOf(room)).toBe(at);

    // The object is evicted (a deploy, a restart): the alarm is kept in its storage.
    await evictDurableObject(party(room));
    expect(await alarmOf(room)).toBe(at);

    // The moment comes (moved into the past in D1, as the clock would); a student waits on the party.
    await env.DB.prepare("UPDATE test_rooms SET scheduled_at = ? WHERE id = ?").bind(Date.now() - 1000, room.id).run();
    const { ws, inbox } = await connect(room.id, student.cookie);
    const before = Date.now();
    expect(await runDurableObjectAlarm(party(room))).toBe(true);
    const changed = await inbox.next((m) => m.type === "room-changed");
    expect(changed).toMatchObject({ type: "room-changed", roomId: room.id, isActive: true, scheduledAt: null });
    const row = await roomRow(room);
    expect(row).toMatchObject({ is_active: 1, scheduled_at: null, schedule_error: null });
    expect(row.started_at).toBeGreaterThanOrEqual(before - 1000);
    expect(row.ends_at).toBe(row.started_at! + 30 * MINUTE);
    expect(changed.type === "room-changed" && changed.endsAt).toBe(row.ends_at);
    expect(await one("SELECT status FROM room_participants WHERE room_id = ? AND email = ?", room.id, student.email)).toEqual({ status: "testing" });
    ws.close();
  });

  it("a schedule moved later re-arms; a cleared one starts nothing; Start Test Now cancels it", async () => {
    const room = await makeRoom(CODING, "coding");
    await takingStudent(room, "Patient");
    const first = Date.now() + 5 * MINUTE;
    expect((await schedule(room, first)).status).toBe(200);
    // Moved later in D1 only (as if the alarm rang for a schedule changed meanwhile): the alarm re-arms for the new time.
    const later = Date.now() + 20 * MINUTE;
    await env.DB.prepare("UPDATE test_rooms SET scheduled_at = ? WHERE id = ?").bind(later, room.id).run();
    expect(await runDurableObjectAlarm(party(room))).toBe(true);
    expect(await roomRow(room)).toMatchObject({ is_active: 0, scheduled_at: later });
    expect(await alarmOf(room)).toBe(later);

    // Changing the start through the page moves the alarm.
    const changed = Date.now() + 30 * MINUTE;
    const res = await schedule(room, changed);
    expect(await res.text()).toContain("Start time changed");
    expect(await alarmOf(room)).toBe(changed);

    // Cleared: no alarm, nothing starts.
    expect(await (await roomAction(room, { intent: "unschedule" })).text()).toContain("Schedule cleared");
    expect(await roomRow(room)).toMatchObject({ is_active: 0, scheduled_at: null });
    expect(await alarmOf(room)).toBeNull();
    expect(await runDurableObjectAlarm(party(room))).toBe(false);

    // Scheduled again, then started by hand: the schedule is gone, and a late alarm changes nothing.
    expect((await schedule(room, Date.now() + 5 * MINUTE)).status).toBe(200);
    expect((await start(room)).status).toBe(200);
    const started = await roomRow(room);
    expect(started).toMatchObject({ is_active: 1, scheduled_at: null });
    await runDurableObjectAlarm(party(room));
    expect(await roomRow(room)).toEqual(started);
    // A running room cannot be scheduled.
    const refused = await schedule(room, Date.now() + 5 * MINUTE);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(SCHEDULE_MESSAGES.running);
  });

  it("a start that cannot happen (the room was disabled) tells the admin why and leaves the room waiting", async () => {
    const room = await makeRoom(CODING, "coding");
    await takingStudent(room, "Still Waiting");
    expect((await schedule(room, Date.now() + MINUTE)).status).toBe(200);
    await roomAction(room, { intent: "disable" });
    await env.DB.prepare("UPDATE test_rooms SET scheduled_at = ? WHERE id = ?").bind(Date.now() - 1000, room.id).run();
    expect(await runDurableObjectAlarm(party(room))).toBe(true);
    expect(await roomRow(room)).toMatchObject({
      is_active: 0,
      started_at: null,
      scheduled_at: null,
      schedule_error: "The scheduled start did not happen: Please enable the room first before starting the test",
    });
  });
});

describe("bad times and strangers", () => {
  it("the past, beyond 365 days and garbage get their messages, with nothing written", async () => {
    const room = await makeRoom(CODING, "coding");
    const cases: [Record<string, string>, string][] = [
      [{ intent: "schedule", startsAt: new Date(Date.now() - MINUTE).toISOString() }, SCHEDULE_MESSAGES.past],
      [{ intent: "schedule", startsAt: new Date(Date.now() + 366 * DAY).toISOString() }, SCHEDULE_MESSAGES.tooFar],
      [{ intent: "schedule", startsAt: "tomorrow at noon" }, SCHEDULE_MESSAGES.invalid],
      [{ intent: "schedule", startsAt: "" }, SCHEDULE_MESSAGES.invalid],
      [{ intent: "schedule" }, SCHEDULE_MESSAGES.invalid],
      [{ intent: "schedule", startsAt: "9".repeat(5000) }, SCHEDULE_MESSAGES.invalid],
    ];
    for (const [fields, message] of cases) {
      const res = await roomAction(room, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(await res.text()).toContain(message);
    }
    // 365 days ahead is within the limit.
    expect((await schedule(room, Date.now() + 365 * DAY - MINUTE)).status).toBe(200);
    await roomAction(room, { intent: "unschedule" });
    expect(await roomRow(room)).toMatchObject({ scheduled_at: null });

    // A disabled room is not scheduled.
    await roomAction(room, { intent: "disable" });
    const disabled = await schedule(room, Date.now() + MINUTE);
    expect(disabled.status).toBe(400);
    expect(await disabled.text()).toContain(SCHEDULE_MESSAGES.disabled);
    expect(await roomRow(room)).toMatchObject({ scheduled_at: null });
    expect(await alarmOf(room)).toBeNull();
  });

  it("students cannot schedule, move or clear a start", async () => {
    const room = await makeRoom(CODING, "coding");
    const student = await takingStudent(room, "Curious");
    const other = await signUp({ role: "student" });
    const at = Date.now() + 10 * MINUTE;
    expect((await schedule(room, at)).status).toBe(200);
    for (const cookie of [student.cookie, other.cookie]) {
      expect([302, 401, 403]).toContain((await schedule(room, Date.now() + MINUTE, cookie)).status);
      expect([302, 401, 403]).toContain((await roomAction(room, { intent: "unschedule" }, cookie)).status);
    }
    expect(await roomRow(room)).toMatchObject({ scheduled_at: at });
    expect(await alarmOf(room)).toBe(at);
  });
});
