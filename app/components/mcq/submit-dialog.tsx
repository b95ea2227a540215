import { Dialog } from "~/components/ui/dialog";
import { Button } from "~/components/ui/button";
import { AlertIcon } from "./icons";

/** Spec 2: the confirmation summary before a manual submit. */
export function SubmitDialog({
  open,
  onClose,
  onConfirm,
  busy,
  total,
  answered,
  marked,
  tabSwitches,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  busy: boolean;
  total: number;
  answered: number;
  marked: number;
  tabSwitches: number;
}) {
  const notAnswered = total - answered;
  return (
    <Dialog
      open={open}
      onClose={busy ? () => {} : onClose}
      title="Submit Test?"
      description="Once submitted, your answers cannot be changed."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onConfirm} busy={busy} autoFocus>
            Submit Test
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-2 gap-3 text-sm" data-testid="submit-summary">
        <Item label="Total Questions" value={total} />
        <Item label="Answered" value={answered} tone="text-emerald-700 dark:text-emerald-300" />
        <Item label="Not Answered" value={notAnswered} tone={notAnswered > 0 ? "text-red-700 dark:text-red-300" : undefined} />
        <Item label="Marked for Review" value={marked} tone={marked > 0 ? "text-amber-700 dark:text-amber-300" : undefined} />
        <Item label="Tab Switches" value={tabSwitches} />
      </dl>
      {notAnswered > 0 ? (
        <p
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          You have {notAnswered} unanswered {notAnswered === 1 ? "question" : "questions"}. Unanswered questions score 0.
        </p>
      ) : null}
    </Dialog>
  );
}

function Item({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className={`text-xl font-semibold tabular-nums ${tone ?? ""}`}>{value}</dd>
    </div>
  );
}
