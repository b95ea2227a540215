import type { ReactNode } from "react";
import { CodeEditor } from "~/components/code-editor";
import { Badge } from "~/components/ui/badge";
import { LANGUAGE_LABELS } from "~/lib/ui/format";
import { passRate } from "~/lib/student-tests/coding-marks";
import type { ShownQuestion } from "~/lib/student-tests/submissions.server";

const noop = () => {};

/**
 * One question of the submission view: read-only code with its language,
 * Score (marks of the question's share of 100) and Score Percent, both by the cases' points as stored
 * when it was judged (decision 037), Test Cases passed/total with a tick or
 * cross, Pass Rate (cases passed of all), and the numbered test cases. A case
 * shows input and expected output only when the server sent them (open cases;
 * every case for an admin).
 */
export function SubmittedQuestionPanel({ question, number, audience }: { question: ShownQuestion; number: number; audience: "student" | "admin" }) {
  // Figures the room's release or review withholds from a student are null (decision 041), and their tiles are left out.
  const counted = question.passed !== null && question.total !== null;
  const allPassed = counted && question.total! > 0 && question.passed === question.total;
  const casesRate = counted ? passRate(question.passed!, question.total!) : 0;
  return (
    <article
      aria-labelledby={`question-${number}-title`}
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 id={`question-${number}-title`} className="text-lg font-semibold">
          <span className="text-slate-500 dark:text-slate-400">{`Question ${number}:`}</span> {question.title}
        </h4>
        <div className="flex items-center gap-2">
          {question.submitted ? null : <Badge tone="yellow">Not submitted</Badge>}
          <Badge tone="blue">
            <span className="sr-only">Language: </span>
            {LANGUAGE_LABELS[question.language]}
          </Badge>
        </div>
      </div>

      {question.code ? (
        <CodeEditor
          value={question.code}
          onChange={noop}
          language={question.language}
          readOnly
          height="18rem"
          ariaLabel={`${audience === "admin" ? "Submitted" : "Your"} code for question ${number}`}
        />
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          No code was written for this question.
        </p>
      )}
      {question.submitted ? null : (
        <p className="text-sm text-slate-600 dark:text-slate-300">This question was never submitted: the code above is the last saved version and scores nothing.</p>
      )}

      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {question.marks !== null ? <Stat label="Score" value={`${question.marks}/${question.maxMarks}`} testId="question-score" /> : null}
        {question.score !== null ? <Stat label="Score Percent" value={`${question.score}%`} testId="question-score-percent" /> : null}
        {counted ? (
          <>
            <Stat label="Test Cases" value={`${question.passed}/${question.total} cases passed`} testId="question-cases">
              {allPassed ? (
                <span role="img" aria-label="all passed" className="text-emerald-600 dark:text-emerald-400">
                  ✓
                </span>
              ) : (
                <span role="img" aria-label="not all passed" className="text-red-600 dark:text-red-400">
                  ✗
                </span>
              )}
            </Stat>
            <Stat label="Pass Rate" value={`${casesRate}%`} testId="question-pass-rate" />
          </>
        ) : null}
      </dl>

      <section aria-label="Test cases">
        <h5 className="mb-3 font-semibold">Test Cases</h5>
        {question.cases.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">This question has no test cases.</p>
        ) : (
          <ol className="space-y-3">
            {question.cases.map((c) => (
              <li key={c.number} data-testid="test-case" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{`Test Case ${c.number}`}</span>
                  <Badge tone={c.hidden ? "gray" : "blue"}>{c.hidden ? "Hidden" : "Open"}</Badge>
                  <span className="text-sm text-slate-500 dark:text-slate-400">{`${c.points} points`}</span>
                  {c.passed === undefined ? null : (
                    <span className="ml-auto">
                      <Badge tone={c.passed ? "green" : "red"}>{c.passed ? "Passed" : "Failed"}</Badge>
                    </span>
                  )}
                </div>
                {c.input !== undefined && c.expectedOutput !== undefined ? (
                  <div className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">
                    <CaseText label="Input" text={c.input} />
                    <CaseText label="Expected Output" text={c.expectedOutput} />
                  </div>
                ) : (
                  <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Hidden test case: only its result is shown.</p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}

function CaseText({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <p className="mb-1 text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</p>
      <pre className="max-h-48 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-sm whitespace-pre-wrap text-slate-800 dark:bg-slate-800 dark:text-slate-100">
        {text === "" ? <span className="text-slate-400 italic dark:text-slate-500">(empty)</span> : text}
      </pre>
    </div>
  );
}

export function Stat({ label, value, testId, children }: { label: string; value: string; testId?: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800/60">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 flex items-center gap-2 text-xl font-semibold tabular-nums" data-testid={testId}>
        {value}
        {children}
      </dd>
    </div>
  );
}
