// Scheduled rooms (issue 25, decision 028): a room given a start time starts
// itself at that moment, exactly as Start Test Now does, on its party's
// Durable Object alarm, with no admin page open. D1 holds the schedule (the
// truth the pages read); the alarm only wakes the party, which asks D1 again,
// so a stale or duplicated alarm never starts a room that is not due.
import { eq } from "drizzle-orm";
import { testRooms } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { setStartAlarm } from "~/lib/party.server";
import { RoomRuleError, getRoom, startTest, type Room } from "./rooms.server";
import { SCHEDULE_MESSAGES } from "./room-validation";

/**
 * Sets the room's start to `at` (ms, UTC; already checked to be in the next
 * 365 days) or clears it with null. The alarm is set before the schedule is
 * written and cleared after, so a failure in between leaves at worst an
 * alarm that finds nothing due.
 */
export async function scheduleStart(db: Db, env: Env, room: Room, at: number | null) {
  if (room.isActive || (at !== null && room.startedAt)) throw new RoomRuleError(SCHEDULE_MESSAGES.running);
  if (at !== null && !room.isEnabled) throw new RoomRuleError(SCHEDULE_MESSAGES.disabled);
  if (at !== null) await setStartAlarm(env, room.id, at);
  await db
    .update(testRooms)
    .set({ scheduledAt: at === null ? null : new Date(at), scheduleError: null })
    .where(eq(testRooms.id, room.id));
  if (at === null) await setStartAlarm(env, room.id, null);
}

export type ScheduledStart =
  | { kind: "none" }
  | { kind: "later"; at: number }
  | { kind: "started"; room: Room; endsAt: number }
  | { kind: "failed"; room: Room; reason: string };

/**
 * The party's alarm rang: start the room if its schedule is due. A room whose
 * start cannot happen (disabled, nobody joined) keeps the reason for the
 * admin and loses its schedule; one that is already running just loses it.
 */
export async function startScheduledRoom(db: Db, roomId: string, now = Date.now()): Promise<ScheduledStart> {
  const room = await getRoom(db, roomId);
  if (!room?.scheduledAt) return { kind: "none" };
  const at = room.scheduledAt.getTime();
  if (at > now) return { kind: "later", at };
  try {
    return { kind: "started", room, endsAt: await startTest(db, room, now) };
  } catch (error) {
    if (!(error instanceof RoomRuleError)) throw error;
    const reason = room.isActive ? null : `The scheduled start did not happen: ${error.message}`;
    await db.update(testRooms).set({ scheduledAt: null, scheduleError: reason }).where(eq(testRooms.id, room.id));
    return reason ? { kind: "failed", room, reason } : { kind: "none" };
  }
}
