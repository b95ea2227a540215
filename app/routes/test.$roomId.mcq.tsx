import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ClientLoaderFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OfflineBanner } from "~/components/test/offline-banner";
import { ChevronLeftIcon, ChevronRightIcon, GridIcon } from "~/components/mcq/icons";
import { FinishDialog, NavigatorDialog, SubmitDialog } from "~/components/test/lazy-dialogs";
import { clampIndex, summarize, WARNING_AT_SECONDS, type ShortcutAction } from "~/components/mcq/progress";
import { QuestionCard } from "~/components/mcq/question-card";
import { TestHeader } from "~/components/mcq/test-header";
import { TimeAnnouncer } from "~/components/test/countdown";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { CenteredNotice } from "~/components/ui/centered-notice";
import { requireTestPage, testPageCapability } from "~/lib/student-tests/student-pages.server";
import { mcqTestView, testState } from "~/lib/student-tests/student-tests.server";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { loadWithLocal } from "~/offline/client-loader";
import { useOfflineShell } from "~/offline/service-worker";
import { isFinishing, useTestSession } from "~/components/test/use-test-session";
import { useMcqAnswers, useMcqShortcuts } from "~/components/mcq/use-mcq-answers";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.roomName ?? "Test"} — ProctorEdge` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await requireTestPage(request, context, params.roomId ?? "");
  const { room, test } = page;
  if (room.questionType !== "mcq") throw redirect(`/test/${room.id}/coding`);
  if (test.isCompleted || test.status === "completed") {
    throw await redirectWithToast("/student", { type: "info", message: "This test has already been submitted" });
  }
  try {
    const view = await mcqTestView(context.db, context.cloudflare.env, room, test);
    const state = testState(room, test);
    return {
      roomId: room.id,
      roomName: room.roomName,
      testId: test.id,
      capability: await testPageCapability(context, page),
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

export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => !isFinishing() && defaultShouldRevalidate;

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

  const [navigatorOpen, setNavigatorOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  // ------------------------------------------------------------ session: clock, journal, proctoring, finishing
  const session = useTestSession({
    type: "mcq",
    roomId,
    testId,
    capability: data.capability,
    serverNow: data.serverNow,
    state: data.state,
    extraMs: data.extraMs,
    // Held results (decision 041): no score until the room releases them.
    finishedMessage: (state) => (state.totalScore === null ? "Test submitted successfully" : `Test submitted! Score: ${state.totalScore}/${state.maxScore}`),
    finishPayload: () => ({ answers: answering.progressRef.current.answers }),
  });
  const { seconds, phase, network } = session;
  const journalStatus = session.status;
  const shownSwitches = session.view.tabSwitchCount;
  // ------------------------------------------------------------ answers: chosen, marked, position; journaled as they change
  const answering = useMcqAnswers({
    roomId,
    testId,
    questions,
    server: { progress: data.progress, savedAt: data.progressSavedAt },
    local: data.local?.progress,
    session,
  });
  const { progress, progressRef, choose, clearAnswer, toggleMark, goTo } = answering;
  // Dialogs give way to the finish dialog.
  useEffect(() => {
    if (phase === null) return;
    setConfirmOpen(false);
    setNavigatorOpen(false);
  }, [phase]);

  const timeUp = seconds === 0;
  const locked = phase !== null || timeUp || session.finishBusy;

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
  useMcqShortcuts(onShortcut);

  // ------------------------------------------------------------ view
  const index = clampIndex(progress.currentIndex, questions.length);
  const question = questions[index];
  const counts = summarize(progress, questions);
  const percent = counts.total === 0 ? 0 : Math.round((counts.answered / counts.total) * 100);

  return (
    <div className="flex min-h-screen flex-col">
      {/* The 5-minute mark has its own toast (a status region too). */}
      <TimeAnnouncer left={seconds} skip={[300]} />
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
          <Button onClick={() => setConfirmOpen(true)} disabled={locked} busy={phase?.type === "submitting" && !phase.timeUp}>
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
        counts={counts}
        onJump={(i) => {
          if (!locked) goTo(i);
          setNavigatorOpen(false);
        }}
      />
      <SubmitDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => void session.finish(false)}
        busy={session.finishBusy}
        total={counts.total}
        answered={counts.answered}
        marked={counts.marked}
        tabSwitches={shownSwitches}
      />
      <FinishDialog phase={phase} onRetry={() => void session.finish(true)} />
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
