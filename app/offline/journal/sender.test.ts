import { afterEach, describe, expect, it, vi } from "vitest";
import type { JournalEntry as Entry, TestState } from "~/lib/student-tests/journal-protocol";
import { SEB_REQUIRED_MESSAGE } from "~/lib/seb/seb";
import { createBackoff, createCodePacing, createSender, FATAL_MESSAGES, retryAfterMs, SEB_FATAL_MESSAGE, TOO_LARGE_MESSAGE } from "./sender";

/** A state as the endpoint may send it: the scores and submittedAt have defaults. */
const STATE = { status: "in_progress", isDisqualified: false, isLocked: false, tabSwitchCount: 0, unlockAttemptsRemaining: 3, endsAt: null, serverNow: 0 };
const WITH_DEFAULTS: TestState = { ...STATE, totalScore: 0, maxScore: 0, submittedAt: null };
const batch: Entry[] = [{ id: "e1", seq: 0, kind: "tab-switch", payload: {}, createdAt: 1 }];

/** A sender whose fetch answers with `answer` (a Response, or a function of the request). */
function senderAnswering(answer: Response | ((init: RequestInit) => Promise<Response>), timeoutMs = 1_000) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => (typeof answer === "function" ? answer(init!) : answer));
  return { sender: createSender({ endpoint: "/api/journal/t1", fetch: fetch as unknown as typeof globalThis.fetch, timeoutMs }), fetch };
}

/** A fetch that never answers, but fails as a browser does when its request is aborted. */
const hanging = (init: RequestInit) =>
  new Promise<Response>((_, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the journal's sender", () => {
  it("posts the batch as JSON, with the session's cookie and past any cache", async () => {
    const { sender, fetch } = senderAnswering(Response.json({ accepted: ["e1"], rejected: [], state: STATE }));
    await sender.send(batch);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/journal/t1");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", cache: "no-store", headers: { "Content-Type": "application/json" } });
    expect(JSON.parse(String(init!.body))).toEqual({ entries: batch });
  });

  it("sends the page's test capability from the first request, then the newest an answer carried", async () => {
    const answers = [{ capability: "cap-2.sig" }, {}, { capability: "cap-3.sig" }, {}];
    const fetch = vi.fn(async () => Response.json({ accepted: ["e1"], rejected: [], state: STATE, ...answers.shift() }));
    const sender = createSender({ endpoint: "/api/journal/t1", fetch: fetch as unknown as typeof globalThis.fetch, timeoutMs: 1_000, capability: "cap-1.sig" });
    for (let i = 0; i < 4; i++) expect((await sender.send(batch)).type).toBe("ok");
    const sent = fetch.mock.calls.map((call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)["X-Test-Capability"]);
    expect(sent).toEqual(["cap-1.sig", "cap-2.sig", "cap-2.sig", "cap-3.sig"]);
    // Without one, the first request goes without the header (the full journal then gives one).
    const { sender: bare, fetch: bareFetch } = senderAnswering(Response.json({ accepted: ["e1"], rejected: [], state: STATE }));
    await bare.send(batch);
    expect(bareFetch.mock.calls[0]![1]!.headers).toEqual({ "Content-Type": "application/json" });
  });

  it("hands back the server's answer, with its defaults", async () => {
    const { sender } = senderAnswering(Response.json({ accepted: ["e1"], rejected: [], state: STATE, anchor: "5.sig" }));
    expect(await sender.send(batch)).toEqual({ type: "ok", body: { accepted: ["e1"], rejected: [], judged: [], state: WITH_DEFAULTS, anchor: "5.sig" } });
  });

  it("retries a 200 that is not the journal's answer (a captive portal)", async () => {
    const { sender } = senderAnswering(new Response("<html>sign in to the wifi</html>", { status: 200 }));
    expect(await sender.send(batch)).toEqual({ type: "retry" });
  });

  it.each([401, 403, 404, 410])("stops on %i, with a message that the answers are kept", async (status) => {
    const { sender } = senderAnswering(new Response("no", { status }));
    const result = await sender.send(batch);
    expect(result).toEqual({ type: "fatal", message: FATAL_MESSAGES[status] });
    expect(FATAL_MESSAGES[status]).toMatch(/kept on this device/);
  });

  it("stops on a Safe Exam Browser refusal with its own message, keeping the answers for SEB", async () => {
    const refusal = Response.json({ error: SEB_REQUIRED_MESSAGE, seb: { link: "seb://localhost:8787/seb/r/config.seb", download: "https://safeexambrowser.org/download_en.html" } }, { status: 403 });
    const { sender } = senderAnswering(refusal);
    expect(await sender.send(batch)).toEqual({ type: "fatal", message: SEB_FATAL_MESSAGE });
    expect(SEB_FATAL_MESSAGE).toMatch(/^This test requires Safe Exam Browser\. .*kept on this device/);
  });

  it("retries 5xx, 429 and other 4xx, waiting as long as Retry-After asks", async () => {
    for (const [status, headers, delayMs] of [
      [500, {}, 0],
      [503, { "Retry-After": "3" }, 3_000],
      [429, { "Retry-After": "0" }, 0],
      [400, {}, 0],
    ] as const) {
      const { sender } = senderAnswering(new Response("no", { status, headers }));
      expect(await sender.send(batch)).toEqual({ type: "retry", delayMs });
    }
  });

  it("a 413 says what the server said, and that the change is kept", async () => {
    const withReason = senderAnswering(Response.json({ error: "Code can be at most 64 KB" }, { status: 413 })).sender;
    expect(await withReason.send(batch)).toEqual({ type: "too-large", message: `Code can be at most 64 KB. ${TOO_LARGE_MESSAGE}` });
    const endsWithStop = senderAnswering(Response.json({ error: "Too large!" }, { status: 413 })).sender;
    expect(await endsWithStop.send(batch)).toEqual({ type: "too-large", message: `Too large. ${TOO_LARGE_MESSAGE}` });
    const bare = senderAnswering(new Response("too large", { status: 413 })).sender;
    expect(await bare.send(batch)).toEqual({ type: "too-large", message: TOO_LARGE_MESSAGE });
  });

  it("retries after a network error", async () => {
    const { sender } = senderAnswering(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await sender.send(batch)).toEqual({ type: "retry" });
  });

  it("gives up on a request after timeoutMs, and retries", async () => {
    const { sender } = senderAnswering(hanging, 30);
    const t0 = Date.now();
    expect(await sender.send(batch)).toEqual({ type: "retry" });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(25);
  });

  it("abort() drops the request on its way", async () => {
    const { sender } = senderAnswering(hanging, 60_000);
    const result = sender.send(batch);
    await Promise.resolve();
    sender.abort();
    expect(await result).toEqual({ type: "retry" });
  });
});

describe("retryAfterMs", () => {
  const after = (value: string | null) => new Response(null, { status: 503, headers: value === null ? {} : { "Retry-After": value } });
  it("reads seconds or an HTTP date, and never goes below 0", () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    expect(retryAfterMs(after("2"), now)).toBe(2_000);
    expect(retryAfterMs(after("Fri, 27 Nov 2026 12:00:05 GMT"), now)).toBe(5_000);
    expect(retryAfterMs(after("Fri, 27 Nov 2026 11:00:00 GMT"), now)).toBe(0);
    expect(retryAfterMs(after("-4"), now)).toBe(0);
    expect(retryAfterMs(after("soon"), now)).toBe(0);
    expect(retryAfterMs(after(null), now)).toBe(0);
  });
});

describe("the back-off", () => {
  it("doubles from the base up to the cap, with full jitter below that ceiling", () => {
    vi.useFakeTimers();
    const retry = vi.fn();
    let random = 1;
    const backoff = createBackoff({ baseMs: 100, capMs: 1_000, random: () => random }, retry);
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      backoff.schedule();
      delays.push(nextFire(retry));
    }
    expect(delays).toEqual([100, 200, 400, 800, 1_000, 1_000]);

    backoff.reset();
    random = 0.5;
    backoff.schedule();
    expect(nextFire(retry)).toBe(50);
    random = 0;
    backoff.schedule();
    expect(nextFire(retry)).toBe(0);
  });

  it("waits at least what the server asked (Retry-After)", () => {
    vi.useFakeTimers();
    const retry = vi.fn();
    const backoff = createBackoff({ baseMs: 100, capMs: 1_000, random: () => 1 }, retry);
    backoff.schedule(2_500);
    expect(nextFire(retry)).toBe(2_500);
    backoff.schedule(10); // the schedule's own wait (200 ms) is longer
    expect(nextFire(retry)).toBe(200);
  });

  it("one retry waits at a time; cancel drops it and keeps the schedule", () => {
    vi.useFakeTimers();
    const retry = vi.fn();
    const backoff = createBackoff({ baseMs: 100, capMs: 1_000, random: () => 1 }, retry);
    expect(backoff.waiting()).toBe(false);
    backoff.schedule();
    backoff.schedule(); // replaces the first: 200 ms from now
    expect(backoff.waiting()).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    backoff.cancel();
    expect(backoff.waiting()).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(retry).not.toHaveBeenCalled();
    backoff.schedule();
    expect(nextFire(retry)).toBe(400);
    expect(backoff.waiting()).toBe(false);
  });

  it("uses the defaults: 500 ms base, 30 s cap", () => {
    vi.useFakeTimers();
    const retry = vi.fn();
    const backoff = createBackoff({ random: () => 1 }, retry);
    backoff.schedule();
    expect(nextFire(retry)).toBe(500);
    for (let i = 0; i < 10; i++) backoff.schedule();
    expect(nextFire(retry)).toBe(30_000);
  });
});

/** With fake timers: how long until `fn` is called next, in ms. */
function nextFire(fn: ReturnType<typeof vi.fn>) {
  const start = Date.now();
  const calls = fn.mock.calls.length;
  vi.advanceTimersByTime(0);
  while (fn.mock.calls.length === calls) {
    if (Date.now() - start > 120_000) throw new Error("never called");
    vi.advanceTimersByTime(1);
  }
  return Date.now() - start;
}

describe("code pacing", () => {
  it("the first window starts at a random point of the last one", () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0.25);
    const send = vi.fn();
    const pacing = createCodePacing(1_000, send);
    expect(pacing.recent()).toBe(true);
    pacing.sendSoon();
    vi.advanceTimersByTime(749);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("after a request, code waits out the window; one call waits at a time; cancel drops it", () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(1); // the first window has passed
    const send = vi.fn();
    const pacing = createCodePacing(1_000, send);
    expect(pacing.recent()).toBe(false);
    pacing.sendSoon();
    vi.advanceTimersByTime(0);
    expect(send).toHaveBeenCalledTimes(1);

    pacing.sent();
    expect(pacing.recent()).toBe(true);
    vi.advanceTimersByTime(400);
    pacing.sendSoon();
    pacing.sendSoon();
    expect(nextFire(send)).toBe(600);
    expect(send).toHaveBeenCalledTimes(2);
    expect(pacing.recent()).toBe(false);

    pacing.sent();
    pacing.sendSoon();
    pacing.cancel();
    vi.advanceTimersByTime(5_000);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
