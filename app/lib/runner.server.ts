// The Worker's client for the code runner (runner/, contract in
// shared/spec/README.md). It sends the bearer token, retries a full queue
// briefly, and turns every failure into a RunnerError whose message a student
// or admin can act on; callers prefix it with the spec's toast (for example
// "Execution failed", "Failed to run code", "Failed to submit code").

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
} from "../../contracts/runner.ts";

export type { ExecuteResult, JudgeResult, JudgeTestCase, RunnerHealth, RunnerLanguage };
export type { Verdict as RunnerVerdict } from "../../contracts/runner.ts";

export class RunnerError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = "RunnerError";
    this.status = status;
  }
}

type RunnerEnv = { RUNNER_URL: string; RUNNER_TOKEN: string };
type Options = {
  fetch?: typeof fetch;
  /** A judge with 5 cases in the slowest language takes seconds; a stuck runner must not hang a request. */
  timeoutMs?: number;
  /** A full queue is retried when the runner asks for at most this long. */
  maxRetryAfterSeconds?: number;
  sleep?: (ms: number) => Promise<void>;
};

const MESSAGES: Record<number, string> = {
  400: "The code runner could not read the request",
  401: "The code runner refused this server's token (check RUNNER_TOKEN)",
  413: "The code or its input is too large to run",
  429: "The code runner is busy. Please try again in a few seconds",
};

export function createRunnerClient(env: RunnerEnv, options: Options = {}) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxRetryAfter = options.maxRetryAfterSeconds ?? 3;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const base = env.RUNNER_URL.replace(/\/+$/, "");

  async function request<T>(path: string, reply: z.ZodType<T, z.ZodTypeDef, unknown>, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(`${base}${path}`, {
          method: body === undefined ? "GET" : "POST",
          headers: { Authorization: `Bearer ${env.RUNNER_TOKEN}`, "Content-Type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        throw new RunnerError(
          timedOut ? "The code runner took too long to answer" : "The code runner is unreachable. Please try again shortly",
          null,
        );
      }
      if (response.ok) {
        // Parsed, not cast: a runner that answers another shape (another version) is an error here, not later.
        const parsed = reply.safeParse(await response.json().catch(() => undefined));
        if (parsed.success) return parsed.data;
        throw new RunnerError("The code runner sent a reply this server cannot read (is it another version?)", response.status);
      }
      const retryAfter = Number(response.headers.get("Retry-After"));
      if (response.status === 429 && attempt < 2 && retryAfter > 0 && retryAfter <= maxRetryAfter) {
        await response.body?.cancel();
        await sleep(retryAfter * 1000);
        continue;
      }
      const detail = ErrorReplySchema.safeParse(await response.json().catch(() => null)).data?.error;
      const message = MESSAGES[response.status] ?? `The code runner failed (HTTP ${response.status})`;
      throw new RunnerError(response.status === 400 && detail ? `${message}: ${detail}` : message, response.status);
    }
  }

  return {
    execute: (input: ExecuteRequest) => request("/v1/execute", ExecuteResponseSchema, input),
    judge: (input: JudgeRequest) => request("/v1/judge", JudgeResponseSchema, input),
    health: () => request("/healthz", HealthSchema),
  };
}

export type RunnerClient = ReturnType<typeof createRunnerClient>;

/** "Execution failed: The code runner is busy..." for a toast. */
export function runnerFailureMessage(spec: string, error: unknown): string {
  return error instanceof RunnerError ? `${spec}: ${error.message}` : spec;
}
