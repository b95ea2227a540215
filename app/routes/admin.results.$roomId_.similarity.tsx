import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AnalyseForm } from "~/components/similarity/analysis-controls";
import { QuestionSimilarity } from "~/components/similarity/similarity-overview";
import { useRoomParty } from "~/components/use-room-party";
import { EmptyState } from "~/components/ui/empty-state";
import { Button } from "~/components/ui/button";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { requireRoomAdmin } from "~/lib/rooms/room-access.server";
import { getRoom } from "~/lib/rooms/rooms.server";
import { analysingText, stoppedText, type AnalysisOutcome } from "~/lib/similarity/analysis";
import { groups } from "~/lib/similarity/groups";
import { AnalyseSchema, DecisionSchema, parseThreshold, SIMILARITY_DEFAULT_THRESHOLD, SIMILARITY_MESSAGES, StopSchema } from "~/lib/similarity/validation";
import { decide, similarityOverview, startAnalyses, stopAnalysis } from "~/lib/similarity/similarity.server";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.room.roomName ?? "Room"} similarity — ProctorEdge` }];

/**
 * Similarity per room and question (issue 23, decision 026): pairs of students
 * whose final code is alike, ranked, in groups, with decisions. Admins and the
 * room's LMS instructors only; students never reach another student's code.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRoomAdmin(request, context, params.roomId ?? "");
  const room = await getRoom(context.db, params.roomId ?? "");
  if (!room) throw await redirectWithToast("/admin/results", { type: "error", message: "Room not found" });
  const threshold = parseThreshold(new URL(request.url).searchParams.get("min"));
  const overview = room.questionType === "coding" ? await similarityOverview(context.db, room, threshold * 10, viewer) : { questions: [], decisions: [] };
  return {
    room: { id: room.id, roomName: room.roomName, language: room.language, questionType: room.questionType },
    // Earlier rooms may be other courses': only an administrator compares with them (decision 025).
    earlierAllowed: !viewer.courseOnly,
    threshold,
    questions: overview.questions.map((q) => ({ ...q, groups: groups(q.pairs.map((p) => ({ a: p.testA, b: p.testB, similarity: p.similarity })), threshold * 10) })),
    decisions: overview.decisions,
  };
}

/** The toast for Analyse now: started beats already running beats unchanged. */
function analyseMessage(outcomes: { title: string; outcome: AnalysisOutcome }[]) {
  const started = outcomes.filter((o) => o.outcome.kind === "started");
  if (started.length) return SIMILARITY_MESSAGES.started;
  const running = outcomes.find((o) => o.outcome.kind === "running")?.outcome;
  if (running?.kind === "running") return `${SIMILARITY_MESSAGES.alreadyRunning}: ${analysingText(running.done, running.total)}`;
  return SIMILARITY_MESSAGES.unchanged;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireRoomAdmin(request, context, params.roomId ?? "");
  const values = await readFormValues(request);
  if (!values) return failure("The form could not be read");
  const intent = String(values.intent ?? "");
  const env = context.cloudflare.env;
  try {
    const room = await getRoom(context.db, params.roomId ?? "");
    if (!room) return failure("Room not found", 404);
    if (intent === "analyse") {
      const input = parseValues(AnalyseSchema, values);
      // The earlier rooms may be other courses': an LMS course's instructor stays within theirs (decision 025).
      if (input.earlier && admin.courseOnly) return failure(SIMILARITY_MESSAGES.earlierAdminOnly, 403);
      const outcomes = await startAnalyses(context.db, env, room, input);
      return success(analyseMessage(outcomes), { outcomes: outcomes.map((o) => ({ questionId: o.questionId, ...o.outcome })) });
    }
    if (intent === "stop") {
      const { questionId } = parseValues(StopSchema, values);
      const stopped = await stopAnalysis(env, room.id, questionId);
      return success(stopped.kind === "stopped" ? `${stoppedText(stopped.done, stopped.total)}: the pairs compared are kept` : SIMILARITY_MESSAGES.stoppedBeforeStart, stopped);
    }
    if (intent === "decide") {
      const input = parseValues(DecisionSchema, values);
      await decide(context.db, room.id, input, admin);
      return success(input.verdict === "confirmed" ? "Marked as confirmed" : "Marked as dismissed");
    }
  } catch (error) {
    return actionError(error, intent === "decide" ? SIMILARITY_MESSAGES.decideFailed : intent === "stop" ? SIMILARITY_MESSAGES.stopFailed : SIMILARITY_MESSAGES.analyseFailed);
  }
  return failure("Unknown action");
}

export default function Similarity() {
  const { room, threshold, questions, decisions, earlierAllowed } = useLoaderData<typeof loader>();
  // Each running analysis's progress as the room's object publishes it; the page's own numbers after each load.
  const [live, setLive] = useState<Record<string, { done: number; total: number | null }>>({});
  useEffect(() => setLive({}), [questions]);
  useRoomParty(room.id, (event) => {
    if (event.type === "similarity-changed") {
      if (event.state !== "running") return; // it ended: the page loads the result
      setLive((l) => ({ ...l, [event.questionId]: { done: event.done, total: event.total } }));
      // An analysis this page does not show yet (started from another tab) loads; progress is shown from the event.
      return questions.some((q) => q.id === event.questionId && q.job?.state === "running") ? "handled" : undefined;
    }
    // Only the analyses (and the room's own changes) change this page.
    if (event.type !== "room-changed" && event.type !== "room-deleted") return "handled";
  });
  return (
    <>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to={`/admin/results/${room.id}`} className="text-sm text-brand-700 hover:underline dark:text-brand-100">
            ← Back to results
          </Link>
          <h2 className="mt-2 text-2xl font-semibold">Similarity · {room.roomName}</h2>
          <p className="mt-1 text-sm text-muted">
            Pairs of students whose final code is alike, judged by structure (renamed names, moved code and rewritten loops do not hide a copy).
            Code most of the room shares is left out. A decision never changes a score.
          </p>
        </div>
        {room.questionType === "coding" ? (
          <div className="flex flex-wrap items-end gap-3">
            <Form method="get" className="flex items-end gap-2">
              <label className="text-sm">
                <span className="mb-1 block font-medium">Show pairs from</span>
                <span className="flex items-center gap-1">
                  <input
                    type="number"
                    name="min"
                    min={20}
                    max={100}
                    step={5}
                    defaultValue={threshold}
                    className="w-20 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-800"
                  />
                  %
                </span>
              </label>
              <Button type="submit" variant="secondary" size="sm">
                Show
              </Button>
            </Form>
            <AnalyseForm disabled={questions.length === 0} earlierAllowed={earlierAllowed} />
          </div>
        ) : null}
      </div>
      {room.questionType !== "coding" ? (
        <EmptyState title="No code to compare">{SIMILARITY_MESSAGES.notCoding}</EmptyState>
      ) : questions.length === 0 ? (
        <EmptyState title="No coding questions in this room" />
      ) : (
        <div className="space-y-6">
          {questions.map((q) => (
            <QuestionSimilarity
              key={q.id}
              roomId={room.id}
              question={q}
              threshold={threshold}
              decisions={decisions}
              defaultThreshold={SIMILARITY_DEFAULT_THRESHOLD}
              live={live[q.id] ?? null}
            />
          ))}
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
