import { Button } from "~/components/ui/button";
import { caseHintText, leniencyCondition, type Triage } from "~/lib/evaluation/triage";

type Question = { id: string; cases: { id: string; number: number }[] };

const BOX = "rounded-lg border p-3 text-sm";

/**
 * The triage on arrival on the evaluate page: the student's failed cases
 * were rerun leniently when the request came in. "Apply suggestion" ticks
 * exactly the suggested cases; nothing is stored until Save.
 */
export function ArrivalTriage({ triage, questions, onApply }: { triage: Triage; questions: Question[]; onApply: () => void }) {
  if (triage.status === "pending") {
    return (
      <div role="status" data-testid="arrival-triage" className={`${BOX} border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300`}>
        Triage running… the student&apos;s failed cases are being rerun with lenient comparisons.
      </div>
    );
  }
  if (triage.status === "failed") {
    return (
      <div role="status" data-testid="arrival-triage" className={`${BOX} border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300`}>
        {`Triage failed: ${triage.error}. Run Code checks the cases by hand.`}
      </div>
    );
  }
  const unchecked = triage.unchecked > 0 ? ` ${triage.unchecked} failed ${triage.unchecked === 1 ? "case was" : "cases were"} not rerun (too many).` : "";
  if (triage.suggestedCases === 0) {
    return (
      <div role="status" data-testid="arrival-triage" className={`${BOX} border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300`}>
        {`Triage on arrival: no failed case would pass under a lenient comparison.${unchecked}`}
      </div>
    );
  }
  const n = triage.suggestedCases;
  return (
    <section
      aria-labelledby="arrival-triage-title"
      data-testid="arrival-triage"
      className={`${BOX} border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950`}
    >
      <h3 id="arrival-triage-title" className="font-semibold">
        Triage on arrival
      </h3>
      <p className="mt-1">
        {`${n} failed ${n === 1 ? "case" : "cases"} would pass ${leniencyCondition(triage.leniencies)}: the score would be `}
        <strong data-testid="arrival-score">{triage.suggestedScore}</strong>.{unchecked}
      </p>
      <ul className="mt-2 list-disc space-y-0.5 pl-5 text-xs">
        {triage.questions.flatMap((tq) => {
          const index = questions.findIndex((q) => q.id === tq.questionId);
          const question = questions[index];
          if (!question) return [];
          return tq.cases.map((c) => (
            <li key={`${tq.questionId}:${c.caseId}`}>
              {`Question ${index + 1}, test case ${question.cases.find((x) => x.id === c.caseId)?.number ?? "?"}: ${caseHintText(c.wouldPassIf)}`}
            </li>
          ));
        })}
      </ul>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={onApply} aria-describedby="arrival-triage-apply-note">
          Apply suggestion
        </Button>
        <span id="arrival-triage-apply-note" className="text-xs text-slate-600 dark:text-slate-300">
          Ticks these cases; press Save to keep the score.
        </span>
      </div>
    </section>
  );
}
