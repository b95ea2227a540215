import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useFetcher, useLoaderData, useNavigate, type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { z } from "zod";
import { CodeEditor, FILE_NAMES, FontSizeControls } from "~/components/code-editor";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { bestServerOffset, NetworkIndicator, useNetworkStatus } from "~/components/network-indicator";
import { Countdown, useCountdown } from "~/components/test/countdown";
import { ProblemText } from "~/components/test/problem-text";
import { SyncStatus } from "~/components/test/sync-status";
import { useJournal } from "~/components/test/use-journal";
import { useToast } from "~/components/toaster";
import { exitMessage, useRoomParty } from "~/components/use-room-party";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog } from "~/components/ui/dialog";
import { controlClass } from "~/components/ui/field";
import { runOpenCases, submitCode, type CaseResult } from "~/lib/student-tests/coding-test.server";
import { LANGUAGE_LABELS } from "~/lib/format";
import { actionError, FormError, parseValues, success, readFormValues } from "~/lib/forms.server";
import { publishParticipantsChanged } from "~/lib/party.server";
import { requireTestPage } from "~/lib/student-tests/student-pages.server";
import { codingTestView, testState } from "~/lib/student-tests/student-tests.server";
import { codingMarks, TEST_RULES } from "~/lib/student-tests/test-rules";
import { redirectWithToast } from "~/lib/toast.server";
import { FinishDialog, type FinishPhase } from "~/components/test/finish-dialog";
import { OfflineBanner } from "~/components/test/offline-banner";
import { CenteredNotice } from "~/components/ui/centered-notice";
import { loadWithLocal } from "~/offline/client-loader";
import type { Entry, JudgedEntry, RejectedEntry, TestState } from "~/offline/journal";
import { useOfflineShell } from "~/offline/service-worker";
import { newerThanServer, saveCode, saveState, saveSubmission, withPending } from "~/offline/test-store";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.roomName ?? "Coding test"} — ProctorEdge` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { room, test } = await requireTestPage(request, context, params.roomId ?? "");
  if (room.questionType === "mcq") throw redirect(`/test/${room.id}/mcq`);
  if (test.isCompleted) throw await redirectWithToast("/student", { type: "info", message: "You have already finished this test" });
  try {
    const questions = await codingTestView(context.db, room, test);
    return {
      roomId: room.id,
      roomName: room.roomName,
      language: room.language,
      testId: test.id,
      questions,
      state: testState(room, test),
      serverNow: Date.now(),
    };
  } catch (error) {
    if (error instanceof FormError) throw await redirectWithToast("/student", { type: "error", message: error.message });
    throw error;
  }
}

const CodeSchema = z.object({
  intent: z.enum(["run", "submit"]),
  questionId: z.string().min(1),
  code: z
    .string()
    .max(64 * 1024, "Your code is over 64 KB")
    .refine((c) => c.trim().length > 0, "Please write some code first"),
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
    return success(result.passed === result.total ? "All test cases passed!" : `${result.passed}/${result.total} test cases passed`, {
      kind: "submit" as const,
      ...result,
    });
  } catch (error) {
    return actionError(error, intent === "submit" ? "Failed to submit code" : "Failed to run code");
  }
}

/** In the browser: a lost connection answers `offline` (the page queues or explains) instead of the error page. */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return { ok: false as const, error: "You are offline.", offline: true as const };
  }
}

/** Run and Submit answer in place (the page updates its own state): no loader reload after them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return false;
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
type RunResult = {
  kind: "run" | "submit";
  message: string;
  compile: { code: number; stdout: string; stderr: string } | null;
  cases: CaseResult[];
  passed: number;
  total: number;
  marks?: number;
};

const AUTOSAVE_MS = 2000;
const RUN_OFFLINE = "Running code needs a connection. Your code is saved and will sync when you are back online.";
const SUBMIT_QUEUED = "You are offline. Your submission is saved on this device and will be judged when the connection returns.";
/** An unlock that has not reached the server after this long is taken provisionally. */
const UNLOCK_WAIT_MS = 4000;

const judgedMessage = (passed: number, total: number) => (passed === total ? "All test cases passed!" : `${passed}/${total} test cases passed`);

export default function CodingTest() {
  const data = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  const toast = useToast();
  const network = useNetworkStatus();
  useOfflineShell(true);
  const [loadOffset] = useState(() => (typeof window === "undefined" ? 0 : data.serverNow - Date.now()));
  // Read on every use: a measurement (or the one kept from earlier) beats the loader's estimate.
  const offsetRef = useRef(0);
  offsetRef.current = network.serverOffset ?? bestServerOffset() ?? loadOffset;
  const [serverState, setServerState] = useState<TestState>(data.state);
  // A refetch (after a room-wide change) brings this student's own deadline.
  useEffect(() => setServerState((s) => ({ ...s, endsAt: data.state.endsAt })), [data.state.endsAt]);
  const [active, setActive] = useState(0);
  // This device's code wins where it is newer than the server's (a reload before it synced).
  const [codes, setCodes] = useState<Record<string, string>>(() =>
    Object.fromEntries(data.questions.map((q) => [q.id, newerThanServer(data.local?.codes?.[q.id], q.code, q.codeSavedAt)])),
  );
  const [fontSize, setFontSize] = useState(14);
  const [output, setOutput] = useState<RunResult | null>(null);
  // Verdicts this device heard after the server's copy was kept (an offline reload) still count in the running score.
  const [submissions, setSubmissions] = useState<Record<string, Question["submission"]>>(() =>
    Object.fromEntries(
      data.questions.map((q) => [q.id, newerThanServer(data.local?.submissions?.[q.id], q.submission, q.submission?.submittedAt ?? null)]),
    ),
  );
  const recordVerdict = useCallback(
    (questionId: string, verdict: { passed: number; total: number; marks: number }) => {
      const at = Math.round(Date.now() + offsetRef.current);
      const submission = { ...verdict, score: codingMarks(verdict.passed, verdict.total).score, submittedAt: at };
      setSubmissions((all) => ({ ...all, [questionId]: submission }));
      void saveSubmission(data.roomId, data.testId, questionId, submission, at);
    },
    [data.roomId, data.testId],
  );
  const [confirmFinish, setConfirmFinish] = useState(false);
  const [finishResult, setFinishResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [unlockTimedOut, setUnlockTimedOut] = useState(false);
  const ended = useRef(false);

  const leave = useCallback(
    (message: string, type: "error" | "success" = "error") => {
      if (ended.current) return;
      ended.current = true;
      toast({ type, message });
      setTimeout(() => navigate("/student", { replace: true }), 2000);
    },
    [navigate, toast],
  );

  const onState = useCallback(
    (next: TestState) => {
      void saveState(data.roomId, data.testId, next);
      setServerState((prev) => {
        if (next.isDisqualified && !prev.isDisqualified) {
          leave(
            prev.isLocked && next.tabSwitchCount === prev.tabSwitchCount
              ? "Test disqualified due to incorrect unlock code"
              : "Test disqualified due to multiple tab switches",
          );
        } else if (next.isLocked && next.unlockAttemptsRemaining < prev.unlockAttemptsRemaining) {
          // First: an unlock made offline can turn out wrong in the same sync that brings the lock.
          toast({ type: "error", message: `Incorrect code. ${next.unlockAttemptsRemaining} attempts remaining.` });
        } else if (next.isLocked && !prev.isLocked) {
          toast({ type: "error", message: `Tab switch detected! (${next.tabSwitchCount}/${TEST_RULES.maxTabSwitches}) Enter unlock code to continue.` });
        } else if (prev.isLocked && !next.isLocked && !next.isDisqualified) {
          toast({ type: "success", message: "Test unlocked successfully" });
        }
        return next;
      });
    },
    [data.roomId, data.testId, leave, toast],
  );
  const onJudged = useCallback(
    (judged: JudgedEntry[]) => {
      for (const j of judged) {
        recordVerdict(j.questionId, j);
        const index = data.questions.findIndex((q) => q.id === j.questionId);
        const message = `Question ${index + 1}: ${judgedMessage(j.passed, j.total)}`;
        toast({ type: j.passed === j.total ? "success" : "info", message: `Your queued submission was judged. ${message}` });
        setOutput({ kind: "submit", message, compile: null, cases: [], passed: j.passed, total: j.total, marks: j.marks });
      }
    },
    [data.questions, recordVerdict, toast],
  );
  const onAccepted = useCallback(
    (entries: Entry[], state: TestState) => {
      if (entries.some((e) => e.kind === "finish")) {
        const message = `Test submitted successfully! Total Score: ${state.totalScore}/100`;
        setFinishResult({ ok: true, message });
        leave(message, "success");
      }
    },
    [leave],
  );
  const onRejected = useCallback(
    (rejected: RejectedEntry[]) => {
      const finish = rejected.find((r) => pendingRef.current.some((e) => e.id === r.id && e.kind === "finish"));
      if (finish) setFinishResult({ ok: false, message: finish.reason });
      else if (rejected[0]) toast({ type: "error", message: `Some changes were not saved: ${rejected[0].reason}` });
    },
    [toast],
  );
  const { journal, status: journalStatus, append, flush, pending } = useJournal({
    testId: data.testId,
    clockOffset: () => offsetRef.current,
    onState,
    onJudged,
    onAccepted,
    onRejected,
  });
  const pendingRef = useRef<Entry[]>(pending);
  pendingRef.current = pending;
  // What the student sees: the server's state plus this device's unsynced tab switches, unlocks and finish.
  const view = withPending(serverState, pending, {
    type: "coding",
    maxSwitches: TEST_RULES.maxTabSwitches,
    provisionalUnlock: !network.online || unlockTimedOut,
  });

  // Autosave: 2 s after a change, and before switching question or submitting.
  const lastSaved = useRef<Record<string, string>>({ ...codes });
  const saveNow = useCallback(
    async (questionId: string) => {
      const code = codes[questionId] ?? "";
      if (lastSaved.current[questionId] === code) return;
      lastSaved.current[questionId] = code;
      await Promise.all([
        append("code", { questionId, code }),
        saveCode(data.roomId, data.testId, questionId, code, Math.round(Date.now() + offsetRef.current)),
      ]);
    },
    [append, codes, data.roomId, data.testId],
  );
  const question = data.questions[active]!;
  // Every 2 s while the code changes (not 2 s after the last key: someone
  // typing without a pause still saves). The timer saves whatever is current.
  const latest = useRef({ saveNow, questionId: question.id });
  latest.current = { saveNow, questionId: question.id };
  const autosave = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (autosave.current) return;
    autosave.current = setTimeout(() => {
      autosave.current = null;
      void latest.current.saveNow(latest.current.questionId);
    }, AUTOSAVE_MS);
  }, [codes]);
  useEffect(
    () => () => {
      if (autosave.current) clearTimeout(autosave.current);
    },
    [],
  );
  // This device's copy follows the editor closely (a reload loses at most a
  // keystroke or two); the journal entry, which the server sees, every 2 s.
  useEffect(() => {
    const questionId = question.id;
    const code = codes[questionId] ?? "";
    const timer = setTimeout(() => void saveCode(data.roomId, data.testId, questionId, code, Math.round(Date.now() + offsetRef.current)), 250);
    return () => clearTimeout(timer);
  }, [codes, data.roomId, data.testId, question.id]);
  useEffect(() => {
    const onHide = () => void saveNow(question.id);
    window.addEventListener("pagehide", onHide);
    return () => window.removeEventListener("pagehide", onHide);
  }, [question.id, saveNow]);

  // Proctoring: every hidden-tab event is journaled and counted by the server (offline: on sync).
  useEffect(() => {
    if (!journal) return;
    const onVisibility = () => {
      if (document.visibilityState === "hidden" && !ended.current) {
        void append("tab-switch", { at: Math.round(Date.now() + offsetRef.current) }).then(() => flush());
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [append, flush, journal]);

  useRoomParty(data.roomId, (event) => {
    // Extra time for this student alone carries their own deadline.
    if (event.type === "time-changed") {
      setServerState((s) => ({ ...s, endsAt: event.endsAt }));
      return "handled";
    }
    // A room-wide change (extend, stop) falls through: the loader refetches this student's deadline.
    const exit = exitMessage(event);
    if (exit) {
      leave(exit);
      return "handled";
    }
  });

  // Finish (the button or the clock): a journal entry like any other, so it
  // also works offline and is submitted when the connection returns.
  const finishing = useRef(false);
  const [finishBusy, setFinishBusy] = useState(false);
  const finish = useCallback(async () => {
    if (finishing.current || view.finishing) return;
    finishing.current = true;
    setFinishBusy(true);
    try {
      await saveNow(question.id);
      await append("finish", {});
      await Promise.race([flush(), new Promise((resolve) => setTimeout(resolve, 8000))]);
    } finally {
      finishing.current = false;
      setFinishBusy(false);
    }
  }, [append, flush, question.id, saveNow, view.finishing]);

  const left = useCountdown(view.endsAt, () => offsetRef.current, () => void finish());

  const runner = useFetcher<typeof clientAction>();
  const queueSubmit = useCallback(
    async (questionId: string, code: string) => {
      await append("submit-code", { questionId, code });
      toast({ type: "info", message: SUBMIT_QUEUED });
      void flush();
    },
    [append, flush, toast],
  );
  useEffect(() => {
    const r = runner.data;
    if (!r) return;
    if (!r.ok) {
      if ("offline" in r && r.offline) {
        const intent = runner.formData?.get("intent");
        if (intent === "submit") void queueSubmit(String(runner.formData?.get("questionId")), String(runner.formData?.get("code")));
        else toast({ type: "error", message: RUN_OFFLINE });
        return;
      }
      toast({ type: "error", message: r.error });
      return;
    }
    if ("kind" in r) {
      const result = r as unknown as RunResult;
      setOutput(result);
      toast({ type: result.passed === result.total ? "success" : "info", message: result.message });
      if (result.kind === "submit") {
        const qid = String(runner.formData?.get("questionId") ?? question.id);
        recordVerdict(qid, { passed: result.passed, total: result.total, marks: result.marks ?? 0 });
      }
    }
  }, [runner.data]); // eslint-disable-line react-hooks/exhaustive-deps -- react to each new result once

  const code = codes[question.id] ?? "";
  const busy = runner.state !== "idle";
  const send = async (intent: "run" | "submit") => {
    await saveNow(question.id);
    if (!network.online) {
      if (intent === "submit") await queueSubmit(question.id, code);
      else toast({ type: "error", message: RUN_OFFLINE });
      return;
    }
    runner.submit({ intent, questionId: question.id, code }, { method: "post" });
  };
  const switchTo = (index: number) => {
    // The editor switches at once; the question left behind is saved in the background.
    void saveNow(question.id);
    setActive(index);
    setOutput(null);
  };
  const blocked = (kind: "paste" | "copy" | "cut") =>
    toast({ type: "error", message: `${kind[0]!.toUpperCase()}${kind.slice(1)} is disabled during the test` });

  const totalMarks = useMemo(() => Object.values(submissions).reduce((sum, s) => sum + (s?.marks ?? 0), 0), [submissions]);
  const queued = (questionId: string) => pending.some((e) => e.kind === "submit-code" && e.payload.questionId === questionId);

  const phase: FinishPhase | null = finishResult
    ? finishResult.ok
      ? { type: "submitted", message: finishResult.message }
      : { type: "failed", error: finishResult.message, retry: false }
    : view.finishing
      ? network.online
        ? { type: "submitting", timeUp: left === 0 }
        : { type: "waiting-online", timeUp: left === 0 }
      : null;

  return (
    <div className="flex h-screen flex-col">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="font-semibold">{data.roomName}</h1>
        <Badge tone="blue">{LANGUAGE_LABELS[data.language]}</Badge>
        <Countdown left={left} />
        <NetworkIndicator />
        <SyncStatus status={journalStatus} />
        <span className="text-xs text-slate-500" data-testid="tab-switches">
          Tab switches: {view.tabSwitchCount}/{TEST_RULES.maxTabSwitches}
        </span>
        <div className="ml-auto flex items-center gap-3">
          <span className="text-sm text-slate-500">Score so far: {Math.min(100, totalMarks)}/100</span>
          <Button variant="danger" onClick={() => setConfirmFinish(true)} busy={finishBusy} disabled={view.finishing}>
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

      <div className="grid min-h-0 flex-1 grid-cols-[13rem_minmax(0,1fr)_minmax(0,1.3fr)]">
        <nav aria-label="Questions" className="space-y-1 overflow-y-auto border-r border-slate-200 p-3 dark:border-slate-800">
          {data.questions.map((q, i) => (
            <button
              key={q.id}
              type="button"
              onClick={() => switchTo(i)}
              aria-current={i === active ? "true" : undefined}
              className={`w-full rounded-md px-3 py-2 text-left text-sm ${i === active ? "bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-white" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`}
            >
              <span className="block">Question {i + 1}</span>
              <span className="block truncate text-xs text-slate-500">{q.title}</span>
              {queued(q.id) ? (
                <span className="mt-1 block text-xs text-amber-600">Submission queued</span>
              ) : submissions[q.id] ? (
                <span className="mt-1 block text-xs text-emerald-600">
                  Submitted · {submissions[q.id]!.passed}/{submissions[q.id]!.total}
                </span>
              ) : null}
            </button>
          ))}
        </nav>
        <section aria-label="Problem" className="space-y-4 overflow-y-auto border-r border-slate-200 p-5 dark:border-slate-800">
          <div className="flex items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold">{question.title}</h2>
            <span className="text-sm text-slate-500">50 marks</span>
          </div>
          <ProblemText text={question.description} />
          <div>
            <h3 className="mb-2 text-sm font-semibold">Test cases</h3>
            {question.openCases.length === 0 ? (
              <p className="text-sm text-slate-500">No open test cases for this question.</p>
            ) : (
              question.openCases.map((c, i) => (
                <div key={c.id} className="mb-3 grid grid-cols-2 gap-2 text-xs">
                  <div>
                    <p className="mb-1 font-medium">Input {i + 1}</p>
                    <pre className="overflow-x-auto rounded bg-slate-100 p-2 dark:bg-slate-800">{c.input}</pre>
                  </div>
                  <div>
                    <p className="mb-1 font-medium">Expected output</p>
                    <pre className="overflow-x-auto rounded bg-slate-100 p-2 dark:bg-slate-800">{c.expectedOutput}</pre>
                  </div>
                </div>
              ))
            )}
            <p className="text-xs text-slate-500">
              {question.totalCases - question.openCases.length} hidden test cases are judged when you submit.
            </p>
          </div>
        </section>

        <section aria-label="Code" className="flex min-h-0 flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-3 py-1.5 dark:border-slate-800">
            <span className="font-mono text-xs text-slate-500">{FILE_NAMES[data.language]}</span>
            <FontSizeControls size={fontSize} onChange={setFontSize} />
          </div>
          <div className="min-h-0 flex-1 overflow-auto">
            <CodeEditor
              // One editor per question: its own document and undo history.
              key={question.id}
              value={code}
              onChange={(value) => setCodes((all) => ({ ...all, [question.id]: value }))}
              language={data.language}
              fontSize={fontSize}
              blockClipboard
              onBlocked={blocked}
              ariaLabel={`Code for question ${active + 1}`}
            />
          </div>
          <div className="flex gap-2 border-t border-slate-200 px-3 py-2 dark:border-slate-800">
            <Button variant="secondary" onClick={() => void send("run")} disabled={!code.trim() || busy} busy={busy && runner.formData?.get("intent") === "run"}>
              Run Code
            </Button>
            <Button onClick={() => void send("submit")} disabled={!code.trim() || busy} busy={busy && runner.formData?.get("intent") === "submit"}>
              Submit Code
            </Button>
          </div>
          <OutputConsole result={output} />
        </section>
      </div>

      <ConfirmDialog
        open={confirmFinish}
        onClose={() => setConfirmFinish(false)}
        title="Finish the test?"
        confirmLabel="Finish Test"
        description={`You have submitted ${Object.values(submissions).filter(Boolean).length} of ${data.questions.length} questions. You cannot change your answers afterwards.`}
        busy={finishBusy}
        onConfirm={() => {
          setConfirmFinish(false);
          void finish();
        }}
      />
      <UnlockDialog
        state={view}
        onUnlock={async (c) => {
          setUnlockTimedOut(false);
          await append("unlock", { code: c });
          if (!network.online) {
            toast({ type: "info", message: "Unlocked for now. The code will be checked when you are back online." });
            return;
          }
          const synced = await Promise.race([flush().then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), UNLOCK_WAIT_MS))]);
          if (!synced) {
            setUnlockTimedOut(true);
            toast({ type: "info", message: "Unlocked for now. The code will be checked when the connection recovers." });
          }
        }}
      />
      <FinishDialog phase={phase} />
      <Dialog open={view.isDisqualified && !serverState.isDisqualified && !phase} onClose={() => {}} title="Test disqualified">
        <p role="alert" className="text-sm text-slate-600 dark:text-slate-300">
          Test disqualified due to multiple tab switches. This is confirmed when your device reconnects; your work is saved on this device.
        </p>
      </Dialog>
    </div>
  );
}

function OutputConsole({ result }: { result: RunResult | null }) {
  return (
    <div className="h-56 overflow-y-auto border-t border-slate-200 bg-slate-950 p-3 font-mono text-xs text-slate-100 dark:border-slate-800" aria-label="Output Console" role="log">
      {!result ? (
        <p className="text-slate-400">Run your code to see output...</p>
      ) : result.compile && result.compile.code !== 0 ? (
        <>
          <p className="text-red-400">Compilation failed</p>
          <pre className="mt-1 whitespace-pre-wrap">{result.compile.stderr || result.compile.stdout}</pre>
        </>
      ) : (
        <>
          <p className={result.passed === result.total ? "text-emerald-400" : "text-amber-300"}>
            {result.kind === "submit" ? "Submitted: " : ""}
            {result.passed}/{result.total} test cases passed
          </p>
          {result.cases.map((c, i) => (
            <div key={c.id} className="mt-2 border-t border-slate-800 pt-2">
              <p>
                Test case {i + 1} {c.hidden ? "(hidden)" : ""}:{" "}
                <span className={c.passed ? "text-emerald-400" : "text-red-400"}>{c.passed ? "Passed" : `Failed (${c.verdict})`}</span>
              </p>
              {!c.hidden ? (
                <>
                  <p className="mt-1 text-slate-400">Your output:</p>
                  <pre className="whitespace-pre-wrap">{c.actualOutput || "(no output)"}</pre>
                  {c.error ? <pre className="whitespace-pre-wrap text-red-300">{c.error}</pre> : null}
                </>
              ) : null}
            </div>
          ))}
        </>
      )}
    </div>
  );
}

function UnlockDialog({ state, onUnlock }: { state: TestState; onUnlock: (code: string) => Promise<void> | undefined }) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={state.isLocked && !state.isDisqualified}
      onClose={() => {}}
      title="Test locked"
      description={`Tab switch detected (${state.tabSwitchCount}/${TEST_RULES.maxTabSwitches}). Ask your instructor for the unlock code.`}
    >
      <form
        className="space-y-3"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!code.trim()) return;
          setBusy(true);
          await onUnlock(code.trim());
          setBusy(false);
          setCode("");
        }}
      >
        <label htmlFor="unlock-code" className="block text-sm font-medium">
          Unlock code
        </label>
        <input id="unlock-code" className={controlClass} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" autoFocus />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Attempts remaining: {state.unlockAttemptsRemaining}/{TEST_RULES.unlockAttempts}
        </p>
        <Button type="submit" className="w-full" busy={busy} disabled={!code.trim()}>
          Unlock
        </Button>
      </form>
    </Dialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

