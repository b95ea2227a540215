import { Link, useFetcher } from "@remix-run/react";
import { useCallback, useState } from "react";
import { ViewerTime } from "~/components/ui/viewer-time";
import { useActionToast } from "~/components/use-action-toast";
import { useDialogValidation } from "~/components/use-validate-on-submit";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog, FormActions } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { Table, TBody, Td, Th, THead } from "~/components/ui/table";
import type { EvaluationRequestRow } from "~/lib/evaluation/requests.server";
import { suggestedScoreText } from "~/lib/evaluation/triage";
import { ApproveSchema } from "~/lib/evaluation/validation";
import { adminScoreTone, SCORE_TEXT } from "~/lib/results/student-status";

type Row = Omit<EvaluationRequestRow, "createdAt"> & { createdAt: number };

const STATUS_TONE: Record<Row["status"], BadgeTone> = { pending: "yellow", approved: "green", rejected: "red" };

/** The requests, newest first; Approve and Reject only while pending (spec 2 section 2). */
export function EvaluationRequestsTable({ rows }: { rows: Row[] }) {
  const [approving, setApproving] = useState<Row | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const fetcher = useFetcher();
  useActionToast(
    fetcher.data,
    useCallback(() => {
      setApproving(null);
      setRejecting(null);
    }, []),
  );
  const busy = fetcher.state !== "idle";
  return (
    <>
      <Table caption="Manual evaluation requests, newest first" density="normal" boxed>
        <THead>
          <Th>Student</Th>
          <Th>Room</Th>
          <Th className="text-right">Score</Th>
          <Th>Reason</Th>
          <Th>Status</Th>
          <Th>Date</Th>
          <Th className="text-right">Actions</Th>
        </THead>
        <TBody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="evaluation-row" className="align-top">
              <Td>
                <div className="font-medium">{row.studentName}</div>
                <div className="text-xs text-slate-500 dark:text-slate-400">{row.studentEmail}</div>
              </Td>
              <Td>{row.roomName}</Td>
              <Td className="text-right">
                <div className={`font-semibold tabular-nums ${SCORE_TEXT[adminScoreTone(row.totalScore)]}`}>{`${row.totalScore}/${row.maxScore}`}</div>
                <TriageNote triage={row.triage} />
              </Td>
              <Td className="max-w-xs break-words whitespace-pre-wrap">{row.reason}</Td>
              <Td>
                <Badge tone={STATUS_TONE[row.status]}>{row.status}</Badge>
              </Td>
              <Td className="whitespace-nowrap text-slate-600 dark:text-slate-300">
                <ViewerTime style="date-time" ms={row.createdAt} />
              </Td>
              <Td>
                <div className="flex justify-end gap-2">
                  <Link
                    to={`/admin/evaluate/${row.testId}`}
                    className="inline-flex items-center rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-50 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:border-slate-700 dark:hover:bg-slate-800"
                  >
                    View Code
                  </Link>
                  {row.status === "pending" ? (
                    <>
                      <Button size="sm" onClick={() => setApproving(row)}>
                        Approve
                      </Button>
                      <Button size="sm" variant="danger" onClick={() => setRejecting(row)}>
                        Reject
                      </Button>
                    </>
                  ) : null}
                </div>
              </Td>
            </tr>
          ))}
        </TBody>
      </Table>
      <ApproveDialog row={approving} busy={busy} fetcher={fetcher} onClose={() => setApproving(null)} />
      <ConfirmDialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        onConfirm={() => rejecting && fetcher.submit({ intent: "reject", requestId: rejecting.id }, { method: "post" })}
        busy={busy}
        title="Reject this request?"
        confirmLabel="Reject"
        description={rejecting ? `${rejecting.studentName}'s request for ${rejecting.roomName} will be rejected. The test's score stays as it is.` : ""}
      />
    </>
  );
}

/** The triage on arrival beside the score: the score it suggests, or that it is running or failed. */
function TriageNote({ triage }: { triage: Row["triage"] }) {
  const suggested = suggestedScoreText(triage);
  if (suggested) {
    return (
      <div data-testid="triage-suggestion" className="mt-0.5 text-xs whitespace-nowrap text-amber-700 dark:text-amber-300">
        <span aria-hidden="true">{suggested}</span>
        <span className="sr-only">{`Triage suggests ${suggested.replace(/^→ /, "")}`}</span>
      </div>
    );
  }
  if (triage?.status === "pending") return <div className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">Triage running…</div>;
  if (triage?.status === "failed") return <div className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">Triage failed</div>;
  return null;
}

function ApproveDialog({ row, busy, fetcher, onClose }: { row: Row | null; busy: boolean; fetcher: ReturnType<typeof useFetcher>; onClose: () => void }) {
  const validate = useDialogValidation(row !== null, fetcher.data);
  return (
    <Dialog open={row !== null} onClose={onClose} title="Approve with a score" description={row ? `${row.studentName} · ${row.roomName}` : undefined}>
      {row ? (
        <fetcher.Form method="post" onSubmit={validate(ApproveSchema)} noValidate>
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="requestId" value={row.id} />
          <TextField label="Score (0–100)" name="score" inputMode="numeric" defaultValue={String(row.totalScore)} autoFocus error={validate.errors.score} />
          <FormActions className="mt-4" onCancel={onClose} busy={busy} submitLabel="Approve" />
        </fetcher.Form>
      ) : null}
    </Dialog>
  );
}
