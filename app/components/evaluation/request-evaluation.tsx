import { useFetcher } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useActionToast } from "~/components/use-action-toast";
import { useDialogValidation } from "~/components/use-validate-on-submit";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, FormActions } from "~/components/ui/dialog";
import { TextAreaField } from "~/components/ui/field";
import { EvaluationRequestSchema, REASON_MAX } from "~/lib/evaluation/validation";
import { canRequestEvaluation, type TestStatusInput } from "~/lib/results/student-status";

type Row = Omit<TestStatusInput, "totalScore"> & {
  /** Null while the room's results are held or the score is hidden (decision 041): no request is offered then. */
  totalScore: number | null;
  testId: string;
  roomName: string;
  questionType: "coding" | "mcq";
  evaluationStatus: "pending" | "approved" | "rejected" | null;
};

const STATUS: Record<"pending" | "approved" | "rejected", { label: string; tone: BadgeTone }> = {
  pending: { label: "Review pending", tone: "blue" },
  approved: { label: "Review approved", tone: "green" },
  rejected: { label: "Review rejected", tone: "red" },
};

/**
 * The history row's manual-review cell (spec 2 section 5): the request's
 * status once filed; Request Evaluation for an eligible near pass; '90+ for
 * review' for other attempted or under-100 coding tests; nothing otherwise.
 */
export function EvaluationCell({ row }: { row: Row }) {
  if (row.evaluationStatus) {
    const s = STATUS[row.evaluationStatus];
    return (
      <span data-testid="evaluation-status">
        <Badge tone={s.tone}>{s.label}</Badge>
      </span>
    );
  }
  if (row.totalScore === null) return <span className="text-sm text-slate-600 dark:text-slate-400">—</span>;
  const scored = { ...row, totalScore: row.totalScore };
  if (canRequestEvaluation(scored)) return <RequestEvaluationButton row={scored} />;
  const underPass =
    row.questionType !== "mcq" &&
    !row.isDisqualified &&
    row.status !== "disqualified" &&
    (row.status === "attempted" || (row.status === "completed" && row.totalScore < 100));
  return underPass ? <span className="text-xs text-slate-500 dark:text-slate-400">90+ for review</span> : null;
}

function RequestEvaluationButton({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const validate = useDialogValidation(open, fetcher.data);
  useActionToast(fetcher.data, useCallback(() => setOpen(false), []));
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Request Evaluation
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Request Evaluation" description={`Ask an instructor to review your code for ${row.roomName}.`}>
        <fetcher.Form method="post" onSubmit={validate(EvaluationRequestSchema)} noValidate>
          <input type="hidden" name="intent" value="request-evaluation" />
          <input type="hidden" name="testId" value={row.testId} />
          <TextAreaField
            label="Reason"
            name="reason"
            rows={4}
            maxLength={REASON_MAX}
            placeholder="Why should your submission be reviewed?"
            className="font-sans"
            error={validate.errors.reason}
          />
          <FormActions className="mt-4" onCancel={() => setOpen(false)} busy={fetcher.state !== "idle"} submitLabel="Submit Request" />
        </fetcher.Form>
      </Dialog>
    </>
  );
}
