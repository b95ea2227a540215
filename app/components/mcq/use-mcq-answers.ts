import { useCallback, useEffect, useRef, useState, type MutableRefObject } from "react";
import { useToast } from "~/components/toaster";
import type { Entry, EntryKind } from "~/offline/journal";
import { newerThanServer, saveProgress, type Stamped } from "~/offline/test-store";
import { isFinishing } from "~/components/test/use-test-session";
import { AUTOSAVE_MS, clampIndex, isTypingTarget, latestProgressEntry, MAX_OPTIONS, sanitizeProgress, shortcutFor, type McqProgress, type McqQuestion, type ShortcutAction } from "./progress";

type Session = {
  append: (kind: EntryKind, payload: Record<string, unknown>) => Promise<unknown>;
  flush: () => Promise<void>;
  pending: Entry[];
  pendingLoaded: boolean;
  serverTime: () => number;
};

/**
 * The MCQ answers, marks and position: restored from the newest of the
 * server's copy, this device's copy and unsynced journal entries, and
 * written through to the journal on every change (spec 2: saved every 30 s
 * when there are answers; here on every change too).
 */
export function useMcqAnswers({
  roomId,
  testId,
  questions,
  server,
  local,
  session,
}: {
  roomId: string;
  testId: string;
  questions: McqQuestion[];
  server: { progress: unknown; savedAt: number | null };
  local: Stamped<unknown> | undefined;
  session: Session;
}) {
  const toast = useToast();
  const { append, flush, pending, pendingLoaded, serverTime } = session;
  // This device's answers win where they are newer than the server's (a reload before they synced).
  const [progress, setProgress] = useState<McqProgress>(() => sanitizeProgress(newerThanServer(local, server.progress, server.savedAt), questions));
  const progressRef: MutableRefObject<McqProgress> = useRef(progress);
  const touched = useRef(false);
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
      void saveProgress(roomId, testId, payload, serverTime());
    },
    [append, roomId, serverTime, testId],
  );

  // Spec: progress is saved every 30 seconds when there are answers.
  useEffect(() => {
    const timer = setInterval(() => {
      if (!isFinishing() && Object.keys(progressRef.current.answers).length > 0) void flush();
    }, AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [flush]);

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

  return { progress, progressRef, choose, clearAnswer, toggleMark, goTo };
}

/** The MCQ keys (1-4, N, P, M, G): never while typing in a field or with a modifier; `handle` says whether it used the key. */
export function useMcqShortcuts(handle: MutableRefObject<(action: ShortcutAction) => boolean>) {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      // Shift is a modifier too, except where a layout needs it for digits (AZERTY).
      if (e.shiftKey && !/^[1-9]$/.test(e.key)) return;
      if (isTypingTarget(e.target)) return;
      const action = shortcutFor(e.key);
      if (!action || (e.repeat && (action.type === "mark" || action.type === "navigator"))) return;
      if (handle.current(action)) e.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [handle]);
}
