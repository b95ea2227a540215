import { useCallback, useEffect, useRef, useState } from "react";
import { createJournal, type Entry, type EntryKind, type Journal, type JournalStatus, type RejectedEntry, type TestState } from "~/offline/journal";

type Options = {
  testId: string;
  /** Server clock minus browser clock, read on every append. */
  clockOffset: () => number;
  onState?: (state: TestState) => void;
  onRejected?: (rejected: RejectedEntry[]) => void;
};

type Queued = { kind: EntryKind; payload: Record<string, unknown>; resolve: (e: Entry | null) => void };

/**
 * The offline journal of one test page (coding or MCQ), created in the browser only (it needs
 * IndexedDB). `append` works from the first render: anything written before
 * the journal exists is queued and written as soon as it does.
 */
export function useJournal({ testId, clockOffset, onState, onRejected }: Options) {
  const [status, setStatus] = useState<JournalStatus | null>(null);
  const [journal, setJournal] = useState<Journal | null>(null);
  const journalRef = useRef<Journal | null>(null);
  const queue = useRef<Queued[]>([]);
  const callbacks = useRef({ clockOffset, onState, onRejected });
  callbacks.current = { clockOffset, onState, onRejected };

  useEffect(() => {
    const j = createJournal({
      testId,
      clockOffset: () => callbacks.current.clockOffset(),
      onState: (state) => callbacks.current.onState?.(state),
      onRejected: (rejected) => callbacks.current.onRejected?.(rejected),
    });
    journalRef.current = j;
    setJournal(j);
    setStatus(j.status());
    const unsubscribe = j.subscribe(setStatus);
    for (const q of queue.current.splice(0)) {
      j.append(q.kind, q.payload).then(q.resolve, () => q.resolve(null));
    }
    return () => {
      unsubscribe();
      j.close();
      if (journalRef.current === j) journalRef.current = null;
    };
  }, [testId]);

  const append = useCallback((kind: EntryKind, payload: Record<string, unknown>): Promise<Entry | null> => {
    const j = journalRef.current;
    if (j) return j.append(kind, payload).catch(() => null);
    return new Promise((resolve) => queue.current.push({ kind, payload, resolve }));
  }, []);

  const flush = useCallback(async () => {
    await journalRef.current?.flush();
  }, []);

  return { journal, status, append, flush };
}
