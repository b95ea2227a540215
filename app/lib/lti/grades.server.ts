// Grades flow back to the LMS (AGS, decision 025). A room's results are the
// truth; `lti_grades` holds what each gradebook column should show and whether
// the LMS has it. A sync compares the two, queues what changed with a newer
// timestamp, and posts what is due; failures wait with a growing back-off, and
// the room's LtiGradeSync object wakes itself with an alarm to try again.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { evaluationRequests, ltiContextMembers, ltiGrades, ltiResourceLinks, ltiUsers, studentTests, testRooms } from "~/db/schema";
import { studentSight } from "~/lib/results/release";
import { createDb, type Db } from "~/lib/d1/db.server";
import { chunk } from "~/lib/d1/limits";
import { LtiNotConfiguredError } from "./keys.server";
import { SCOPE, type LmsGradeStatus } from "./lti";
import { platformById, type Platform } from "./platforms.server";
import { LtiServiceError, postScore, type Score } from "./services.server";

type GradeRow = typeof ltiGrades.$inferSelect;

/** Seconds to wait after the n-th failed post (1-based), then every hour. */
const BACKOFF_S = [10, 30, 60, 120, 300, 900, 1800];
export const backoffMs = (attempts: number) => (BACKOFF_S[Math.min(attempts, BACKOFF_S.length) - 1] ?? 3600) * 1000;

const POSTS_PER_SYNC = 50;

type TestResult = {
  testId: string;
  totalScore: number;
  maxScore: number;
  isDisqualified: boolean;
  finished: boolean;
  pendingEvaluation: boolean;
  /** Whether the room's results are released (decision 041); before, the gradebook is told Pending with no score. */
  released: boolean;
};

/**
 * What the gradebook shows for a test: nothing until it is finished (submitted,
 * disqualified or overridden); a disqualified test scores 0; a pending manual
 * evaluation request marks the score PendingManual.
 */
export function lmsGrade(test: TestResult): Pick<GradeRow, "scoreGiven" | "scoreMaximum" | "gradingProgress"> | null {
  if (!test.finished) return null;
  const scoreMaximum = Math.max(1, test.maxScore);
  // Held results: stored as 0 of the maximum with Pending, posted with no score (postDueGrades).
  if (!test.released) return { scoreGiven: 0, scoreMaximum, gradingProgress: "Pending" };
  return {
    scoreGiven: test.isDisqualified ? 0 : Math.max(0, Math.min(test.totalScore, scoreMaximum)),
    scoreMaximum,
    gradingProgress: test.pendingEvaluation ? "PendingManual" : "FullyGraded",
  };
}

/** Whether a room has any LMS activity with a gradebook column (a cheap check before waking its sync). */
export async function roomHasGradebook(db: Db, roomId: string): Promise<boolean> {
  const row = await db
    .select({ id: ltiResourceLinks.id })
    .from(ltiResourceLinks)
    .where(and(eq(ltiResourceLinks.roomId, roomId), isNotNull(ltiResourceLinks.lineItemUrl)))
    .limit(1)
    .get();
  return Boolean(row);
}

/** Queues every grade of the room that differs from what was last queued. */
export async function queueRoomGrades(db: Db, roomId: string, now = Date.now()): Promise<number> {
  const links = await db
    .select()
    .from(ltiResourceLinks)
    .where(and(eq(ltiResourceLinks.roomId, roomId), isNotNull(ltiResourceLinks.lineItemUrl)))
    .all();
  if (links.length === 0) return 0;
  const existing = new Map(
    (await db.select().from(ltiGrades).where(eq(ltiGrades.roomId, roomId)).all()).map((g) => [`${g.studentTestId}|${g.resourceLinkId}`, g]),
  );
  const room = await db
    .select({ resultsRelease: testRooms.resultsRelease, resultsReleaseAt: testRooms.resultsReleaseAt, resultsReleasedAt: testRooms.resultsReleasedAt, reviewOptions: testRooms.reviewOptions })
    .from(testRooms)
    .where(eq(testRooms.id, roomId))
    .get();
  // The LMS gets the score when the student may see it (decision 041): released, with Score on.
  const released = room ? studentSight(room, now).score : false;
  const writes = [];
  for (const link of links) {
    const learners = await db
      .select({
        testId: studentTests.id,
        sub: ltiUsers.sub,
        totalScore: studentTests.totalScore,
        maxScore: studentTests.maxScore,
        isDisqualified: studentTests.isDisqualified,
        finished: sql<number>`(${studentTests.submittedAt} is not null or ${studentTests.isDisqualified} = 1 or ${studentTests.adminOverrideStatus} is not null)`,
        pendingEvaluation: sql<number>`exists (select 1 from ${evaluationRequests} where ${evaluationRequests.studentTestId} = ${studentTests.id} and ${evaluationRequests.status} = 'pending')`,
      })
      .from(studentTests)
      .innerJoin(ltiUsers, and(eq(ltiUsers.userId, studentTests.studentId), eq(ltiUsers.platformId, link.platformId)))
      .innerJoin(
        ltiContextMembers,
        and(
          eq(ltiContextMembers.userId, studentTests.studentId),
          eq(ltiContextMembers.contextId, link.contextId),
          eq(ltiContextMembers.role, "learner"),
        ),
      )
      .where(eq(studentTests.roomId, roomId))
      .all();
    for (const learner of learners) {
      const grade = lmsGrade({ ...learner, finished: Boolean(learner.finished), pendingEvaluation: Boolean(learner.pendingEvaluation), released });
      if (!grade) continue;
      const before = existing.get(`${learner.testId}|${link.id}`);
      if (
        before &&
        before.scoreGiven === grade.scoreGiven &&
        before.scoreMaximum === grade.scoreMaximum &&
        before.gradingProgress === grade.gradingProgress &&
        before.sub === learner.sub
      ) {
        continue;
      }
      // Platforms ignore a score whose timestamp is not newer than the last one they took.
      const timestamp = new Date(Math.max(now, (before?.timestamp.getTime() ?? 0) + 1));
      const row = {
        studentTestId: learner.testId,
        resourceLinkId: link.id,
        roomId,
        sub: learner.sub,
        ...grade,
        timestamp,
        state: "pending" as const,
        attempts: 0,
        nextAttemptAt: new Date(now),
        lastError: null,
      };
      writes.push(
        db
          .insert(ltiGrades)
          .values(row)
          .onConflictDoUpdate({ target: [ltiGrades.studentTestId, ltiGrades.resourceLinkId], set: row }),
      );
    }
  }
  for (const part of chunk(writes, 50)) await db.batch(part as [(typeof writes)[number], ...(typeof writes)[number][]]);
  return writes.length;
}

/**
 * Posts the room's due grades. Returns when the next attempt is due (an alarm
 * time, or null when the LMS has every grade) and how many posts were tried.
 */
export async function postDueGrades(env: Env, db: Db, roomId: string, now = Date.now()): Promise<{ next: number | null; tried: number }> {
  const pending = await db
    .select()
    .from(ltiGrades)
    .where(and(eq(ltiGrades.roomId, roomId), eq(ltiGrades.state, "pending")))
    .all();
  if (pending.length === 0) return { next: null, tried: 0 };
  const due = pending.filter((g) => (g.nextAttemptAt?.getTime() ?? 0) <= now).slice(0, POSTS_PER_SYNC);
  const links = new Map(
    (
      await db
        .select()
        .from(ltiResourceLinks)
        .where(inArray(ltiResourceLinks.id, [...new Set(due.map((g) => g.resourceLinkId))].slice(0, 90)))
        .all()
    ).map((l) => [l.id, l]),
  );
  const platforms = new Map<string, Platform | undefined>();
  let next: number | null = null;
  const later = (at: number) => (next = next === null ? at : Math.min(next, at));
  for (const grade of pending) if (!due.includes(grade)) later(grade.nextAttemptAt?.getTime() ?? now);
  for (const grade of due) {
    const link = links.get(grade.resourceLinkId);
    if (!link?.lineItemUrl) continue;
    if (!platforms.has(link.platformId)) platforms.set(link.platformId, await platformById(db, link.platformId));
    const platform = platforms.get(link.platformId);
    const score: Score =
      grade.gradingProgress === "Pending"
        ? { userId: grade.sub, activityProgress: "Submitted", gradingProgress: "Pending", timestamp: grade.timestamp.toISOString() }
        : {
            userId: grade.sub,
            scoreGiven: grade.scoreGiven,
            scoreMaximum: grade.scoreMaximum,
            activityProgress: "Completed",
            gradingProgress: grade.gradingProgress as "FullyGraded" | "PendingManual",
            timestamp: grade.timestamp.toISOString(),
          };
    // Only this version of the grade: a newer one queued meanwhile stays pending.
    const thisVersion = and(
      eq(ltiGrades.studentTestId, grade.studentTestId),
      eq(ltiGrades.resourceLinkId, grade.resourceLinkId),
      eq(ltiGrades.timestamp, grade.timestamp),
    );
    try {
      if (!platform) throw new LtiServiceError("The LMS is no longer registered");
      await postScore(env, platform, link.lineItemUrl, score, SCOPE.score);
      await db.update(ltiGrades).set({ state: "sent", sentAt: new Date(), lastError: null, nextAttemptAt: null }).where(thisVersion);
    } catch (error) {
      const attempts = grade.attempts + 1;
      const at = Date.now() + backoffMs(attempts);
      const expected = error instanceof LtiServiceError || error instanceof LtiNotConfiguredError;
      const message = expected ? error.message : "The score could not be sent";
      if (!expected) console.error("LTI score post failed", error);
      await db
        .update(ltiGrades)
        .set({ attempts, nextAttemptAt: new Date(at), lastError: message.slice(0, 300) })
        .where(thisVersion);
      later(at);
    }
  }
  if (pending.length > due.length + POSTS_PER_SYNC) later(now);
  return { next, tried: due.length };
}


/** Per student test of the room, whether the LMS has its latest score (the results page's column). */
export async function roomGradeStatus(db: Db, roomId: string): Promise<Map<string, LmsGradeStatus> | null> {
  if (!(await roomHasGradebook(db, roomId))) return null;
  const rows = await db.select().from(ltiGrades).where(eq(ltiGrades.roomId, roomId)).all();
  const out = new Map<string, LmsGradeStatus>();
  for (const row of rows) {
    const status: LmsGradeStatus =
      row.state === "sent"
        ? { state: "sent", at: row.sentAt?.getTime() ?? null, error: null }
        : { state: row.attempts > 0 ? "retrying" : "pending", at: row.nextAttemptAt?.getTime() ?? null, error: row.lastError };
    const before = out.get(row.studentTestId);
    // A test in two activities shows its worst state.
    if (!before || (before.state === "sent" && status.state !== "sent")) out.set(row.studentTestId, status);
  }
  return out;
}

/**
 * Wakes the room's grade sync when the room has an LMS gradebook column. Never
 * throws: a failure is retried by the next change or the object's alarm.
 */
export async function requestGradeSync(env: Env, roomId: string): Promise<void> {
  try {
    if (!(await roomHasGradebook(createDb(env.DB), roomId))) return;
    const stub = env.LtiGradeSync.get(env.LtiGradeSync.idFromName(roomId));
    await stub.sync(roomId);
  } catch (error) {
    console.error(`LTI grade sync of ${roomId} could not start`, error);
  }
}
