import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AnalyseButton, QuestionSimilarity } from "~/components/similarity/similarity-overview";
import { EmptyState } from "~/components/ui/empty-state";
import { Button } from "~/components/ui/button";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { idField } from "~/lib/http/input-limits";
import { requireRoomAdmin } from "~/lib/rooms/room-access.server";
import { getRoom } from "~/lib/rooms/rooms.server";
import { groups } from "~/lib/similarity/groups";
import { DecisionSchema, parseThreshold, SIMILARITY_DEFAULT_THRESHOLD, SIMILARITY_MESSAGES } from "~/lib/similarity/validation";
import { analyseQuestion, decide, similarityOverview } from "~/lib/similarity/similarity.server";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.room.roomName ?? "Room"} similarity — ProctorEdge` }];

/**
 * Similarity per room and question (issue 23, decision 026): pairs of students
 * whose final code is alike, ranked, in groups, with decisions. Admins and the
 * room's LMS instructors only; students never reach another student's code.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRoomAdmin(request, context, params.roomId ?? "");
  const room = await getRoom(context.db, params.roomId ?? "");
  if (!room) throw await redirectWithToast("/admin/results", { type: "error", message: "Room not found" });
  const threshold = parseThreshold(new URL(request.url).searchParams.get("min"));
  const overview = room.questionType === "coding" ? await similarityOverview(context.db, room, threshold * 10) : { questions: [], decisions: [] };
  return {
    room: { id: room.id, roomName: room.roomName, language: room.language, questionType: room.questionType },
    threshold,
    questions: overview.questions.map((q) => ({ ...q, groups: groups(q.pairs.map((p) => ({ a: p.testA, b: p.testB, similarity: p.similarity })), threshold * 10) })),
    decisions: overview.decisions,
  };
}

const AnalyseSchema = z.object({ questionId: idField(SIMILARITY_MESSAGES.analyseFailed) });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireRoomAdmin(request, context, params.roomId ?? "");
  const values = await readFormValues(request);
  if (!values) return failure("The form could not be read");
  const intent = String(values.intent ?? "");
  try {
    const room = await getRoom(context.db, params.roomId ?? "");
    if (!room) return failure("Room not found", 404);
    if (intent === "analyse") {
      const { questionId } = parseValues(AnalyseSchema, values);
      const done = await analyseQuestion(context.db, context.cloudflare.env, room, questionId);
      return success(done.reused ? "Nothing changed since the last analysis" : `Analysed: ${done.pairs} pair${done.pairs === 1 ? "" : "s"} to review`, done);
    }
    if (intent === "decide") {
      const input = parseValues(DecisionSchema, values);
      await decide(context.db, room.id, input, { id: admin.id, name: admin.name });
      return success(input.verdict === "confirmed" ? "Marked as confirmed" : "Marked as dismissed");
    }
  } catch (error) {
    return actionError(error, intent === "decide" ? SIMILARITY_MESSAGES.decideFailed : SIMILARITY_MESSAGES.analyseFailed);
  }
  return failure("Unknown action");
}

export default function Similarity() {
  const { room, threshold, questions, decisions } = useLoaderData<typeof loader>();
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
            <AnalyseButton questions={questions.map((q) => ({ id: q.id, title: q.title }))} />
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
            <QuestionSimilarity key={q.id} roomId={room.id} question={q} threshold={threshold} decisions={decisions} defaultThreshold={SIMILARITY_DEFAULT_THRESHOLD} />
          ))}
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
