// The evaluation page (spec 2: /admin/evaluate/{testId}, sections 4 and 8):
// judge edited code against every case, and Save / Accept / Reject a test by
// hand. The student's submitted code is never overwritten: the evaluator's
// edits are kept as their own version (evaluator_versions).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { evaluatorVersions, studentTests, submissions, testCases } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { FormError } from "~/lib/http/forms.server";
import { judgeCases } from "~/lib/runner/judge.server";
import { questionGrading } from "~/lib/questions/grading.server";
import { PASS_SCORE } from "~/lib/results/student-status";
import { codingMarks } from "~/lib/student-tests/coding-marks";
import { caseResults, submissionView, type SubmissionView } from "~/lib/student-tests/submissions.server";
import { EVALUATE_MESSAGES, type SavedQuestion } from "./validation";

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

export type EvaluationData = SubmissionView & {
  /** Question id -> the evaluator's saved version of the code, if any. */
  versions: Record<string, { code: string; updatedAt: number }>;
};

/** The admin's view of a coding test (hidden cases included) and the evaluator's versions; null if missing. */
export async function evaluationData(db: Db, env: Env, testId: string): Promise<EvaluationData | null> {
  const view = await submissionView(db, env, testId, "admin");
  if (!view || view.questionType === "mcq") return null;
  const saved = await db.select().from(evaluatorVersions).where(eq(evaluatorVersions.studentTestId, view.testId));
  return { ...view, versions: Object.fromEntries(saved.map((v) => [v.questionId, { code: v.code, updatedAt: v.updatedAt.getTime() }])) };
}

async function testOf(db: Db, env: Env, testId: string) {
  const view = await submissionView(db, env, testId, "admin");
  if (!view || view.questionType === "mcq") throw new FormError(EVALUATE_MESSAGES.loadFailed, 404);
  return view;
}

/** Run Code: the edited code judged against every case of the question, hidden included (admins only). */
export async function runEvaluation(context: AppLoadContext, input: { testId: string; questionId: string; code: string }) {
  const view = await testOf(context.db, context.cloudflare.env, input.testId);
  const question = view.questions.find((q) => q.id === input.questionId);
  if (!question) throw new FormError(EVALUATE_MESSAGES.runFailed, 404);
  const cases = await context.db.select().from(testCases).where(eq(testCases.questionId, question.id)).orderBy(asc(testCases.position));
  if (cases.length === 0) throw new FormError(EVALUATE_MESSAGES.noCases);
  const grading = await questionGrading(context.db, question.id);
  const result = await judgeCases(context, question.language, input.code, cases, EVALUATE_MESSAGES.runFailed, { grading });
  return { questionId: question.id, compile: result.compile, cases: caseResults(result, cases, "admin"), passed: result.passedCount, total: result.totalTestCases };
}

type Recomputed = { questionId: string; title: string; language: SubmissionView["language"]; code: string; passedIds: string[]; total: number; marks: number; score: number };

/** Passed count, total, and marks and score by the cases' points (`codingMarks`, decision 037; spec 2 section 4's rule with the default points). */
async function recompute(db: Db, view: SubmissionView, pick: (questionId: string, caseIds: string[]) => string[]): Promise<Recomputed[]> {
  const ids = view.questions.map((q) => q.id);
  if (ids.length === 0) return [];
  const cases = await db
    .select({ id: testCases.id, questionId: testCases.questionId, points: testCases.points })
    .from(testCases)
    .where(inArray(testCases.questionId, ids));
  return view.questions.map((q) => {
    const own = cases.filter((c) => c.questionId === q.id);
    const passed = new Set(pick(q.id, own.map((c) => c.id)));
    const passedIds = own.filter((c) => passed.has(c.id)).map((c) => c.id);
    return {
      questionId: q.id,
      title: q.title,
      language: q.language,
      code: q.code,
      passedIds,
      total: own.length,
      ...codingMarks({ passedIds, cases: own, of: q.maxMarks }),
    };
  });
}

/**
 * Writes each submission's recomputed result (inserting one for a question
 * never submitted, with the code the student last had) and the test's
 * change, in one batch. The submission's code is left as the student wrote it.
 */
async function writeResults(db: Db, testId: string, results: Recomputed[], test: Partial<typeof studentTests.$inferInsert>) {
  const now = new Date();
  const statements: BatchItem<"sqlite">[] = results.map((r) =>
    db
      .insert(submissions)
      .values({
        studentTestId: testId,
        questionId: r.questionId,
        questionTitle: r.title,
        code: r.code,
        language: r.language,
        testCasesPassed: r.passedIds.length,
        testCasesTotal: r.total,
        marksObtained: r.marks,
        score: r.score,
        passedTestCaseIds: r.passedIds,
        submittedAt: now,
        evaluatedAt: now,
      })
      .onConflictDoUpdate({
        target: [submissions.studentTestId, submissions.questionId],
        // evaluated_at: set by hand, so a rejudge keeps it (decision 039).
        set: { testCasesPassed: r.passedIds.length, testCasesTotal: r.total, marksObtained: r.marks, score: r.score, passedTestCaseIds: r.passedIds, evaluatedAt: now },
      }),
  );
  statements.push(db.update(studentTests).set(test).where(eq(studentTests.id, testId)));
  await db.batch(statements as Batch);
}

/** Save: the ticked cases become each submission's result; the test total is the sum of marks. */
export async function saveEvaluation(db: Db, env: Env, input: { testId: string; adminId: string; questions: SavedQuestion[] }) {
  const view = await testOf(db, env, input.testId);
  const byId = new Map(input.questions.map((q) => [q.questionId, q]));
  const results = await recompute(db, view, (questionId, caseIds) => (byId.get(questionId)?.passed ?? []).filter((id) => caseIds.includes(id)));
  const total = results.reduce((sum, r) => sum + r.marks, 0);
  await writeResults(db, view.testId, results, { totalScore: total, status: total >= PASS_SCORE ? "completed" : "attempted" });
  // The evaluator's code, where it differs from the student's, is kept as its own version.
  const versions = input.questions.filter((q) => view.questions.some((v) => v.id === q.questionId && v.code !== q.code));
  if (versions.length > 0) {
    const writes: BatchItem<"sqlite">[] = versions.map((q) =>
        db
          .insert(evaluatorVersions)
          .values({ studentTestId: view.testId, questionId: q.questionId, code: q.code, adminId: input.adminId })
          .onConflictDoUpdate({
            target: [evaluatorVersions.studentTestId, evaluatorVersions.questionId],
            set: { code: q.code, adminId: input.adminId, updatedAt: sql`(unixepoch('subsec') * 1000)` },
          }),
    );
    await db.batch(writes as Batch);
  }
  return { total, results, roomId: view.roomId };
}

/** Accept: every case passed, full marks, score 100; the test 100, completed, override passed, not disqualified. */
export async function acceptEvaluation(db: Db, env: Env, testId: string) {
  const view = await testOf(db, env, testId);
  const results = await recompute(db, view, (_q, caseIds) => caseIds);
  await writeResults(db, view.testId, results, {
    totalScore: PASS_SCORE,
    status: "completed",
    isCompleted: true,
    adminOverrideStatus: "passed",
    isDisqualified: false,
  });
  return view;
}

/** Reject: submissions zeroed; the test 0, completed, override failed, not disqualified. */
export async function rejectEvaluation(db: Db, env: Env, testId: string) {
  const view = await testOf(db, env, testId);
  const results = await recompute(db, view, () => []);
  await writeResults(db, view.testId, results, {
    totalScore: 0,
    status: "completed",
    isCompleted: true,
    adminOverrideStatus: "failed",
    isDisqualified: false,
  });
  return view;
}


