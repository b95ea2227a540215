// A room's results release (issue 37, decision 041): the room page's settings,
// Release results now and Withdraw release, and the room's alarm that
// releases at the chosen time. Each returns what changed; the caller tells the
// room (publishResultsChanged) after D1 has it.
import { and, eq, isNull, lte } from "drizzle-orm";
import { testRooms } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { parseValues } from "~/lib/http/forms.server";
import { publishResultsChanged, setReleaseAlarm } from "~/lib/party.server";
import { RELEASE_MESSAGES, releaseSettingsSchema, type ReleaseSettings } from "./release";

/** The room page's Results release form. A new choice starts afresh: a release made by hand before it no longer counts. */
export async function saveReleaseSettings(db: Db, roomId: string, settings: ReleaseSettings) {
  await db
    .update(testRooms)
    .set({
      resultsRelease: settings.resultsRelease,
      resultsReleaseAt: settings.resultsReleaseAt === null ? null : new Date(settings.resultsReleaseAt),
      resultsReleasedAt: null,
      reviewOptions: settings.reviewOptions,
    })
    .where(eq(testRooms.id, roomId));
}

/** Release results now: students see them from this moment, whatever the mode. */
export async function releaseNow(db: Db, roomId: string, now = Date.now()) {
  await db.update(testRooms).set({ resultsReleasedAt: new Date(now) }).where(eq(testRooms.id, roomId));
}

/** Withdraw release: hidden again, until released by hand (an 'at' time or Immediately would otherwise release them at once). */
export async function withdrawRelease(db: Db, roomId: string) {
  await db.update(testRooms).set({ resultsRelease: "manual", resultsReleasedAt: null }).where(eq(testRooms.id, roomId));
}

/**
 * The room's alarm: an 'at' release whose time has come is marked released
 * (at its time), once. Returns whether this call marked it, and the next time
 * the alarm must come for a release (null when none is pending).
 */
export async function releaseIfDue(db: Db, roomId: string, now = Date.now()): Promise<{ released: boolean; nextAt: number | null }> {
  const marked = await db
    .update(testRooms)
    .set({ resultsReleasedAt: testRooms.resultsReleaseAt })
    .where(and(eq(testRooms.id, roomId), eq(testRooms.resultsRelease, "at"), isNull(testRooms.resultsReleasedAt), lte(testRooms.resultsReleaseAt, new Date(now))))
    .returning({ id: testRooms.id });
  const room = await db
    .select({ mode: testRooms.resultsRelease, at: testRooms.resultsReleaseAt, releasedAt: testRooms.resultsReleasedAt })
    .from(testRooms)
    .where(eq(testRooms.id, roomId))
    .get();
  const nextAt = room && room.mode === "at" && room.releasedAt === null && room.at ? room.at.getTime() : null;
  return { released: marked.length > 0, nextAt };
}

/** The release intents the room page and the results page both take. */
export const RELEASE_INTENTS = ["results-release", "release-now", "withdraw-release"] as const;
export type ReleaseIntent = (typeof RELEASE_INTENTS)[number];
export const isReleaseIntent = (intent: unknown): intent is ReleaseIntent => RELEASE_INTENTS.includes(intent as ReleaseIntent);

/**
 * Runs one release intent for a room and tells the room: its pages refetch,
 * the LMS follows, and the room's alarm is set for an 'at' release. Returns
 * the toast. Invalid settings throw the form's FormError (a 400 with its message).
 */
export async function runReleaseIntent(db: Db, env: Env, roomId: string, intent: ReleaseIntent, values: Record<string, unknown>, now = Date.now()): Promise<string> {
  let message: string;
  let alarm: number | null = null;
  switch (intent) {
    case "results-release": {
      const settings = parseValues(releaseSettingsSchema(now), values);
      await saveReleaseSettings(db, roomId, settings);
      alarm = settings.resultsRelease === "at" ? settings.resultsReleaseAt : null;
      message = RELEASE_MESSAGES.saved;
      break;
    }
    case "release-now":
      await releaseNow(db, roomId, now);
      message = RELEASE_MESSAGES.released;
      break;
    case "withdraw-release":
      await withdrawRelease(db, roomId);
      message = RELEASE_MESSAGES.withdrawn;
      break;
  }
  await setReleaseAlarm(env, roomId, alarm !== null && alarm > now ? alarm : null);
  await publishResultsChanged(env, roomId);
  return message;
}
