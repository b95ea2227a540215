/** What the journal shows the student (saving, syncing, pending), as a store the page subscribes to. */

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

export type StatusStore = {
  get(): JournalStatus;
  /** Applies the patch; listeners hear of it only if something changed. */
  set(patch: Partial<JournalStatus>): void;
  subscribe(listener: (status: JournalStatus) => void): () => void;
  /** Drops every listener. */
  clear(): void;
};

export function createStatusStore(): StatusStore {
  let snapshot: JournalStatus = { pending: 0, syncing: false, lastSyncedAt: null, error: null, storageError: null, written: 0, tooLarge: 0, tooLargeError: null };
  const listeners = new Set<(s: JournalStatus) => void>();
  return {
    get: () => snapshot,
    set(patch) {
      const next = { ...snapshot, ...patch };
      if ((Object.keys(next) as (keyof JournalStatus)[]).every((k) => next[k] === snapshot[k])) return;
      snapshot = next; // a new object per change, so useSyncExternalStore works
      for (const listener of listeners) listener(snapshot);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear: () => listeners.clear(),
  };
}
