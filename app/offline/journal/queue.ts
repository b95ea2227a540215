/**
 * The journal's queue: the entries of one test that wait for the server, in
 * seq order, wherever they are. Normally in storage; while storage fails, in
 * this page's memory, because an answer is never dropped. It also remembers
 * what must not be sent again: entries the server settled whose delete
 * failed, and entries the server refused as too large (413).
 *
 * Seqs: storage allocates them under the seq lock (decision 006). The highest
 * seen is mirrored in localStorage, so that an in-memory fallback (storage
 * broken, maybe after a reload) never reuses one.
 */
import type { JournalEntry as Entry } from "~/lib/student-tests/journal-protocol";

import type { WithLock } from "./locks";
import { storageMessage, type JournalStorage } from "./storage";

export const MAX_BATCH_ENTRIES = 100;
/** Half of what the server takes (JOURNAL_LIMITS.batchBytes), in UTF-8 bytes. */
export const MAX_BATCH_BYTES = 512 * 1024;

const utf8 = new TextEncoder();

/**
 * The first of `entries` that fit one request: at most `maxEntries`, and at
 * most `maxBytes` of JSON, except that the first entry always goes (the
 * server then says whether it is too large).
 */
export function takeBatch(entries: Entry[], maxEntries: number, maxBytes = MAX_BATCH_BYTES): Entry[] {
  const batch: Entry[] = [];
  let bytes = 0;
  for (const e of entries) {
    if (batch.length === maxEntries) break;
    const size = utf8.encode(JSON.stringify(e)).length;
    if (batch.length > 0 && bytes + size > maxBytes) break;
    batch.push(e);
    bytes += size;
  }
  return batch;
}

export type QueueOptions = {
  testId: string;
  storage: JournalStorage;
  withLock: WithLock;
  /** Called when `pending()` or `storageError()` may have changed. */
  onChange: () => void;
};

export type JournalQueue = {
  /** Gives the entry the next seq and stores it; held in memory when storage fails. */
  add(entry: Omit<Entry, "seq">): Promise<Entry>;
  /** Whatever storage failed to do earlier: moves memory-held entries into it, deletes settled ones. */
  repair(): Promise<void>;
  /** The entries to send next, in seq order, without those held back; empty when nothing waits. */
  nextBatch(): Promise<Entry[]>;
  /** The server found a batch of `size` entries too large: later batches hold at most half of it (until the queue empties). */
  shrinkBatch(size: number): void;
  /** The server will never take this entry: keep it, but leave it out of every batch. Returns how many are held back. */
  holdBack(entry: Entry): number;
  /** The server accepted or rejected these: they leave the queue. */
  settle(entries: Entry[]): Promise<void>;
  /** Every unsynced entry, in seq order, each once (held-back ones included). */
  unsynced(limit?: number): Promise<Entry[]>;
  /** Counts the stored entries again (another tab may have changed them). */
  recount(): Promise<void>;
  pending(): number;
  /** Set while storage fails: entries are then only in memory. */
  storageError(): string | null;
};

const bySeq = (a: Entry, b: Entry) => a.seq - b.seq;

export function createQueue({ testId, storage, withLock, onChange }: QueueOptions): JournalQueue {
  // Seq allocation has its own lock, apart from draining, so that a slow POST never delays making an answer durable.
  const seqLock = `journal:${testId}`;
  const seqBackupKey = `journal-seq:${testId}`;

  /** Entries not (yet) in storage, by id. */
  const memory = new Map<string, Entry>();
  /** Settled by the server but whose delete from storage failed: never resend. */
  const settled = new Map<string, number>();
  /** Refused as too large (413): kept, but never sent again by this page. */
  const tooLarge = new Set<string>();
  /** Entries per request; halved while the server answers 413, reset when the queue drains. */
  let batchLimit = MAX_BATCH_ENTRIES;
  let highestSeq = -1;
  let storedCount = 0;
  let storageError: string | null = null;

  function setStorageError(message: string | null) {
    storageError = message;
    onChange();
  }

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
      // Private mode or full: the storage counter is the primary one anyway.
    }
  }
  function noteSeq(seq: number) {
    if (seq > highestSeq) {
      highestSeq = seq;
      writeSeqBackup(seq + 1);
    }
  }

  async function recount() {
    try {
      storedCount = await storage.count(testId);
    } catch {
      // Counting is cosmetic; storageError is reported by add/unsynced.
    }
    onChange();
  }

  async function add(base: Omit<Entry, "seq">): Promise<Entry> {
    try {
      const entry = await withLock(seqLock, () => storage.add(testId, highestSeq + 1, (seq) => ({ ...base, seq }) as Entry));
      noteSeq(entry.seq);
      storedCount++;
      if (memory.size === 0 && storageError) setStorageError(null);
      return entry;
    } catch (error) {
      // Never drop an answer: keep it in memory and tell the student now.
      // No await between choosing the seq and recording it, so concurrent
      // fallbacks in this tab cannot pick the same one.
      const seq = Math.max(highestSeq + 1, readSeqBackup());
      const entry = { ...base, seq } as Entry;
      noteSeq(seq);
      memory.set(entry.id, entry);
      setStorageError(storageMessage(error));
      return entry;
    }
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
    await recount();
    if (memory.size === 0) setStorageError(null);
  }

  async function removeSettled() {
    if (settled.size === 0) return;
    const entries = [...settled];
    try {
      await storage.remove(testId, entries.map(([, seq]) => seq));
      for (const [id] of entries) settled.delete(id);
      await recount();
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
      setStorageError(storageMessage(error));
    }
    const byId = new Map<string, Entry>();
    for (const e of [...stored, ...memory.values()]) {
      if (!settled.has(e.id)) byId.set(e.id, e);
      noteSeq(e.seq);
    }
    return [...byId.values()].sort(bySeq);
  }

  return {
    add,
    async repair() {
      await persistMemory();
      await removeSettled();
    },
    async nextBatch() {
      const waiting = (await unsynced(batchLimit + tooLarge.size)).filter((e) => !tooLarge.has(e.id));
      const batch = takeBatch(waiting, batchLimit);
      if (batch.length === 0) batchLimit = MAX_BATCH_ENTRIES;
      return batch;
    },
    shrinkBatch(size) {
      batchLimit = Math.max(1, Math.floor(size / 2));
    },
    holdBack(entry) {
      tooLarge.add(entry.id);
      return tooLarge.size;
    },
    async settle(entries) {
      let fromStorage = 0;
      for (const e of entries) {
        if (memory.delete(e.id)) continue;
        fromStorage++;
        settled.set(e.id, e.seq);
      }
      if (fromStorage > 0) await removeSettled();
    },
    unsynced,
    recount,
    pending: () => Math.max(0, storedCount - settled.size) + memory.size,
    storageError: () => storageError,
  };
}
