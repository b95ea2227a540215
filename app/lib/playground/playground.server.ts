// The compiler playground's loader and action, shared by /admin/practice and
// /student/playground (spec 2: "open to any user"). Every rule is checked
// here: a signed-in user, no student in the middle of a test, the per-user
// run limit, the form's sizes; then the runner's /v1/execute at low priority,
// so judging a test always goes first.
import { data, type AppLoadContext, type HeadersFunction } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/accounts/session.server";
import { getServerEnv } from "~/lib/env.server";
import { FormError, parseValues, readFormValues } from "~/lib/http/forms.server";
import { createRunnerClient, RunnerError } from "~/lib/runner/client.server";
import { findRunningTest } from "~/lib/student-tests/running-test.server";
import { describeRun, PLAYGROUND_MESSAGES, PlaygroundRunSchema, type ExecuteOutcome, type RunView } from "./playground";
import { takeRunSlot } from "./run-limit.server";

export type PlaygroundBlock = { message: string; roomName: string; testPath: string };

export type PlaygroundActionData =
  | { ok: true; run: RunView; result: ExecuteOutcome }
  | { ok: false; error: string; kind: "invalid" | "blocked" | "limited" | "execution-failed" };

/** Why this user may not use the playground now, or null. Only students take tests. */
async function blockFor(context: AppLoadContext, viewer: { id: string; role: string | null }): Promise<PlaygroundBlock | null> {
  if (viewer.role !== "student") return null;
  const running = await findRunningTest(context.db, viewer.id);
  return running ? { message: PLAYGROUND_MESSAGES.testRunning, roomName: running.roomName, testPath: `/test/${running.roomId}` } : null;
}

/** The page: open to any signed-in user; closed (403, with the way back to the test) while a student's test runs. */
export async function playgroundLoader(request: Request, context: AppLoadContext) {
  const viewer = await requireUser(request, context);
  const blocked = await blockFor(context, viewer);
  return data({ blocked }, { status: blocked ? 403 : 200 });
}

const fail = (error: string, kind: Extract<PlaygroundActionData, { ok: false }>["kind"], status: number, headers?: HeadersInit) =>
  data<PlaygroundActionData>({ ok: false, error, kind }, { status, headers });

/** Run: {language, code, stdin} from the form, checked, counted, executed. */
export async function playgroundAction(request: Request, context: AppLoadContext) {
  const viewer = await requireUser(request, context);
  const blocked = await blockFor(context, viewer);
  if (blocked) return fail(blocked.message, "blocked", 403);
  const values = await readFormValues(request);
  if (!values) return fail("The form could not be read", "invalid", 400);
  let input;
  try {
    input = parseValues(PlaygroundRunSchema, values);
  } catch (error) {
    if (error instanceof FormError) return fail(error.message, "invalid", error.status);
    throw error;
  }

  const slot = await takeRunSlot(context.db, viewer.id);
  if (!slot.ok) {
    return fail(PLAYGROUND_MESSAGES.rateLimited(slot.retryAfterSeconds), "limited", 429, { "Retry-After": String(slot.retryAfterSeconds) });
  }

  const runner = createRunnerClient(getServerEnv(context.cloudflare.env));
  try {
    const result = await runner.execute({ ...input, priority: "low" });
    return data<PlaygroundActionData>({ ok: true, run: describeRun(result), result });
  } catch (error) {
    if (!(error instanceof RunnerError)) throw error;
    // Spec section 8: "Execution failed" shows the error message.
    return fail(`${PLAYGROUND_MESSAGES.executionFailed}: ${error.message}`, "execution-failed", error.status === 413 ? 413 : 503);
  }
}

/** The routes' `headers`: Remix passes an action's headers on only through it (Retry-After with a 429). */
export const playgroundHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
