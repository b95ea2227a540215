// Party-driven refreshes, one at a time (issue 34), for useRoomParty. Loaded
// with the room's connection (room-socket.ts), after the first paint: no event
// arrives before it.
/** The navigations an event makes: in place of the page (leaving a room) or to a new entry. */
export type NavigateOptions = { replace?: boolean };

/** What the gate may ask of the router, as the last committed render had it. */
export type RouterNow = { revalidate: () => void; navigate: (to: string, options?: NavigateOptions) => void };

/** A page's gate: what useRoomParty's refresh and navigate call, and what its renders report to. */
export type PageGate = ReturnType<typeof pageGate>;

/** Drives a `refreshGate` for one page: performs its steps, and wakes it when no render will. */
export function pageGate(router: () => RouterNow) {
  const gate = refreshGate();
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** As the last committed render saw it. */
  let busy = false;
  const after = (step: GateStep | null) => {
    if (step?.kind === "refresh") router().revalidate();
    else if (step) step.run();
    if (timer) clearTimeout(timer);
    const at = gate.nextCheckAt();
    timer = at === null ? null : setTimeout(() => after(gate.observe(busy)), Math.max(0, at - Date.now()));
  };
  return {
    refresh: () => after(gate.refresh()),
    navigate: (to: string, options?: NavigateOptions) => after(gate.run(() => router().navigate(to, options))),
    observe: (now: boolean) => after(gate.observe((busy = now))),
    stop: () => {
      if (timer) clearTimeout(timer);
    },
  };
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

