import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useActionToast } from "~/components/use-action-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Table, TBody, Td, Th, THead } from "~/components/ui/table";
import {
  formatDuration,
  formatOffline,
  notGiven,
  OUTCOME_LABEL,
  OVERRIDE_LABEL,
  previousState,
  resultBadge,
  type OverrideEntry,
  type OverrideOutcome,
  type ResultQuestion,
  type ResultRow,
} from "~/lib/results/results-view";
import { adminScoreTone, SCORE_TEXT } from "~/lib/results/student-status";
import { ViewerTime } from "~/components/ui/viewer-time";
import type { LmsGradeStatus } from "~/lib/lti/lti";

const muted = "text-slate-600 dark:text-slate-400";

/** The spec's results table, plus time taken, connection, the override trail, and marks per question (issue 36: "—" where a student was not given it). */
export function ResultsTable({
  rows,
  questions = [],
  lmsGrades = null,
  similar = [],
}: {
  rows: ResultRow[];
  /** The room's questions, one marks column each, after the actions (as the export numbers them). */
  questions?: ResultQuestion[];
  lmsGrades?: Record<string, LmsGradeStatus> | null;
  /** Tests with a confirmed similarity decision standing (issue 23): a marker, never a score change. */
  similar?: readonly string[];
}) {
  const flagged = new Set(similar);
  const [marking, setMarking] = useState<{ row: ResultRow; outcome: OverrideOutcome } | null>(null);
  return (
    <>
      <Table inset>
        <THead>
          <Th>Name</Th>
          <Th>Email</Th>
          <Th>Score</Th>
          <Th>Status</Th>
          <Th>Tab switches</Th>
          <Th>Time taken</Th>
          <Th>Connection</Th>
          {lmsGrades ? <Th>LMS grade</Th> : null}
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
          {questions.map((q, i) => (
            <Th key={q.id} className="text-right whitespace-nowrap" title={q.title}>
              Q{i + 1}
              <span className="sr-only"> marks: {q.title}</span>
            </Th>
          ))}
        </THead>
        <TBody>
          {rows.map((r) => (
            <tr key={r.participantId} className="align-top">
              <Td className="font-medium">
                {r.name}
                {r.testId && flagged.has(r.testId) ? (
                  <span className="ml-2" data-testid="similarity-marker">
                    <Badge tone="red">Similarity confirmed</Badge>
                  </span>
                ) : null}
              </Td>
              <Td className={muted}>{r.email}</Td>
              <Td className={`font-semibold tabular-nums ${r.totalScore === null ? muted : SCORE_TEXT[adminScoreTone(r.totalScore)]}`}>
                {r.totalScore ?? "—"}
              </Td>
              <Td>
                <StatusCell row={r} />
              </Td>
              <Td className="tabular-nums">{r.testId ? r.tabSwitchCount : "—"}</Td>
              <Td className="tabular-nums whitespace-nowrap">{formatDuration(r.timeTakenMs)}</Td>
              <Td>
                <Connection row={r} />
              </Td>
              {lmsGrades ? (
                <Td>
                  <LmsGrade status={r.testId ? lmsGrades[r.testId] : undefined} />
                </Td>
              ) : null}
              <Td className="text-right whitespace-nowrap">
                <Actions row={r} onMark={(outcome) => setMarking({ row: r, outcome })} />
              </Td>
              {questions.map((q) => (
                <MarksCell key={q.id} row={r} questionId={q.id} />
              ))}
            </tr>
          ))}
        </TBody>
      </Table>
      <MarkDialog marking={marking} onClose={() => setMarking(null)} />
    </>
  );
}

const NOT_GIVEN = "Not in this student's test";

/** Marks for one question; "—" (labelled) for a question the student was not given, which is not 0 marks. */
function MarksCell({ row, questionId }: { row: ResultRow; questionId: string }) {
  const cell = "text-right tabular-nums";
  if (notGiven(row, questionId)) {
    return (
      <Td className={`${cell} ${muted}`} title={NOT_GIVEN} data-testid="not-given">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{NOT_GIVEN}</span>
      </Td>
    );
  }
  if (questionId in row.marks) return <Td className={cell}>{row.marks[questionId]}</Td>;
  // Not launched yet, or given and not submitted yet.
  return (
    <Td className={`${cell} ${muted}`}>
      <span aria-hidden="true">·</span>
      <span className="sr-only">{row.testId ? "Not submitted" : "No test yet"}</span>
    </Td>
  );
}

function StatusCell({ row }: { row: ResultRow }) {
  const badge = resultBadge(row);
  const [latest, ...earlier] = row.trail;
  return (
    <div className="space-y-1">
      <Badge tone={badge.tone}>{badge.label}</Badge>
      {row.overrideStatus === "manually_evaluated" ? <p className={`text-xs ${muted}`}>{OVERRIDE_LABEL.manually_evaluated}</p> : null}
      {latest ? <TrailLine entry={latest} /> : null}
      {earlier.length ? (
        <details className={`text-xs ${muted}`}>
          <summary className="cursor-pointer">
            {earlier.length} earlier change{earlier.length === 1 ? "" : "s"}
          </summary>
          <ul className="mt-1 space-y-1">
            {earlier.map((e, i) => (
              <li key={i}>
                <TrailLine entry={e} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** "Failed by Ada Admin, 23 Nov 10:02 (was 50, attempted)". */
function TrailLine({ entry }: { entry: OverrideEntry }) {
  return (
    <p className={`text-xs ${muted}`} data-testid="override-trail">
      {OUTCOME_LABEL[entry.outcome]} by {entry.adminName}, <ViewerTime ms={entry.at} style="day-time" /> (was {entry.previousScore}, {previousState(entry)})
    </p>
  );
}

function Connection({ row }: { row: ResultRow }) {
  const nothing = !row.offlineNow && row.offlineMs === 0 && !row.syncedAfterEnd && row.extraTime.length === 0;
  return (
    <div className="flex flex-wrap gap-1">
      {row.offlineNow ? <Badge tone="red">offline now</Badge> : null}
      {row.offlineMs > 0 ? <Badge tone="yellow">{`offline ${formatOffline(row.offlineMs)}`}</Badge> : null}
      {row.syncedAfterEnd ? <Badge tone="blue">synced after end</Badge> : null}
      {row.extraTime.map((label) => (
        <Badge key={label} tone="gray">
          {label}
        </Badge>
      ))}
      {nothing ? <span className={muted}>—</span> : null}
    </div>
  );
}

/** Whether the LMS's gradebook has this student's latest score (decision 025). */
function LmsGrade({ status }: { status: LmsGradeStatus | undefined }) {
  if (!status) return <span className={muted}>—</span>;
  if (status.state === "sent") {
    return (
      <div className="space-y-0.5" data-testid="lms-grade">
        <Badge tone="green">In the LMS</Badge>
        {status.at ? (
          <p className={`text-xs ${muted}`}>
            sent <ViewerTime ms={status.at} style="day-time" />
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-0.5" data-testid="lms-grade">
      <Badge tone={status.state === "retrying" ? "yellow" : "blue"}>{status.state === "retrying" ? "Retrying" : "Sending"}</Badge>
      {status.error ? <p className={`max-w-[16rem] text-xs break-words ${muted}`}>{status.error}</p> : null}
      {status.state === "retrying" && status.at ? (
        <p className={`text-xs ${muted}`}>
          next try <ViewerTime ms={status.at} style="day-time" />
        </p>
      ) : null}
    </div>
  );
}

const ACTION_LINK =
  "rounded-md px-2.5 py-1 text-xs font-medium text-brand-700 hover:bg-slate-100 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:text-brand-100 dark:hover:bg-slate-800";

function Actions({ row, onMark }: { row: ResultRow; onMark: (outcome: OverrideOutcome) => void }) {
  if (!row.testId) return <span className={`text-xs ${muted}`}>No test yet</span>;
  return (
    <div className="flex justify-end gap-1">
      <Link
        to={`/admin/monitor/${row.testId}`}
        className={ACTION_LINK}
        aria-label={`Monitor ${row.name}`}
      >
        Monitor
      </Link>
      <Link
        to={`/admin/submission/${row.testId}`}
        className={ACTION_LINK}
        aria-label={`View Test of ${row.name}`}
      >
        View Test
      </Link>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => onMark("passed")}
        disabled={row.overrideStatus === "passed"}
        aria-label={`Mark Pass for ${row.name}`}
      >
        Mark Pass
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => onMark("failed")}
        disabled={row.overrideStatus === "failed"}
        aria-label={`Mark Fail for ${row.name}`}
      >
        Mark Fail
      </Button>
    </div>
  );
}

/** "Are you sure?" before an override; the action answers "Marked {name} as passed" / "failed". */
function MarkDialog({ marking, onClose }: { marking: { row: ResultRow; outcome: OverrideOutcome } | null; onClose: () => void }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  useActionToast(fetcher.data, onClose);
  const row = marking?.row;
  const pass = marking?.outcome === "passed";
  const busy = fetcher.state !== "idle";
  return (
    <Dialog
      open={marking !== null}
      onClose={onClose}
      title={pass ? "Mark as passed?" : "Mark as failed?"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={pass ? "primary" : "danger"}
            busy={busy}
            autoFocus
            onClick={() => row?.testId && fetcher.submit({ intent: pass ? "mark-pass" : "mark-fail", testId: row.testId }, { method: "post" })}
          >
            {pass ? "Mark as passed" : "Mark as failed"}
          </Button>
        </>
      }
    >
      {row ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <strong className="text-slate-900 dark:text-slate-100">{row.name}</strong>
          {pass ? " will be marked as passed: completed and not disqualified." : " will be marked as failed: completed and disqualified."} Now:{" "}
          {resultBadge(row).label}, score {row.totalScore ?? 0}. The score stays as it is, and the change is recorded with your name and
          the status before it.
        </p>
      ) : null}
    </Dialog>
  );
}
