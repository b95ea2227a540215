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
 * Browser only: create it in an effect, never during server rendering.
 */
import { anchorTime, deviceAnchors, type AnchorStore } from "./anchor";
import { lockRunner, type JournalLocks } from "./journal/locks";
import { createIdbJournalStorage, storageMessage, type JournalStorage } from "./journal/storage";

import { CODE_SEND_MS } from "~/lib/student-tests/journal-limits";
import { parseJournalResponse } from "~/lib/student-tests/journal-response";
import type { JournalEntry, JournalKind, JournalResponse, JudgedEntry, TestState } from "~/lib/student-tests/journal-protocol";

export type { JournalResponse, JudgedEntry, TestState } from "~/lib/student-tests/journal-protocol";
export type { JournalLocks } from "./journal/locks";
export { createIdbJournalStorage, STORAGE_FULL_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE, type JournalStorage } from "./journal/storage";

export type EntryKind = JournalKind;
/** An entry as the browser keeps it and sends it (createdAt on the server's clock). */
export type Entry = JournalEntry;

export type RejectedEntry = JournalResponse["rejected"][number];

export type JournalStatus = {
  pending: number;
  syncing: boolean;
  lastSyncedAt: number | null;
  /** A fatal sync error (401/403/404/410): syncing has stopped, entries are kept. */
  error: string | null;
  /** IndexedDB is unusable: entries are only in memory until they sync. */
  storageError: string | null;
  /** Entries this page appended since it opened. */
  written: number;
  /** Entries the server refused as too large (413): kept on this device, not sent again by this page. */
  tooLarge: number;
  /** The server's message for the last of them. */
  tooLargeError: string | null;
};

export type JournalOptions = {
  testId: string;
  /** Default `/api/journal/${testId}`. */
  endpoint?: string;
  /** Server clock minus client clock, in ms (from the network indicator). */
  clockOffset?: () => number;
  onState?: (state: TestState) => void;
  onRejected?: (rejected: RejectedEntry[]) => void;
  onJudged?: (judged: JudgedEntry[]) => void;
  /** The entries the server applied in one answer, with the state after them (called after onState). */
  onAccepted?: (entries: Entry[], state: TestState) => void;
  fetch?: typeof fetch;
  storage?: JournalStorage;
  /** `null` forces the single-tab fallback; default `navigator.locks`. */
  locks?: JournalLocks | null;
  /** Backoff tuning, mainly for tests. Defaults: 500 ms base, 30 s cap, Math.random. */
  retry?: { baseMs?: number; capMs?: number; random?: () => number };
  /** Per-request timeout. Default 20 s. */
  timeoutMs?: number;
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

export const MAX_BATCH_ENTRIES = 100;
/** Half of what the server takes (JOURNAL_LIMITS.batchBytes), in UTF-8 bytes. */
export const MAX_BATCH_BYTES = 512 * 1024;
const FATAL_STATUSES = new Set([401, 403, 404, 410]);

export const TOO_LARGE_MESSAGE = "This change is too large to send. It is kept on this device.";

const FATAL_MESSAGES: Record<number, string> = {
  401: "Your session has expired. Sign in again to sync; your answers are kept on this device.",
  403: "This test no longer accepts answers from this session. Your answers are kept on this device.",
  404: "This test could not be found. Your answers are kept on this device.",
  410: "This test has closed and no longer accepts answers. Your answers are kept on this device.",
};

// ---------------------------------------------------------------------------
// Helpers

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

function retryAfterMs(res: Response): number {
  const header = res.headers.get("Retry-After");
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : 0;
}

function bySeq(a: Entry, b: Entry) {
  return a.seq - b.seq;
}

type SendResult =
  | { type: "ok"; body: JournalResponse }
  | { type: "fatal"; message: string }
  | { type: "too-large"; message: string }
  | { type: "retry"; delayMs?: number };

const utf8 = new TextEncoder();

// ---------------------------------------------------------------------------
// The journal

export function createJournal(options: JournalOptions): Journal {
  const { testId } = options;
  const endpoint = options.endpoint ?? `/api/journal/${encodeURIComponent(testId)}`;
  // Wrapped so a stored reference to window.fetch is never called unbound.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const clockOffset = options.clockOffset ?? (() => 0);
  const storage = options.storage ?? createIdbJournalStorage();
  const baseMs = options.retry?.baseMs ?? 500;
  const capMs = options.retry?.capMs ?? 30_000;
  const random = options.retry?.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const codeSendMs = options.codeSendMs ?? CODE_SEND_MS;
  const anchors = options.anchors ?? deviceAnchors();
  const withLock = lockRunner(
    options.locks !== undefined ? options.locks : typeof navigator !== "undefined" ? navigator.locks : undefined,
  );
  // Seq allocation and draining use separate locks so that a slow POST never
  // delays making an answer durable.
  const seqLock = `journal:${testId}`;
  const drainLock = `journal:${testId}:drain`;
  const seqBackupKey = `journal-seq:${testId}`;

  /** Entries not (yet) in IndexedDB, by id. */
  const memory = new Map<string, Entry>();
  /** Settled by the server but whose IndexedDB delete failed: never resend. */
  const settled = new Map<string, number>();
  /** Refused as too large (413): kept, but never sent again by this page. */
  const tooLarge = new Set<string>();
  /** Entries per request; halved while the server answers 413, reset when the queue drains. */
  let batchLimit = MAX_BATCH_ENTRIES;
  let highestSeq = -1;
  let storedCount = 0;
  let snapshot: JournalStatus = { pending: 0, syncing: false, lastSyncedAt: null, error: null, storageError: null, written: 0, tooLarge: 0, tooLargeError: null };
  const listeners = new Set<(s: JournalStatus) => void>();

  let closed = false;
  let fatal = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let loop: Promise<void> | null = null;
  let again = false;
  let inflight: AbortController | null = null;
  /**
   * When this page last sent a request, and the timer that sends waiting code
   * autosaves. It starts at a random point of the last codeSendMs: a room
   * that starts at once would otherwise send its code in step, every page in
   * the same second of each 5 (decision 030); this spreads them evenly.
   */
  let lastSentAt = Date.now() - Math.random() * codeSendMs;
  let codeTimer: ReturnType<typeof setTimeout> | null = null;

  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(`journal:${testId}`) : null;

  function setStatus(patch: Partial<JournalStatus>) {
    const next = { ...snapshot, ...patch };
    next.pending = Math.max(0, storedCount - settled.size) + memory.size;
    if ((Object.keys(next) as (keyof JournalStatus)[]).every((k) => next[k] === snapshot[k])) return;
    snapshot = next; // a new object per change, so useSyncExternalStore works
    for (const listener of listeners) listener(snapshot);
  }

  async function refreshPending() {
    try {
      storedCount = await storage.count(testId);
    } catch {
      // Counting is cosmetic; storageError is reported by append/list.
    }
    if (!closed) setStatus({});
  }

  function announce() {
    try {
      channel?.postMessage({ type: "changed" });
    } catch {
      // Channel closed: nothing to tell.
    }
  }

  // The seq counter is mirrored in localStorage so that an in-memory fallback
  // (IndexedDB broken, maybe after a reload) does not reuse a seq.
  function readSeqBackup(): number {
    try {
      const n = Number(globalThis.localStorage?.getItem(seqBackupKey));
      return Number.isFinite(n) ? n : 0;
    } catch {
      return 0;
    }
  }
  function writeSeqBackup(next: number) {
    try {
      globalThis.localStorage?.setItem(seqBackupKey, String(next));
    } catch {
      // Private mode or full: the IndexedDB counter is the primary one anyway.
    }
  }

  function noteSeq(seq: number) {
    if (seq > highestSeq) {
      highestSeq = seq;
      writeSeqBackup(seq + 1);
    }
  }

  async function append(kind: EntryKind, payload: Record<string, unknown>): Promise<Entry> {
    // Never earlier than a server time this device has already seen: the
    // server refuses such an entry (its clock would have been set back).
    const anchor = anchors.newest();
    const createdAt = Math.max(Math.round(Date.now() + clockOffset()), anchorTime(anchor) ?? 0);
    const base = { id: uuid(), kind, payload, createdAt, ...(anchor ? { anchor } : {}) };
    let entry: Entry;
    try {
      entry = await withLock(seqLock, () => storage.add(testId, highestSeq + 1, (seq) => ({ ...base, seq })));
      noteSeq(entry.seq);
      storedCount++;
      if (memory.size === 0 && snapshot.storageError) setStatus({ storageError: null });
    } catch (error) {
      // Never drop an answer: keep it in memory and tell the student now.
      // No await between choosing the seq and recording it, so concurrent
      // fallbacks in this tab cannot pick the same one.
      const seq = Math.max(highestSeq + 1, readSeqBackup());
      entry = { ...base, seq };
      noteSeq(seq);
      memory.set(entry.id, entry);
      setStatus({ storageError: storageMessage(error) });
    }
    setStatus({ written: snapshot.written + 1 });
    announce();
    // During a backoff wait, keep waiting: a failing server should not be
    // hit on every keystroke-triggered autosave.
    if (!retryTimer) {
      if (kind === "code" && codeSendMs > 0) sendCodeSoon();
      else void kick();
    }
    return entry;
  }

  /** A code autosave: sent with the next request, which is at most codeSendMs after the last. */
  function sendCodeSoon() {
    if (codeTimer || closed || fatal) return;
    const wait = Math.max(0, lastSentAt + codeSendMs - Date.now());
    codeTimer = setTimeout(() => {
      codeTimer = null;
      void kick();
    }, wait);
  }

  function clearCodeTimer() {
    if (codeTimer) clearTimeout(codeTimer);
    codeTimer = null;
  }

  function kick(): Promise<void> {
    if (closed || fatal) return Promise.resolve();
    // Whatever code waits goes along with this request.
    clearCodeTimer();
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

  function scheduleRetry(minDelayMs = 0) {
    if (closed || fatal) return;
    // Full jitter: uniform in [0, min(cap, base * 2^attempt)].
    const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
    attempt++;
    const delay = Math.max(minDelayMs, random() * ceiling);
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void kick();
    }, delay);
  }

  function clearRetry() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  }

  /** Drains until empty. True when the queue is empty, false on failure. */
  async function drain(): Promise<boolean> {
    if (closed || fatal) return false;
    setStatus({ syncing: true });
    await persistMemory();
    await removeSettled();
    let sent = 0;
    while (!closed && !fatal) {
      const batch = await nextBatch();
      if (batch.length === 0) {
        attempt = 0;
        batchLimit = MAX_BATCH_ENTRIES;
        return true;
      }
      // Only code typed while the last request was on its way: it waits for its turn (CODE_SEND_MS).
      if (sent > 0 && codeSendMs > 0 && batch.every((e) => e.kind === "code") && Date.now() - lastSentAt < codeSendMs) {
        sendCodeSoon();
        return true;
      }
      sent++;
      const result = await send(batch);
      if (closed) return false;
      if (result.type === "too-large") {
        // Never the same request again: a smaller one, or without this entry.
        if (batch.length > 1) batchLimit = Math.max(1, Math.floor(batch.length / 2));
        else refuseTooLarge(batch[0]!, result.message);
        continue;
      }
      if (result.type === "fatal") {
        fatal = true;
        clearRetry();
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
      attempt = 0;
    }
    return false;
  }

  async function persistMemory() {
    if (memory.size === 0) return;
    const entries = [...memory.values()];
    try {
      await storage.putMany(testId, entries);
    } catch {
      return; // still broken; storageError stays set
    }
    for (const e of entries) memory.delete(e.id);
    await refreshPending();
    if (memory.size === 0) setStatus({ storageError: null });
  }

  async function removeSettled() {
    if (settled.size === 0) return;
    const entries = [...settled];
    try {
      await storage.remove(testId, entries.map(([, seq]) => seq));
      for (const [id] of entries) settled.delete(id);
      await refreshPending();
    } catch {
      // Leave them marked settled; they are filtered out of every batch.
    }
  }

  async function unsynced(limit?: number): Promise<Entry[]> {
    let stored: Entry[] = [];
    try {
      stored = await storage.list(testId, limit === undefined ? undefined : limit + settled.size);
    } catch (error) {
      // Send what memory holds; the stored rest waits for storage to recover.
      setStatus({ storageError: storageMessage(error) });
    }
    const byId = new Map<string, Entry>();
    for (const e of [...stored, ...memory.values()]) {
      if (!settled.has(e.id)) byId.set(e.id, e);
      noteSeq(e.seq);
    }
    return [...byId.values()].sort(bySeq);
  }

  async function nextBatch(): Promise<Entry[]> {
    const all = (await unsynced(batchLimit + tooLarge.size)).filter((e) => !tooLarge.has(e.id));
    const batch: Entry[] = [];
    let bytes = 0;
    for (const e of all) {
      if (batch.length === batchLimit) break;
      const size = utf8.encode(JSON.stringify(e)).length;
      if (batch.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
      batch.push(e);
      bytes += size;
    }
    return batch;
  }

  /** The server will never take this entry: say so, keep it on the device, go on with the rest. */
  function refuseTooLarge(entry: Entry, message: string) {
    tooLarge.add(entry.id);
    setStatus({ tooLarge: tooLarge.size, tooLargeError: message });
    const rejected = [{ id: entry.id, reason: message }];
    if (options.onRejected) safeCall(() => options.onRejected?.(rejected));
    else console.warn("journal: entry too large for the server", rejected);
  }

  async function send(batch: Entry[]): Promise<SendResult> {
    const controller = new AbortController();
    inflight = controller;
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    lastSentAt = Date.now();
    try {
      const res = await doFetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ entries: batch }),
        credentials: "same-origin",
        cache: "no-store",
        signal: controller.signal,
      });
      if (FATAL_STATUSES.has(res.status)) {
        return { type: "fatal", message: FATAL_MESSAGES[res.status] };
      }
      if (res.status === 413) {
        const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
        const detail = typeof body?.error === "string" ? body.error : null;
        return { type: "too-large", message: detail ? `${detail.replace(/[.!]?$/, ".")} ${TOO_LARGE_MESSAGE}` : TOO_LARGE_MESSAGE };
      }
      // 429, 5xx and any other non-2xx: resending is safe, so retry rather
      // than ever dropping entries.
      if (!res.ok) return { type: "retry", delayMs: retryAfterMs(res) };
      const parsed = parseJournalResponse(await res.json().catch(() => null));
      // e.g. a captive portal answering 200 with HTML.
      if (!parsed) return { type: "retry" };
      return { type: "ok", body: parsed };
    } catch {
      return { type: "retry" }; // network error or timeout
    } finally {
      clearTimeout(timer);
      if (inflight === controller) inflight = null;
    }
  }

  async function settle(batch: Entry[], body: JournalResponse): Promise<boolean> {
    anchors.note(body.anchor);
    const sent = new Map(batch.map((e) => [e.id, e]));
    const done = [...body.accepted, ...body.rejected.map((r) => r.id)]
      .map((id) => sent.get(id))
      .filter((e): e is Entry => e !== undefined);
    const fromStorage: Entry[] = [];
    for (const e of done) {
      if (memory.delete(e.id)) continue;
      fromStorage.push(e);
      settled.set(e.id, e.seq);
    }
    if (fromStorage.length > 0) await removeSettled();
    const rejected = body.rejected.filter((r) => sent.has(r.id));
    if (rejected.length > 0) {
      if (options.onRejected) safeCall(() => options.onRejected?.(rejected));
      else console.warn("journal: entries rejected by the server", rejected);
    }
    const judged = body.judged.filter((j) => sent.has(j.id));
    if (judged.length > 0) safeCall(() => options.onJudged?.(judged));
    safeCall(() => options.onState?.(body.state));
    const accepted = body.accepted.map((id) => sent.get(id)).filter((e): e is Entry => e !== undefined);
    if (accepted.length > 0) safeCall(() => options.onAccepted?.(accepted, body.state));
    setStatus({ lastSyncedAt: Date.now() });
    announce();
    return done.length > 0;
  }

  function safeCall(fn: () => void) {
    try {
      fn();
    } catch (error) {
      // A UI callback bug must not stop the sync.
      console.error("journal: callback failed", error);
    }
  }

  function onOnline() {
    clearRetry();
    void kick();
  }

  if (channel) {
    channel.onmessage = () => {
      // Another tab appended or synced: our pending count is stale.
      if (!closed) void refreshPending();
    };
  }
  if (typeof window !== "undefined") window.addEventListener("online", onOnline);

  // Entries left from before a reload (possibly offline) sync right away.
  void refreshPending().then(() => kick());

  return {
    append,
    flush() {
      clearRetry();
      return kick();
    },
    status: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    entries: () => unsynced(),
    close() {
      if (closed) return;
      closed = true;
      clearRetry();
      clearCodeTimer();
      inflight?.abort();
      listeners.clear();
      channel?.close();
      if (typeof window !== "undefined") window.removeEventListener("online", onOnline);
    },
  };
}
