// A student's own tests (spec 2: /student/history, "My Test History") and
// their submission view. Every query here is filtered by the acting student:
// another student's test id answers exactly like a missing one.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { evaluationRequests, studentTests, testRooms } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { showToStudent, submissionView, type ShownSubmissionView } from "~/lib/student-tests/submissions.server";
import { studentSight } from "./release";

export const HISTORY_PAGE_SIZE = 20;

export type HistoryRow = {
  testId: string;
  roomName: string;
  questionType: "coding" | "mcq";
  status: string;
  isDisqualified: boolean;
  /** Null while the room's results are held or its review hides the score (decision 041). */
  totalScore: number | null;
  maxScore: number | null;
  roomId: string;
  /** Whether the room's results are released (decision 041): before, no score and no evaluation request. */
  released: boolean;
  /** When the test was submitted, else when it was launched (ms since epoch, UTC). */
  takenAt: number;
  /** The status of the student's manual evaluation request for this test, if any. */
  evaluationStatus: "pending" | "approved" | "rejected" | null;
};

export type HistoryPage = { rows: HistoryRow[]; total: number; page: number; pageCount: number };

/** The `?page=` of the list: lenient, so a hand-edited link still shows something. */
export function historyPageParam(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}

/** One page of the student's tests, newest first, with the total, in one round trip. */
export async function listStudentHistory(db: Db, studentId: string, page: number, now = Date.now()): Promise<HistoryPage> {
  const [rows, totals] = await db.batch([
    db
      .select({
        testId: studentTests.id,
        // Aliased: the test has an `id` too, and D1 hands a batch's rows back by column name.
        roomId: sql<string>`${testRooms.id}`.as("room_id"),
        roomName: testRooms.roomName,
        resultsRelease: testRooms.resultsRelease,
        resultsReleaseAt: testRooms.resultsReleaseAt,
        resultsReleasedAt: testRooms.resultsReleasedAt,
        reviewOptions: testRooms.reviewOptions,
        questionType: testRooms.questionType,
        status: studentTests.status,
        isDisqualified: studentTests.isDisqualified,
        totalScore: studentTests.totalScore,
        maxScore: studentTests.maxScore,
        createdAt: studentTests.createdAt,
        submittedAt: studentTests.submittedAt,
        // Aliased: D1 hands rows back by column name, and the test has a `status` too.
        evaluationStatus: sql<HistoryRow["evaluationStatus"]>`${evaluationRequests.status}`.as("evaluation_status"),
      })
      .from(studentTests)
      .innerJoin(testRooms, eq(testRooms.id, studentTests.roomId))
      .leftJoin(evaluationRequests, eq(evaluationRequests.studentTestId, studentTests.id))
      .where(eq(studentTests.studentId, studentId))
      // id last, so pages never overlap when two tests share a time.
      .orderBy(desc(studentTests.createdAt), desc(studentTests.id))
      .limit(HISTORY_PAGE_SIZE)
      .offset((page - 1) * HISTORY_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(studentTests)
      .innerJoin(testRooms, eq(testRooms.id, studentTests.roomId))
      .where(eq(studentTests.studentId, studentId)),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    rows: rows.map(({ createdAt, submittedAt, resultsRelease, resultsReleaseAt, resultsReleasedAt, reviewOptions, totalScore, maxScore, ...row }) => {
      const sight = studentSight({ resultsRelease, resultsReleaseAt, resultsReleasedAt, reviewOptions }, now);
      return {
        ...row,
        totalScore: sight.score ? totalScore : null,
        maxScore: sight.score ? maxScore : null,
        released: sight.released,
        takenAt: (submittedAt ?? createdAt).getTime(),
      };
    }),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)),
  };
}

/**
 * The submission view of one of the student's own tests, as students see it
 * (hidden cases as status only), or null when the test is missing or not theirs.
 * Ownership is checked before anything of the test is read.
 */
export async function ownSubmissionView(db: Db, env: Env, testId: string, studentId: string): Promise<ShownSubmissionView | null> {
  const own = await db
    .select({
      id: studentTests.id,
      resultsRelease: testRooms.resultsRelease,
      resultsReleaseAt: testRooms.resultsReleaseAt,
      resultsReleasedAt: testRooms.resultsReleasedAt,
      reviewOptions: testRooms.reviewOptions,
    })
    .from(studentTests)
    .innerJoin(testRooms, eq(testRooms.id, studentTests.roomId))
    .where(and(eq(studentTests.id, testId), eq(studentTests.studentId, studentId)))
    .get();
  if (!own) return null;
  // What the room's release and review allow (decision 041); the right options are read only when the review shows them.
  const sight = studentSight(own);
  const view = await submissionView(db, env, own.id, "student", { mcqKey: sight.mcqRight || sight.mcqAnswers });
  return view && showToStudent(view, sight);
}
