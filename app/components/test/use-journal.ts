import { useCallback, useEffect, useRef, useState } from "react";
import type { Entry, EntryKind, Journal, JournalStatus, JudgedEntry, RejectedEntry, TestState } from "~/offline/journal";
import { lazyModule, whenLoaded } from "~/offline/lazy";

type Options = {
  testId: string;
  /** The loader's test capability (the journal's fast path), if it gave one. */
  capability?: string | null;
  /** Server clock minus browser clock, read on every append. */
  clockOffset: () => number;
  onState?: (state: TestState) => void;
  onRejected?: (rejected: RejectedEntry[]) => void;
  onJudged?: (judged: JudgedEntry[]) => void;
  onAccepted?: (entries: Entry[], state: TestState) => void;
};

type Queued = { kind: EntryKind; payload: Record<string, unknown>; resolve: (e: Entry | null) => void };

/**
 * The journal's code loads beside the page's first paint rather than in its
 * first load (decision 022): nothing needs it before the first change, and
 * `append` queues until it is there. Loaded once per page; a failed load (the
 * connection dropped just then) is tried again.
 */
const loadJournalModule = lazyModule(() => import("~/offline/journal"));
// Start at once in the browser, in parallel with hydration, not after it.
if (typeof window !== "undefined") loadJournalModule().catch(() => {});

/**
 * The offline journal of one test page (coding or MCQ), created in the browser only (it needs
 * IndexedDB). `append` works from the first render: anything written before
 * the journal exists is queued and written as soon as it does.
 */
export function useJournal({ testId, capability, clockOffset, onState, onRejected, onJudged, onAccepted }: Options) {
  const [status, setStatus] = useState<JournalStatus | null>(null);
  const [journal, setJournal] = useState<Journal | null>(null);
  const journalRef = useRef<Journal | null>(null);
  const queue = useRef<Queued[]>([]);
  const callbacks = useRef({ clockOffset, onState, onRejected, onJudged, onAccepted });
  callbacks.current = { clockOffset, onState, onRejected, onJudged, onAccepted };
  // Entries the server answered: already in its state, so they are not laid
  // over it again while the pending list is read again (a test's few
  // thousand ids at most, kept for the page's life).
  const settled = useRef(new Set<string>());

  useEffect(() => {
    let j: Journal | null = null;
    let unsubscribe = () => {};
    const cancel = whenLoaded(loadJournalModule, ({ createJournal }) => {
      const opened = createJournal({
        testId,
        // The loader's, when the journal is made (not a reason to make another); after that the journal keeps the newest its answers carry.
        capability,
        clockOffset: () => callbacks.current.clockOffset(),
        onSettled: (ids) => {
          for (const id of ids) settled.current.add(id);
        },
        onState: (state) => callbacks.current.onState?.(state),
        onRejected: (rejected) => callbacks.current.onRejected?.(rejected),
        onJudged: (judged) => callbacks.current.onJudged?.(judged),
        onAccepted: (entries, state) => callbacks.current.onAccepted?.(entries, state),
      });
      j = opened;
      journalRef.current = opened;
      setJournal(opened);
      setStatus(opened.status());
      unsubscribe = opened.subscribe(setStatus);
      for (const q of queue.current.splice(0)) {
        opened.append(q.kind, q.payload).then(q.resolve, () => q.resolve(null));
      }
    });
    return () => {
      cancel();
      unsubscribe();
      j?.close();
      if (journalRef.current === j) journalRef.current = null;
    };
    // One journal per test: a newer capability is not a reason to make another (the journal keeps the newest its answers carry).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [testId]);

  const append = useCallback((kind: EntryKind, payload: Record<string, unknown>): Promise<Entry | null> => {
    const j = journalRef.current;
    if (j) return j.append(kind, payload).catch(() => null);
    return new Promise((resolve) => queue.current.push({ kind, payload, resolve }));
  }, []);

  // The entries not yet synced (read again whenever the count changes):
  // pages lay unsynced tab switches, unlocks and a queued finish over the
  // server's state, and show queued submissions.
  const [read, setPending] = useState<Entry[]>([]);
  /** False until the first read: before it, "nothing pending" is not known yet. */
  const [pendingLoaded, setPendingLoaded] = useState(false);
  useEffect(() => {
    if (!journal) return;
    let cancelled = false;
    journal
      .entries()
      .then((entries) => {
        if (cancelled) return;
        setPending(entries);
        setPendingLoaded(true);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [journal, status?.pending, status?.written, status?.lastSyncedAt]);

  const flush = useCallback(async () => {
    await journalRef.current?.flush();
  }, []);

  const pending = read.filter((e) => !settled.current.has(e.id));

  return { journal, status, append, flush, pending, pendingLoaded };
}
