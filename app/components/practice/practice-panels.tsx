import { CaseResultList } from "~/components/test/output-console";
import type { CaseResult } from "~/lib/student-tests/submissions.server";
import { TEST_RULES } from "~/lib/student-tests/test-rules";

/** What Run Tests answered for one question. */
export type PracticeRun = {
  questionId: string;
  compile: { code: number; stdout: string; stderr: string } | null;
  cases: CaseResult[];
  passed: number;
  total: number;
  /** What the run would score in a test, by the cases' points (decision 037); never stored. */
  marks: number;
  score: number;
};

/** "30/50 marks (60%) in a test": the practice summary's score line. */
export const practiceMarksText = (run: Pick<PracticeRun, "marks" | "score">) =>
  `${run.marks}/${TEST_RULES.marksPerCodingQuestion} marks (${run.score}%) in a test`;

/** One entry of the Output panel: a run, or a failure to run. */
export type OutputEntry = { id: number; heading: string; tone: "ok" | "warn" | "error"; summary: string; detail: string };

const compileFailed = (run: PracticeRun) => run.compile !== null && run.compile.code !== 0;

/** The Output panel's entry for a run: compiler errors, else the summary with each open case's output and errors. */
export function outputEntry(id: number, heading: string, run: PracticeRun): OutputEntry {
  if (compileFailed(run)) {
    return { id, heading, tone: "error", summary: "Compilation failed", detail: run.compile!.stderr || run.compile!.stdout };
  }
  const detail = run.cases
    .map((c, i) => {
      if (c.hidden) return null;
      const parts = [`Test case ${i + 1} output:\n${c.actualOutput || "(no output)"}`];
      if (c.error) parts.push(c.error);
      return parts.join("\n");
    })
    .filter(Boolean)
    .join("\n\n");
  return {
    id,
    heading,
    tone: run.passed === run.total ? "ok" : "warn",
    summary: `${run.passed}/${run.total} test cases passed · ${practiceMarksText(run)}`,
    detail,
  };
}

const panel = "flex min-h-0 flex-col border-slate-200 bg-slate-950 font-mono text-xs text-slate-100 dark:border-slate-800";
const bar = "flex items-center justify-between border-b border-slate-800 px-3 py-1.5 font-sans text-xs font-semibold text-slate-300";

/** The results panel: the current question's last run, case by case; hidden cases as pass/fail only. */
export function ResultsPanel({ run, running }: { run: PracticeRun | null; running: boolean }) {
  return (
    <section aria-label="Test Results" className={`${panel} border-r`}>
      <h3 className={bar}>Test Results</h3>
      <div className="min-h-0 flex-1 overflow-y-auto p-3" aria-live="polite">
        {running ? (
          <p className="text-slate-400">Running tests...</p>
        ) : !run ? (
          <p className="text-slate-400">Run Tests to check your code against every test case.</p>
        ) : compileFailed(run) ? (
          <p className="text-red-400">Compilation failed: see the Output panel.</p>
        ) : (
          <>
            <p className={run.passed === run.total ? "text-emerald-400" : "text-amber-300"} data-testid="results-summary">
              {run.passed}/{run.total} test cases passed
            </p>
            <p className="text-slate-400" data-testid="results-marks">
              {practiceMarksText(run)}
            </p>
            <CaseResultList cases={run.cases} withCase />
          </>
        )}
      </div>
    </section>
  );
}

const TONES = { ok: "text-emerald-400", warn: "text-amber-300", error: "text-red-400" } as const;

/** The Output panel with Clear: every run of this visit, newest last. */
export function OutputPanel({ entries, onClear }: { entries: OutputEntry[]; onClear: () => void }) {
  return (
    <section aria-label="Output" className={panel}>
      <div className={bar}>
        <h3>Output</h3>
        <button
          type="button"
          onClick={onClear}
          disabled={entries.length === 0}
          className="rounded px-2 py-0.5 font-medium text-slate-300 hover:bg-slate-800 disabled:opacity-40"
        >
          Clear
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-3" role="log">
        {entries.length === 0 ? (
          <p className="text-slate-400">Run your code to see output...</p>
        ) : (
          entries.map((e) => (
            <div key={e.id} className="mb-3 border-b border-slate-800 pb-2 last:border-b-0">
              <p className="text-slate-400">&gt; {e.heading}</p>
              <p className={TONES[e.tone]}>{e.summary}</p>
              {e.detail ? <pre className="mt-1 whitespace-pre-wrap">{e.detail}</pre> : null}
            </div>
          ))
        )}
      </div>
    </section>
  );
}
