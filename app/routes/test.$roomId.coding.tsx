import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData, type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { z } from "zod";
import { ID_MAX } from "~/lib/http/input-limits";
import { BLOCKED_MESSAGES, loadEditor, type BlockedAction } from "~/components/code-editor";
import { CODING_COLUMNS, CODING_PAGE, CodeSection } from "~/components/test/code-section";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NetworkIndicator } from "~/components/network-indicator";
import { Countdown, TimeAnnouncer } from "~/components/test/countdown";
import { FinishDialog } from "~/components/test/lazy-dialogs";
import { OfflineBanner } from "~/components/test/offline-banner";
import { OutputConsole, type RunResult } from "~/components/test/output-console";
import { ProblemPanel } from "~/components/test/problem-panel";
import { QuestionList } from "~/components/test/question-list";
import { SyncStatus } from "~/components/test/sync-status";
import { UnlockDialog, useCodingLock } from "~/components/test/unlock-dialog";
import { useCodeDrafts } from "~/components/test/use-code-drafts";
import { isFinishing, useTestSession } from "~/components/test/use-test-session";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CenteredNotice } from "~/components/ui/centered-notice";
import { ConfirmDialog, Dialog } from "~/components/ui/dialog";
import { codeField } from "~/lib/runner/code-field";
import { LANGUAGE_LABELS } from "~/lib/ui/format";
import { actionError, FormError, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { RUNNER_BUSY_SAVED } from "~/lib/student-tests/submit-messages";
import { publishParticipantsChanged } from "~/lib/party.server";
import { runOpenCases, submitCode } from "~/lib/student-tests/coding-test.server";
import { requireTestPage, testPageCapability } from "~/lib/student-tests/student-pages.server";
import { codingTestView, testState } from "~/lib/student-tests/student-tests.server";
import { TEST_RULES } from "~/lib/student-tests/test-rules";
import type { ShownResult } from "~/lib/results/release";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { loadWithLocal } from "~/offline/client-loader";
import { actionOrOffline } from "~/lib/ui/action-or-offline";
import { useOfflineShell } from "~/offline/service-worker";
import { newerThanServer, saveSubmission } from "~/offline/test-store";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.roomName ?? "Coding test"} — ProctorEdge` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await requireTestPage(request, context, params.roomId ?? "");
  const { room, test } = page;
  if (room.questionType === "mcq") throw redirect(`/test/${room.id}/mcq`);
  if (test.isCompleted) throw await redirectWithToast("/student", { type: "info", message: "You have already finished this test" });
  try {
    const questions = await codingTestView(context.db, context.cloudflare.env, room, test);
    const state = testState(room, test);
    return {
      roomId: room.id,
      roomName: room.roomName,
      language: room.language,
      testId: test.id,
      capability: await testPageCapability(context, page),
      questions,
      state,
      serverNow: state.serverNow,
      /** Extra time granted to this student: a room-changed event's ends_at plus this is their deadline. */
      extraMs: state.endsAt !== null && room.endsAt ? state.endsAt - room.endsAt.getTime() : 0,
    };
  } catch (error) {
    if (error instanceof FormError) throw await redirectWithToast("/student", { type: "error", message: error.message });
    throw error;
  }
}

const CodeSchema = z.object({
  intent: z.enum(["run", "submit"]),
  questionId: z.string().min(1).max(ID_MAX, "This question is not part of your test"),
  code: codeField,
});

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { room, test } = await requireTestPage(request, context, params.roomId ?? "");
  const values = (await readFormValues(request)) ?? {};
  const intent = String(values.intent);
  // Submits change the admin's participants table: tell them. (Finish Test is a journal entry.)
  const notify = () => context.cloudflare.ctx.waitUntil(publishParticipantsChanged(context.cloudflare.env, room.id));
  try {
    const input = parseValues(CodeSchema, values);
    if (input.intent === "run") {
      const result = await runOpenCases(context, room, test, input.questionId, input.code);
      return success(result.passed === result.total ? "All test cases passed!" : `${result.passed}/${result.total} test cases passed`, {
        kind: "run" as const,
        ...result,
      });
    }
    const result = await submitCode(context, room, test, input.questionId, input.code);
    notify();
    return success(judgedMessage(result.passed, result.total), {
      kind: "submit" as const,
      ...result,
    });
  } catch (error) {
    // A Submit Code the runner queue outlived (or the runner is down) goes to
    // the journal, as an offline one does: saved now, judged when the runner has room.
    if (intent === "submit" && error instanceof FormError && error.status === 503) return { ok: false as const, error: RUNNER_BUSY_SAVED, queued: true as const };
    return actionError(error, intent === "submit" ? "Failed to submit code" : "Failed to run code");
  }
}

const callServer = (serverAction: ClientActionFunctionArgs["serverAction"]) => actionOrOffline(() => serverAction<typeof action>());
type CodeAnswer = Awaited<ReturnType<typeof callServer>>;
type Sent = { intent: "run" | "submit"; questionId: string; code: string };

/**
 * The mounted coding page's handler for each Run / Submit answer. Answers are
 * handled here, where they arrive, not through `fetcher.data`: while live
 * events reload loaders, React Router can settle the fetcher without the
 * page's effect ever seeing the new data (seen in CI: a judged submit with no
 * toast, no console output and no running score). The fetcher still drives
 * the buttons' busy state.
 */
let answerHandler: ((answer: CodeAnswer, sent: Sent) => void) | null = null;

export async function clientAction({ serverAction, request }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  const sent: Sent = {
    intent: form.get("intent") === "run" ? "run" : "submit",
    questionId: String(form.get("questionId") ?? ""),
    code: String(form.get("code") ?? ""),
  };
  const answer = await callServer(serverAction);
  answerHandler?.(answer, sent);
  return answer;
}

/** Run and Submit answer in place (the page updates its own state): no loader reload after them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => {
  if (isFinishing() || (formMethod && formMethod.toUpperCase() !== "GET")) return false;
  return defaultShouldRevalidate;
};

export async function clientLoader({ serverLoader, params }: ClientLoaderFunctionArgs) {
  return loadWithLocal(params.roomId ?? "", () => serverLoader<typeof loader>());
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <CenteredNotice title="Coding test">Loading your test…</CenteredNotice>;
}

type Data = ReturnType<typeof useLoaderData<typeof clientLoader>>;
type Question = Data["questions"][number];

const RUN_OFFLINE = "Running code needs a connection. Your code is saved and will sync when you are back online.";
const SUBMIT_QUEUED = "You are offline. Your submission is saved on this device and will be judged when the connection returns.";

/** A submit's verdict, or, while the room's results are held (decision 041), only that it went in. */
const judgedMessage = (passed: number | null, total: number | null) =>
  passed === null || total === null ? SUBMITTED_HELD : passed === total ? "All test cases passed!" : `${passed}/${total} test cases passed`;
const SUBMITTED_HELD = "Code submitted. Your results are shown when they are released.";
const allPassed = (r: { passed: number | null; total: number | null }) => r.passed !== null && r.passed === r.total;

/** "Submitted · 3/5", or "Submitted" while the counts are not shown (decision 041). */
const submittedBadge = (s: { passed: number | null; total: number | null }) => (s.passed === null || s.total === null ? "Submitted" : `Submitted · ${s.passed}/${s.total}`);

export default function CodingTest() {
  const data = useLoaderData<typeof clientLoader>();
  const toast = useToast();
  // The page is kept for an offline reload once the lazily loaded editor is here too.
  const [editorLoaded, setEditorLoaded] = useState(false);
  useEffect(() => {
    loadEditor(data.language).then(
      () => setEditorLoaded(true),
      () => {},
    );
  }, [data.language]);
  useOfflineShell(editorLoaded);
  const [active, setActive] = useState(0);
  const question = data.questions[active]!;
  const [fontSize, setFontSize] = useState(14);
  const [output, setOutput] = useState<RunResult | null>(null);
  const [confirmFinish, setConfirmFinish] = useState(false);

  // Verdicts this device heard after the server's copy was kept (an offline reload) still count in the running score.
  const [submissions, setSubmissions] = useState<Record<string, Question["submission"]>>(() =>
    Object.fromEntries(
      data.questions.map((q) => [q.id, newerThanServer(data.local?.submissions?.[q.id], q.submission, q.submission?.submittedAt ?? null)]),
    ),
  );
  const saveNowRef = useRef<(questionId: string) => Promise<void>>(async () => {});
  const lock = useCodingLock();
  const session = useTestSession({
    type: "coding",
    roomId: data.roomId,
    testId: data.testId,
    capability: data.capability,
    serverNow: data.serverNow,
    state: data.state,
    extraMs: data.extraMs,
    // Held results (decision 041): no score until the room releases them.
    finishedMessage: (state) => (state.totalScore === null ? "Test submitted successfully" : `Test submitted successfully! Total Score: ${state.totalScore}/100`),
    beforeFinish: () => saveNowRef.current(question.id),
    onStateChange: lock.onStateChange,
    unlockTimedOut: lock.unlockTimedOut,
    onJudged(judged) {
      for (const j of judged) {
        recordVerdict(j.questionId, { passed: j.passed, total: j.total, marks: j.marks, score: j.score });
        const index = data.questions.findIndex((q) => q.id === j.questionId);
        const message = `Question ${index + 1}: ${judgedMessage(j.passed, j.total)}`;
        toast({ type: allPassed(j) ? "success" : "info", message: j.passed === null ? `Your queued submission was received. ${message}` : `Your queued submission was judged. ${message}` });
        setOutput({ kind: "submit", message, compile: null, cases: [], passed: j.passed, total: j.total, marks: j.marks });
      }
    },
  });
  const { view, append, flush, pending, network, serverTime } = session;
  // Marks and score come from the server, weighed by the cases' points (decision 037): the page never recomputes them.
  const recordVerdict = (questionId: string, verdict: ShownResult) => {
    const at = serverTime();
    const submission = { ...verdict, submittedAt: at };
    setSubmissions((all) => ({ ...all, [questionId]: submission }));
    void saveSubmission(data.roomId, data.testId, questionId, submission, at);
  };
  const { codes, setCode, saveNow } = useCodeDrafts({
    roomId: data.roomId,
    testId: data.testId,
    questions: data.questions,
    local: data.local?.codes,
    activeQuestionId: question.id,
    append,
    pending,
    pendingLoaded: session.pendingLoaded,
    serverTime,
  });
  saveNowRef.current = saveNow;

  const runner = useFetcher<typeof clientAction>();
  const queueSubmit = useCallback(
    async (questionId: string, code: string, message = SUBMIT_QUEUED) => {
      await append("submit-code", { questionId, code });
      toast({ type: "info", message });
      void flush();
    },
    [append, flush, toast],
  );
  // Leaving the page, or the browser noticing the network is gone: code that
  // waits for its paced send (CODE_SEND_MS) is tried at once; offline it stays
  // in the journal and goes on reconnect (decisions 006 and 019).
  useEffect(() => {
    const now = () => void flush();
    window.addEventListener("pagehide", now);
    window.addEventListener("offline", now);
    return () => {
      window.removeEventListener("pagehide", now);
      window.removeEventListener("offline", now);
    };
  }, [flush]);
  const onAnswer = (r: CodeAnswer, sent: Sent) => {
    if (!r.ok) {
      if ("queued" in r && r.queued) {
        void queueSubmit(sent.questionId, sent.code, r.error);
        return;
      }
      if ("offline" in r && r.offline) {
        if (sent.intent === "submit") void queueSubmit(sent.questionId, sent.code);
        else toast({ type: "error", message: RUN_OFFLINE });
        return;
      }
      toast({ type: "error", message: r.error });
      return;
    }
    if ("kind" in r) {
      const result = r as unknown as RunResult;
      // The console shows the answer for the question on screen; a verdict always counts.
      if (sent.questionId === activeIdRef.current) setOutput(result);
      toast({ type: allPassed(result) ? "success" : "info", message: result.message });
      if (result.kind === "submit") recordVerdict(sent.questionId, { passed: result.passed, total: result.total, marks: result.marks ?? null, score: result.score ?? null });
    }
  };
  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;
  const activeIdRef = useRef(question.id);
  activeIdRef.current = question.id;
  useEffect(() => {
    answerHandler = (answer, sent) => onAnswerRef.current(answer, sent);
    return () => {
      answerHandler = null;
    };
  }, []);

  const code = codes[question.id] ?? "";
  const busy = runner.state !== "idle";
  // Finishing while a Submit Code is on its way would total the test without it (and then refuse it).
  const submitting = busy && runner.formData?.get("intent") === "submit";
  const send = async (intent: "run" | "submit") => {
    await saveNow(question.id);
    // The code goes to the server now, not with the next paced autosave (CODE_SEND_MS).
    void flush();
    if (!network.online) {
      if (intent === "submit") await queueSubmit(question.id, code);
      else toast({ type: "error", message: RUN_OFFLINE });
      return;
    }
    runner.submit({ intent, questionId: question.id, code }, { method: "post" });
  };
  const switchTo = (index: number) => {
    // The editor switches at once; the question left behind is saved (and sent) in the background.
    void saveNow(question.id).then(() => flush());
    setActive(index);
    setOutput(null);
  };
  const blocked = (kind: BlockedAction) => toast({ type: "error", message: BLOCKED_MESSAGES[kind] });

  const totalMarks = useMemo(() => Object.values(submissions).reduce((sum, s) => sum + (s?.marks ?? 0), 0), [submissions]);
  const queued = (questionId: string) => pending.some((e) => e.kind === "submit-code" && e.payload.questionId === questionId);
  const journalStatus = session.status;

  return (
    <div className={CODING_PAGE}>
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="font-semibold">{data.roomName}</h1>
        <Badge tone="blue">{LANGUAGE_LABELS[data.language]}</Badge>
        <Countdown left={session.seconds} />
        <TimeAnnouncer left={session.seconds} />
        <NetworkIndicator />
        <SyncStatus status={journalStatus} />
        <span className="text-xs text-muted" data-testid="tab-switches">
          Tab switches: {view.tabSwitchCount}/{TEST_RULES.maxTabSwitches}
        </span>
        <div className="ml-auto flex items-center gap-3">
          {view.totalScore === null ? null : <span className="text-sm text-muted">Score so far: {Math.min(100, totalMarks)}/100</span>}
          <Button variant="danger" onClick={() => setConfirmFinish(true)} busy={session.finishBusy} disabled={view.finishing || session.phase !== null || submitting}>
            Finish Test
          </Button>
        </div>
      </header>
      {!network.online ? <OfflineBanner what="Keep working: your code is saved on this device and syncs when the connection returns." /> : null}
      {journalStatus?.error || journalStatus?.storageError ? (
        <div role="alert" className="bg-red-100 px-4 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-200">
          {journalStatus.error ?? journalStatus.storageError}
        </div>
      ) : null}

      <div className={CODING_COLUMNS}>
        <QuestionList
          questions={data.questions}
          active={active}
          onSelect={switchTo}
          badge={(q) => (queued(q.id) ? { tone: "queued", text: "Submission queued" } : submissions[q.id] ? { tone: "done", text: submittedBadge(submissions[q.id]!) } : null)}
        />
        <ProblemPanel question={question} marks={`${question.marks ?? TEST_RULES.marksPerCodingQuestion} marks`} />

        <CodeSection
          questionId={question.id}
          questionNumber={active + 1}
          language={data.language}
          code={code}
          onChange={(value) => setCode(question.id, value)}
          fontSize={fontSize}
          onFontSize={setFontSize}
          blockClipboard
          onBlocked={blocked}
        >
          <div className="flex flex-wrap gap-2 border-t border-slate-200 px-3 py-2 dark:border-slate-800">
            {/* keepFocus: pressed from the keyboard, each keeps the focus while the request runs. */}
            <Button variant="secondary" keepFocus onClick={() => void send("run")} disabled={!code.trim() || busy} busy={busy && runner.formData?.get("intent") === "run"}>
              Run Code
            </Button>
            <Button keepFocus onClick={() => void send("submit")} disabled={!code.trim() || busy} busy={submitting}>
              Submit Code
            </Button>
          </div>
          <OutputConsole result={output} />
        </CodeSection>
      </div>

      <ConfirmDialog
        open={confirmFinish}
        onClose={() => setConfirmFinish(false)}
        title="Finish the test?"
        confirmLabel="Finish Test"
        description={`You have submitted ${Object.values(submissions).filter(Boolean).length} of ${data.questions.length} questions. You cannot change your answers afterwards.`}
        busy={session.finishBusy}
        onConfirm={() => {
          setConfirmFinish(false);
          void session.finish(false);
        }}
      />
      <UnlockDialog state={view} onUnlock={(code) => lock.unlock(session, code)} />
      <FinishDialog phase={session.phase} />
      <Dialog open={view.isDisqualified && !session.serverState.isDisqualified && !session.phase} onClose={() => {}} title="Test disqualified">
        <p role="alert" className="text-sm text-slate-600 dark:text-slate-300">
          Test disqualified due to multiple tab switches. This is confirmed when your device reconnects; your work is saved on this device.
        </p>
      </Dialog>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

