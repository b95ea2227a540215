// Judging stored test cases on the runner, for the coding test, the evaluation
// page and practice. A runner failure becomes a 503 with the page's own
// message first ("Failed to run code: The code runner is busy...").
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Language } from "~/db/schema";
import { getServerEnv } from "~/lib/env.server";
import { FormError } from "~/lib/http/forms.server";
import { createRunnerClient, RunnerError, runnerFailureMessage, type JudgeResult } from "~/lib/runner/client.server";

export type StoredCase = { id: string; input: string; expectedOutput: string };

export async function judgeCases(
  context: AppLoadContext,
  language: Language,
  code: string,
  cases: readonly StoredCase[],
  failure: string,
  options: { waitWhileBusy?: boolean } = {},
): Promise<JudgeResult> {
  const runner = createRunnerClient(getServerEnv(context.cloudflare.env), options);
  try {
    return await runner.judge({ language, code, testCases: cases.map((c) => ({ id: c.id, input: c.input, expected_output: c.expectedOutput })) });
  } catch (error) {
    if (error instanceof RunnerError) throw new FormError(runnerFailureMessage(failure, error), 503);
    throw error;
  }
}
