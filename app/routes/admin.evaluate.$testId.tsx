import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { EvaluateWorkspace } from "~/components/evaluation/evaluate-workspace";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { requireRole } from "~/lib/accounts/session.server";
import { acceptEvaluation, evaluationData, rejectEvaluation, runEvaluation, saveEvaluation } from "~/lib/evaluation/evaluate.server";
import { triageForTest } from "~/lib/evaluation/triage.server";
import { EVALUATE_MESSAGES, RunSchema, SaveSchema } from "~/lib/evaluation/validation";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { publishParticipantsChanged } from "~/lib/party.server";
import { adminBadge } from "~/lib/results/student-status";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.evaluation.student.name} · ${data.evaluation.roomName} — ` : ""}Evaluate — ProctorEdge` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  let evaluation;
  let triage;
  try {
    [evaluation, triage] = await Promise.all([evaluationData(context.db, context.cloudflare.env, params.testId ?? ""), triageForTest(context.db, params.testId ?? "")]);
  } catch (error) {
    console.error("evaluation: load failed", error);
    throw data({ error: EVALUATE_MESSAGES.loadFailed }, { status: 500 });
  }
  if (!evaluation) throw new Response("Not Found", { status: 404 });
  return { evaluation, triage };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireRole(request, context, "admin");
  const values = await readFormValues(request);
  if (!values) return failure(EVALUATE_MESSAGES.saveFailed);
  const testId = params.testId ?? "";
  const { env, ctx } = context.cloudflare;
  const changed = (roomId: string) => ctx.waitUntil(publishParticipantsChanged(env, roomId));
  switch (values.intent) {
    case "run":
      try {
        const { questionId, code } = parseValues(RunSchema, values);
        const run = await runEvaluation(context, { testId, questionId, code });
        return success(run.passed === run.total ? "All test cases passed!" : `${run.passed}/${run.total} test cases passed`, { run });
      } catch (error) {
        return actionError(error, EVALUATE_MESSAGES.runFailed);
      }
    case "save":
      try {
        const { questions } = parseValues(SaveSchema, values);
        const saved = await saveEvaluation(context.db, context.cloudflare.env, { testId, adminId: admin.id, questions });
        changed(saved.roomId);
        return success(`${EVALUATE_MESSAGES.saved}: score ${saved.total}`);
      } catch (error) {
        return actionError(error, EVALUATE_MESSAGES.saveFailed);
      }
    case "accept":
      try {
        const view = await acceptEvaluation(context.db, context.cloudflare.env, testId);
        changed(view.roomId);
        return redirectWithToast("/admin/evaluation", { type: "success", message: EVALUATE_MESSAGES.accepted });
      } catch (error) {
        return actionError(error, EVALUATE_MESSAGES.acceptFailed);
      }
    case "reject":
      try {
        const view = await rejectEvaluation(context.db, context.cloudflare.env, testId);
        changed(view.roomId);
        return success(EVALUATE_MESSAGES.rejected);
      } catch (error) {
        return actionError(error, EVALUATE_MESSAGES.rejectFailed);
      }
    default:
      return failure("Unknown action");
  }
}

export default function EvaluatePage() {
  const { evaluation, triage } = useLoaderData<typeof loader>();
  const badge = adminBadge(evaluation);
  // After Save or Reject the loader's state is the truth again: start from it.
  const key = `${evaluation.status}:${evaluation.totalScore}:${evaluation.questions.map((q) => q.passed).join(",")}:${Object.values(evaluation.versions)
    .map((v) => v.updatedAt)
    .join(",")}`;
  return (
    <>
      <Link to="/admin/evaluation" className="text-sm text-brand-700 hover:underline dark:text-brand-100">
        ← Back to Evaluation
      </Link>
      <div className="mt-2 mb-6 flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-semibold">{`Evaluate: ${evaluation.student.name}`}</h2>
        <Badge tone={badge.tone}>{badge.label}</Badge>
        <span className="text-sm text-slate-600 dark:text-slate-300" data-testid="evaluation-score">{`${evaluation.roomName} · score ${evaluation.totalScore}/${evaluation.maxScore}`}</span>
      </div>
      {triage?.status === "pending" ? <TriagePoller /> : null}
      <EvaluateWorkspace
        key={key}
        questions={evaluation.questions.map((q) => ({ ...q, cases: q.cases.map((c) => ({ ...c, id: c.id ?? "" })) }))}
        versions={evaluation.versions}
        triage={triage}
      />
    </>
  );
}

/** How often the page refetches while its triage runs (a triage takes seconds, and reads as failed after two minutes). */
const TRIAGE_POLL_MS = 2_000;

/**
 * While the triage runs, the page refetches through its guarded loader until
 * it is stored. Polling, not the lobby's event: the triage often finishes
 * before a socket would be open, and an event sent then is missed. The
 * workspace keeps its ticks and edits (its key does not change).
 */
function TriagePoller() {
  const revalidator = useRevalidator();
  const state = useRef(revalidator);
  state.current = revalidator;
  useEffect(() => {
    const timer = setInterval(() => {
      if (state.current.state === "idle") state.current.revalidate();
    }, TRIAGE_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
