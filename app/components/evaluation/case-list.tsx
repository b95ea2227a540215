import { Badge } from "~/components/ui/badge";
import { lineDiff, visibleWhitespace, wouldPassText, type Leniency } from "~/lib/evaluation/lenient";
import { caseHintText, TRIAGE_LIMITS, type TriageCase } from "~/lib/evaluation/triage";
import type { CaseResult, SubmissionCase } from "~/lib/student-tests/submissions.server";

export type EvaluateCase = SubmissionCase & { id: string };

/**
 * Every test case (hidden included: this page is admin-only) with its pass
 * checkbox; after a run, expected and actual output side by side with the
 * differing lines marked and whitespace visible, and the triage hint. Before
 * a run, the triage on arrival's hint (the student's code rerun leniently when
 * the request came in) with the rerun's output.
 */
export function CaseList({
  cases,
  passed,
  onToggle,
  run,
  triage,
  arrival = {},
}: {
  cases: EvaluateCase[];
  passed: Set<string>;
  onToggle: (id: string, on: boolean) => void;
  run: Record<string, CaseResult> | null;
  triage: Record<string, Leniency[]>;
  /** Case id -> the triage on arrival's suggestion for it. */
  arrival?: Record<string, TriageCase>;
}) {
  return (
    <ol className="space-y-3">
      {cases.map((c) => {
        const result = run?.[c.id];
        const hint = triage[c.id];
        const stored = result ? undefined : arrival[c.id];
        const hintId = `case-hint-${c.id}`;
        return (
          <li key={c.id} data-testid="evaluate-case" className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
            <div className="flex flex-wrap items-center gap-3">
              <label className="flex items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  checked={passed.has(c.id)}
                  onChange={(e) => onToggle(c.id, e.target.checked)}
                  aria-describedby={(result && !result.passed && hint) || stored ? hintId : undefined}
                  className="h-4 w-4"
                />
                {`Test case ${c.number}`}
              </label>
              <Badge tone={c.hidden ? "gray" : "blue"}>{c.hidden ? "Hidden" : "Open"}</Badge>
              <span className="text-xs text-slate-500 dark:text-slate-400">{`${c.points} points`}</span>
              {result ? (
                result.verdict === "JE" ? (
                  <Badge tone="yellow">Checker error</Badge>
                ) : (
                  <Badge tone={result.passed ? "green" : "red"}>{result.passed ? "Passed" : `Failed (${result.verdict})`}</Badge>
                )
              ) : null}
            </div>
            {result && !result.passed ? (
              <>
                {result.checkerError ? (
                  <div data-testid="checker-error" className="mt-2 text-xs">
                    <p className="font-medium text-amber-700 dark:text-amber-300">The output checker failed on this case (the student sees "Not judged"):</p>
                    <pre className="mt-1 whitespace-pre-wrap text-amber-800 dark:text-amber-200">{result.checkerError}</pre>
                  </div>
                ) : null}
                <OutputDiff expected={c.expectedOutput ?? ""} actual={result.actualOutput ?? ""} />
                {result.error ? <pre className="mt-2 text-xs whitespace-pre-wrap text-red-700 dark:text-red-300">{result.error}</pre> : null}
                {hint ? <p id={hintId} className="mt-2 text-xs font-medium text-amber-700 dark:text-amber-300">{wouldPassText(hint)}</p> : null}
              </>
            ) : (
              <>
                {stored ? (
                  <div data-testid="arrival-hint">
                    <p id={hintId} className="mt-2 text-xs font-medium text-amber-700 dark:text-amber-300">{`Triage on arrival: ${caseHintText(stored.wouldPassIf)}`}</p>
                    {stored.wouldPassIf.length > 0 ? (
                      <>
                        <OutputDiff expected={c.expectedOutput ?? ""} actual={stored.actualOutput} />
                        {stored.actualOutput.length >= TRIAGE_LIMITS.storedOutputChars ? (
                          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{`Only the first ${TRIAGE_LIMITS.storedOutputChars} characters of the output were kept.`}</p>
                        ) : null}
                      </>
                    ) : null}
                  </div>
                ) : null}
                <details className="mt-2 text-xs">
                  <summary className="cursor-pointer text-slate-500 dark:text-slate-400">Input and expected output</summary>
                  <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
                    <Pre title="Input" text={c.input ?? ""} />
                    <Pre title="Expected output" text={c.expectedOutput ?? ""} />
                  </div>
                </details>
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function Pre({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <p className="mb-1 text-slate-500 dark:text-slate-400">{title}</p>
      <pre className="max-h-40 overflow-auto rounded bg-slate-100 p-2 whitespace-pre-wrap dark:bg-slate-800">{visibleWhitespace(text)}</pre>
    </div>
  );
}

/** Expected vs actual, line by line; lines that differ are marked. */
export function OutputDiff({ expected, actual }: { expected: string; actual: string }) {
  const lines = lineDiff(expected, actual);
  const cell = (text: string | null, same: boolean, side: "expected" | "actual") => (
    <div
      data-diff={same ? undefined : side}
      className={`min-h-4 px-2 whitespace-pre-wrap ${same ? "" : side === "expected" ? "bg-emerald-100 dark:bg-emerald-900/40" : "bg-red-100 dark:bg-red-900/40"}`}
    >
      {text === null ? <span className="text-slate-400">∅</span> : visibleWhitespace(text).replace(/\n$/, "")}
    </div>
  );
  return (
    <div className="mt-2 grid grid-cols-2 overflow-auto rounded border border-slate-200 font-mono text-xs dark:border-slate-700" aria-label="Expected and actual output">
      <p className="border-b border-slate-200 px-2 py-1 text-muted dark:border-slate-700">Expected</p>
      <p className="border-b border-slate-200 px-2 py-1 text-muted dark:border-slate-700">Actual</p>
      {lines.map((l, i) => (
        <div key={i} className="contents">
          {cell(l.expected, l.same, "expected")}
          {cell(l.actual, l.same, "actual")}
        </div>
      ))}
    </div>
  );
}
