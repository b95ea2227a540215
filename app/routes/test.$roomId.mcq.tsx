import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  useLoaderData,
  useNavigate,
  useRevalidator,
  type ClientLoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FinishDialog, type FinishPhase } from "~/components/test/finish-dialog";
import { OfflineBanner } from "~/components/test/offline-banner";
import { ChevronLeftIcon, ChevronRightIcon, GridIcon } from "~/components/mcq/icons";
import { NavigatorDialog } from "~/components/mcq/navigator-dialog";
import {
  AUTOSAVE_MS,
  clampIndex,
  isTypingTarget,
  latestProgressEntry,
  MAX_OPTIONS,
  REDIRECT_DELAY_MS,
  sanitizeProgress,
  shortcutFor,
  summarize,
  WARNING_AT_SECONDS,
  type McqProgress,
  type ShortcutAction,
} from "~/components/mcq/progress";
import { QuestionCard } from "~/components/mcq/question-card";
import { SubmitDialog } from "~/components/mcq/submit-dialog";
import { TestHeader } from "~/components/mcq/test-header";
import { useCountdown } from "~/components/test/countdown";
import { useJournal } from "~/components/test/use-journal";
import { bestServerOffset, useNetworkStatus } from "~/components/network-indicator";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { CenteredNotice } from "~/components/ui/centered-notice";
import { exitMessage, useRoomParty } from "~/components/use-room-party";
import { requireTestPage } from "~/lib/student-tests/student-pages.server";
import { mcqTestView, testState } from "~/lib/student-tests/student-tests.server";
import { redirectWithToast } from "~/lib/toast.server";
import { loadWithLocal } from "~/offline/client-loader";
import { useOfflineShell } from "~/offline/service-worker";
import { saveProgress, saveState } from "~/offline/test-store";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.roomName ?? "Test"} — ProctorEdge` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { room, test } = await requireTestPage(request, context, params.roomId ?? "");
  if (room.questionType !== "mcq") throw redirect(`/test/${room.id}/coding`);
  if (test.isCompleted || test.status === "completed") {
    throw await redirectWithToast("/student", { type: "info", message: "This test has already been submitted" });
  }
  try {
    const view = await mcqTestView(context.db, room, test);
    const state = testState(room, test);
    return {
      roomId: room.id,
      roomName: room.roomName,
      testId: test.id,
      questions: view.questions,
      progress: view.progress,
      progressSavedAt: view.progressSavedAt,
      state,
      serverNow: state.serverNow,
      /** Extra time granted to this student: a room-changed event's ends_at plus this is their deadline. */
      extraMs: state.endsAt !== null && room.endsAt ? state.endsAt - room.endsAt.getTime() : 0,
    };
  } catch (error) {
    console.error("mcq: loading the test failed", error);
    throw await redirectWithToast("/student", { type: "error", message: "Failed to load test data" });
  }
}

export async function clientLoader({ serverLoader, params }: ClientLoaderFunctionArgs) {
  return loadWithLocal(params.roomId ?? "", () => serverLoader<typeof loader>());
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <CenteredNotice title="Multiple-choice test">Loading your test…</CenteredNotice>;
}

/**
 * Set while the test is being submitted or has been: the page must not
 * reload its loader then (it would bounce to /student as "already submitted"
 * before the score toast and the 2-second delay).
 */
let finishing = false;

export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => !finishing && defaultShouldRevalidate;

export default function McqTestPage() {
  const data = useLoaderData<typeof clientLoader>();
  useOfflineShell(data.questions.length > 0);
  if (data.questions.length === 0) {
    return <CenteredNotice title={data.roomName}>This test has no questions yet. Ask your instructor.</CenteredNotice>;
  }
  return <McqTest />;
}

function McqTest() {
  const data = useLoaderData<typeof clientLoader>();
  const { questions, testId, roomId } = data;
  const toast = useToast();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const network = useNetworkStatus();

  // ------------------------------------------------------------ clock
  // Server time = Date.now() + offset: measured by the network indicator when
  // it has a sample, else from the loader's serverNow at arrival.
  const loaderOffset = useRef<number | null>(null);
  useEffect(() => {
    loaderOffset.current = data.serverNow - Date.now();
  }, [data.serverNow]);
  const networkOffset = useRef<number | null | undefined>(network.serverOffset);
  networkOffset.current = network.serverOffset;
  const clockOffset = useCallback(() => {
    if (typeof networkOffset.current === "number" && Number.isFinite(networkOffset.current)) return networkOffset.current;
    const earlier = bestServerOffset();
    if (earlier !== null) return earlier;
    loaderOffset.current ??= data.serverNow - Date.now();
    return loaderOffset.current;
  }, []);

  const [endsAt, setEndsAt] = useState<number | null>(data.state.endsAt);
  useEffect(() => setEndsAt(data.state.endsAt), [data.state.endsAt]);
  const seconds = useCountdown(endsAt, clockOffset);

  // ------------------------------------------------------------ state
  // This device's answers win where they are newer than the server's (a reload before they synced).
  const [progress, setProgress] = useState<McqProgress>(() => {
    const mine = data.local?.progress;
    return sanitizeProgress(mine && mine.at > (data.progressSavedAt ?? 0) ? mine.value : data.progress, questions);
  });
  const progressRef = useRef(progress);
  const touched = useRef(false);
  const [tabSwitches, setTabSwitches] = useState(data.state.tabSwitchCount);
  const [serverSwitches, setServerSwitches] = useState(data.state.tabSwitchCount);
  const tabSwitchesRef = useRef(tabSwitches);
  tabSwitchesRef.current = tabSwitches;
  useEffect(() => setTabSwitches((n) => Math.max(n, data.state.tabSwitchCount)), [data.state.tabSwitchCount]);
  const [navigatorOpen, setNavigatorOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [phase, setPhase] = useState<FinishPhase | null>(null);
  const [submitBusy, setSubmitBusy] = useState(false);
  const submittingRef = useRef(false);
  const submittedRef = useRef(false);
  const autoRef = useRef(false);

  useEffect(() => {
    finishing = false;
    return () => {
      finishing = false;
    };
  }, []);

  // ------------------------------------------------------------ journal
  const { status: journalStatus, append, flush, pending, pendingLoaded } = useJournal({
    testId,
    clockOffset,
    onState(state) {
      void saveState(roomId, testId, state);
      setServerSwitches(state.tabSwitchCount);
      setTabSwitches((n) => Math.max(n, state.tabSwitchCount));
      setEndsAt(state.endsAt);
      // Disqualified or completed elsewhere: the loader sends the student on.
      if ((state.isDisqualified || state.status === "completed") && !finishing && revalidator.state === "idle") {
        revalidator.revalidate();
      }
    },
    onAccepted(entries, state) {
      if (entries.some((e) => e.kind === "finish")) submitted(`Test submitted! Score: ${state.totalScore}/${state.maxScore}`);
    },
    onRejected(rejected) {
      if (rejected.length === 0) return;
      const final = rejected.find((r) => pendingRef.current.some((e) => e.id === r.id && e.kind === "finish"));
      if (final) {
        submittingRef.current = false;
        setSubmitBusy(false);
        setPhase({ type: "failed", error: final.reason, retry: false });
        return;
      }
      if (finishing) return;
      toast({ type: "error", message: `Some changes were not saved: ${rejected[0].reason}` });
    },
  });
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  // Switches made offline (maybe before a reload) count at once; the server confirms them on sync.
  const shownSwitches = Math.max(tabSwitches, serverSwitches + pending.filter((e) => e.kind === "tab-switch").length);
  const queuedFinish = pending.some((e) => e.kind === "finish");

  // Answers written on this device but not yet synced (e.g. a reload while
  // offline) are newer than the loader's progress: the latest one wins. Only
  // the first read counts: later loader data must not undo answers.
  const restoredFromJournal = useRef(false);
  useEffect(() => {
    if (!pendingLoaded || restoredFromJournal.current) return;
    restoredFromJournal.current = true;
    const payload = touched.current ? null : latestProgressEntry(pending);
    if (!payload) return;
    const restored = sanitizeProgress(payload, questions);
    progressRef.current = restored;
    setProgress(restored);
  }, [pending, pendingLoaded, questions]);

  /** Every change is written through to the journal (IndexedDB first, then the server). */
  const commit = useCallback(
    (next: McqProgress) => {
      touched.current = true;
      progressRef.current = next;
      setProgress(next);
      const payload = { answers: next.answers, marked: next.marked, currentIndex: next.currentIndex };
      void append("mcq-progress", payload);
      void saveProgress(roomId, testId, payload, Math.round(Date.now() + clockOffset()));
    },
    [append, clockOffset, roomId, testId],
  );

  // Spec: progress is saved every 30 seconds when there are answers.
  useEffect(() => {
    const timer = setInterval(() => {
      if (!finishing && Object.keys(progressRef.current.answers).length > 0) void flush();
    }, AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [flush]);

  const timeUp = seconds === 0;
  const locked = phase !== null || timeUp || submitBusy;

  // ------------------------------------------------------------ answering
  const choose = useCallback(
    (option: number) => {
      const p = progressRef.current;
      const q = questions[p.currentIndex];
      if (!q || option < 0 || option >= Math.min(MAX_OPTIONS, q.options.length)) return;
      if (p.answers[q.id] === option) return;
      commit({ ...p, answers: { ...p.answers, [q.id]: option } });
    },
    [commit, questions],
  );

  const clearAnswer = useCallback(() => {
    const p = progressRef.current;
    const q = questions[p.currentIndex];
    if (!q || p.answers[q.id] === undefined) return;
    const answers = { ...p.answers };
    delete answers[q.id];
    commit({ ...p, answers });
  }, [commit, questions]);

  const toggleMark = useCallback(() => {
    const p = progressRef.current;
    const q = questions[p.currentIndex];
    if (!q) return;
    const wasMarked = p.marked.includes(q.id);
    commit({ ...p, marked: wasMarked ? p.marked.filter((id) => id !== q.id) : [...p.marked, q.id] });
    toast(wasMarked ? { type: "info", message: "Removed from review" } : { type: "success", message: "Marked for Review" });
  }, [commit, questions, toast]);

  const goTo = useCallback(
    (index: number) => {
      const p = progressRef.current;
      const next = clampIndex(index, questions.length);
      if (next === p.currentIndex) return;
      commit({ ...p, currentIndex: next });
    },
    [commit, questions.length],
  );

  // ------------------------------------------------------------ submitting
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (redirectTimer.current) clearTimeout(redirectTimer.current);
  }, []);
  /** The server accepted the final entry: show the score, then back to the dashboard. */
  const submitted = useCallback(
    (message: string) => {
      if (submittedRef.current) return;
      submittedRef.current = true;
      submittingRef.current = false;
      finishing = true;
      setSubmitBusy(false);
      setConfirmOpen(false);
      setNavigatorOpen(false);
      toast({ type: "success", message });
      setPhase({ type: "submitted", message });
      redirectTimer.current = setTimeout(() => navigate("/student", { replace: true }), REDIRECT_DELAY_MS);
    },
    [navigate, toast],
  );

  /**
   * Submit Test (or the clock at 0): the final answers are a journal entry,
   * durable on this device first, then sent in order after everything else.
   * Offline, the test waits here and is submitted when the connection returns.
   */
  const submit = useCallback(
    async (auto: boolean) => {
      if (submittingRef.current || submittedRef.current) return;
      submittingRef.current = true;
      autoRef.current = auto;
      finishing = true;
      setSubmitBusy(true);
      setConfirmOpen(false);
      setNavigatorOpen(false);
      setPhase({ type: "submitting", timeUp: auto });
      if (!pendingRef.current.some((e) => e.kind === "finish")) await append("finish", { answers: progressRef.current.answers });
      await Promise.race([flush(), new Promise((resolve) => setTimeout(resolve, 8000))]);
      // Not confirmed yet: the entry is safe on this device and goes out with the next sync.
      if (!submittedRef.current && submittingRef.current) setPhase({ type: "waiting-online", timeUp: auto });
    },
    [append, flush],
  );

  // A reload while the final entry was still waiting: keep waiting for it.
  useEffect(() => {
    if (queuedFinish && !submittingRef.current && !submittedRef.current) {
      submittingRef.current = true;
      finishing = true;
      setPhase({ type: "waiting-online", timeUp: false });
    }
  }, [queuedFinish]);

  // Auto-submit when the timer reaches 0, without confirmation.
  const autoFired = useRef(false);
  useEffect(() => {
    if (seconds === null) return;
    if (seconds > 0) {
      // More time was granted after the end: back to answering.
      autoFired.current = false;
      if (!submittingRef.current && !submittedRef.current) setPhase((p) => (p?.type === "failed" || p?.type === "waiting-online" ? null : p));
      return;
    }
    if (autoFired.current || submittingRef.current || submittedRef.current) return;
    autoFired.current = true;
    setConfirmOpen(false);
    setNavigatorOpen(false);
    void submit(true);
  }, [seconds, submit]);

  // '5 minutes remaining!' once, when crossing 300 s (not again after a reload).
  const warned = useRef(false);
  useEffect(() => {
    if (seconds === null || warned.current || seconds > WARNING_AT_SECONDS || seconds <= WARNING_AT_SECONDS - 60) return;
    warned.current = true;
    const key = `mcq-warned:${testId}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      // No storage: warn anyway.
    }
    toast({ type: "info", message: "5 minutes remaining!", durationMs: 5000 });
  }, [seconds, testId, toast]);

  // ------------------------------------------------------------ proctoring
  // Every hidden-tab event is journaled (counted by the server once, even if
  // retried); the notice shows when the student comes back.
  const unseenSwitch = useRef<number | null>(null);
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        if (finishing || submittedRef.current) return;
        const count = tabSwitchesRef.current + 1;
        tabSwitchesRef.current = count;
        setTabSwitches((n) => Math.max(n, count));
        void append("tab-switch", { at: Math.round(Date.now() + clockOffset()) });
        unseenSwitch.current = count;
      } else if (unseenSwitch.current !== null) {
        toast({ type: "error", message: `Tab switch detected! Count: ${unseenSwitch.current}` });
        unseenSwitch.current = null;
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [append, clockOffset, toast]);

  // ------------------------------------------------------------ live room events
  useRoomParty(roomId, (event) => {
    const exit = exitMessage(event);
    if (exit) {
      toast({ type: "error", message: exit });
      navigate("/student", { replace: true });
      return "handled";
    }
    // The admin may extend (or stop) the test: the timer follows at once,
    // and the loader then confirms this student's own deadline.
    if (event.type === "room-changed") setEndsAt(event.endsAt === null ? null : event.endsAt + data.extraMs);
    // Extra time for this student alone: the event carries their own deadline (the loader then refreshes extraMs).
    if (event.type === "time-changed") setEndsAt(event.endsAt);
    if (finishing) return "handled";
  });

  // ------------------------------------------------------------ keys
  const onShortcut = useRef<(action: ShortcutAction) => boolean>(() => false);
  onShortcut.current = (action) => {
    if (confirmOpen || phase !== null) return false;
    if (navigatorOpen) {
      if (action.type !== "navigator") return false;
      setNavigatorOpen(false);
      return true;
    }
    if (locked && action.type !== "navigator") return false;
    switch (action.type) {
      case "choose":
        choose(action.option);
        return true;
      case "next":
        goTo(progressRef.current.currentIndex + 1);
        return true;
      case "previous":
        goTo(progressRef.current.currentIndex - 1);
        return true;
      case "mark":
        toggleMark();
        return true;
      case "navigator":
        setNavigatorOpen(true);
        return true;
    }
  };
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      // Shift is a modifier too, except where a layout needs it for digits (AZERTY).
      if (e.shiftKey && !/^[1-9]$/.test(e.key)) return;
      if (isTypingTarget(e.target)) return;
      const action = shortcutFor(e.key);
      if (!action || (e.repeat && (action.type === "mark" || action.type === "navigator"))) return;
      if (onShortcut.current(action)) e.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  // ------------------------------------------------------------ view
  const index = clampIndex(progress.currentIndex, questions.length);
  const question = questions[index];
  const counts = summarize(progress, questions);
  const percent = counts.total === 0 ? 0 : Math.round((counts.answered / counts.total) * 100);

  return (
    <div className="flex min-h-screen flex-col">
      <TestHeader
        roomName={data.roomName}
        seconds={seconds}
        answered={counts.answered}
        total={counts.total}
        marked={counts.marked}
        tabSwitches={shownSwitches}
        journal={journalStatus}
      />
      <div
        className="h-1.5 w-full bg-slate-200 dark:bg-slate-800"
        role="progressbar"
        aria-label="Answered questions"
        aria-valuemin={0}
        aria-valuemax={counts.total}
        aria-valuenow={counts.answered}
        aria-valuetext={`${counts.answered} of ${counts.total} answered`}
      >
        <div className="h-full bg-emerald-500 transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>

      {!network.online ? <OfflineBanner what="Keep answering: your answers are saved on this device and sync when the connection returns." /> : null}
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:py-8">
        {journalStatus?.error || journalStatus?.storageError ? (
          <p
            role="alert"
            className={`mb-4 rounded-lg border p-3 text-sm ${
              journalStatus.error
                ? "border-red-300 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
                : "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
            }`}
          >
            {journalStatus.error ?? journalStatus.storageError}
          </p>
        ) : null}

        <div className="mb-3 flex items-center justify-between text-sm text-slate-500 dark:text-slate-400">
          <span>
            {counts.answered} of {counts.total} answered · {percent}%
          </span>
          {timeUp ? <span className="font-medium text-red-600 dark:text-red-400">Time is up</span> : null}
        </div>

        <QuestionCard
          question={question}
          index={index}
          total={questions.length}
          answer={progress.answers[question.id]}
          marked={progress.marked.includes(question.id)}
          disabled={locked}
          onChoose={choose}
          onClear={clearAnswer}
          onToggleMark={toggleMark}
        />

        <nav aria-label="Question navigation" className="mt-5 flex flex-wrap items-center justify-between gap-3">
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => goTo(index - 1)} disabled={locked || index === 0}>
              <ChevronLeftIcon />
              Previous
            </Button>
            <Button variant="secondary" onClick={() => setNavigatorOpen(true)} disabled={phase !== null}>
              <GridIcon />
              Navigator
            </Button>
            <Button variant="secondary" onClick={() => goTo(index + 1)} disabled={locked || index === questions.length - 1}>
              Next
              <ChevronRightIcon />
            </Button>
          </div>
          <Button onClick={() => setConfirmOpen(true)} disabled={locked} busy={submitBusy && !autoRef.current}>
            Submit Test
          </Button>
        </nav>

        <p className="mt-8 hidden text-center text-xs text-slate-500 sm:block dark:text-slate-400">
          Keys: <Kbd>1</Kbd>–<Kbd>4</Kbd> choose · <Kbd>N</Kbd> next · <Kbd>P</Kbd> previous · <Kbd>M</Kbd> mark for review ·{" "}
          <Kbd>G</Kbd> navigator
        </p>
      </main>

      <NavigatorDialog
        open={navigatorOpen}
        onClose={() => setNavigatorOpen(false)}
        questions={questions}
        progress={progress}
        onJump={(i) => {
          if (!locked) goTo(i);
          setNavigatorOpen(false);
        }}
      />
      <SubmitDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => void submit(false)}
        busy={submitBusy}
        total={counts.total}
        answered={counts.answered}
        marked={counts.marked}
        tabSwitches={shownSwitches}
      />
      <FinishDialog phase={phase} onRetry={() => void submit(true)} />
    </div>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-slate-300 bg-white px-1 font-mono text-[11px] text-slate-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-300">
      {children}
    </kbd>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
