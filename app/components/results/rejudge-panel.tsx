// The results page's rejudge (issue 35, decision 039): the out-of-date hint,
// Rejudge (the whole room or one question, in a dialog), the progress while
// the room's object judges, the preview with Apply and Cancel, and the trail.
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useActionToast } from "~/components/use-action-toast";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog } from "~/components/ui/dialog";
import { SelectField } from "~/components/ui/field";
import { ProgressBar } from "~/components/ui/progress-bar";
import { Table, TBody, Td, Th, THead } from "~/components/ui/table";
import { ViewerTime } from "~/components/ui/viewer-time";
import {
  changedText,
  progressText,
  REJUDGE_STATE_LABELS,
  type CaseFlip,
  type RejudgePreviewRow,
  type RejudgeState,
  type RejudgeSummary,
} from "~/lib/rejudge/rejudge";

export type RejudgeData = {
  trail: RejudgeSummary[];
  open: RejudgeSummary | null;
  preview: RejudgePreviewRow[] | null;
  outOfDate: { id: string; title: string }[];
};

/** What the party said last about the open rejudge's progress (newer than the loader's while judging). */
export type RejudgeLive = { rejudgeId: string; state: RejudgeState; done: number; total: number } | null;

const STATE_TONE: Record<RejudgeState, BadgeTone> = {
  previewing: "blue",
  ready: "yellow",
  applying: "blue",
  applied: "green",
  cancelled: "gray",
  failed: "red",
};
const muted = "text-slate-600 dark:text-slate-400";
const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";

/**
 * Start, Apply and Cancel post through one keyed fetcher, whose answer this
 * always-mounted bar toasts: the open rejudge's panel leaves the page as
 * soon as Apply or Cancel revalidates it.
 */
const REJUDGE_FETCHER = "rejudge";

/** The hint and the Rejudge button, under the page's title. */
export function RejudgeBar({ data, questions }: { data: RejudgeData; questions: { id: string; title: string }[] }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ ok: boolean }>({ key: REJUDGE_FETCHER });
  useActionToast(fetcher.data, () => setOpen(false));
  const [scope, setScope] = useState("");
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "rejudge-start";
  const blocked = data.open !== null;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      {data.outOfDate.length > 0 && !blocked ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          Results may be out of date: rejudge. <span className="text-xs">({data.outOfDate.map((q) => q.title).join(", ")} changed after students submitted.)</span>
        </p>
      ) : null}
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={blocked} title={blocked ? "A rejudge of this room is open" : undefined}>
        Rejudge
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Rejudge submissions"
        description="Every student's final submission is judged again against the questions as they are now: cases, points, limits and output check. You see what would change before anything is written. Student code is never changed."
      >
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="rejudge-start" />
          <SelectField
            id="rejudge-scope"
            label="Rejudge"
            name="questionId"
            value={scope}
            onChange={(e) => setScope(e.target.value)}
            options={[{ value: "", label: "The whole room" }, ...questions.map((q) => ({ value: q.id, label: q.title }))]}
          />
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              Preview rejudge
            </Button>
          </div>
        </fetcher.Form>
      </Dialog>
    </div>
  );
}

/** The open rejudge: its progress while judging, then its preview with Apply and Cancel. */
export function RejudgeOpen({ open, preview, live }: { open: RejudgeSummary; preview: RejudgePreviewRow[] | null; live: RejudgeLive }) {
  const fetcher = useFetcher<{ ok: boolean }>({ key: REJUDGE_FETCHER });
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  // A refusal (for example another admin cancelled it meanwhile) closes the confirmation; the bar toasts it.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setConfirming(false);
  }, [fetcher.state, fetcher.data]);
  const progress = live && live.rejudgeId === open.id && live.state === open.state ? live : open;
  const post = (intent: string) => fetcher.submit({ intent, rejudgeId: open.id }, { method: "post" });
  const what = open.wholeRoom ? "the whole room" : `“${open.questionTitle}”`;
  return (
    <section aria-labelledby="rejudge-heading" className={`mb-6 ${card}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="rejudge-heading" className="font-semibold">
          Rejudge of {what}
        </h3>
        <Badge tone={STATE_TONE[open.state]}>{REJUDGE_STATE_LABELS[open.state]}</Badge>
      </div>
      {open.state === "previewing" ? (
        <div className="mt-4 max-w-xl">
          <ProgressBar label="Rejudge progress" text={progressText(progress.done, progress.total)} percent={progress.total ? (progress.done / progress.total) * 100 : 0} />
          <p className={`mt-2 text-sm ${muted}`}>It runs in the background, below live tests: closing this page does not stop it. Nothing is written until you apply it.</p>
        </div>
      ) : null}
      {open.state === "applying" ? <p className={`mt-3 text-sm ${muted}`}>Applying the new results…</p> : null}
      {open.state === "ready" && preview ? (
        <div className="mt-3">
          <p className="text-sm font-medium">{changedText(open.changed, open.students)}</p>
          {preview.length > 0 ? <PreviewTable rows={preview} /> : <p className={`mt-2 text-sm ${muted}`}>Applying changes no result.</p>}
        </div>
      ) : null}
      {open.state === "previewing" || open.state === "ready" ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {open.state === "ready" ? (
            <Button onClick={() => setConfirming(true)} disabled={busy}>
              Apply rejudge
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => post("rejudge-cancel")} busy={busy && fetcher.formData?.get("intent") === "rejudge-cancel"}>
            Cancel rejudge
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => post("rejudge-apply")}
        busy={busy}
        title="Apply this rejudge?"
        confirmLabel="Apply rejudge"
        description={
          <>
            {changedText(open.changed, open.students)}. Their submissions, scores and the LMS grades take the new results. Overrides and hand
            evaluations are kept. Student code is not changed.
          </>
        }
      />
    </section>
  );
}

function flipText(f: CaseFlip) {
  const mark = (passed: boolean) => (passed ? "✓" : "✗");
  return `${f.number === null ? "removed case" : `case ${f.number}`} ${mark(f.was)}→${mark(f.now)}`;
}

function PreviewTable({ rows }: { rows: RejudgePreviewRow[] }) {
  return (
    <Table caption="Students whose result changes" scrollLabel="Students whose result changes" className="mt-3 max-h-[28rem] rounded-md border border-slate-200 dark:border-slate-800">
      <THead sticky>
        <Th>Student</Th>
        <Th>Score</Th>
        <Th>Cases that flip</Th>
      </THead>
      <TBody>
        {rows.map((r) => (
          <tr key={r.testId} className="align-top" data-testid="rejudge-preview-row">
            <Td>
              <div className="font-medium">{r.name}</div>
              <div className={`text-xs ${muted}`}>{r.email}</div>
            </Td>
            <Td className="whitespace-nowrap tabular-nums">
              {r.oldScore} → {r.newScore}
              {r.overrideKept ? (
                <div className="mt-1">
                  <Badge tone="yellow">override kept</Badge>
                </div>
              ) : null}
            </Td>
            <Td>
              {r.questions.map((q) => (
                <div key={q.questionId}>
                  <span className="font-medium">{q.title}</span>{" "}
                  <span className={muted}>
                    ({q.oldMarks} → {q.newMarks} marks)
                  </span>{" "}
                  {q.flips.map(flipText).join(", ")}
                </div>
              ))}
            </Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}

/** Every rejudge of the room: who, when, which question, how many changed, and its state. */
export function RejudgeTrail({ trail }: { trail: RejudgeSummary[] }) {
  if (trail.length === 0) return null;
  return (
    <section aria-labelledby="rejudge-trail-heading" className={`mt-6 ${card}`}>
      <h3 id="rejudge-trail-heading" className="font-semibold">
        Rejudges
      </h3>
      <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        {trail.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="rejudge-trail-row">
            <Badge tone={STATE_TONE[r.state]}>{REJUDGE_STATE_LABELS[r.state]}</Badge>
            <span>{r.wholeRoom ? "Whole room" : r.questionTitle}</span>
            <span className={muted}>
              by {r.createdByName}, <ViewerTime ms={r.createdAt} style="full" />
            </span>
            {r.state === "applied" || r.state === "ready" ? <span>{changedText(r.changed, r.students)}</span> : null}
            {r.state === "applied" && r.appliedAt !== null ? (
              <span className={muted}>
                applied{r.appliedByName ? ` by ${r.appliedByName}` : ""}, <ViewerTime ms={r.appliedAt} style="full" />
              </span>
            ) : null}
            {r.error ? <span className="text-red-700 dark:text-red-300">{r.error}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
