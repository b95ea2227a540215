// Which runner gets the next job when RUNNER_URL lists several (issue 16,
// docs/decisions/015-runner-pool.md). Bookkeeping only, no I/O: the client
// (client.server.ts) probes /healthz, sends the jobs and reports back here.
// Nothing Worker-only either, so Node runs the same code (runner tests, the
// failover bench).
//
// The order: runners that answered their last probe, least loaded first
// (what each reported running and waiting, plus what this isolate sent it
// since, per slot); then runners not probed yet; then runners that refused
// work (429) or report a full queue; then runners that failed, longest ago
// first. A job that fails on one runner goes to the next it has not tried.

export type ReportedLoad = {
  running: number;
  waiting: number;
  /** Sandboxes at once; 1 for a runner too old to say. */
  slots: number;
  /** Waiting requests past which it answers 429, when it says. */
  maxWaiting: number | null;
};

export type RunnerStatus = "unknown" | "up" | "down";

export type RunnerState = {
  readonly url: string;
  status: RunnerStatus;
  /** What its last successful /healthz said. */
  load: ReportedLoad | null;
  /** When the last probe answered or failed, or a job failed (ms). 0: never. */
  checkedAt: number;
  /** A probe claimed at this time is under way; null when none. */
  probingSince: number | null;
  /** Jobs this isolate sent since the last report (so not in it) and not yet answered. */
  sent: number;
  /** Bumped by every report, so a job sent before it is not taken off `sent` twice. */
  epoch: number;
  /** Probes failed in a row: the next probe of a down runner waits longer. */
  failures: number;
  /** It answered 429: skip it until then unless every other runner is worse. */
  busyUntil: number;
};

export type ProbeTiming = {
  /** How long a report counts as current before the runner is probed again. */
  healthTtlMs: number;
  /** A claimed probe older than this is taken as lost (its request was cut off). */
  probeTimeoutMs: number;
};

/** Longest wait before probing a runner that keeps failing its probes. */
export const MAX_PROBE_BACKOFF_MS = 30_000;

/** "http://a:2358, http://b:2358/" → ["http://a:2358", "http://b:2358"]: trimmed, no trailing slash, no repeats. */
export function parseRunnerUrls(value: string): string[] {
  const urls = value
    .split(",")
    .map((u) => u.trim().replace(/\/+$/, ""))
    .filter((u) => u.length > 0);
  return [...new Set(urls)];
}

/** Work per slot: the last report plus what was sent since; without a report, what was sent. */
export function loadScore(state: RunnerState): number {
  if (!state.load) return state.sent;
  return (state.load.running + state.load.waiting + state.sent) / Math.max(1, state.load.slots);
}

/** 0 up, 1 not probed yet, 2 busy (429 or a full queue), 3 down. */
function tier(state: RunnerState, now: number): number {
  if (state.status === "down") return 3;
  const full = state.load?.maxWaiting != null && state.load.waiting + state.sent >= state.load.maxWaiting;
  if (state.busyUntil > now || full) return 2;
  return state.status === "up" ? 0 : 1;
}

/** Next probe due: the TTL while it answers, doubling per failed probe up to MAX_PROBE_BACKOFF_MS. */
export function probeDueAt(state: RunnerState, timing: ProbeTiming): number {
  if (state.checkedAt === 0) return 0;
  const backoff = state.failures === 0 ? 1 : 2 ** Math.min(state.failures - 1, 10);
  return state.checkedAt + Math.min(MAX_PROBE_BACKOFF_MS, timing.healthTtlMs * backoff);
}

/**
 * The runners not yet tried, best first. Equal loads are broken at random,
 * so isolates that read the same reports do not all pick the same runner.
 */
export function dispatchOrder(
  states: readonly RunnerState[],
  tried: ReadonlySet<string>,
  now: number,
  random: () => number = Math.random,
): RunnerState[] {
  return states
    .filter((s) => !tried.has(s.url))
    .map((s) => ({ s, tier: tier(s, now), score: loadScore(s), tie: random() }))
    .sort((a, b) => {
      if (a.tier !== b.tier) return a.tier - b.tier;
      if (a.tier === 3) return a.s.checkedAt - b.s.checkedAt;
      if (a.tier === 2 && a.s.busyUntil !== b.s.busyUntil) return a.s.busyUntil - b.s.busyUntil;
      if (Math.abs(a.score - b.score) > 1e-9) return a.score - b.score;
      return a.tie - b.tie;
    })
    .map((x) => x.s);
}

export class RunnerPool {
  readonly states: RunnerState[];
  private readonly random: () => number;

  constructor(urls: readonly string[], random: () => number = Math.random) {
    if (urls.length === 0) throw new Error("A runner pool needs at least one URL");
    this.random = random;
    this.states = urls.map((url) => ({
      url,
      status: "unknown",
      load: null,
      checkedAt: 0,
      probingSince: null,
      sent: 0,
      epoch: 0,
      failures: 0,
      busyUntil: 0,
    }));
  }

  get size() {
    return this.states.length;
  }

  private get(url: string): RunnerState {
    const state = this.states.find((s) => s.url === url);
    if (!state) throw new Error(`Not in this pool: ${url}`);
    return state;
  }

  /** The best runner not in `tried`, or null when every one was tried. */
  next(tried: ReadonlySet<string>, now: number): RunnerState | null {
    return dispatchOrder(this.states, tried, now, this.random)[0] ?? null;
  }

  /** The runners whose probe is due and not already under way; marks them as being probed. */
  claimProbes(now: number, timing: ProbeTiming): RunnerState[] {
    const due = this.states.filter(
      (s) => now >= probeDueAt(s, timing) && (s.probingSince === null || now - s.probingSince > timing.probeTimeoutMs),
    );
    for (const s of due) s.probingSince = now;
    return due;
  }

  /** A probe's outcome: the load it reported, or null when it failed. */
  recordProbe(url: string, load: ReportedLoad | null, now: number) {
    const s = this.get(url);
    s.probingSince = null;
    s.checkedAt = now;
    if (load) {
      s.status = "up";
      s.load = load;
      s.sent = 0;
      s.epoch++;
      s.failures = 0;
      if (load.maxWaiting == null || load.waiting < load.maxWaiting) s.busyUntil = 0;
    } else {
      s.status = "down";
      s.failures++;
    }
  }

  /** A job is sent to `url`; call the returned function when it is answered or given up. */
  dispatched(url: string): () => void {
    const s = this.get(url);
    const epoch = s.epoch;
    s.sent++;
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      // A report since then already counted (or finished) this job.
      if (s.epoch === epoch) s.sent = Math.max(0, s.sent - 1);
    };
  }

  /** A job failed there (refused, reset, 5xx, no sign of life): not offered work until a probe answers. */
  failed(url: string, now: number) {
    const s = this.get(url);
    s.status = "down";
    s.checkedAt = now;
  }

  /** It answered 429 with Retry-After. */
  refused(url: string, retryAfterSeconds: number, now: number) {
    const s = this.get(url);
    s.busyUntil = now + Math.max(1, retryAfterSeconds) * 1000;
  }
}
