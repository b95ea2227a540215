// "No help during a test" (issue 14, item 7): whether a student is in the
// middle of a test right now, for the pages that must stay closed meanwhile
// (the compiler playground).
import { and, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { roomParticipants, studentTests, testRooms } from "~/db/schema";
import type { Db } from "~/lib/db.server";

export type RunningTest = { roomId: string; roomName: string };

/**
 * The test this student is taking now: a room that has started and whose time
 * (plus any extra minutes granted to them) has not run out, which they joined
 * and were not removed from, and where their test is not submitted, finished
 * or disqualified. A student who has not pressed Launch yet (terms page) is
 * taking it too: the test is running for them.
 */
export async function findRunningTest(db: Db, studentId: string, now = Date.now()): Promise<RunningTest | null> {
  const rows = await db
    .select({
      roomId: testRooms.id,
      roomName: testRooms.roomName,
      endsAt: testRooms.endsAt,
      extraMinutes: studentTests.extraMinutes,
    })
    .from(roomParticipants)
    .innerJoin(testRooms, eq(testRooms.id, roomParticipants.roomId))
    .leftJoin(studentTests, and(eq(studentTests.roomId, roomParticipants.roomId), eq(studentTests.studentId, roomParticipants.studentId)))
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
  const running = rows.find((r) => r.endsAt!.getTime() + (r.extraMinutes ?? 0) * 60_000 > now);
  return running ? { roomId: running.roomId, roomName: running.roomName } : null;
}
