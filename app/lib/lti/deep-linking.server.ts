// Deep linking (decision 025): an instructor's "add activity" opens our picker;
// the room they pick (or create) goes back to the LMS as a signed
// LtiDeepLinkingResponse whose ltiResourceLink carries a gradebook column.
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import { ltiContexts, ltiDeepLinks, ltiRoomContexts, testRooms } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { FormError } from "~/lib/http/forms.server";
import type { Room } from "~/lib/rooms/rooms.server";
import { signToolJwt } from "./keys.server";
import { CLAIM, LTI_PATHS } from "./lti";
import { platformById } from "./platforms.server";

export const PICKER_MESSAGES = {
  expired: "This “add activity” request has expired. Start it again from your LMS.",
  notYours: "This “add activity” request belongs to another user.",
  roomNotInCourse: "Pick one of this course's rooms.",
} as const;

export type DeepLink = typeof ltiDeepLinks.$inferSelect;

/** The open request, for the instructor who made it. */
export async function openDeepLink(db: Db, id: string, userId: string, now = Date.now()) {
  const row = await db
    .select({ link: ltiDeepLinks, contextTitle: ltiContexts.title })
    .from(ltiDeepLinks)
    .innerJoin(ltiContexts, eq(ltiContexts.id, ltiDeepLinks.contextId))
    .where(eq(ltiDeepLinks.id, id))
    .get();
  if (!row || row.link.expiresAt.getTime() <= now) throw new FormError(PICKER_MESSAGES.expired, 410);
  if (row.link.userId !== userId) throw new FormError(PICKER_MESSAGES.notYours, 403);
  return { ...row.link, contextTitle: row.contextTitle };
}

/** Rooms the picker offers: the course's own; an administrator also sees every other room. */
export async function pickerRooms(db: Db, contextId: string, isAdmin: boolean) {
  const columns = {
    id: testRooms.id,
    roomName: testRooms.roomName,
    questionType: testRooms.questionType,
    language: testRooms.language,
    category: testRooms.category,
    durationMinutes: testRooms.durationMinutes,
  };
  const inCourse = db
    .select({ roomId: ltiRoomContexts.roomId })
    .from(ltiRoomContexts)
    .where(eq(ltiRoomContexts.contextId, contextId));
  const [course, others] = await Promise.all([
    db.select(columns).from(testRooms).where(inArray(testRooms.id, inCourse)).orderBy(desc(testRooms.createdAt)).limit(200),
    isAdmin ? db.select(columns).from(testRooms).orderBy(desc(testRooms.createdAt)).limit(200) : Promise.resolve([]),
  ]);
  const courseIds = new Set(course.map((r) => r.id));
  return { course, others: others.filter((r) => !courseIds.has(r.id)) };
}

/** Places a room in the course, so its instructors manage it and its activities may launch it. */
export async function placeRoomInCourse(db: Db, roomId: string, contextId: string) {
  await db.insert(ltiRoomContexts).values({ roomId, contextId }).onConflictDoNothing();
}

/** Whether an instructor (not an administrator) may place this room: only a room already in the course. */
export async function isCourseRoom(db: Db, roomId: string, contextId: string) {
  const row = await db
    .select({ roomId: ltiRoomContexts.roomId })
    .from(ltiRoomContexts)
    .where(and(eq(ltiRoomContexts.roomId, roomId), eq(ltiRoomContexts.contextId, contextId)))
    .get();
  return Boolean(row);
}

/**
 * The signed response for the LMS: one ltiResourceLink that launches the room
 * (custom room_id) with a line item of scoreMaximum 100, so the LMS makes the
 * gradebook column. The request is closed: it answers once.
 */
export async function deepLinkResponse(env: Env, db: Db, link: DeepLink, room: Pick<Room, "id" | "roomName" | "questionType" | "durationMinutes">, toolOrigin: string) {
  const platform = await platformById(db, link.platformId);
  if (!platform) throw new FormError("This LMS is no longer registered with this tool.", 400);
  const contentItem = {
    type: "ltiResourceLink",
    title: room.roomName,
    text: `${room.questionType === "mcq" ? "Multiple-choice" : "Coding"} test, ${room.durationMinutes} minutes`,
    url: `${toolOrigin}${LTI_PATHS.launch}`,
    custom: { room_id: room.id },
    lineItem: { scoreMaximum: 100, label: room.roomName, resourceId: room.id, tag: "proctoredge" },
  };
  const jwt = await signToolJwt(env, {
    iss: platform.clientId,
    aud: platform.issuer,
    nonce: crypto.randomUUID(),
    [CLAIM.messageType]: "LtiDeepLinkingResponse",
    [CLAIM.version]: "1.3.0",
    [CLAIM.deploymentId]: link.deploymentId,
    [CLAIM.contentItems]: [contentItem],
    ...(link.data ? { [CLAIM.deepLinkData]: link.data } : {}),
  });
  await db.batch([
    db.delete(ltiDeepLinks).where(eq(ltiDeepLinks.id, link.id)),
    db.delete(ltiDeepLinks).where(lt(ltiDeepLinks.expiresAt, new Date())),
  ]);
  return { returnUrl: link.returnUrl, jwt };
}
