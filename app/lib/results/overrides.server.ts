// Mark Pass / Mark Fail on the results page (spec 2 section 4), with a trail:
// who, when, and the score and status the change replaced.
import { and, eq, sql } from "drizzle-orm";
import { resultOverrides, roomParticipants, studentTests, user } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { FormError } from "~/lib/http/forms.server";
import type { OverrideOutcome } from "./results-view";

export const UPDATE_FAILED = "Failed to update status";

/** Spec 2 section 4: pass is completed and not disqualified; fail is completed and disqualified. */
const CHANGES = {
  passed: { status: "completed", isDisqualified: false, adminOverrideStatus: "passed" },
  failed: { status: "completed", isDisqualified: true, adminOverrideStatus: "failed" },
} as const;

/**
 * Applies the override to a student test of this room and records it, in one
 * D1 batch (one transaction): the trail row is copied from the test row it
 * is about to change, so "before" is exactly what was replaced even when two
 * admins press at once. Returns the student's name for the message.
 */
export async function markResult(
  db: Db,
  input: { roomId: string; testId: string; outcome: OverrideOutcome; admin: { id: string; name: string } },
  now = new Date(),
): Promise<{ name: string }> {
  const { roomId, testId, outcome, admin } = input;
  const test = await db
    .select({ id: studentTests.id, participantName: roomParticipants.fullName, userName: user.name })
    .from(studentTests)
    .innerJoin(user, eq(user.id, studentTests.studentId))
    .leftJoin(roomParticipants, and(eq(roomParticipants.roomId, studentTests.roomId), eq(roomParticipants.studentId, studentTests.studentId)))
    .where(and(eq(studentTests.id, testId), eq(studentTests.roomId, roomId)))
    .get();
  if (!test) throw new FormError(UPDATE_FAILED, 404);
  const ofThisTest = and(eq(studentTests.id, testId), eq(studentTests.roomId, roomId));
  await db.batch([
    db.insert(resultOverrides).select(
      db
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as("id"),
          studentTestId: studentTests.id,
          outcome: sql<OverrideOutcome>`${outcome}`.as("outcome"),
          adminId: sql<string>`${admin.id}`.as("admin_id"),
          adminName: sql<string>`${admin.name}`.as("admin_name"),
          previousStatus: studentTests.status,
          previousScore: studentTests.totalScore,
          previousDisqualified: studentTests.isDisqualified,
          previousOverride: studentTests.adminOverrideStatus,
          createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
        })
        .from(studentTests)
        .where(ofThisTest),
    ),
    db.update(studentTests).set(CHANGES[outcome]).where(ofThisTest),
  ]);
  return { name: test.participantName ?? test.userName };
}
