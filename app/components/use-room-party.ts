import { useFetchers, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { loadLazily } from "~/offline/lazy";
import type { RoomEvent } from "../../party/protocol";

/**
 * Subscribes to a room's party (or the lobby). By default every event
 * revalidates the page's loaders, so what is shown always comes from the
 * server's permission-checked loaders; `onEvent` can react first.
 *
 * With `heartbeat` (a student's test page), the page pings the party every
 * OUTAGE_RULES.pingMs and keeps the time anchor of each pong, and it closes
 * the connection while the browser says it is offline, so the party records
 * the outage the journal's grace depends on (decision 019).
 */
/** The navigations an event makes: in place of the page (leaving a room) or to a new entry. */
type NavigateOptions = { replace?: boolean };

/** What a page's event handler (and the page itself) may do in answer to a room event. */
export type RoomPartyPage = {
  /** Reads the page's loaders again, coalesced with every other refresh (see `refreshGate`). */
  refresh: () => void;
  /** Navigates once no refresh or reload is running (or after NAVIGATE_WAIT_MS): leaving never cuts a read short. */
  navigate: (to: string, options?: NavigateOptions) => void;
};

export function useRoomParty(
  room: string,
  onEvent?: (event: RoomEvent, page: RoomPartyPage) => void | "handled",
  options: { heartbeat?: boolean } = {},
): RoomPartyPage {
  const page = useCoalescedRefresh();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const connectedBefore = useRef(false);
  const heartbeat = options.heartbeat ?? false;
  useEffect(() => {
    let closed = false;
    let close: (() => void) | null = null;
    const mountedAt = Date.now();
    // The connection's code (partysocket with it) loads after the first
    // paint: the page renders without it, and live events only matter once
    // it is up (decision 022).
    loadLazily(() => import("./room-socket"))
      .then(({ openRoomSocket }) => {
        if (closed) return;
        close = openRoomSocket(room, {
          heartbeat,
          onEvent(event) {
            if (handler.current?.(event, page) === "handled") return;
            page.refresh();
          },
          // After a reconnect, catch up on anything missed. After the first
          // connect too: an event such as Start Test may have gone out between
          // the loader's read and the socket being up (it loads after the first
          // paint). A test page, whose loader is heavy and just ran for a whole
          // class at once, does so only when its socket came late.
          onOpen() {
            const late = !heartbeat || Date.now() - mountedAt > LATE_FIRST_OPEN_MS;
            if (connectedBefore.current || late) page.refresh();
            connectedBefore.current = true;
          },
        });
      })
      .catch(() => {
        // Offline before this chunk was ever kept: no live events until a
        // reload online; the journal still saves and syncs every answer.
      });
    return () => {
      closed = true;
      close?.();
    };
  }, [room, heartbeat, page]);
  return page;
}

/** A test page whose first connection comes later than this after it rendered reads the page again. */
const LATE_FIRST_OPEN_MS = 1000;

/**
 * The page's refreshes and event-driven navigations, through one `refreshGate`.
 * The router's state is read from each committed render; the returned object
 * is stable for the page's life.
 */
function useCoalescedRefresh(): RoomPartyPage {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const navigate = useNavigate();
  const busy = revalidator.state !== "idle" || navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const live = useRef({ busy, revalidate: revalidator.revalidate, navigate });
  live.current = { busy, revalidate: revalidator.revalidate, navigate };
  const [page] = useState(() => {
    const gate = refreshGate();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const perform = (step: GateStep | null) => {
      if (!step) return;
      if (step.kind === "refresh") live.current.revalidate();
      else step.run();
    };
    // Renders tell the gate when the router goes busy and idle; this timer covers what no render shows.
    const wake = () => {
      if (timer) clearTimeout(timer);
      const at = gate.nextCheckAt();
      timer = at === null ? null : setTimeout(() => {
        timer = null;
        perform(gate.observe(live.current.busy));
        wake();
      }, Math.max(0, at - Date.now()));
    };
    const after = (step: GateStep | null) => {
      perform(step);
      wake();
    };
    return {
      gate,
      after,
      stop: () => {
        if (timer) clearTimeout(timer);
      },
      refresh: () => after(gate.refresh()),
      navigate: (to: string, options?: NavigateOptions) => after(gate.run(() => live.current.navigate(to, options))),
    };
  });
  useEffect(() => page.after(page.gate.observe(busy)));
  useEffect(() => page.stop, [page]);
  return page;
}

export type GateStep = { kind: "refresh" } | { kind: "run"; run: () => void };

/** How long a refresh counts as running when no render ever showed it (it began and ended between two renders). */
export const REFRESH_SETTLE_MS = 1000;
/** The longest an event-driven navigation waits for a running read. */
export const NAVIGATE_WAIT_MS = 3000;

/**
 * Party-driven refreshes, one at a time (issue 34). A revalidation started
 * while another runs, or while a navigation or a fetcher's reload runs, makes
 * React Router abort that request and start again, and the aborted body read
 * reaches the console; in a busy room it is also a loader call per event.
 * So: at most one refresh in flight, at most one queued behind it however
 * many events arrive, none while the router is busy. A queued navigation
 * (leaving a room) takes the place of a queued refresh, and waits at most
 * NAVIGATE_WAIT_MS. The caller reports the router's state from each committed
 * render with `observe`, and asks again at `nextCheckAt`.
 */
export function refreshGate(clock: () => number = Date.now) {
  let busy = false;
  /** When this gate last started a refresh that no render has yet shown ending; null: none. */
  let startedAt: number | null = null;
  let seenRunning = false;
  let queued: (GateStep & { since: number }) | null = null;
  function next(): GateStep | null {
    if (!queued) return null;
    const overdue = queued.kind === "run" && clock() - queued.since >= NAVIGATE_WAIT_MS;
    if ((busy || startedAt !== null) && !overdue) return null;
    const { since: _since, ...step } = queued;
    queued = null;
    if (step.kind === "refresh") {
      startedAt = clock();
      seenRunning = false;
    }
    return step;
  }
  return {
    /** An event asks for fresh data: the step to perform now, or null (queued). */
    refresh(): GateStep | null {
      if (!queued) queued = { kind: "refresh", since: clock() };
      return next();
    },
    /** Something that must not cut a read short (a navigation): now, or once the router is idle. */
    run(run: () => void): GateStep | null {
      queued = { kind: "run", run, since: queued?.kind === "run" ? queued.since : clock() };
      return next();
    },
    /** A committed render's router state (busy: a revalidation, navigation or fetcher runs). */
    observe(busyNow: boolean): GateStep | null {
      busy = busyNow;
      if (startedAt !== null) {
        if (busyNow) seenRunning = true;
        else if (seenRunning || clock() - startedAt >= REFRESH_SETTLE_MS) startedAt = null;
      }
      return next();
    },
    /** When the caller should `observe` again without a render; null: nothing waits. */
    nextCheckAt(): number | null {
      const times: number[] = [];
      if (startedAt !== null && !seenRunning) times.push(startedAt + REFRESH_SETTLE_MS);
      if (queued?.kind === "run") times.push(queued.since + NAVIGATE_WAIT_MS);
      return times.length ? Math.min(...times) : null;
    },
  };
}

/** The events that end a student's stay in a room, with the spec's message; null for the rest. */
export function exitMessage(event: RoomEvent): string | null {
  if (event.type === "participant-removed") return "You have been removed from this room";
  if (event.type === "room-deleted") return "Room not found";
  return null;
}
