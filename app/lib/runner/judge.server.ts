// Judging stored test cases on the runner, for the coding test, the evaluation
// page and practice. A runner failure becomes a 503 with the page's own
// message first ("Failed to run code: The code runner is busy...").
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Language } from "~/db/schema";
import { getServerEnv } from "~/lib/env.server";
import { FormError } from "~/lib/http/forms.server";
import type { Checker, Limits, Priority } from "../../../contracts/runner.ts";
import { createRunnerClient, RunnerError, runnerFailureMessage, type JudgeResult } from "~/lib/runner/client.server";

export type StoredCase = { id: string; input: string; expectedOutput: string };

/** A question's own grading (issue 35): its limits and output checker; absent parts are the runner's defaults. */
export type QuestionGrading = { timeLimitMs?: number | null; memoryLimitMb?: number | null; checker?: Checker | null };

/** The runner request's share of a question's grading. */
export function gradingRequest(grading: QuestionGrading | undefined): { limits?: Limits; checker?: Checker } {
  if (!grading) return {};
  const limits: Limits = {};
  if (grading.timeLimitMs != null) limits.timeMs = grading.timeLimitMs;
  if (grading.memoryLimitMb != null) limits.memoryMb = grading.memoryLimitMb;
  return {
    ...(Object.keys(limits).length > 0 ? { limits } : {}),
    ...(grading.checker && grading.checker.type !== "exact" ? { checker: grading.checker } : {}),
  };
}

export async function judgeCases(
  /** A loader's context, or only its env (a room's Durable Object rejudging, decision 039). */
  context: { cloudflare: Pick<AppLoadContext["cloudflare"], "env"> },
  language: Language,
  code: string,
  cases: readonly StoredCase[],
  failure: string,
  options: { waitWhileBusy?: boolean; grading?: QuestionGrading; priority?: Priority } = {},
): Promise<JudgeResult> {
  const runner = createRunnerClient(getServerEnv(context.cloudflare.env), options);
  try {
    return await runner.judge({
      language,
      code,
      testCases: cases.map((c) => ({ id: c.id, input: c.input, expected_output: c.expectedOutput })),
      ...gradingRequest(options.grading),
      ...(options.priority ? { priority: options.priority } : {}),
    });
  } catch (error) {
    if (error instanceof RunnerError) throw new FormError(runnerFailureMessage(failure, error), 503);
    throw error;
  }
}
