/**
 * The offline journal of the student test client (spec README, "Offline-tolerant
 * test taking"). Every answer, code change, tab switch and unlock attempt is
 * written to IndexedDB first and only then sent to `POST /api/journal/{id}`.
 *
 * Guarantees:
 * - `append` resolves only once the entry is durable in IndexedDB (or, when
 *   IndexedDB is unusable, held in memory with `storageError` set). Nothing is
 *   ever dropped: an entry leaves the journal only when the server has
 *   accepted or rejected it, and rejections are reported through `onRejected`.
 * - `seq` is allocated inside one IndexedDB readwrite transaction (which the
 *   browser serialises across tabs) under a Web Lock, so two tabs of the same
 *   test never share a seq. Entries are sent in seq order, at most 100 a request,
 *   and a single tab at a time drains (a second Web Lock).
 * - Resending is always safe (the server ignores ids it already stored), so
 *   every failure is simply retried with full-jitter exponential backoff;
 *   except 413: a batch the server finds too large is sent in halves, and a
 *   single entry it finds too large is reported (`onRejected`, `tooLarge`),
 *   kept on the device and not sent again by this page.
 * - Every entry carries the newest server-signed time anchor the device has
 *   seen, and is never stamped earlier than it (decision 019).
 *
 * This module composes the parts in `./journal/` (decision 006, "The
 * journal's parts"): the storage, the queue, the sender with its back-off and
 * code pacing, the locks and the status. What stays here is the sync loop
 * that drives them and the page's callbacks.
 *
 * Browser only: create it in an effect, never during server rendering.
 */
import { anchorTime, deviceAnchors, type AnchorStore } from "./anchor";
import { lockRunner, type JournalLocks } from "./journal/locks";
import { createQueue } from "./journal/queue";
import { createBackoff, createCodePacing, createSender, type BackoffOptions } from "./journal/sender";
import { createStatusStore, type JournalStatus } from "./journal/status";
import { createIdbJournalStorage, type JournalStorage } from "./journal/storage";

import { CODE_SEND_MS } from "~/lib/student-tests/journal-limits";
import type { JournalEntry, JournalKind, JournalResponse, JudgedEntry, TestState } from "~/lib/student-tests/journal-protocol";

export type { JournalResponse, JudgedEntry, TestState } from "~/lib/student-tests/journal-protocol";
export type { JournalLocks } from "./journal/locks";
export { MAX_BATCH_BYTES, MAX_BATCH_ENTRIES } from "./journal/queue";
export { TOO_LARGE_MESSAGE } from "./journal/sender";
export type { JournalStatus } from "./journal/status";
export { createIdbJournalStorage, STORAGE_FULL_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE, type JournalStorage } from "./journal/storage";

export type EntryKind = JournalKind;
/** An entry as the browser keeps it and sends it (createdAt on the server's clock). */
export type Entry = JournalEntry;

export type RejectedEntry = JournalResponse["rejected"][number];

export type JournalOptions = {
  testId: string;
  /** Default `/api/journal/${testId}`. */
  endpoint?: string;
  /** Server clock minus client clock, in ms (from the network indicator). */
  clockOffset?: () => number;
  onState?: (state: TestState) => void;
  onRejected?: (rejected: RejectedEntry[]) => void;
  onJudged?: (judged: JudgedEntry[]) => void;
  /**
   * The entries the server answered (accepted or rejected), called as soon as
   * they leave the device's queue and before onState: a page that lays
   * pending entries over the server's state drops them at once, so an entry
   * is never counted twice (in the state and as pending) while the pending
   * list is read again.
   */
  onSettled?: (ids: string[]) => void;
  /** The entries the server applied in one answer, with the state after them (called after onState). */
  onAccepted?: (entries: Entry[], state: TestState) => void;
  fetch?: typeof fetch;
  storage?: JournalStorage;
  /** `null` forces the single-tab fallback; default `navigator.locks`. */
  locks?: JournalLocks | null;
  /** Backoff tuning, mainly for tests. Defaults: 500 ms base, 30 s cap, Math.random. */
  retry?: BackoffOptions;
  /** Per-request timeout. Default 20 s. */
  timeoutMs?: number;
  /** The test capability the page's loader gave (issue 40): the first autosaves take the server's fast path. */
  capability?: string | null;
  /** Where time anchors are kept; default this device's (localStorage). */
  anchors?: AnchorStore;
  /**
   * Code autosaves wait for a request at most this long after the last one
   * (issue 26; default CODE_SEND_MS). Every other entry, and flush(), sends
   * at once and takes the waiting code along. 0 sends code at once too.
   */
  codeSendMs?: number;
};

export type Journal = {
  /** Durable in IndexedDB before it resolves, then schedules a sync. */
  append(kind: EntryKind, payload: Record<string, unknown>): Promise<Entry>;
  /** Sync now; resolves when the queue is empty or the attempt failed. */
  flush(): Promise<void>;
  status(): JournalStatus;
  subscribe(listener: (status: JournalStatus) => void): () => void;
  /** The unsynced entries, in seq order. */
  entries(): Promise<Entry[]>;
  close(): void;
};

function uuid(): string {
  // randomUUID is only exposed in secure contexts; a plain-http LAN deploy
  // still needs unique ids.
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function safeCall(fn: () => void) {
  try {
    fn();
  } catch (error) {
    // A UI callback bug must not stop the sync.
    console.error("journal: callback failed", error);
  }
}

export function createJournal(options: JournalOptions): Journal {
  const { testId } = options;
  const clockOffset = options.clockOffset ?? (() => 0);
  const codeSendMs = options.codeSendMs ?? CODE_SEND_MS;
  const anchors = options.anchors ?? deviceAnchors();
  const withLock = lockRunner(
    options.locks !== undefined ? options.locks : typeof navigator !== "undefined" ? navigator.locks : undefined,
  );
  // One tab at a time drains; appending (the queue's seq lock) never waits for it.
  const drainLock = `journal:${testId}:drain`;

  const status = createStatusStore();
  const queue = createQueue({
    testId,
    storage: options.storage ?? createIdbJournalStorage(),
    withLock,
    onChange: () => setStatus({}),
  });
  const sender = createSender({
    endpoint: options.endpoint ?? `/api/journal/${encodeURIComponent(testId)}`,
    // Wrapped so a stored reference to window.fetch is never called unbound.
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    timeoutMs: options.timeoutMs ?? 20_000,
    capability: options.capability,
  });
  const backoff = createBackoff(options.retry ?? {}, () => void kick());
  const pacing = createCodePacing(codeSendMs, () => void kick());

  let closed = false;
  let fatal = false;
  let loop: Promise<void> | null = null;
  let again = false;

  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(`journal:${testId}`) : null;

  /** Pending and storageError always come from the queue. */
  function setStatus(patch: Partial<JournalStatus>) {
    status.set({ ...patch, pending: queue.pending(), storageError: queue.storageError() });
  }

  function announce() {
    try {
      channel?.postMessage({ type: "changed" });
    } catch {
      // Channel closed: nothing to tell.
    }
  }

  async function append(kind: EntryKind, payload: Record<string, unknown>): Promise<Entry> {
    // Never earlier than a server time this device has already seen: the
    // server refuses such an entry (its clock would have been set back).
    const anchor = anchors.newest();
    const createdAt = Math.max(Math.round(Date.now() + clockOffset()), anchorTime(anchor) ?? 0);
    const entry = await queue.add({ id: uuid(), kind, payload, createdAt, ...(anchor ? { anchor } : {}) });
    setStatus({ written: status.get().written + 1 });
    announce();
    // During a backoff wait, keep waiting: a failing server should not be
    // hit on every keystroke-triggered autosave.
    if (!backoff.waiting()) {
      if (kind === "code" && codeSendMs > 0) sendCodeSoon();
      else void kick();
    }
    return entry;
  }

  /** A code autosave: sent with the next request, which is at most codeSendMs after the last. */
  function sendCodeSoon() {
    if (!closed && !fatal) pacing.sendSoon();
  }

  function scheduleRetry(minDelayMs?: number) {
    if (!closed && !fatal) backoff.schedule(minDelayMs);
  }

  function kick(): Promise<void> {
    if (closed || fatal) return Promise.resolve();
    // Whatever code waits goes along with this request.
    pacing.cancel();
    if (loop) {
      again = true;
      return loop;
    }
    loop = (async () => {
      try {
        do {
          again = false;
          if (!(await withLock(drainLock, drain))) break;
        } while (again && !closed && !fatal);
      } catch (error) {
        // drain handles its own failures; this is a bug guard so the loop
        // never wedges. Try again later.
        console.error("journal: sync loop failed", error);
        scheduleRetry();
      } finally {
        loop = null;
        if (!closed) setStatus({ syncing: false });
      }
    })();
    return loop;
  }

  /** Drains until empty. True when the queue is empty, false on failure. */
  async function drain(): Promise<boolean> {
    if (closed || fatal) return false;
    setStatus({ syncing: true });
    await queue.repair();
    let sent = 0;
    while (!closed && !fatal) {
      const batch = await queue.nextBatch();
      if (batch.length === 0) {
        backoff.reset();
        return true;
      }
      // Only code typed while the last request was on its way: it waits for its turn (CODE_SEND_MS).
      if (sent > 0 && codeSendMs > 0 && batch.every((e) => e.kind === "code") && pacing.recent()) {
        sendCodeSoon();
        return true;
      }
      sent++;
      pacing.sent();
      const result = await sender.send(batch);
      if (closed) return false;
      if (result.type === "too-large") {
        // Never the same request again: a smaller one, or without this entry.
        if (batch.length > 1) queue.shrinkBatch(batch.length);
        else refuseTooLarge(batch[0]!, result.message);
        continue;
      }
      if (result.type === "fatal") {
        fatal = true;
        backoff.cancel();
        setStatus({ error: result.message });
        return false;
      }
      if (result.type === "retry") {
        scheduleRetry(result.delayMs);
        return false;
      }
      const progressed = await settle(batch, result.body);
      // A 200 that settles none of what we sent would loop forever: back off.
      if (!progressed) {
        scheduleRetry();
        return false;
      }
      backoff.reset();
    }
    return false;
  }

  function reportRejected(rejected: RejectedEntry[], warning: string) {
    if (options.onRejected) safeCall(() => options.onRejected?.(rejected));
    else console.warn(warning, rejected);
  }

  /** The server will never take this entry: say so, keep it on the device, go on with the rest. */
  function refuseTooLarge(entry: Entry, message: string) {
    setStatus({ tooLarge: queue.holdBack(entry), tooLargeError: message });
    reportRejected([{ id: entry.id, reason: message }], "journal: entry too large for the server");
  }

  async function settle(batch: Entry[], body: JournalResponse): Promise<boolean> {
    anchors.note(body.anchor);
    const sent = new Map(batch.map((e) => [e.id, e]));
    const pick = (ids: string[]) => ids.map((id) => sent.get(id)).filter((e): e is Entry => e !== undefined);
    const done = pick([...body.accepted, ...body.rejected.map((r) => r.id)]);
    await queue.settle(done);
    if (done.length > 0) safeCall(() => options.onSettled?.(done.map((e) => e.id)));
    const rejected = body.rejected.filter((r) => sent.has(r.id));
    if (rejected.length > 0) reportRejected(rejected, "journal: entries rejected by the server");
    const judged = body.judged.filter((j) => sent.has(j.id));
    if (judged.length > 0) safeCall(() => options.onJudged?.(judged));
    safeCall(() => options.onState?.(body.state));
    const accepted = pick(body.accepted);
    if (accepted.length > 0) safeCall(() => options.onAccepted?.(accepted, body.state));
    setStatus({ lastSyncedAt: Date.now() });
    announce();
    return done.length > 0;
  }

  function onOnline() {
    backoff.cancel();
    void kick();
  }

  if (channel) {
    channel.onmessage = () => {
      // Another tab appended or synced: our pending count is stale.
      if (!closed) void queue.recount();
    };
  }
  if (typeof window !== "undefined") window.addEventListener("online", onOnline);

  // Entries left from before a reload (possibly offline) sync right away.
  void queue.recount().then(() => kick());

  return {
    append,
    flush() {
      backoff.cancel();
      return kick();
    },
    status: () => status.get(),
    subscribe: (listener) => status.subscribe(listener),
    entries: () => queue.unsynced(),
    close() {
      if (closed) return;
      closed = true;
      backoff.cancel();
      pacing.cancel();
      sender.abort();
      status.clear();
      channel?.close();
      if (typeof window !== "undefined") window.removeEventListener("online", onOnline);
    },
  };
}
