import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { CodeEditor } from "~/components/code-editor";
import { useToast } from "~/components/toaster";
import { useActionToast } from "~/components/use-action-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { LANGUAGE_LABELS } from "~/lib/ui/format";
import { lenientMatch, lineDiff, type Leniency } from "~/lib/evaluation/lenient";
import { applySuggestion, type Triage, type TriageCase } from "~/lib/evaluation/triage";
import { codingMarks } from "~/lib/student-tests/coding-marks";
import type { CaseResult, SubmittedQuestion } from "~/lib/student-tests/submissions.server";
import { ArrivalTriage } from "./arrival-triage";
import { CaseList, type EvaluateCase } from "./case-list";

type Question = Omit<SubmittedQuestion, "cases"> & { cases: EvaluateCase[] };
type RunReply = { ok: true; message: string; run: { questionId: string; compile: { code: number; stdout: string; stderr: string } | null; cases: CaseResult[] } } | { ok: false; error: string };

/**
 * The evaluation page's working area (spec 2: /admin/evaluate/{testId}): a
 * tab per question, the code (the evaluator's saved version over the
 * student's), each case's checkbox, Run Code, Save, Accept and Reject, and
 * the triage on arrival with its one-click suggestion.
 */
export function EvaluateWorkspace({
  questions,
  versions,
  triage = null,
}: {
  questions: Question[];
  versions: Record<string, { code: string }>;
  triage?: Triage | null;
}) {
  const [tab, setTab] = useState(0);
  const [code, setCode] = useState(() => Object.fromEntries(questions.map((q) => [q.id, versions[q.id]?.code ?? q.code])));
  const [passed, setPassed] = useState(() => Object.fromEntries(questions.map((q) => [q.id, new Set(q.cases.filter((c) => c.passed).map((c) => c.id))])));
  const [runs, setRuns] = useState<Record<string, Record<string, CaseResult>>>({});
  const [confirm, setConfirm] = useState<"accept" | "reject" | null>(null);
  const toast = useToast();
  const runner = useFetcher<RunReply>();
  const saver = useFetcher();
  useActionToast(saver.data, useCallback(() => setConfirm(null), []));

  // Run Code: the verdicts tick the boxes of the question that was run.
  useEffect(() => {
    const reply = runner.data;
    if (!reply || runner.state !== "idle") return;
    if (!reply.ok) return void toast({ type: "error", message: reply.error });
    const { questionId, cases, compile } = reply.run;
    if (compile && compile.code !== 0) toast({ type: "error", message: "Compilation failed" });
    else toast({ type: "success", message: reply.message });
    setRuns((r) => ({ ...r, [questionId]: Object.fromEntries(cases.map((c) => [c.id, c])) }));
    setPassed((p) => ({ ...p, [questionId]: new Set(cases.filter((c) => c.passed).map((c) => c.id)) }));
  }, [runner.data, runner.state, toast]);

  const question = questions[tab];
  const run = question ? runs[question.id] ?? null : null;
  // Triage: failed cases of the last run that a lenient comparison would pass.
  const runTriage = useMemo(() => {
    const hints: Record<string, Leniency[]> = {};
    if (!question || !run) return hints;
    for (const c of question.cases) {
      const r = run[c.id];
      if (!r || r.passed || r.verdict !== "WA") continue;
      const match = lenientMatch(c.expectedOutput ?? "", r.actualOutput ?? "");
      if (match && match.length > 0) hints[c.id] = match;
    }
    return hints;
  }, [question, run]);

  // The triage on arrival, per question and case.
  const arrival = useMemo(() => {
    const byQuestion: Record<string, Record<string, TriageCase>> = {};
    if (triage?.status !== "done") return byQuestion;
    for (const q of triage.questions) byQuestion[q.questionId] = Object.fromEntries(q.cases.map((c) => [c.caseId, c]));
    return byQuestion;
  }, [triage]);
  const applyArrival = () => setPassed((p) => applySuggestion(p, triage, questions));

  if (!question) return <p className="text-sm text-muted">This test has no questions.</p>;
  const ticked = passed[question.id]!;
  const suggestion = Object.keys(runTriage).filter((id) => !ticked.has(id));
  // What Save would store: each question's marks by its cases' points, the same function as the server's.
  const totalMarks = (sets: typeof passed) => questions.reduce((sum, q) => sum + codingMarks({ passedIds: sets[q.id]!, cases: q.cases, of: q.maxMarks }).marks, 0);
  const withSuggestion = { ...passed, [question.id]: new Set([...ticked, ...suggestion]) };
  const toggle = (id: string, on: boolean) =>
    setPassed((p) => {
      const next = new Set(p[question.id]);
      if (on) next.add(id);
      else next.delete(id);
      return { ...p, [question.id]: next };
    });
  const changed = code[question.id] !== question.code;
  const busy = saver.state !== "idle";

  return (
    <div className="space-y-4">
      {triage ? <ArrivalTriage triage={triage} questions={questions} onApply={applyArrival} /> : null}
      <div role="tablist" aria-label="Questions" className="flex flex-wrap gap-2">
        {questions.map((q, i) => (
          <button
            key={q.id}
            role="tab"
            aria-selected={i === tab}
            onClick={() => setTab(i)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${i === tab ? "bg-brand-600 text-white" : "border border-slate-300 dark:border-slate-700"}`}
          >
            {`Question ${i + 1}`}
          </button>
        ))}
      </div>

      <section role="tabpanel" aria-label={`Question ${tab + 1}`} className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold">{question.title}</h3>
            <Badge tone="blue">{LANGUAGE_LABELS[question.language]}</Badge>
          </div>
          <CodeEditor
            key={question.id}
            value={code[question.id] ?? ""}
            onChange={(next) => setCode((c) => ({ ...c, [question.id]: next }))}
            language={question.language}
            ariaLabel={`Code for question ${tab + 1}`}
            height="22rem"
          />
          {changed ? <CodeChanges original={question.code} edited={code[question.id] ?? ""} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              busy={runner.state !== "idle"}
              onClick={() => runner.submit({ intent: "run", questionId: question.id, code: code[question.id] ?? "" }, { method: "post" })}
            >
              Run Code
            </Button>
            <Button
              busy={busy && saver.formData?.get("intent") === "save"}
              disabled={busy}
              onClick={() =>
                saver.submit(
                  { intent: "save", questions: JSON.stringify(questions.map((q) => ({ questionId: q.id, code: code[q.id] ?? "", passed: [...passed[q.id]!] }))) },
                  { method: "post" },
                )
              }
            >
              Save
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirm("accept")}>
              Accept (pass)
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => setConfirm("reject")}>
              Reject (fail)
            </Button>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="evaluate-total">{`Score if saved: ${totalMarks(passed)}`}</p>
        </div>

        <div className="min-w-0 space-y-3">
          {suggestion.length > 0 ? (
            <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
              <p>{`${suggestion.length} failed ${suggestion.length === 1 ? "case" : "cases"} would pass under a lenient comparison: the score would be ${totalMarks(withSuggestion)}.`}</p>
              <Button size="sm" className="mt-2" onClick={() => setPassed(withSuggestion)}>
                Apply this run&apos;s suggestion
              </Button>
            </div>
          ) : null}
          <CaseList cases={question.cases} passed={ticked} onToggle={toggle} run={run} triage={runTriage} arrival={arrival[question.id]} />
        </div>
      </section>

      <ConfirmDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        busy={busy}
        onConfirm={() => confirm && saver.submit({ intent: confirm }, { method: "post" })}
        title={confirm === "accept" ? "Accept this test?" : "Reject this test?"}
        confirmLabel={confirm === "accept" ? "Accept" : "Reject"}
        description={
          confirm === "accept"
            ? "Every test case of every question is marked passed: full marks, score 100, completed and passed."
            : "Every submission is zeroed: score 0, completed and failed."
        }
      />
    </div>
  );
}

/** The evaluator's version against the student's original, line by line. */
function CodeChanges({ original, edited }: { original: string; edited: string }) {
  const lines = lineDiff(original, edited).filter((l) => !l.same);
  return (
    <details className="rounded border border-slate-200 text-xs dark:border-slate-700" data-testid="code-changes">
      <summary className="cursor-pointer px-2 py-1">{`Changed from the student's code (${lines.length} ${lines.length === 1 ? "line" : "lines"})`}</summary>
      <div className="space-y-0.5 p-2 font-mono">
        {lineDiff(original, edited).map((l, i) =>
          l.same ? null : (
            <div key={i}>
              {l.expected !== null ? <div className="bg-red-100 px-1 whitespace-pre-wrap dark:bg-red-900/40">{`${i + 1} - ${l.expected}`}</div> : null}
              {l.actual !== null ? <div className="bg-emerald-100 px-1 whitespace-pre-wrap dark:bg-emerald-900/40">{`${i + 1} + ${l.actual}`}</div> : null}
            </div>
          ),
        )}
      </div>
    </details>
  );
}

