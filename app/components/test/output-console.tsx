import type { CaseResult } from "~/lib/student-tests/submissions.server";

/** What Run Code or Submit Code answered, as the console shows it. */
export type RunResult = {
  kind: "run" | "submit";
  message: string;
  compile: { code: number; stdout: string; stderr: string } | null;
  cases: CaseResult[];
  /** Null when the student may not see the counts (decision 041: the room's results are held, or its review hides them). */
  passed: number | null;
  total: number | null;
  marks?: number | null;
  /** Submit Code only: the score percent, weighed by the cases' points (decision 037). */
  score?: number | null;
};

/** The coding test's Output Console (spec 2): compile errors, then each case; hidden cases as pass/fail only. */
export function OutputConsole({ result }: { result: RunResult | null }) {
  return (
    <div className="h-56 overflow-y-auto border-t border-slate-200 bg-slate-950 p-3 font-mono text-xs text-slate-100 dark:border-slate-800" aria-label="Output Console" role="log">
      {!result ? (
        <p className="text-slate-400">Run your code to see output...</p>
      ) : result.compile && result.compile.code !== 0 ? (
        <>
          <p className="text-red-400">Compilation failed</p>
          <pre className="mt-1 whitespace-pre-wrap">{result.compile.stderr || result.compile.stdout}</pre>
        </>
      ) : result.passed === null || result.total === null ? (
        // A submit while the room's results are held (decision 041): it went in, nothing more.
        <>
          <p className="text-slate-200">{result.message}</p>
          <CaseResultList cases={result.cases} />
        </>
      ) : (
        <>
          <p className={result.passed === result.total ? "text-emerald-400" : "text-amber-300"}>
            {result.kind === "submit" ? "Submitted: " : ""}
            {result.passed}/{result.total} test cases passed
          </p>
          <CaseResultList cases={result.cases} />
        </>
      )}
    </div>
  );
}

/**
 * Each judged case: "Test case n (hidden): Passed / Failed (verdict)", or
 * "Not judged" when the question's output checker failed (verdict JE). Open
 * cases add the student's output and error, and with `withCase` their input
 * and expected output; hidden cases never carry more than pass/fail.
 */
export function CaseResultList({ cases, withCase = false }: { cases: CaseResult[]; withCase?: boolean }) {
  return (
    <>
      {cases.map((c, i) => (
        <div key={c.id} className="mt-2 border-t border-slate-800 pt-2" data-testid="case-result">
          <p>
            Test case {i + 1} {c.hidden ? "(hidden)" : ""}:{" "}
            {c.verdict === "JE" ? (
              <span className="text-amber-300">Not judged</span>
            ) : (
              <span className={c.passed ? "text-emerald-400" : "text-red-400"}>{c.passed ? "Passed" : `Failed (${c.verdict})`}</span>
            )}
          </p>
          {!c.hidden ? (
            <>
              {withCase ? (
                <>
                  <p className="mt-1 text-slate-400">Input:</p>
                  <pre className="whitespace-pre-wrap">{c.input || "(empty)"}</pre>
                  <p className="mt-1 text-slate-400">Expected output:</p>
                  <pre className="whitespace-pre-wrap">{c.expectedOutput || "(empty)"}</pre>
                </>
              ) : null}
              <p className="mt-1 text-slate-400">Your output:</p>
              <pre className="whitespace-pre-wrap">{c.actualOutput || "(no output)"}</pre>
              {c.error ? <pre className="whitespace-pre-wrap text-red-300">{c.error}</pre> : null}
            </>
          ) : null}
        </div>
      ))}
    </>
  );
}
