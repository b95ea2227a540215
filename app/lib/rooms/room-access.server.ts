// Who may manage a room: an administrator, or an instructor of an LMS course
// the room was placed in by deep linking (decision 025). An LMS role never
// reaches beyond its course's rooms.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { ltiContextMembers, ltiRoomContexts, studentTests } from "~/db/schema";
import { deny, getViewer, type Viewer } from "~/lib/accounts/session.server";
import type { Db } from "~/lib/d1/db.server";

export type RoomManager = Viewer & { courseOnly: boolean };

export const ROOM_ACCESS_MESSAGES = {
  /** A course instructor asked to change a room's questions: they come from the bank, which is the administrators'. */
  questionsAdminOnly: "Only an administrator can change a room's questions",
} as const;

/** Rooms in the courses this user teaches. */
export function courseRoomIds(db: Db, userId: string) {
  return db
    .select({ roomId: ltiRoomContexts.roomId })
    .from(ltiRoomContexts)
    .innerJoin(ltiContextMembers, eq(ltiContextMembers.contextId, ltiRoomContexts.contextId))
    .where(and(eq(ltiContextMembers.userId, userId), eq(ltiContextMembers.role, "instructor")));
}

export async function teachesRoom(db: Db, userId: string, roomId: string): Promise<boolean> {
  const row = await db
    .select({ roomId: ltiRoomContexts.roomId })
    .from(ltiRoomContexts)
    .innerJoin(ltiContextMembers, eq(ltiContextMembers.contextId, ltiRoomContexts.contextId))
    .where(and(eq(ltiRoomContexts.roomId, roomId), eq(ltiContextMembers.userId, userId), eq(ltiContextMembers.role, "instructor")))
    .get();
  return Boolean(row);
}

/** Whether this user teaches any LMS course here (the admin area then shows their courses' rooms). */
export async function teachesAnyCourse(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .select({ userId: ltiContextMembers.userId })
    .from(ltiContextMembers)
    .where(and(eq(ltiContextMembers.userId, userId), eq(ltiContextMembers.role, "instructor")))
    .get();
  return Boolean(row);
}

/** An administrator, or an instructor of one of the room's courses; otherwise 401/403 as requireRole answers. */
export async function requireRoomAdmin(request: Request, context: AppLoadContext, roomId: string): Promise<RoomManager> {
  const viewer = await getViewer(request, context.auth, context.db);
  if (!viewer) deny(request, 401);
  if (viewer.role === "admin") return { ...viewer, courseOnly: false };
  if (roomId && (await teachesRoom(context.db, viewer.id, roomId))) return { ...viewer, courseOnly: true };
  deny(request, 403);
}

/** requireRoomAdmin for a page about one student test (monitor, submission): by the test's room. */
export async function requireTestAdmin(request: Request, context: AppLoadContext, testId: string): Promise<RoomManager> {
  const viewer = await getViewer(request, context.auth, context.db);
  if (!viewer) deny(request, 401);
  if (viewer.role === "admin") return { ...viewer, courseOnly: false };
  const test = await context.db.select({ roomId: studentTests.roomId }).from(studentTests).where(eq(studentTests.id, testId)).get();
  if (test && (await teachesRoom(context.db, viewer.id, test.roomId))) return { ...viewer, courseOnly: true };
  deny(request, 403);
}

/** The admin area's guard: administrators, and instructors of LMS courses (who see their courses' rooms only). */
export async function requireAdminArea(request: Request, context: AppLoadContext): Promise<RoomManager> {
  const viewer = await getViewer(request, context.auth, context.db);
  if (!viewer) deny(request, 401);
  if (viewer.role === "admin") return { ...viewer, courseOnly: false };
  if (await teachesAnyCourse(context.db, viewer.id)) return { ...viewer, courseOnly: true };
  deny(request, 403);
}

