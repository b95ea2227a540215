import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData, useNavigate, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FONT_SIZE_DEFAULT } from "~/components/code-editor";
import { CODING_COLUMNS, CODING_PAGE, CodeSection } from "~/components/test/code-section";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { outputEntry, OutputPanel, ResultsPanel, type OutputEntry, type PracticeRun } from "~/components/practice/practice-panels";
import { usePracticeDrafts } from "~/components/practice/use-practice-drafts";
import { ProblemPanel } from "~/components/test/problem-panel";
import { QuestionList } from "~/components/test/question-list";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { firstError } from "~/lib/accounts/validation";
import { requireRole } from "~/lib/accounts/session.server";
import { LANGUAGE_LABELS } from "~/lib/ui/format";
import { actionError, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { PracticeAccessError, practiceQuestions, requirePracticeAccess, runPracticeQuestion } from "~/lib/practice/session.server";
import { PRACTICE_MESSAGES, runMessage, RunPracticeSchema } from "~/lib/practice/validation";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.room.roomName ?? "Practice"} — ProctorEdge` }];

const BACK = "/student/practice";

/** Members of an active practice room only; anyone else goes back to their practice rooms with the reason. */
async function requireAccess(studentId: string, roomId: string, db: Parameters<typeof requirePracticeAccess>[0]) {
  try {
    return await requirePracticeAccess(db, studentId, roomId);
  } catch (error) {
    if (error instanceof PracticeAccessError) throw await redirectWithToast(BACK, { type: "error", message: error.message });
    throw error;
  }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const student = await requireRole(request, context, "student");
  const room = await requireAccess(student.id, params.roomId ?? "", context.db);
  let questions;
  try {
    questions = await practiceQuestions(context.db, room);
  } catch (error) {
    console.error(error);
    throw await redirectWithToast(BACK, { type: "error", message: PRACTICE_MESSAGES.loadFailed });
  }
  return { room: { id: room.id, roomName: room.roomName, category: room.category }, questions };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const student = await requireRole(request, context, "student");
  const values = (await readFormValues(request)) ?? {};
  try {
    const room = await requirePracticeAccess(context.db, student.id, params.roomId ?? "");
    const input = parseValues(RunPracticeSchema, values);
    const run = await runPracticeQuestion(context, room, input.questionId, input.code);
    return success(runMessage(run.passed, run.total), run);
  } catch (error) {
    // The page leaves a room the student may no longer use (deactivated, deleted).
    if (error instanceof PracticeAccessError) return data({ ok: false as const, error: error.message, leave: true }, { status: error.status });
    return actionError(error, PRACTICE_MESSAGES.runFailed);
  }
}

/** Nothing a run does changes what the loader read. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;

type RunAnswer = ({ ok: true; message: string } & PracticeRun) | { ok: false; error: string; leave?: boolean };

export default function PracticeSession() {
  const { room, questions } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const toast = useToast();
  const [active, setActive] = useState(0);
  const [fontSize, setFontSize] = useState(FONT_SIZE_DEFAULT);
  const [confirmExit, setConfirmExit] = useState(false);
  const [runs, setRuns] = useState<Record<string, PracticeRun>>({});
  const [output, setOutput] = useState<OutputEntry[]>([]);
  const drafts = usePracticeDrafts(
    room.id,
    questions.map((q) => q.id),
  );
  const runner = useFetcher<RunAnswer>();
  const outputId = useRef(0);
  const handled = useRef<unknown>(null);
  const question = questions[active];

  useEffect(() => {
    const answer = runner.data;
    if (runner.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) {
      toast({ type: "error", message: answer.error });
      if (answer.leave) navigate(BACK);
      return;
    }
    const index = questions.findIndex((q) => q.id === answer.questionId);
    const run: PracticeRun = { questionId: answer.questionId, compile: answer.compile, cases: answer.cases, passed: answer.passed, total: answer.total, marks: answer.marks, score: answer.score };
    setRuns((all) => ({ ...all, [run.questionId]: run }));
    setOutput((all) => [...all, outputEntry(++outputId.current, `Run Tests · Question ${index + 1}`, run)]);
    toast({ type: run.passed === run.total ? "success" : "info", message: answer.message });
  }, [runner.state, runner.data, questions, toast, navigate]);

  const exit = () => {
    drafts.discardAll();
    navigate(BACK);
  };

  const header = (
    <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
      <h1 className="font-semibold">{room.roomName}</h1>
      <Badge tone="blue">{room.category}</Badge>
      {question ? (
        <span className="text-sm text-muted" data-testid="question-position">
          {`Question ${active + 1} of ${questions.length}`}
        </span>
      ) : null}
      <span className="text-xs text-muted">Practice: nothing is saved; the marks show what a run would score in a test.</span>
      <div className="ml-auto">
        <Button variant="danger" onClick={() => setConfirmExit(true)}>
          Exit Practice
        </Button>
      </div>
    </header>
  );
  const exitDialog = (
    <ConfirmDialog
      open={confirmExit}
      onClose={() => setConfirmExit(false)}
      title={PRACTICE_MESSAGES.exitTitle}
      description={PRACTICE_MESSAGES.exitText}
      confirmLabel="Exit"
      onConfirm={exit}
    />
  );

  if (!question) {
    return (
      <div className={CODING_PAGE}>
        {header}
        <main className="flex flex-1 items-center justify-center p-8">
          <div className="w-full max-w-lg">
            <EmptyState title={PRACTICE_MESSAGES.noQuestions}>
              <Link to={BACK} className="mt-3 inline-block text-link underline hover:text-brand-700 dark:hover:text-brand-100">
                Back to Practice Rooms
              </Link>
            </EmptyState>
          </div>
        </main>
        {exitDialog}
      </div>
    );
  }

  const code = drafts.codes[question.id] ?? "";
  const running = runner.state !== "idle";
  const runTests = () => {
    const error = firstError(RunPracticeSchema, { questionId: question.id, code });
    if (error) {
      toast({ type: "error", message: error });
      return;
    }
    runner.submit({ questionId: question.id, code }, { method: "post" });
  };
  const runFor = (id: string) => runs[id];

  return (
    <div className={CODING_PAGE}>
      {header}
      <div className={CODING_COLUMNS}>
        <QuestionList
          questions={questions}
          active={active}
          onSelect={setActive}
          badge={(q) => {
            const r = runFor(q.id);
            return r && !(r.compile && r.compile.code !== 0) ? { tone: "done", text: `Last run · ${r.passed}/${r.total}` } : null;
          }}
        />
        <ProblemPanel
          question={question}
          marks={null}
          aside={<Badge tone="gray">{LANGUAGE_LABELS[question.language]}</Badge>}
          hiddenNote={(n) => `${n} hidden test case${n === 1 ? "" : "s"} also run when you press Run Tests: you see only whether each passed.`}
        />
        <CodeSection
          questionId={question.id}
          questionNumber={active + 1}
          language={question.language}
          code={code}
          onChange={(value) => drafts.setCode(question.id, value)}
          fontSize={fontSize}
          onFontSize={setFontSize}
        >
          <div className="flex items-center gap-3 border-t border-slate-200 px-3 py-2 dark:border-slate-800">
            <Button onClick={runTests} disabled={running} busy={running}>
              Run Tests
            </Button>
            <span className="text-xs text-muted">Your code stays in this browser only.</span>
          </div>
          <div className="grid h-64 grid-cols-2 border-t border-slate-200 dark:border-slate-800">
            <ResultsPanel run={runFor(question.id) ?? null} running={running && runner.formData?.get("questionId") === question.id} />
            <OutputPanel entries={output} onClear={() => setOutput([])} />
          </div>
        </CodeSection>
      </div>
      {exitDialog}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
