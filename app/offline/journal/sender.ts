/**
 * The journal's sender: one request to the journal endpoint and what its
 * answer means (`send`), when to try again after a failure (`createBackoff`),
 * and how long code autosaves wait for a request (`createCodePacing`).
 *
 * Resending is always safe (the server ignores ids it already stored), so
 * every failure is retried, except the answers that say retrying cannot help:
 * 401/403/404/410 stop syncing, and 413 asks for a smaller request.
 */
import { CAPABILITY_HEADER, parseJournalResponse } from "~/lib/student-tests/journal-response";
import type { JournalEntry as Entry, JournalResponse } from "~/lib/student-tests/journal-protocol";
import { isSebRefusal, SEB_REQUIRED_MESSAGE } from "~/lib/seb/seb";

export const TOO_LARGE_MESSAGE = "This change is too large to send. It is kept on this device.";

export const FATAL_MESSAGES: Record<number, string> = {
  401: "Your session has expired. Sign in again to sync; your answers are kept on this device.",
  403: "This test no longer accepts answers from this session. Your answers are kept on this device.",
  404: "This test could not be found. Your answers are kept on this device.",
  410: "This test has closed and no longer accepts answers. Your answers are kept on this device.",
};

export const SEB_FATAL_MESSAGE = `${SEB_REQUIRED_MESSAGE}. Your answers are kept on this device and sent when you open the test in Safe Exam Browser.`;

export type SendResult =
  | { type: "ok"; body: JournalResponse }
  /** Syncing must stop; the entries stay on the device. */
  | { type: "fatal"; message: string }
  | { type: "too-large"; message: string }
  /** Try again, not before `delayMs` (the server's Retry-After) if given. */
  | { type: "retry"; delayMs?: number };

/** The wait a `Retry-After` header asks for (seconds or an HTTP date), 0 without one. */
export function retryAfterMs(res: Response, now = Date.now()): number {
  const header = res.headers.get("Retry-After");
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : 0;
}

async function tooLargeMessage(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  const detail = typeof body?.error === "string" ? body.error : null;
  return detail ? `${detail.replace(/[.!]?$/, ".")} ${TOO_LARGE_MESSAGE}` : TOO_LARGE_MESSAGE;
}

export type SenderOptions = {
  endpoint: string;
  fetch: typeof fetch;
  /** Per request. */
  timeoutMs: number;
  /** A test capability the page was given (its loader's), until an answer carries a newer one. */
  capability?: string | null;
};

export type Sender = {
  /** Posts the batch; never throws. */
  send(batch: Entry[]): Promise<SendResult>;
  /** Abandons the request on its way, if any (its `send` then answers "retry"). */
  abort(): void;
};

export function createSender({ endpoint, fetch: doFetch, timeoutMs, capability: given = null }: SenderOptions): Sender {
  let inflight: AbortController | null = null;
  // The newest test capability the page or an answer carried: autosaves sent with it take the server's fast path.
  let capability: string | null = given;
  return {
    async send(batch) {
      const controller = new AbortController();
      inflight = controller;
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const res = await doFetch(endpoint, {
          method: "POST",
          headers: capability ? { "Content-Type": "application/json", [CAPABILITY_HEADER]: capability } : { "Content-Type": "application/json" },
          body: JSON.stringify({ entries: batch }),
          credentials: "same-origin",
          cache: "no-store",
          signal: controller.signal,
        });
        // A room that requires Safe Exam Browser, opened elsewhere: the same kept entries drain once it is opened in SEB.
        if (res.status === 403 && isSebRefusal(await res.clone().json().catch(() => null))) return { type: "fatal", message: SEB_FATAL_MESSAGE };
        const fatal = FATAL_MESSAGES[res.status];
        if (fatal) return { type: "fatal", message: fatal };
        if (res.status === 413) return { type: "too-large", message: await tooLargeMessage(res) };
        // 429, 5xx and any other non-2xx: resending is safe, so retry rather
        // than ever dropping entries.
        if (!res.ok) return { type: "retry", delayMs: retryAfterMs(res) };
        const parsed = parseJournalResponse(await res.json().catch(() => null));
        // e.g. a captive portal answering 200 with HTML.
        if (!parsed) return { type: "retry" };
        if (parsed.capability) capability = parsed.capability;
        return { type: "ok", body: parsed };
      } catch {
        return { type: "retry" }; // network error or timeout
      } finally {
        clearTimeout(timer);
        if (inflight === controller) inflight = null;
      }
    },
    abort() {
      inflight?.abort();
    },
  };
}

export type BackoffOptions = {
  /** Default 500 ms. */
  baseMs?: number;
  /** Default 30 s. */
  capMs?: number;
  /** Default Math.random. */
  random?: () => number;
};

export type Backoff = {
  /** Calls `retry` after the next delay of the schedule (at least `minDelayMs`), replacing a retry already waiting. */
  schedule(minDelayMs?: number): void;
  /** The last attempt went through: the next failure waits the base delay again. */
  reset(): void;
  /** Drops the retry that waits, if any; the schedule goes on where it was. */
  cancel(): void;
  /** Whether a retry is waiting. */
  waiting(): boolean;
};

/**
 * Full-jitter exponential backoff: after the n-th failure in a row (from 0)
 * the wait is uniform in [0, min(cap, base * 2^n)].
 */
export function createBackoff({ baseMs = 500, capMs = 30_000, random = Math.random }: BackoffOptions, retry: () => void): Backoff {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    schedule(minDelayMs = 0) {
      const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
      attempt++;
      const delay = Math.max(minDelayMs, random() * ceiling);
      cancel();
      timer = setTimeout(() => {
        timer = null;
        retry();
      }, delay);
    },
    reset() {
      attempt = 0;
    },
    cancel,
    waiting: () => timer !== null,
  };
}

export type CodePacing = {
  /** A request starts now. */
  sent(): void;
  /** Whether the last request started less than the window ago. */
  recent(): boolean;
  /** Calls `send` once the window since the last request has passed (at once if it has); one call waits at a time. */
  sendSoon(): void;
  /** Drops the call that waits, if any. */
  cancel(): void;
};

/**
 * Code autosaves wait for a request at most `windowMs` after the last one
 * (issue 26). The first window starts at a random point of the last one: a
 * room that starts at once would otherwise send its code in step, every page
 * in the same second of each 5 (decision 030); this spreads them evenly.
 */
export function createCodePacing(windowMs: number, send: () => void): CodePacing {
  let lastSentAt = Date.now() - Math.random() * windowMs;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    sent() {
      lastSentAt = Date.now();
    },
    recent: () => Date.now() - lastSentAt < windowMs,
    sendSoon() {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = null;
          send();
        },
        Math.max(0, lastSentAt + windowMs - Date.now()),
      );
    },
    cancel,
  };
}
