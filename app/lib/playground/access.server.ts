// Who may use the compiler playground (issue 14, items 5 and 7): any
// signed-in user, except a student while one of their tests is running.
import { and, eq, gt, isNotNull, ne, or, sql } from "drizzle-orm";
import { roomParticipants, studentTests, testRooms } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import type { Viewer } from "~/lib/accounts/session.server";

export const PLAYGROUND_CLOSED_DURING_TEST = "The playground is closed while you have a test in progress. It opens again when your test ends.";

/**
 * The test room whose test is running for this student, if any: a room they
 * are a (not removed) participant of that has started and whose deadline
 * (ends_at plus any extra time granted to them) has not passed, and whose
 * test they have not submitted and were not disqualified from. A student who
 * has not yet launched the test (terms page, waiting to enter) counts too.
 */
export async function runningTestRoom(db: Db, studentId: string, now = Date.now()): Promise<string | null> {
  const row = await db
    .select({ roomId: testRooms.id })
    .from(roomParticipants)
    .innerJoin(testRooms, eq(testRooms.id, roomParticipants.roomId))
    .leftJoin(studentTests, and(eq(studentTests.roomId, roomParticipants.roomId), eq(studentTests.studentId, roomParticipants.studentId)))
    .where(
      and(
        eq(roomParticipants.studentId, studentId),
        ne(roomParticipants.status, "removed"),
        isNotNull(testRooms.startedAt),
        isNotNull(testRooms.endsAt),
        gt(sql`${testRooms.endsAt} + coalesce(${studentTests.extraMinutes}, 0) * 60000`, now),
        or(
          sql`${studentTests.id} is null`,
          and(eq(studentTests.isCompleted, false), eq(studentTests.isDisqualified, false), ne(studentTests.status, "completed")),
        ),
      ),
    )
    .get();
  return row?.roomId ?? null;
}

/** Whether this user may run code in the playground now (admins always may). */
export async function mayUsePlayground(db: Db, user: Pick<Viewer, "id" | "role">, now = Date.now()): Promise<boolean> {
  if (user.role === "admin") return true;
  return (await runningTestRoom(db, user.id, now)) === null;
}
