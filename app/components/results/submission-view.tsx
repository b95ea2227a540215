// The spec's "Submission view" (spec 2 section 2), one component for the
// student's own view and the admin's. What each may see is decided on the
// server (submissionView): a student's data never holds a hidden case's input
// or expected output, nor which MCQ option was right.
import { Link } from "@remix-run/react";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import {
  adminBadge,
  adminScoreTone,
  SCORE_TEXT,
  historyBadge,
  studentScoreTone,
} from "~/lib/results/student-status";
import type { ShownMcqQuestion, ShownSubmissionView as View } from "~/lib/student-tests/submissions.server";
import { ViewerTime } from "~/components/ui/viewer-time";
import { Stat, SubmittedQuestionPanel } from "./submission-question";

export type Audience = "student" | "admin";

export function SubmissionView({
  view,
  audience,
  back,
}: {
  view: View;
  audience: Audience;
  back: { to: string; label: string };
}) {
  const scored = view.totalScore !== null && view.maxScore !== null;
  // An administrator's view always carries the score; a student's only once they may see it (decision 041).
  const badge = audience === "admin" && scored ? adminBadge({ ...view, totalScore: view.totalScore! }) : historyBadge(view);
  const percent = scored && view.maxScore! > 0 ? Math.round((view.totalScore! / view.maxScore!) * 100) : 0;
  const tone = audience === "admin" ? adminScoreTone(percent) : studentScoreTone(percent);
  const when = view.submittedAt ?? view.createdAt;

  return (
    <div className="space-y-6">
      <div>
        <Link
          to={back.to}
          className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <span aria-hidden>←</span> {back.label}
        </Link>
      </div>

      <header className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">Submission Details</p>
        <h2 className="mt-1 text-2xl font-semibold">{view.roomName}</h2>
        {audience === "admin" ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {`${view.student.name} · ${view.student.email}`}
          </p>
        ) : null}
        <dl className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
          <div className="flex items-center gap-2">
            <dt className="text-slate-500 dark:text-slate-400">Status</dt>
            <dd data-testid="test-status">
              <Badge tone={badge.tone}>{badge.label}</Badge>
            </dd>
          </div>
          {scored ? (
            <div className="flex items-center gap-2">
              <dt className="text-slate-500 dark:text-slate-400">Total score</dt>
              <dd className={`font-semibold tabular-nums ${SCORE_TEXT[tone]}`} data-testid="test-score">
                {`${view.totalScore}/${view.maxScore}`}
              </dd>
            </div>
          ) : null}
          <div className="flex items-center gap-2">
            <dt className="text-slate-500 dark:text-slate-400">{view.submittedAt ? "Submitted" : "Started"}</dt>
            <dd className="text-slate-700 dark:text-slate-200">
              <ViewerTime style="date-time" ms={when} />
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="text-slate-500 dark:text-slate-400">Tab switches</dt>
            <dd className="tabular-nums text-slate-700 dark:text-slate-200">{view.tabSwitchCount}</dd>
          </div>
        </dl>
      </header>

      <section aria-labelledby="submissions-heading" className="space-y-4">
        <h3 id="submissions-heading" className="text-lg font-semibold">
          {audience === "admin" ? "Submissions" : "Your Submissions"}
        </h3>
        {view.mcq ? (
          <>
            <McqSummary view={view} answered={view.mcq.answered} total={view.mcq.total} admin={audience === "admin"} />
            <McqReview questions={view.mcq.questions} audience={audience} />
          </>
        ) : view.questions.length === 0 ? (
          <EmptyState title="No submissions for this test">Nothing was submitted or saved.</EmptyState>
        ) : (
          <Questions key={view.testId} view={view} audience={audience} />
        )}
      </section>
    </div>
  );
}

function Questions({ view, audience }: { view: View; audience: Audience }) {
  const [selected, setSelected] = useState(0);
  const question = view.questions[selected] ?? view.questions[0]!;
  return (
    <>
      <div role="group" aria-label="Questions" className="flex flex-wrap gap-2">
        {view.questions.map((q, i) => {
          const current = i === selected;
          return (
            <button
              key={q.id}
              type="button"
              aria-pressed={current}
              aria-current={current ? "true" : undefined}
              onClick={() => setSelected(i)}
              className={`rounded-md px-3.5 py-2 text-sm font-medium focus:ring-2 focus:ring-brand-500 focus:ring-offset-1 focus:outline-none dark:focus:ring-offset-slate-950 ${
                current
                  ? "bg-brand-600 text-white"
                  : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
              }`}
            >
              {`Question ${i + 1}`}
            </button>
          );
        })}
      </div>
      <SubmittedQuestionPanel key={question.id} question={question} number={selected + 1} audience={audience} />
    </>
  );
}

/** MCQ: the score and how many were answered; a student is never told which option was right. */
function McqSummary({ view, answered, total, admin }: { view: View; answered: number; total: number; admin: boolean }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {view.totalScore !== null ? <Stat label="Score" value={`${view.totalScore}/${view.maxScore}`} testId="mcq-score" /> : null}
        <Stat label="Answered" value={`${answered} of ${total}`} testId="mcq-answered" />
      </dl>
      {admin ? null : (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">Multiple-choice answers are graded on the server; the correct options are not shown.</p>
      )}
    </div>
  );
}

const LETTERS = ["A", "B", "C", "D", "E", "F"];

/**
 * Each question as the student saw it (decision 040): their order, their
 * options' order and letters, and their answer; the administrator also sees
 * the right option, and whether the answer was right.
 */
function McqReview({ questions, audience }: { questions: ShownMcqQuestion[]; audience: Audience }) {
  if (questions.length === 0) return null;
  return (
    <ol className="space-y-3" data-testid="mcq-review" aria-label={audience === "admin" ? "The student's questions, in their order" : "Your questions, in your order"}>
      {questions.map((q, i) => {
        // Right or wrong: from the right option (an administrator; a student with Correct MCQ answers), or as the review tells it (MCQ right or wrong).
        const right = q.correct !== undefined && q.chosen !== null ? q.chosen === q.correct : (q.right ?? null);
        return (
          <li key={q.id} data-testid="mcq-review-question" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-medium">
                <span className="text-slate-500 dark:text-slate-400">{`Question ${i + 1}. `}</span>
                <span data-testid="mcq-review-title">{q.title}</span>
              </p>
              {q.chosen === null ? (
                <Badge tone="gray">Not answered</Badge>
              ) : right === null ? null : (
                <Badge tone={right ? "green" : "red"}>{right ? "Right" : "Wrong"}</Badge>
              )}
            </div>
            <ul className="mt-3 space-y-1.5 text-sm">
              {q.options.map((text, k) => {
                const chosen = q.chosen === k;
                const correct = q.correct === k;
                return (
                  <li
                    key={k}
                    data-testid="mcq-review-option"
                    data-chosen={chosen ? "true" : undefined}
                    className={`flex items-start gap-2 rounded-md border px-3 py-2 ${
                      chosen ? "border-brand-500 bg-brand-50 dark:border-brand-300 dark:bg-slate-800" : "border-slate-200 dark:border-slate-700"
                    }`}
                  >
                    <span className="font-semibold tabular-nums">{`${LETTERS[k] ?? k + 1}.`}</span>
                    <span className="min-w-0 flex-1 break-words" data-testid="mcq-review-option-text">
                      {text}
                    </span>
                    {chosen ? <span className="shrink-0 text-xs font-medium text-brand-700 dark:text-brand-300">{audience === "admin" ? "Student's answer" : "Your answer"}</span> : null}
                    {correct ? <span className="shrink-0 text-xs font-medium text-emerald-700 dark:text-emerald-300">Correct answer</span> : null}
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
