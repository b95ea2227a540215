import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EraserIcon, FlagIcon } from "./icons";
import { MAX_OPTIONS, OPTION_LETTERS, type McqQuestion } from "./progress";

/**
 * One question and its options as a native radio group: Tab reaches the
 * group, arrow keys move between options, and exactly one can be chosen.
 */
export function QuestionCard({
  question,
  index,
  total,
  answer,
  marked,
  disabled,
  onChoose,
  onClear,
  onToggleMark,
}: {
  question: McqQuestion;
  index: number;
  total: number;
  answer: number | undefined;
  marked: boolean;
  disabled: boolean;
  onChoose: (option: number) => void;
  onClear: () => void;
  onToggleMark: () => void;
}) {
  const options = question.options.slice(0, MAX_OPTIONS);
  const legendId = `question-${question.id}-title`;
  return (
    <section
      aria-labelledby={legendId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-brand-600 dark:text-brand-100">
          Question {index + 1} of {total}
        </p>
        <div className="flex items-center gap-2">
          {marked ? <Badge tone="yellow">Marked for review</Badge> : null}
          {answer !== undefined ? <Badge tone="green">Answered</Badge> : <Badge>Not answered</Badge>}
        </div>
      </div>
      <fieldset className="mt-3" disabled={disabled}>
        <legend id={legendId} className="text-lg leading-relaxed font-semibold whitespace-pre-wrap sm:text-xl">
          {question.title}
        </legend>
        <div className="mt-5 grid gap-3">
          {options.map((text, i) => {
            const checked = answer === i;
            return (
              <label
                key={i}
                className={`group flex cursor-pointer items-start gap-3 rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2 dark:has-[:focus-visible]:ring-offset-slate-900 ${
                  checked
                    ? "border-brand-500 bg-brand-50 dark:border-brand-500 dark:bg-brand-500/15"
                    : "border-slate-200 hover:border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:border-slate-600 dark:hover:bg-slate-800/60"
                } ${disabled ? "cursor-not-allowed opacity-70" : ""}`}
              >
                <input
                  type="radio"
                  name={`answer-${question.id}`}
                  value={i}
                  checked={checked}
                  onChange={() => onChoose(i)}
                  className="sr-only"
                  data-testid={`option-${i + 1}`}
                />
                <span
                  aria-hidden
                  className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                    checked
                      ? "bg-brand-600 text-white"
                      : "bg-slate-100 text-slate-600 group-hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:group-hover:bg-slate-700"
                  }`}
                >
                  {OPTION_LETTERS[i]}
                </span>
                <span className="flex-1 pt-1 leading-relaxed whitespace-pre-wrap">{text}</span>
                <kbd
                  aria-hidden
                  className="hidden rounded border border-slate-300 px-1.5 py-0.5 font-mono text-xs text-slate-500 sm:inline dark:border-slate-600 dark:text-slate-400"
                >
                  {i + 1}
                </kbd>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="mt-5 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onToggleMark}
          disabled={disabled}
          aria-pressed={marked}
          className={`inline-flex items-center justify-center gap-2 rounded-md border px-3.5 py-2 text-sm font-medium focus:ring-2 focus:ring-brand-500 focus:ring-offset-1 focus:outline-none disabled:cursor-not-allowed disabled:opacity-70 ${
            marked
              ? "border-amber-400 bg-amber-50 text-amber-800 hover:bg-amber-100 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200 dark:hover:bg-amber-900"
              : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
          }`}
        >
          <FlagIcon className={`h-4 w-4 ${marked ? "fill-amber-400" : ""}`} />
          Mark for Review
          <kbd aria-hidden className="hidden font-mono text-xs opacity-60 sm:inline">
            M
          </kbd>
        </button>
        <Button variant="ghost" onClick={onClear} disabled={disabled || answer === undefined}>
          <EraserIcon />
          Clear Answer
        </Button>
      </div>
    </section>
  );
}
