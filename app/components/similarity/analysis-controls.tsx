// Analyse now, and each question's analysis as it runs in the room's object
// (issue 39, decision 044): its progress, Stop, and what the analysis shown
// was (stopped part-way, compared with earlier rooms, programs skipped).
import { useFetcher } from "@remix-run/react";
import { useActionToast } from "~/components/use-action-toast";
import { Button } from "~/components/ui/button";
import { ProgressBar } from "~/components/ui/progress-bar";
import type { ActionResult } from "~/lib/http/forms.server";
import { analysingText, EARLIER_MAX, stoppedText } from "~/lib/similarity/analysis";
import { SIMILARITY_MESSAGES } from "~/lib/similarity/validation";

export type AnalysisJob = { state: "running" | "failed"; done: number; total: number | null; earlier: boolean; error: string | null };
export type AnalysisRun = {
  state: "done" | "stopped";
  pairsDone: number | null;
  pairsTotal: number | null;
  earlier: { programs: number; rooms: number; capped: boolean } | null;
  skipped: { testId: string; reason: string; name: string }[];
  notes: { testId: string; note: string; name: string }[];
};

/** "Analyse now" for every coding question, with or without the earlier rooms' programs (administrators only). */
export function AnalyseForm({ disabled, earlierAllowed }: { disabled: boolean; earlierAllowed: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="analyse" />
      {earlierAllowed ? (
        <>
          <label className="flex items-center gap-2 pb-2 text-sm">
            <input type="checkbox" name="earlier" aria-describedby="earlier-hint" />
            Compare with earlier rooms
          </label>
          <span id="earlier-hint" className="sr-only">
            Adds the final code of earlier rooms that had the same question (the {EARLIER_MAX} most recent programs); their students are never compared with each other.
          </span>
        </>
      ) : null}
      <Button type="submit" busy={fetcher.state !== "idle"} disabled={disabled}>
        Analyse now
      </Button>
    </fetcher.Form>
  );
}

/** A running analysis's progress and Stop, or why it failed; the live count comes from the room's events. */
export function AnalysisStatus({ questionId, title, job, live }: { questionId: string; title: string; job: AnalysisJob; live: { done: number; total: number | null } | null }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  if (job.state === "failed") {
    return (
      <p className="mt-2 text-sm text-red-700 dark:text-red-300" data-testid="analysis-failed">
        {SIMILARITY_MESSAGES.failed}: {job.error ?? SIMILARITY_MESSAGES.analyseFailed}. Press Analyse now to try again.
      </p>
    );
  }
  const { done, total } = live ?? job;
  return (
    <div className="mt-3 flex flex-wrap items-end gap-3" data-testid="analysis-progress">
      <div className="min-w-64 flex-1" role="status" aria-live="polite">
        <ProgressBar label={`Analysis of ${title}`} text={analysingText(done, total)} percent={total ? (done / total) * 100 : 0} />
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="stop" />
        <input type="hidden" name="questionId" value={questionId} />
        <Button type="submit" variant="secondary" size="sm" busy={fetcher.state !== "idle"} aria-label={`Stop the analysis of ${title}`}>
          Stop
        </Button>
      </fetcher.Form>
    </div>
  );
}

/** What the analysis shown was: stopped part-way, compared with earlier rooms, programs skipped or analysed in part. */
export function AnalysisNotes({ run }: { run: AnalysisRun }) {
  return (
    <>
      {run.state === "stopped" && run.pairsDone !== null && run.pairsTotal !== null ? (
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-200" data-testid="analysis-stopped">
          {stoppedText(run.pairsDone, run.pairsTotal)}: the pairs below are those compared by then. Analyse now goes on from there.
        </p>
      ) : null}
      {run.earlier ? (
        <p className="mt-1 text-xs text-muted" data-testid="analysis-earlier">
          Compared with {run.earlier.programs} {run.earlier.programs === 1 ? "program" : "programs"} of {run.earlier.rooms} earlier{" "}
          {run.earlier.rooms === 1 ? "room" : "rooms"}
          {run.earlier.capped ? ` (the ${EARLIER_MAX} most recent: older ones were left out)` : ""}.
        </p>
      ) : null}
      {run.skipped.length ? <p className="mt-1 text-xs text-muted">Skipped: {run.skipped.map((s) => `${s.name} (${s.reason})`).join(", ")}</p> : null}
      {run.notes.length ? <p className="mt-1 text-xs text-muted">Analysed in part: {run.notes.map((n) => `${n.name} (${n.note})`).join(", ")}</p> : null}
    </>
  );
}
