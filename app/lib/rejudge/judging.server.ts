// The rejudge's work, driven by the room's Durable Object (party/room.ts,
// decision 039): each alarm judges a few pending submissions at the runner's
// low priority and writes their new results beside the old ones; when none is
// left the preview is ready. Apply writes the results to the submissions and
// the tests in one batch. Nothing here changes a student's code.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { questions, rejudgeItems, rejudges, studentTests, submissions, testCases, testDraws, type RejudgeState } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { native, runNativeBatch } from "~/lib/d1/queries.server";
import { FormError } from "~/lib/http/forms.server";
import { judgeCases } from "~/lib/runner/judge.server";
import { codingMarks, codingShare } from "~/lib/student-tests/coding-marks";
import { testTotal } from "~/lib/student-tests/submissions.server";
import { REJUDGE_MESSAGES, REJUDGE_PACE, samePassed } from "./rejudge";

export type RejudgeProgress = { id: string; state: RejudgeState; done: number; total: number };

/** A runner that could not judge (busy past its wait, down): the step is tried again later. */
export class RejudgeRunnerError extends Error {}

async function progressOf(db: Db, id: string): Promise<RejudgeProgress | null> {
  const row = await db.select({ id: rejudges.id, state: rejudges.state, done: rejudges.done, total: rejudges.total }).from(rejudges).where(eq(rejudges.id, id)).get();
  return row ?? null;
}

/**
 * Judges up to REJUDGE_PACE.inFlight pending submissions of a previewing
 * rejudge, side by side; when none is left, makes the preview ready. Returns
 * the rejudge's progress after the step (null if it is gone).
 */
export async function judgeStep(env: Env, db: Db, rejudgeId: string): Promise<RejudgeProgress | null> {
  const before = await progressOf(db, rejudgeId);
  if (!before || before.state !== "previewing") return before;
  const pending = await db
    .select({
      id: rejudgeItems.id,
      questionId: rejudgeItems.questionId,
      oldPassedIds: rejudgeItems.oldPassedIds,
      oldMarks: rejudgeItems.oldMarks,
      code: submissions.code,
      language: submissions.language,
      // The question's marks in that student's test (codingShare of their draw; a test without one keeps 50).
      drawn: sql<number>`(select count(*) from ${testDraws} where ${testDraws.studentTestId} = ${submissions.studentTestId})`,
      position: sql<number | null>`(select ${testDraws.position} from ${testDraws} where ${testDraws.studentTestId} = ${submissions.studentTestId} and ${testDraws.questionId} = ${rejudgeItems.questionId})`,
    })
    .from(rejudgeItems)
    .innerJoin(submissions, eq(submissions.id, rejudgeItems.submissionId))
    .where(and(eq(rejudgeItems.rejudgeId, rejudgeId), isNull(rejudgeItems.judgedAt)))
    .limit(REJUDGE_PACE.inFlight);
  if (pending.length === 0) return finishPreview(db, rejudgeId);

  // The questions as they are now: cases, points, limits and checker (a batch holds at most inFlight ids).
  const ids = [...new Set(pending.map((p) => p.questionId))];
  const [cases, gradings] = await Promise.all([
    db.select({ id: testCases.id, questionId: testCases.questionId, input: testCases.input, expectedOutput: testCases.expectedOutput, points: testCases.points }).from(testCases).where(inArray(testCases.questionId, ids)).orderBy(asc(testCases.position), asc(testCases.createdAt)),
    db.select({ id: questions.id, timeLimitMs: questions.timeLimitMs, memoryLimitMb: questions.memoryLimitMb, checker: questions.checker }).from(questions).where(inArray(questions.id, ids)),
  ]);
  const judged = await Promise.all(
    pending.map(async (item) => {
      const own = cases.filter((c) => c.questionId === item.questionId);
      let passed = new Set<string>();
      if (own.length > 0) {
        try {
          const result = await judgeCases({ cloudflare: { env } }, item.language, item.code, own, REJUDGE_MESSAGES.failed, {
            grading: gradings.find((g) => g.id === item.questionId),
            priority: "low",
            waitWhileBusy: true,
          });
          passed = new Set(result.testResults.filter((t) => t.passed).map((t) => String(t.testCaseId)));
        } catch (error) {
          if (error instanceof FormError) throw new RejudgeRunnerError(error.message);
          throw error;
        }
      }
      // Only the question's own cases count, as recordSubmission stores them.
      const passedIds = own.filter((c) => passed.has(c.id)).map((c) => c.id);
      const { marks, score } = codingMarks({ passedIds, cases: own, of: codingShare(item.drawn, item.position ?? -1) });
      return { item, passedIds, marks, score, total: own.length, changed: marks !== item.oldMarks || !samePassed(item.oldPassedIds, passedIds) };
    }),
  );
  const now = new Date();
  const [first, ...rest] = judged.map((j) =>
    db
      .update(rejudgeItems)
      .set({ newPassedIds: j.passedIds, newMarks: j.marks, newScore: j.score, newCasesTotal: j.total, changed: j.changed, judgedAt: now })
      .where(and(eq(rejudgeItems.id, j.item.id), isNull(rejudgeItems.judgedAt))),
  );
  await db.batch([
    first!,
    ...rest,
    db
      .update(rejudges)
      .set({ done: sql`(select count(*) from ${rejudgeItems} where ${rejudgeItems.rejudgeId} = ${rejudgeId} and ${rejudgeItems.judgedAt} is not null)` })
      .where(and(eq(rejudges.id, rejudgeId), eq(rejudges.state, "previewing"))),
  ]);
  return progressOf(db, rejudgeId);
}

/**
 * Every submission is judged: each student's test score after the rejudge
 * (their other questions' marks as stored), how many students change, and
 * the preview is ready.
 */
async function finishPreview(db: Db, rejudgeId: string): Promise<RejudgeProgress | null> {
  await runNativeBatch(db, [
    native(sql`update rejudge_items set new_test_score = min(100, (
        select coalesce(sum(coalesce(ri.new_marks, s.marks_obtained)), 0)
        from submissions s left join rejudge_items ri on ri.submission_id = s.id and ri.rejudge_id = ${rejudgeId}
        where s.student_test_id = rejudge_items.student_test_id))
      where rejudge_id = ${rejudgeId}`),
    native(sql`update rejudges set state = 'ready', done = total, changed = (
        select count(distinct student_test_id) from rejudge_items
        where rejudge_id = ${rejudgeId} and (changed = 1 or new_test_score <> old_test_score))
      where id = ${rejudgeId} and state = 'previewing'`),
  ]);
  return progressOf(db, rejudgeId);
}

/** The rejudge stops with a message (the runner failed too often). */
export async function failRejudge(db: Db, rejudgeId: string, error: string) {
  await db
    .update(rejudges)
    .set({ state: "failed", error })
    .where(and(eq(rejudges.id, rejudgeId), inArray(rejudges.state, ["previewing", "applying"])));
  return progressOf(db, rejudgeId);
}

/** A ready preview starts applying; false when it is not ready (not judged yet, cancelled, applied). */
export async function claimApply(db: Db, rejudgeId: string, byName: string): Promise<boolean> {
  const claimed = await db
    .update(rejudges)
    .set({ state: "applying", appliedByName: byName })
    .where(and(eq(rejudges.id, rejudgeId), eq(rejudges.state, "ready")))
    .returning({ id: rejudges.id });
  return claimed.length > 0;
}

/**
 * Apply, in one D1 batch (one transaction), with no statement built from a
 * list: each judged submission takes its new result, unless its test has an
 * admin override or the submission a hand evaluation (either now or when the
 * preview was made), or the student submitted again since; then each
 * rejudged test's total is recomputed as Submit Code computes it
 * (`testTotal`). Writing the same results twice changes nothing, so the
 * object may retry it after a failure.
 */
export async function applyRejudge(db: Db, rejudgeId: string): Promise<RejudgeProgress | null> {
  const now = Date.now();
  await runNativeBatch(db, [
    native(sql`update submissions set
        passed_test_case_ids = ri.new_passed_ids,
        test_cases_passed = json_array_length(ri.new_passed_ids),
        test_cases_total = ri.new_cases_total,
        marks_obtained = ri.new_marks,
        score = ri.new_score,
        judged_at = ${now}
      from rejudge_items ri join student_tests t on t.id = ri.student_test_id
      where ri.rejudge_id = ${rejudgeId} and ri.submission_id = submissions.id
        and ri.judged_at is not null and ri.override_kept = 0
        and ri.submitted_at = submissions.submitted_at
        and submissions.evaluated_at is null and t.admin_override_status is null`),
    db
      .update(studentTests)
      .set({ totalScore: testTotal })
      .where(
        and(
          isNull(studentTests.adminOverrideStatus),
          inArray(
            studentTests.id,
            db
              .select({ id: rejudgeItems.studentTestId })
              .from(rejudgeItems)
              .where(and(eq(rejudgeItems.rejudgeId, rejudgeId), eq(rejudgeItems.overrideKept, false))),
          ),
        ),
      ),
    db
      .update(rejudges)
      .set({ state: "applied", appliedAt: new Date(now) })
      .where(and(eq(rejudges.id, rejudgeId), eq(rejudges.state, "applying"))),
  ]);
  return progressOf(db, rejudgeId);
}
