import { useEffect, useRef } from "react";
import { Dialog } from "~/components/ui/dialog";
import { Button } from "~/components/ui/button";
import type { McqCounts, McqProgress, McqQuestion } from "./progress";
import { questionState, type QuestionState } from "./question-state";

const CELL: Record<QuestionState, string> = {
  answered: "border-emerald-600 bg-emerald-500 text-white hover:bg-emerald-600 dark:border-emerald-500 dark:bg-emerald-600",
  marked: "border-amber-500 bg-amber-400 text-amber-950 hover:bg-amber-500 dark:border-amber-400",
  unanswered:
    "border-slate-300 bg-slate-100 text-slate-700 hover:bg-slate-200 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700",
};
const STATE_LABEL: Record<QuestionState, string> = { answered: "answered", marked: "marked for review", unanswered: "not answered" };

/** Spec 2: grid of 5 columns; green answered, yellow marked, grey unanswered; a click jumps there. */
export function NavigatorDialog({
  open,
  onClose,
  questions,
  progress,
  counts,
  onJump,
}: {
  open: boolean;
  onClose: () => void;
  questions: McqQuestion[];
  progress: McqProgress;
  /** The page's `summarize(progress, questions)`. */
  counts: McqCounts;
  onJump: (index: number) => void;
}) {
  const currentCell = useRef<HTMLButtonElement>(null);
  // showModal() focuses the first cell; start on the current question instead.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => currentCell.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Question Navigator"
      description="Jump to any question. Press G to close."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <ul className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300" aria-label="Legend">
        <Legend className="bg-emerald-500" label={`Answered (${counts.answered - countMarkedAnswered(progress, questions)})`} />
        <Legend className="bg-amber-400" label={`Marked (${counts.marked})`} />
        <Legend className="bg-slate-300 dark:bg-slate-600" label={`Not answered (${counts.notAnswered - countMarkedUnanswered(progress, questions)})`} />
      </ul>
      <div className="grid max-h-[55vh] grid-cols-5 gap-2 overflow-y-auto p-1" data-testid="navigator-grid">
        {questions.map((q, i) => {
          const state = questionState(progress, q.id);
          const current = i === progress.currentIndex;
          return (
            <button
              key={q.id}
              type="button"
              onClick={() => onJump(i)}
              aria-label={`Question ${i + 1}, ${STATE_LABEL[state]}${current ? ", current" : ""}`}
              aria-current={current ? "step" : undefined}
              data-state={state}
              ref={current ? currentCell : undefined}
              className={`h-11 rounded-lg border text-sm font-semibold tabular-nums focus:ring-2 focus:ring-brand-500 focus:ring-offset-2 focus:outline-none dark:focus:ring-offset-slate-900 ${CELL[state]} ${
                current ? "ring-2 ring-brand-600 ring-offset-2 dark:ring-brand-500 dark:ring-offset-slate-900" : ""
              }`}
            >
              {i + 1}
            </button>
          );
        })}
      </div>
    </Dialog>
  );
}

function countMarkedAnswered(progress: McqProgress, questions: McqQuestion[]) {
  return questions.filter((q) => progress.marked.includes(q.id) && progress.answers[q.id] !== undefined).length;
}
function countMarkedUnanswered(progress: McqProgress, questions: McqQuestion[]) {
  return questions.filter((q) => progress.marked.includes(q.id) && progress.answers[q.id] === undefined).length;
}

function Legend({ className, label }: { className: string; label: string }) {
  return (
    <li className="flex items-center gap-1.5">
      <span aria-hidden className={`h-3 w-3 rounded-sm ${className}`} />
      {label}
    </li>
  );
}
