import { useEffect, useRef, useState } from "react";
import { createJournal, type Journal, type JournalStatus, type RejectedEntry, type TestState } from "~/offline/journal";

const IDLE: JournalStatus = { pending: 0, syncing: false, lastSyncedAt: null, error: null, storageError: null };

/** One journal per test page: created in the browser only, closed on unmount. */
export function useJournal(
  testId: string,
  clockOffset: () => number,
  handlers: { onState?: (state: TestState) => void; onRejected?: (rejected: RejectedEntry[]) => void } = {},
) {
  const [journal, setJournal] = useState<Journal | null>(null);
  const [status, setStatus] = useState<JournalStatus>(IDLE);
  const latest = useRef(handlers);
  latest.current = handlers;
  const offset = useRef(clockOffset);
  offset.current = clockOffset;
  useEffect(() => {
    const j = createJournal({
      testId,
      clockOffset: () => offset.current(),
      onState: (s) => latest.current.onState?.(s),
      onRejected: (r) => latest.current.onRejected?.(r),
    });
    setJournal(j);
    setStatus(j.status());
    const unsubscribe = j.subscribe(setStatus);
    // Anything written while offline (or before a reload) goes out now.
    void j.flush();
    return () => {
      unsubscribe();
      j.close();
    };
  }, [testId]);
  return { journal, status };
}
