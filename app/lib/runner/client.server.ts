// The Worker's client for the code runner (runner/, contract in
// shared/spec/README.md). It sends the bearer token, retries a full queue
// briefly, and turns every failure into a RunnerError whose message a student
// or admin can act on; callers prefix it with the spec's toast (for example
// "Execution failed", "Failed to run code", "Failed to submit code").
//
// RUNNER_URL may list several runners, comma-separated (issue 16, decision
// 016). Each job goes to the least loaded healthy one (pool.ts), and a
// job whose runner fails or disappears under it (refused, reset, 5xx, no
// answer to /healthz while the job waits) is sent to the next one here,
// inside the client: judging is idempotent, and the caller still gets one
// verdict or one error, so it writes a score once. With one URL there is no
// probing and nothing changes.
//
// Plain fetch and timers only: Node runs this module too (runner tests, the
// failover bench).

import type { z } from "zod";
import {
  ErrorReplySchema,
  ExecuteResponseSchema,
  HealthSchema,
  JudgeResponseSchema,
  type ExecuteRequest,
  type ExecuteResponse as ExecuteResult,
  type Health as RunnerHealth,
  type JudgeRequest,
  type JudgeResponse as JudgeResult,
  type Language as RunnerLanguage,
  type TestCase as JudgeTestCase,
} from "../../../contracts/runner.ts";
import { parseRunnerUrls, RunnerPool, type ReportedLoad, type RunnerState } from "./pool.ts";

export type { ExecuteResult, JudgeResult, JudgeTestCase, RunnerHealth, RunnerLanguage };
export type { Verdict as RunnerVerdict } from "../../../contracts/runner.ts";

export class RunnerError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = "RunnerError";
    this.status = status;
  }
}

type RunnerEnv = { RUNNER_URL: string; RUNNER_TOKEN: string };

/** How one try on one runner ended, for `onAttempt`. */
export type AttemptOutcome = "ok" | "down" | "busy" | "unreadable" | "refused" | "timeout";
export type Attempt = { url: string; path: string; outcome: AttemptOutcome; ms: number };

type Options = {
  fetch?: typeof fetch;
  /** A judge with 5 cases in the slowest language takes seconds; a stuck runner must not hang a request. All tries share it. */
  timeoutMs?: number;
  /** A full queue is retried when the runner asks for at most this long. */
  maxRetryAfterSeconds?: number;
  /**
   * For a student's Submit Code: a full queue is waited out until `timeoutMs`
   * instead of refused after two rounds. The runner's Retry-After is when its
   * whole queue would be drained; a place frees long before, so each wait is
   * at most BUSY_STEP_MS (with jitter, so the waiting do not return at once).
   */
  waitWhileBusy?: boolean;
  sleep?: (ms: number) => Promise<void>;
  /** With several runners: how long a /healthz report counts before the runner is probed again. */
  healthTtlMs?: number;
  /** With several runners: how long a probe may take before the runner counts as down. */
  probeTimeoutMs?: number;
  /** With several runners: while a job waits this long, its runner must answer /healthz (within as long) or the job moves on. */
  livenessMs?: number;
  /** Every try on every runner, as it ends (tests, the bench, logs). */
  onAttempt?: (attempt: Attempt) => void;
};

const MESSAGES: Record<number, string> = {
  400: "The code runner could not read the request",
  401: "The code runner refused this server's token (check RUNNER_TOKEN)",
  413: "The code or its input is too large to run",
  429: "The code runner is busy. Please try again in a few seconds",
};
/** The longest one wait for a place in a full queue (`waitWhileBusy`). */
export const BUSY_STEP_MS = 4_000;
const UNREACHABLE = "The code runner is unreachable. Please try again shortly";
const TOO_LONG = "The code runner took too long to answer";
const UNREADABLE = "The code runner sent a reply this server cannot read (is it another version?)";

/**
 * One pool per runner list and isolate (module scope), so what one request
 * learns about the runners (loads, a dead one) serves the next. It holds
 * plain data only: no promise or stream crosses requests.
 */
const pools = new Map<string, RunnerPool>();
function poolFor(runnerUrl: string): RunnerPool {
  const urls = parseRunnerUrls(runnerUrl);
  const key = urls.join(",");
  let pool = pools.get(key);
  if (!pool) {
    pool = new RunnerPool(urls.length > 0 ? urls : [runnerUrl]);
    pools.set(key, pool);
  }
  return pool;
}

type Outcome<T> =
  | { kind: "ok"; value: T }
  | { kind: Exclude<AttemptOutcome, "ok" | "busy">; error: RunnerError }
  | { kind: "busy"; error: RunnerError; retryAfter: number };

export function createRunnerClient(env: RunnerEnv, options: Options = {}) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxRetryAfter = options.maxRetryAfterSeconds ?? 3;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const timing = { healthTtlMs: options.healthTtlMs ?? 2_000, probeTimeoutMs: options.probeTimeoutMs ?? 1_000 };
  const livenessMs = options.livenessMs ?? 5_000;
  const pool = poolFor(env.RUNNER_URL);
  // One runner: nothing to choose between and nowhere to retry, so no probes.
  const several = pool.size > 1;

  /** GET /healthz; records the load, or the runner as down. */
  async function probe(state: RunnerState, timeout = timing.probeTimeoutMs): Promise<boolean> {
    let load: ReportedLoad | null = null;
    try {
      const response = await doFetch(`${state.url}/healthz`, { signal: AbortSignal.timeout(timeout) });
      const health = HealthSchema.safeParse(await response.json());
      if (response.ok && health.success && health.data.ok) {
        const q = health.data.queue;
        load = { running: q.running, waiting: q.waiting, slots: q.slots ?? 1, maxWaiting: q.maxWaiting ?? null };
      }
    } catch {
      // Refused, reset, timed out or not JSON: down.
    }
    pool.recordProbe(state.url, load, Date.now());
    return load !== null;
  }

  /** Probes the runners whose report is stale (a few ms locally, every couple of seconds). */
  async function refresh() {
    if (!several) return;
    const due = pool.claimProbes(Date.now(), timing);
    if (due.length > 0) await Promise.all(due.map((s) => probe(s)));
  }

  /**
   * While a job waits on a runner, checks every `livenessMs` that the runner
   * still answers /healthz (unless a probe did lately): a VM that vanished
   * resets nothing, so without this the job would wait out the whole budget.
   */
  function watch(state: RunnerState, onDead: () => void): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      const fresh = state.status === "up" && Date.now() - state.checkedAt < livenessMs;
      if (!fresh && !(await probe(state, livenessMs))) {
        if (!stopped) onDead();
        return;
      }
      if (!stopped) timer = setTimeout(tick, livenessMs);
    };
    timer = setTimeout(tick, livenessMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }

  async function attempt<T>(
    state: RunnerState,
    path: string,
    reply: z.ZodType<T, z.ZodTypeDef, unknown>,
    body: unknown,
    deadline: number,
  ): Promise<Outcome<T>> {
    const controller = new AbortController();
    let why: "deadline" | "dead" | null = null;
    const abort = (reason: "deadline" | "dead") => {
      why ??= reason;
      controller.abort();
    };
    const timer = setTimeout(() => abort("deadline"), Math.max(0, deadline - Date.now()));
    const unwatch = several && body !== undefined ? watch(state, () => abort("dead")) : () => {};
    const finished = pool.dispatched(state.url);
    try {
      let response: Response;
      let text: string;
      try {
        response = await doFetch(`${state.url}${path}`, {
          method: body === undefined ? "GET" : "POST",
          headers: { Authorization: `Bearer ${env.RUNNER_TOKEN}`, "Content-Type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
        });
        text = await response.text();
      } catch (error) {
        const timedOut = why === "deadline" || (error instanceof Error && error.name === "TimeoutError");
        if (timedOut) return { kind: "timeout", error: new RunnerError(TOO_LONG, null) };
        // Refused, reset mid-job, or silent on /healthz: whatever it was doing is lost, so the job moves on.
        pool.failed(state.url, Date.now());
        return { kind: "down", error: new RunnerError(UNREACHABLE, null) };
      }
      if (response.ok) {
        // Parsed, not cast: a runner that answers another shape (another version) is an error here, not later.
        const parsed = reply.safeParse(parseJson(text));
        if (parsed.success) return { kind: "ok", value: parsed.data };
        return { kind: "unreadable", error: new RunnerError(UNREADABLE, response.status) };
      }
      if (response.status >= 500) {
        pool.failed(state.url, Date.now());
        return { kind: "down", error: new RunnerError(`The code runner failed (HTTP ${response.status})`, response.status) };
      }
      if (response.status === 429) {
        const retryAfter = Number(response.headers.get("Retry-After"));
        pool.refused(state.url, retryAfter > 0 ? retryAfter : 1, Date.now());
        return { kind: "busy", error: new RunnerError(MESSAGES[429]!, 429), retryAfter };
      }
      // The request itself is at fault (or the token): every runner would say the same.
      const detail = ErrorReplySchema.safeParse(parseJson(text)).data?.error;
      const message = MESSAGES[response.status] ?? `The code runner failed (HTTP ${response.status})`;
      return {
        kind: "refused",
        error: new RunnerError(response.status === 400 && detail ? `${message}: ${detail}` : message, response.status),
      };
    } finally {
      clearTimeout(timer);
      unwatch();
      finished();
    }
  }

  async function request<T>(path: string, reply: z.ZodType<T, z.ZodTypeDef, unknown>, body?: unknown): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    await refresh();
    for (let round = 0; ; round++) {
      const tried = new Set<string>();
      let lastError: RunnerError | undefined;
      let retryAfter = Number.POSITIVE_INFINITY;
      for (let state = pool.next(tried, Date.now()); state; state = pool.next(tried, Date.now())) {
        tried.add(state.url);
        const started = Date.now();
        const outcome = await attempt(state, path, reply, body, deadline);
        options.onAttempt?.({ url: state.url, path, outcome: outcome.kind, ms: Date.now() - started });
        if (outcome.kind === "ok") return outcome.value;
        if (outcome.kind === "refused" || outcome.kind === "timeout") throw outcome.error;
        if (outcome.kind === "down" && several) console.warn(`runner ${state.url} failed on ${path} (${outcome.error.message}); trying another`);
        lastError = outcome.error;
        if (outcome.kind === "busy") retryAfter = Math.min(retryAfter, outcome.retryAfter || Number.POSITIVE_INFINITY);
        if (Date.now() >= deadline) throw new RunnerError(TOO_LONG, null);
      }
      // Every runner was tried; if one only asked to wait a little, wait and go round again.
      if (options.waitWhileBusy && Number.isFinite(retryAfter)) {
        const step = Math.min(retryAfter * 1000, BUSY_STEP_MS) * (0.75 + Math.random() / 2);
        if (Date.now() + step < deadline) {
          await sleep(step);
          continue;
        }
      }
      const wait = retryAfter * 1000;
      if (round < 2 && retryAfter > 0 && retryAfter <= maxRetryAfter && Date.now() + wait < deadline) {
        await sleep(wait);
        continue;
      }
      throw lastError ?? new RunnerError(UNREACHABLE, null);
    }
  }

  return {
    execute: (input: ExecuteRequest) => request("/v1/execute", ExecuteResponseSchema, input),
    judge: (input: JudgeRequest) => request("/v1/judge", JudgeResponseSchema, input),
    /** The health of the first runner that answers (the least loaded). */
    health: () => request("/healthz", HealthSchema),
    /** What this isolate knows of each runner (a copy). */
    runners: () => pool.states.map((s) => ({ ...s, load: s.load && { ...s.load } })),
  };
}

export type RunnerClient = ReturnType<typeof createRunnerClient>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** "Execution failed: The code runner is busy..." for a toast. */
export function runnerFailureMessage(spec: string, error: unknown): string {
  return error instanceof RunnerError ? `${spec}: ${error.message}` : spec;
}
