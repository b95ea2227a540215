import type { ReactNode } from "react";
import { limitsText, type PublicLimits } from "~/lib/ui/format";
import { ProblemText } from "./problem-text";

export type ProblemQuestion = {
  title: string;
  description: string;
  totalCases: number;
  openCases: { id: string; input: string; expectedOutput: string }[];
  /** The question's own limits (issue 35); absent in a copy kept offline before they existed. */
  limits?: PublicLimits | null;
};

/**
 * The problem of a coding question: description, its limits when it has its
 * own ("Time limit 2 s · Memory 256 MB"), its marks ("50 marks" in a test;
 * none in practice), and its open test cases only.
 */
export function ProblemPanel({
  question,
  marks = "50 marks",
  hiddenNote = (n: number) => `${n} hidden test cases are judged when you submit.`,
  aside,
}: {
  question: ProblemQuestion;
  marks?: string | null;
  hiddenNote?: (hidden: number) => string;
  /** Shown beside the title (the practice page's language badge). */
  aside?: ReactNode;
}) {
  return (
    <section aria-label="Problem" className="space-y-4 border-b border-slate-200 p-5 lg:overflow-y-auto lg:border-r lg:border-b-0 dark:border-slate-800">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{question.title}</h2>
        {marks ? <span className="text-sm text-muted">{marks}</span> : aside}
      </div>
      <ProblemText text={question.description} />
      {limitsText(question.limits) ? (
        <p className="text-sm text-muted" data-testid="question-limits">
          {limitsText(question.limits)}
        </p>
      ) : null}
      <div>
        <h3 className="mb-2 text-sm font-semibold">Test cases</h3>
        {question.openCases.length === 0 ? (
          <p className="text-sm text-muted">No open test cases for this question.</p>
        ) : (
          question.openCases.map((c, i) => (
            <div key={c.id} role="group" aria-label={`Test case ${i + 1}`} className="mb-3 grid grid-cols-1 gap-2 text-xs sm:grid-cols-2">
              <div>
                <p className="mb-1 font-medium">Input {i + 1}</p>
                <pre tabIndex={0} className="overflow-x-auto rounded bg-slate-100 p-2 dark:bg-slate-800">{c.input}</pre>
              </div>
              <div>
                <p className="mb-1 font-medium">Expected output</p>
                <pre tabIndex={0} className="overflow-x-auto rounded bg-slate-100 p-2 dark:bg-slate-800">{c.expectedOutput}</pre>
              </div>
            </div>
          ))
        )}
        <p className="text-xs text-muted">{hiddenNote(question.totalCases - question.openCases.length)}</p>
      </div>
    </section>
  );
}
