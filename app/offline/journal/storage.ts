/**
 * The journal's storage: entries of each test in IndexedDB, with the seq
 * counter beside them. It only keeps what it is given; what happens when it
 * fails (entries held in memory, the student told) is the queue's part.
 */
import { createStore, type UseStore } from "idb-keyval";

import type { JournalEntry as Entry } from "~/lib/student-tests/journal-protocol";

/** Where entries live. The default is IndexedDB; tests inject failing ones. */
export interface JournalStorage {
  /**
   * Atomically allocates the next seq of the test (never below `minSeq`),
   * stores `build(seq)` and resolves once that is committed.
   */
  add(testId: string, minSeq: number, build: (seq: number) => Entry): Promise<Entry>;
  /** Stores entries that already have a seq (kept in memory while storage failed). */
  putMany(testId: string, entries: Entry[]): Promise<void>;
  /** The stored entries of the test in seq order, the first `limit` if given. */
  list(testId: string, limit?: number): Promise<Entry[]>;
  count(testId: string): Promise<number>;
  remove(testId: string, seqs: number[]): Promise<void>;
}

export const STORAGE_UNAVAILABLE_MESSAGE =
  "Your browser cannot save answers offline (storage unavailable). Keep this tab open until everything is synced.";
export const STORAGE_FULL_MESSAGE =
  "Your device is out of storage space, so answers cannot be saved offline. Keep this tab open until everything is synced.";

/** What to tell the student when storage failed with `error`. */
export function storageMessage(error: unknown): string {
  return error instanceof DOMException && error.name === "QuotaExceededError"
    ? STORAGE_FULL_MESSAGE
    : STORAGE_UNAVAILABLE_MESSAGE;
}

const DB_NAME = "proctor-journal";
const STORE_NAME = "entries";

// Keys: ["seq", testId] -> next seq; ["entry", testId, seq] -> Entry. Array keys
// sort element-wise and numbers sort numerically, so a key range over
// ["entry", testId, *] yields the test's entries in seq order.
const counterKey = (testId: string) => ["seq", testId];
const entryKey = (testId: string, seq: number) => ["entry", testId, seq];
// An array sorts after every number, so [] closes the range above any seq.
const entryRange = (testId: string) => IDBKeyRange.bound(["entry", testId], ["entry", testId, []]);

function txDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });
}

export function createIdbJournalStorage(): JournalStorage {
  let store: UseStore | null = null;
  // Opened lazily: `indexedDB` may be missing (SSR, some private modes), and
  // that must surface as a failed append, not a crash at import time.
  // (idb-keyval itself reopens a connection the browser closed.)
  const withStore: UseStore = async (mode, callback) => {
    store ??= createStore(DB_NAME, STORE_NAME);
    return store(mode, callback);
  };

  return {
    add: (testId, minSeq, build) =>
      withStore("readwrite", (s) => {
        let entry: Entry | undefined;
        const done = txDone(s.transaction);
        const counter = s.get(counterKey(testId));
        counter.onsuccess = () => {
          const stored = typeof counter.result === "number" ? counter.result : 0;
          const seq = Math.max(stored, minSeq);
          entry = build(seq);
          s.put(entry, entryKey(testId, seq));
          s.put(seq + 1, counterKey(testId));
        };
        // Resolve on commit, not on put success: only then is it durable.
        return done.then(() => {
          if (!entry) throw new Error("IndexedDB did not store the entry");
          return entry;
        });
      }),
    putMany: (testId, entries) =>
      withStore("readwrite", (s) => {
        const done = txDone(s.transaction);
        const counter = s.get(counterKey(testId));
        counter.onsuccess = () => {
          const stored = typeof counter.result === "number" ? counter.result : 0;
          let next = stored;
          for (const e of entries) {
            s.put(e, entryKey(testId, e.seq));
            next = Math.max(next, e.seq + 1);
          }
          s.put(next, counterKey(testId));
        };
        return done;
      }),
    list: (testId, limit) => withStore("readonly", (s) => request(s.getAll(entryRange(testId), limit)) as Promise<Entry[]>),
    count: (testId) => withStore("readonly", (s) => request(s.count(entryRange(testId)))),
    remove: (testId, seqs) =>
      withStore("readwrite", (s) => {
        const done = txDone(s.transaction);
        for (const seq of seqs) s.delete(entryKey(testId, seq));
        return done;
      }),
  };
}
