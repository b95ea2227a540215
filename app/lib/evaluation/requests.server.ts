// Manual evaluation requests (spec 2 sections 4, 5 and 8): a student asks for
// a near-pass coding test to be reviewed; an admin approves it with a score or
// rejects it. Every rule is checked here, on the server, whatever the page showed.
import { and, desc, eq, sql } from "drizzle-orm";
import { evaluationRequests, studentTests, testRooms, user } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { containsText } from "~/lib/d1/queries.server";
import { FormError } from "~/lib/http/forms.server";
import { canRequestEvaluation, PASS_SCORE } from "~/lib/results/student-status";
import { studentSight } from "~/lib/results/release";
import { readTriageSummary, triagePending, type TriageSummary } from "./triage";
import { REQUEST_MESSAGES, SEARCH_MAX } from "./validation";

/**
 * Files the student's request for their own test. Another student's test
 * answers exactly like a missing one; eligibility is re-checked from the row.
 * The request starts with a pending triage: the caller starts it
 * (triage.server.ts) once the request is stored.
 */
export async function createEvaluationRequest(db: Db, input: { studentId: string; testId: string; reason: string }) {
  const test = await db
    .select({
      id: studentTests.id,
      status: studentTests.status,
      isDisqualified: studentTests.isDisqualified,
      totalScore: studentTests.totalScore,
      questionType: testRooms.questionType,
      requestId: evaluationRequests.id,
      roomId: studentTests.roomId,
      resultsRelease: testRooms.resultsRelease,
      resultsReleaseAt: testRooms.resultsReleaseAt,
      resultsReleasedAt: testRooms.resultsReleasedAt,
      reviewOptions: testRooms.reviewOptions,
    })
    .from(studentTests)
    .innerJoin(testRooms, eq(testRooms.id, studentTests.roomId))
    .leftJoin(evaluationRequests, eq(evaluationRequests.studentTestId, studentTests.id))
    .where(and(eq(studentTests.id, input.testId), eq(studentTests.studentId, input.studentId)))
    .get();
  if (!test) throw new FormError(REQUEST_MESSAGES.submitFailed, 404);
  if (test.requestId) throw new FormError(REQUEST_MESSAGES.duplicate, 409);
  // Only once the student may see their score (decision 041): a request before would tell them it is a near miss.
  if (!studentSight(test).score) throw new FormError(REQUEST_MESSAGES.notReleased, 409);
  if (!canRequestEvaluation(test)) throw new FormError(REQUEST_MESSAGES.notEligible, 400);
  // The unique index settles two requests sent at once.
  const inserted = await db
    .insert(evaluationRequests)
    .values({ studentTestId: test.id, reason: input.reason, triage: JSON.stringify(triagePending()) })
    .onConflictDoNothing()
    .returning({ id: evaluationRequests.id });
  if (inserted.length === 0) throw new FormError(REQUEST_MESSAGES.duplicate, 409);
  return { id: inserted[0]!.id, roomId: test.roomId };
}

export type EvaluationRequestRow = {
  id: string;
  testId: string;
  studentName: string;
  studentEmail: string;
  roomName: string;
  totalScore: number;
  maxScore: number;
  reason: string;
  status: "pending" | "approved" | "rejected";
  createdAt: number;
  /** The triage on arrival without its per-case detail (admins only, like the whole list). */
  triage: TriageSummary | null;
};

/** The list is bounded; the search filters it in SQL with instr(), never a LIKE built from user text. */
export const REQUESTS_LIMIT = 500;

export function searchParam(searchParams: URLSearchParams): string {
  return (searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX);
}

/** Newest first; `search` matches student name, email, room name or reason, case-insensitively. */
export async function listEvaluationRequests(db: Db, search = ""): Promise<EvaluationRequestRow[]> {
  const matches = containsText([user.name, user.email, testRooms.roomName, evaluationRequests.reason], search.trim());
  const rows = await db
    .select({
      id: evaluationRequests.id,
      testId: studentTests.id,
      studentName: user.name,
      studentEmail: user.email,
      roomName: testRooms.roomName,
      totalScore: studentTests.totalScore,
      maxScore: studentTests.maxScore,
      reason: evaluationRequests.reason,
      status: evaluationRequests.status,
      createdAt: evaluationRequests.createdAt,
      // Without the per-case detail: the list needs the summary only, for up to 500 rows.
      // json_valid first: one unreadable value must not fail the whole list.
      triage: sql<string | null>`(CASE WHEN json_valid(${evaluationRequests.triage}) THEN json_remove(${evaluationRequests.triage}, '$.questions') END)`.as("triage_summary"),
    })
    .from(evaluationRequests)
    .innerJoin(studentTests, eq(studentTests.id, evaluationRequests.studentTestId))
    .innerJoin(user, eq(user.id, studentTests.studentId))
    .innerJoin(testRooms, eq(testRooms.id, studentTests.roomId))
    .where(matches)
    .orderBy(desc(evaluationRequests.createdAt), desc(evaluationRequests.id))
    .limit(REQUESTS_LIMIT);
  const now = Date.now();
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime(), triage: readTriageSummary(r.triage, now) }));
}

/**
 * Approve with a score (spec 2 section 4): the test gets override
 * 'manually_evaluated', the score, and completed at 100 else attempted; then
 * the request is approved. One batch, and both writes require the request to
 * still be pending, so a second click or a second admin changes nothing.
 */
export async function approveEvaluationRequest(db: Db, requestId: string, score: number) {
  const pendingTest = db
    .select({ id: evaluationRequests.studentTestId })
    .from(evaluationRequests)
    .where(and(eq(evaluationRequests.id, requestId), eq(evaluationRequests.status, "pending")));
  const [tests] = await db.batch([
    db
      .update(studentTests)
      .set({
        adminOverrideStatus: "manually_evaluated",
        adminOverrideScore: score,
        totalScore: score,
        status: score >= PASS_SCORE ? "completed" : "attempted",
      })
      .where(eq(studentTests.id, sql`(${pendingTest})`))
      .returning({ id: studentTests.id, roomId: studentTests.roomId }),
    db
      .update(evaluationRequests)
      .set({ status: "approved" })
      .where(and(eq(evaluationRequests.id, requestId), eq(evaluationRequests.status, "pending"))),
  ]);
  if (tests.length === 0) throw new FormError(REQUEST_MESSAGES.notPending, 409);
  return tests[0]!;
}

/** Reject: only the request changes (spec 2 section 4); only while pending. */
export async function rejectEvaluationRequest(db: Db, requestId: string) {
  const rows = await db
    .update(evaluationRequests)
    .set({ status: "rejected" })
    .where(and(eq(evaluationRequests.id, requestId), eq(evaluationRequests.status, "pending")))
    .returning({ id: evaluationRequests.id });
  if (rows.length === 0) throw new FormError(REQUEST_MESSAGES.notPending, 409);
}
