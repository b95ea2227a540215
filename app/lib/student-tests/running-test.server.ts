// "No help during a test" (issue 14, item 7): whether a student is in the
// middle of a test right now, for the pages that must stay closed meanwhile
// (the compiler playground).
import { and, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { accommodations, roomParticipants, studentTests, testRooms } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { deadlineColumns, deadlineOfRow } from "./student-time.server";

export type RunningTest = { roomId: string; roomName: string };

/**
 * The test this student is taking now: a room that has started and whose time
 * for them (their own deadline, decision 028) has not run out, which they joined
 * and were not removed from, and where their test is not submitted, finished
 * or disqualified. A student who has not pressed Launch yet (terms page) is
 * taking it too: the test is running for them.
 */
export async function findRunningTest(db: Db, studentId: string, now = Date.now()): Promise<RunningTest | null> {
  const rows = await db
    .select({
      roomId: testRooms.id,
      roomName: testRooms.roomName,
      ...deadlineColumns,
    })
    .from(roomParticipants)
    .innerJoin(testRooms, eq(testRooms.id, roomParticipants.roomId))
    .leftJoin(studentTests, and(eq(studentTests.roomId, roomParticipants.roomId), eq(studentTests.studentId, roomParticipants.studentId)))
    .leftJoin(accommodations, eq(accommodations.userId, roomParticipants.studentId))
    .where(
      and(
        eq(roomParticipants.studentId, studentId),
        inArray(roomParticipants.status, ["waiting", "testing", "in_progress"]),
        isNotNull(testRooms.startedAt),
        isNotNull(testRooms.endsAt),
        or(
          isNull(studentTests.id),
          and(
            isNull(studentTests.submittedAt),
            eq(studentTests.isCompleted, false),
            eq(studentTests.isDisqualified, false),
            inArray(studentTests.status, ["in_progress", "testing"]),
          ),
        ),
      ),
    );
  const running = rows.find((r) => (deadlineOfRow(r) ?? 0) > now);
  return running ? { roomId: running.roomId, roomName: running.roomName } : null;
}
