// One student test session in the browser, shared by the coding and the MCQ
// page: the clock (server time from a measured offset), the journal and what
// it answers, unsynced proctoring laid over the server's state, tab switches,
// live room events, the countdown and finishing (the button or the clock).
// The pages keep only what differs: code, runs and the lock
// (`useCodingLock`), or answers and keys, and their layout.
import { useCallback, useEffect, useRef, useState } from "react";
import { useNetworkStatus } from "~/components/network-indicator";
import { bestServerOffset } from "~/components/network-status";
import type { FinishPhase } from "~/components/test/finish-dialog";
import { useCountdown } from "~/components/test/countdown";
import { useJournal } from "~/components/test/use-journal";
import { useToast } from "~/components/toaster";
import { useRoomParty, type RoomPartyPage } from "~/components/use-room-party";
import { inSeb } from "~/lib/seb/seb";
import { deadlineWithExtra, TIME_CHANGED_WHILE_AWAY } from "~/lib/student-tests/student-time";
import { TEST_RULES } from "~/lib/student-tests/test-rules";
import type { Entry, JudgedEntry, TestState } from "~/offline/journal";
import { saveState, withPending } from "~/offline/test-store";

/** How long Finish waits for the server before saying it will send when the connection returns. */
const FINISH_WAIT_MS = 8000;

/**
 * Set while a test is being finished, or has been: its page must not reload
 * its loader then (the loader would bounce to /student as "already
 * submitted" before the score and the 2-second delay). Read by the pages'
 * shouldRevalidate.
 */
let finishing = false;
export const isFinishing = () => finishing;

export type SessionOptions = {
  type: "coding" | "mcq";
  roomId: string;
  testId: string;
  /** The loader's test capability (issue 40): the journal's first autosaves take the fast path. */
  capability?: string | null;
  /** The loader's server time and state (merged with this device's copy). */
  serverNow: number;
  state: TestState;
  /** This student's extra time: a room-wide deadline from a room-changed event plus this is theirs. */
  extraMs?: number;
  /** The toast and dialog text once the finish entry is accepted. */
  finishedMessage: (state: TestState) => string;
  /** What the finish entry carries (MCQ: the answers). */
  finishPayload?: () => Record<string, unknown>;
  /** Runs before the finish entry is written (coding: save the open question's code). */
  beforeFinish?: () => Promise<void>;
  onJudged?: (judged: JudgedEntry[]) => void;
  /** Any other change of the server's state (coding: the lock's toasts, `useCodingLock`). */
  onStateChange?: (prev: TestState, next: TestState) => void;
  /** Coding: an unlock not confirmed in time counts for now (`useCodingLock`). */
  unlockTimedOut?: boolean;
};

export function useTestSession(options: SessionOptions) {
  const { type, roomId, testId } = options;
  const opts = useRef(options);
  opts.current = options;
  const toast = useToast();
  const network = useNetworkStatus();

  // ------------------------------------------------------------ clock
  // Server time = Date.now() + offset: measured by the network indicator when
  // it has a sample, else one kept from earlier, else the loader's estimate.
  const [loaderOffset] = useState(() => (typeof window === "undefined" ? 0 : options.serverNow - Date.now()));
  const measured = useRef<number | null | undefined>(network.serverOffset);
  measured.current = network.serverOffset;
  const online = useRef(network.online);
  online.current = network.online;
  const clockOffset = useCallback(() => {
    if (typeof measured.current === "number" && Number.isFinite(measured.current)) return measured.current;
    return bestServerOffset() ?? loaderOffset;
  }, [loaderOffset]);
  const serverTime = useCallback(() => Math.round(Date.now() + clockOffset()), [clockOffset]);

  // ------------------------------------------------------------ leaving
  const ended = useRef(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const party = useRef<RoomPartyPage>();
  useEffect(() => {
    finishing = false;
    return () => {
      finishing = false;
      if (leaveTimer.current) clearTimeout(leaveTimer.current);
    };
  }, []);
  /** The test is over for this student: say why, then back to the dashboard after the spec's delay. */
  const leave = useCallback(
    (message: string, kind: "error" | "success" | "info" = "error") => {
      if (ended.current) return;
      ended.current = true;
      finishing = true;
      toast({ type: kind, message });
      // Through the room party's gate: a refresh still reading is not cut short by the leaving.
      leaveTimer.current = setTimeout(() => party.current!.navigate("/student", { replace: true }), TEST_RULES.redirectDelayMs);
    },
    [toast],
  );

  // ------------------------------------------------------------ server state
  const [serverState, setServerState] = useState<TestState>(options.state);
  // The last state applied, read outside the state updater: the toasts and
  // the leaving below are effects, and React may run an updater twice.
  const lastState = useRef<TestState>(options.state);
  // A refetch (after a room-wide change) brings this student's own deadline.
  useEffect(() => {
    lastState.current = { ...lastState.current, endsAt: options.state.endsAt };
    setServerState(lastState.current);
  }, [options.state.endsAt]);
  const onState = useCallback(
    (next: TestState) => {
      void saveState(roomId, testId, next);
      const prev = lastState.current;
      lastState.current = next;
      setServerState(next);
      if (next.isDisqualified && !prev.isDisqualified) {
        leave(
          prev.isLocked && next.tabSwitchCount === prev.tabSwitchCount
            ? "Test disqualified due to incorrect unlock code"
            : "Test disqualified due to multiple tab switches",
        );
      } else if (next.status === "completed" && prev.status !== "completed" && !finishing) {
        // Finished on another device.
        leave("This test has already been submitted", "info");
      } else {
        opts.current.onStateChange?.(prev, next);
      }
    },
    [leave, roomId, testId],
  );

  // ------------------------------------------------------------ finishing (state)
  const [phase, setPhase] = useState<FinishPhase | null>(null);
  const [finishBusy, setFinishBusy] = useState(false);
  const submitting = useRef(false);
  const submitted = useRef(false);
  /** The server accepted the finish entry: show the score, then back to the dashboard. */
  const finished = useCallback(
    (message: string) => {
      if (submitted.current) return;
      submitted.current = true;
      submitting.current = false;
      setFinishBusy(false);
      // Inside Safe Exam Browser the page stays and offers to quit SEB (decision 042).
      setPhase({ type: "submitted", message });
      if (inSeb()) {
        ended.current = true;
        finishing = true;
        toast({ type: "success", message });
      } else leave(message, "success");
    },
    [leave, toast],
  );

  // ------------------------------------------------------------ journal
  const pendingRef = useRef<Entry[]>([]);
  const journal = useJournal({
    testId,
    capability: options.capability,
    clockOffset,
    onState,
    onJudged: (judged) => opts.current.onJudged?.(judged),
    onAccepted(entries, state) {
      if (entries.some((e) => e.kind === "finish")) finished(opts.current.finishedMessage(state));
    },
    onRejected(rejected) {
      const final = rejected.find((r) => pendingRef.current.some((e) => e.id === r.id && e.kind === "finish"));
      if (final) {
        submitting.current = false;
        setFinishBusy(false);
        setPhase({ type: "failed", error: final.reason, retry: false });
        return;
      }
      if (rejected[0] && !finishing) toast({ type: "error", message: `Some changes were not saved: ${rejected[0].reason}` });
    },
  });
  const { append, flush, pending } = journal;
  pendingRef.current = pending;

  // What the student sees: the server's state plus this device's unsynced tab switches, unlocks and finish.
  const overlay = withPending(serverState, pending, {
    type,
    maxSwitches: TEST_RULES.maxTabSwitches,
    provisionalUnlock: !network.online || (options.unlockTimedOut ?? false),
  });
  // A switch counts on screen at once, before its journal entry is read back.
  const [seenSwitches, setSeenSwitches] = useState(0);
  const view = { ...overlay, tabSwitchCount: Math.max(overlay.tabSwitchCount, seenSwitches) };
  const switchesRef = useRef(view.tabSwitchCount);
  switchesRef.current = view.tabSwitchCount;

  // ------------------------------------------------------------ proctoring
  // Every hidden-tab event is a journal entry, counted once by the server
  // (offline: on sync). A coding test locks at once; an MCQ test only counts,
  // and says so when the student comes back.
  const unseenSwitch = useRef<number | null>(null);
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        if (ended.current || finishing || submitted.current) return;
        const count = switchesRef.current + 1;
        switchesRef.current = count;
        setSeenSwitches((n) => Math.max(n, count));
        const written = append("tab-switch", { at: serverTime() });
        if (type === "coding") void written.then(() => flush());
        else unseenSwitch.current = count;
      } else if (unseenSwitch.current !== null) {
        toast({ type: "error", message: `Tab switch detected! Count: ${unseenSwitch.current}` });
        unseenSwitch.current = null;
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [append, flush, serverTime, toast, type]);

  // ------------------------------------------------------------ live room events
  const [endsAt, setEndsAt] = useState<number | null>(options.state.endsAt);
  useEffect(() => setEndsAt(serverState.endsAt), [serverState.endsAt]);
  // This student's own time on top of the room's end (decision 028): the loader's, then each time-changed event's.
  const extraMs = useRef(options.extraMs ?? 0);
  useEffect(() => {
    const next = options.extraMs ?? 0;
    const before = extraMs.current;
    extraMs.current = next;
    // A change this page did not hear live (it was offline, or its socket was down): the reloaded page says why the clock moved.
    if (next !== before && !ended.current && !finishing) toast({ type: "info", message: TIME_CHANGED_WHILE_AWAY });
  }, [options.extraMs, toast]);
  party.current = useRoomParty(roomId, (event, _page, exit) => {
    if (exit) {
      leave(exit);
      return "handled";
    }
    // This student's own deadline moved (extra time, time given back): the countdown jumps, and a toast says why.
    if (event.type === "time-changed") {
      extraMs.current = event.extraMs;
      setEndsAt(event.endsAt);
      if (!ended.current && !finishing) toast({ type: "info", message: event.reason });
      return "handled";
    }
    // Extend or stop: the timer follows at once; the loader then confirms this student's own deadline.
    if (event.type === "room-changed") setEndsAt(deadlineWithExtra(event.endsAt, extraMs.current));
    if (finishing) return "handled";
  }, { heartbeat: true });

  // ------------------------------------------------------------ finishing
  /**
   * Finish (the button) or the clock at 0: a journal entry like any other,
   * durable on this device first and sent after everything before it. Offline
   * the test waits and is submitted when the connection returns.
   */
  const finish = useCallback(
    async (auto: boolean) => {
      if (submitting.current || submitted.current) return;
      submitting.current = true;
      finishing = true;
      setFinishBusy(true);
      setPhase({ type: "submitting", timeUp: auto });
      await opts.current.beforeFinish?.();
      if (!pendingRef.current.some((e) => e.kind === "finish")) await append("finish", opts.current.finishPayload?.() ?? {});
      if (!online.current) {
        // Offline: no use waiting; the journal sends it when the connection returns.
        setPhase({ type: "waiting-online", timeUp: auto });
        void flush();
        return;
      }
      await Promise.race([flush(), new Promise((resolve) => setTimeout(resolve, FINISH_WAIT_MS))]);
      // Not confirmed yet: the entry is safe on this device and goes out with the next sync.
      if (!submitted.current && submitting.current) setPhase({ type: "waiting-online", timeUp: auto });
    },
    [append, flush],
  );

  // A reload while the finish entry was still waiting: keep waiting for it.
  useEffect(() => {
    if (overlay.finishing && !submitting.current && !submitted.current) {
      submitting.current = true;
      finishing = true;
      setPhase({ type: "waiting-online", timeUp: false });
    }
  }, [overlay.finishing]);

  // The clock at 0 finishes the test without confirmation; more time granted re-arms it.
  const seconds = useCountdown(view.isDisqualified ? null : endsAt, clockOffset);
  const autoFired = useRef(false);
  useEffect(() => {
    if (seconds === null) return;
    if (seconds > 0) {
      autoFired.current = false;
      if (!submitting.current && !submitted.current) setPhase((p) => (p?.type === "failed" || p?.type === "waiting-online" ? null : p));
      return;
    }
    if (autoFired.current || submitting.current || submitted.current) return;
    autoFired.current = true;
    void finish(true);
  }, [seconds, finish]);

  return {
    ...journal,
    network,
    clockOffset,
    serverTime,
    /** The server's state with this device's unsynced proctoring laid over it. */
    view,
    serverState,
    seconds,
    phase,
    finishBusy,
    finish,
    leave,
    ended,
  };
}
