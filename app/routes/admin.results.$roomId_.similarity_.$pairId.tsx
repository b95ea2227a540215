import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PairCode, PairTimelines } from "~/components/similarity/pair-view";
import { DecisionDialog, VerdictBadge } from "~/components/similarity/similarity-overview";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ViewerTime } from "~/components/ui/viewer-time";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { requireRoomAdmin } from "~/lib/rooms/room-access.server";
import { decide, pairDetail, SIMILARITY_MESSAGES } from "~/lib/similarity/similarity.server";
import { DecisionSchema } from "~/lib/similarity/validation";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.a.name} · ${data.b.name}` : "Pair"} — Similarity — ProctorEdge` }];

/** One pair: both programs, the matching fragments in matching colours, the timelines, and the decision with its trail. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRoomAdmin(request, context, params.roomId ?? "");
  try {
    return { roomId: params.roomId!, ...(await pairDetail(context.db, context.cloudflare.env, params.roomId ?? "", params.pairId ?? "", viewer)) };
  } catch (error) {
    if (error instanceof Error && "status" in error) throw new Response(error.message, { status: Number(error.status) });
    throw error;
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireRoomAdmin(request, context, params.roomId ?? "");
  const values = await readFormValues(request);
  if (!values) return failure("The form could not be read");
  try {
    if (values.intent !== "decide") return failure("Unknown action");
    const input = parseValues(DecisionSchema, values);
    await decide(context.db, params.roomId ?? "", input, admin);
    return success(input.verdict === "confirmed" ? "Marked as confirmed" : "Marked as dismissed");
  } catch (error) {
    return actionError(error, SIMILARITY_MESSAGES.decideFailed);
  }
}

export default function SimilarityPair() {
  const { roomId, pair, question, a, b, fragments, trail, timelines } = useLoaderData<typeof loader>();
  const [deciding, setDeciding] = useState(false);
  const [showTimelines, setShowTimelines] = useState(false);
  const latest = trail[0] ?? null;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to={`/admin/results/${roomId}/similarity`} className="text-sm text-brand-700 hover:underline dark:text-brand-100">
            ← Back to similarity
          </Link>
          <h2 className="mt-2 text-2xl font-semibold">
            {a.name} · {b.name}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {question?.title ?? "Question"} · {Math.round(pair.similarity / 10)} % similar · covered {Math.round(pair.coveredA / 10)} % and{" "}
            {Math.round(pair.coveredB / 10)} % · longest fragment {pair.longestFragment} tokens
          </p>
          {[a, b].map((side) =>
            side.earlierRoom ? (
              <p key={side.testId} className="mt-1 flex items-center gap-2 text-sm" data-testid="earlier-student">
                <Badge tone="blue">Earlier room</Badge>
                {side.name} took this question in {side.earlierRoom}: their final code and timeline there.
              </p>
            ) : null,
          )}
        </div>
        <div className="flex items-center gap-2">
          <VerdictBadge decision={latest ? { ...latest, names: [] } : null} />
          <Button variant="secondary" onClick={() => setShowTimelines((v) => !v)} aria-expanded={showTimelines}>
            {showTimelines ? "Hide timelines" : "Open timelines"}
          </Button>
          <Button onClick={() => setDeciding(true)}>Record a decision</Button>
        </div>
      </div>
      <PairCode a={a} b={b} fragments={fragments} />
      {showTimelines ? (
        <div className="mt-6">
          <PairTimelines a={{ name: a.name, timeline: timelines.a }} b={{ name: b.name, timeline: timelines.b }} title={question?.title ?? "Question"} />
        </div>
      ) : null}
      <section aria-labelledby="trail-heading" className="mt-6">
        <h3 id="trail-heading" className="text-sm font-semibold">
          Decisions
        </h3>
        {trail.length === 0 ? (
          <p className="mt-1 text-sm text-muted">No decision yet.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm" data-testid="decision-trail">
            {trail.map((d, i) => (
              <li key={i}>
                <strong>{d.verdict === "confirmed" ? "Confirmed" : "Dismissed"}</strong> by {d.adminName}, <ViewerTime ms={d.at} style="day-time" />
                {d.note ? ` — ${d.note}` : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
      <DecisionDialog
        questionId={pair.questionId}
        target={deciding ? { ids: [a.testId, b.testId], names: [a.name, b.name] } : null}
        onClose={() => setDeciding(false)}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
