import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { AnalysisNotes, AnalysisStatus, type AnalysisJob, type AnalysisRun } from "~/components/similarity/analysis-controls";
import { useActionToast } from "~/components/use-action-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, FormActions } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { Table, TBody, Td, Th, THead } from "~/components/ui/table";
import { TextAreaField } from "~/components/ui/field";
import { ViewerTime } from "~/components/ui/viewer-time";
import type { ActionResult } from "~/lib/http/forms.server";
import { NOTE_MAX } from "~/lib/similarity/validation";

/** `earlierRoom`: the name of the earlier room the student is from (Compare with earlier rooms), null for this room's. */
type Student = { testId: string; name: string; email: string; earlierRoom: string | null } | null;
export type SimilarityPairRow = {
  id: string;
  testA: string;
  testB: string;
  similarity: number;
  coveredA: number;
  coveredB: number;
  longestFragment: number;
  a: Student;
  b: Student;
};
export type SimilarityDecision = { members: string[]; verdict: "confirmed" | "dismissed"; note: string | null; adminName: string; at: number; names: string[] };
type Question = {
  id: string;
  title: string;
  language: string;
  run: (AnalysisRun & { analysedAt: number; submissions: number; durationMs: number }) | null;
  job: AnalysisJob | null;
  pairs: SimilarityPairRow[];
  groups: string[][];
};

const pct = (pm: number) => `${Math.round(pm / 10)} %`;
const membersKey = (ids: readonly string[]) => [...ids].sort().join(",");

/** The decision that stands for these students: the newest of the trail (decisions come newest first). */
export function standing(decisions: readonly SimilarityDecision[], ids: readonly string[]) {
  const key = membersKey(ids);
  return decisions.find((d) => d.members.join(",") === key) ?? null;
}

export function VerdictBadge({ decision }: { decision: SimilarityDecision | null }) {
  if (!decision) return <span className="text-xs text-muted">Not reviewed</span>;
  return <Badge tone={decision.verdict === "confirmed" ? "red" : "gray"}>{decision.verdict === "confirmed" ? "Confirmed" : "Dismissed"}</Badge>;
}

/** A student's name, and the earlier room they are from. */
function StudentName({ student }: { student: Student }) {
  return (
    <>
      {student?.name ?? "A student"}
      {student?.earlierRoom ? (
        <>
          {" "}
          <Badge tone="blue">Earlier room: {student.earlierRoom}</Badge>
        </>
      ) : null}
    </>
  );
}

export function QuestionSimilarity({
  roomId,
  question,
  threshold,
  decisions,
  defaultThreshold,
  live,
}: {
  roomId: string;
  question: Question;
  threshold: number;
  decisions: SimilarityDecision[];
  defaultThreshold: number;
  /** The running analysis's progress from the room's events, newer than the page's. */
  live: { done: number; total: number | null } | null;
}) {
  const [deciding, setDeciding] = useState<{ ids: string[]; names: string[] } | null>(null);
  const names = new Map<string, string>();
  for (const p of question.pairs) {
    if (p.a) names.set(p.testA, p.a.name);
    if (p.b) names.set(p.testB, p.b.name);
  }
  const groups = question.groups.filter((g) => g.length > 2);
  return (
    <section aria-labelledby={`q-${question.id}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`q-${question.id}`} className="font-semibold">
          {question.title}
        </h3>
        <p className="text-xs text-muted">
          {question.run ? (
            <>
              {question.run.submissions} programs analysed <ViewerTime ms={question.run.analysedAt} style="day-time" /> in {question.run.durationMs} ms
            </>
          ) : question.job?.state === "running" ? (
            "Analysing for the first time."
          ) : (
            "Not analysed yet: press Analyse now."
          )}
        </p>
      </div>
      {question.job ? <AnalysisStatus questionId={question.id} title={question.title} job={question.job} live={question.job.state === "running" ? live : null} /> : null}
      {question.run ? <AnalysisNotes run={question.run} /> : null}
      {groups.length ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold">Groups</h4>
          <ul className="mt-2 space-y-2">
            {groups.map((g) => {
              const groupNames = g.map((id) => names.get(id) ?? "A student");
              return (
                <li key={g.join(",")} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
                  <span className="text-sm">
                    <strong>{g.length} students</strong> share code: {groupNames.join(", ")}
                  </span>
                  <span className="flex items-center gap-2">
                    <VerdictBadge decision={standing(decisions, g)} />
                    <Button size="sm" variant="secondary" onClick={() => setDeciding({ ids: g, names: groupNames })}>
                      Decide for the group
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {question.pairs.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={question.run ? `No pairs at ${threshold} % or more` : question.job?.state === "running" ? "The pairs follow when the analysis ends" : "No analysis yet"}>
            {question.run && threshold > defaultThreshold ? "Lower the threshold to see less similar pairs." : null}
          </EmptyState>
        </div>
      ) : (
        <Table caption={`Pairs of ${question.title}, most similar first`} className="mt-4">
          <THead>
            <Th>Students</Th>
            <Th>Similarity</Th>
            <Th>Covered</Th>
            <Th>Longest fragment</Th>
            <Th>Language</Th>
            <Th>Decision</Th>
            <Th>
              <span className="sr-only">Open</span>
            </Th>
          </THead>
          <TBody>
            {question.pairs.map((p) => (
              <tr key={p.id} data-testid="similarity-pair">
                <Td>
                  <StudentName student={p.a} /> · <StudentName student={p.b} />
                </Td>
                <Td className="font-semibold tabular-nums">{pct(p.similarity)}</Td>
                <Td className="tabular-nums text-muted">
                  {pct(p.coveredA)} · {pct(p.coveredB)}
                </Td>
                <Td className="tabular-nums">{p.longestFragment} tokens</Td>
                <Td className="uppercase">{question.language}</Td>
                <Td>
                  <VerdictBadge decision={standing(decisions, [p.testA, p.testB])} />
                </Td>
                <Td className="text-right">
                  <Link
                    to={`/admin/results/${roomId}/similarity/${p.id}`}
                    className="rounded-md px-2.5 py-1 text-xs font-medium text-brand-700 hover:bg-slate-100 dark:text-brand-100 dark:hover:bg-slate-800"
                    aria-label={`Open ${p.a?.name ?? "A student"} and ${p.b?.name ?? "A student"}`}
                  >
                    Open
                  </Link>
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
      )}
      <DecisionDialog questionId={question.id} target={deciding} onClose={() => setDeciding(null)} />
    </section>
  );
}

/** Confirmed or dismissed, with an optional note: the trail keeps who and when. */
export function DecisionDialog({
  questionId,
  target,
  onClose,
  action,
}: {
  questionId: string;
  target: { ids: string[]; names: string[] } | null;
  onClose: () => void;
  action?: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, onClose);
  return (
    <Dialog open={target !== null} onClose={onClose} title="Record a decision" description={target ? `For ${target.names.join(", ")}. Nothing changes a score by itself.` : undefined}>
      {target ? (
        <fetcher.Form method="post" action={action} className="space-y-4">
          <input type="hidden" name="intent" value="decide" />
          <input type="hidden" name="questionId" value={questionId} />
          <input type="hidden" name="members" value={target.ids.join(",")} />
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Decision</legend>
            <div className="flex gap-4">
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="verdict" value="confirmed" defaultChecked data-autofocus /> Confirmed
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="verdict" value="dismissed" /> Dismissed
              </label>
            </div>
          </fieldset>
          <TextAreaField label="Note (optional)" name="note" rows={3} maxLength={NOTE_MAX} className="font-sans" />
          <FormActions onCancel={onClose} busy={fetcher.state !== "idle"} submitLabel="Record decision" />
        </fetcher.Form>
      ) : null}
    </Dialog>
  );
}
