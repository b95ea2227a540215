// Triage on arrival (issue 12, section 4): after a student's evaluation
// request is stored, the failed cases of each submitted question are rerun on
// the real runner (the same client and judge endpoint as Run Code) and the
// suggestion is stored on the request. It runs in the background: nothing
// here may fail or undo the request, so every failure ends as a stored
// "failed" triage. Only admins' loaders read it.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { evaluationRequests } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { getServerEnv } from "~/lib/env.server";
import { publishEvaluationRequested } from "~/lib/party.server";
import { createRunnerClient, RunnerError, type RunnerClient } from "~/lib/runner/client.server";
import { gradingRequest } from "~/lib/runner/judge.server";
import { questionGradings } from "~/lib/questions/grading.server";
import { submissionView } from "~/lib/student-tests/submissions.server";
import { buildTriage, pickFailedCases, readTriage, triageFailed, TRIAGE_LIMITS, type RerunResult, type Triage } from "./triage";

/** The runner as the triage uses it: one time budget for the whole triage. */
export function triageRunner(env: Env): RunnerClient {
  return createRunnerClient(getServerEnv(env), { timeoutMs: TRIAGE_LIMITS.runnerTimeoutMs });
}

async function computeTriage(db: Db, env: Env, runner: () => RunnerClient, requestId: string): Promise<Triage> {
  const request = await db
    .select({ testId: evaluationRequests.studentTestId })
    .from(evaluationRequests)
    .where(eq(evaluationRequests.id, requestId))
    .get();
  if (!request) throw new Error(`evaluation request ${requestId} is gone`);
  const view = await submissionView(db, env, request.testId, "admin");
  const questions = view && view.questionType !== "mcq" ? view.questions : [];
  const { picked, unchecked } = pickFailedCases(questions);
  if (picked.length === 0) return buildTriage(questions, [], {}, unchecked);
  const client = runner();
  const gradings = await questionGradings(db, picked.map((p) => p.questionId));
  // The questions at once: they share the one time budget (about two per coding test).
  const judged = await Promise.all(
    picked.map(async (p) => {
      const question = questions.find((q) => q.id === p.questionId)!;
      const result = await client.judge({
        language: question.language,
        code: question.code,
        testCases: p.cases.map((c) => ({ id: c.id, input: c.input, expected_output: c.expectedOutput })),
        ...gradingRequest(gradings.get(p.questionId)),
      });
      const rerun = result.testResults.map(
        (r): RerunResult => ({ caseId: String(r.testCaseId), passed: r.passed, verdict: r.verdict, actualOutput: r.actualOutput }),
      );
      return [p.questionId, rerun] as const;
    }),
  );
  return buildTriage(questions, picked, Object.fromEntries(judged), unchecked);
}

/**
 * Reruns the request's failed cases and stores the outcome on the request,
 * "done" or "failed" with a short reason. Never throws.
 */
export async function triageEvaluationRequest(db: Db, env: Env, runner: () => RunnerClient, requestId: string): Promise<Triage> {
  let triage: Triage;
  try {
    triage = await computeTriage(db, env, runner, requestId);
  } catch (error) {
    if (error instanceof RunnerError) console.warn(`evaluation triage ${requestId}: ${error.message}`);
    else console.error(`evaluation triage ${requestId} failed`, error);
    triage = triageFailed(error instanceof RunnerError ? error.message : "The triage could not be completed");
  }
  try {
    await db.update(evaluationRequests).set({ triage: JSON.stringify(triage) }).where(eq(evaluationRequests.id, requestId));
  } catch (error) {
    // Left pending, it reads as failed once stale.
    console.error(`evaluation triage ${requestId}: could not be stored`, error);
  }
  return triage;
}

/**
 * Starts the triage after the response (waitUntil); admins' requests lists
 * refetch when it is stored, so the suggestion appears without a reload.
 */
export function triageInBackground(context: AppLoadContext, requestId: string) {
  const { env, ctx } = context.cloudflare;
  ctx.waitUntil(
    triageEvaluationRequest(context.db, env, () => triageRunner(env), requestId).then(() => publishEvaluationRequested(env)),
  );
}

/** The test's request's triage for the evaluate page (admins only); null without a request or a triage. */
export async function triageForTest(db: Db, testId: string): Promise<Triage | null> {
  const row = await db
    .select({ triage: evaluationRequests.triage })
    .from(evaluationRequests)
    .where(eq(evaluationRequests.studentTestId, testId))
    .get();
  return readTriage(row?.triage ?? null);
}
