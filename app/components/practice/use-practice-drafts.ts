import { useCallback, useEffect, useRef, useState } from "react";
import { draftKey } from "~/lib/practice/validation";

/** A draft is written this long after the last keystroke. */
const WRITE_DELAY_MS = 300;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null; // storage blocked (private mode, policy): the editor still works, only reloads forget
  }
}

function write(key: string, code: string) {
  try {
    if (code) localStorage.setItem(key, code);
    else localStorage.removeItem(key);
  } catch {
    // Full or blocked storage: nothing to do but keep the code in memory.
  }
}

/**
 * The practice page's code, one draft per room and question, kept only in
 * this browser's localStorage (practice is never saved on the server), so a
 * reload keeps it. Read after mount: the server renders empty editors.
 */
export function usePracticeDrafts(roomId: string, questionIds: readonly string[]) {
  const [codes, setCodes] = useState<Record<string, string>>({});
  const [loaded, setLoaded] = useState(false);
  const idsKey = questionIds.join(",");
  useEffect(() => {
    const stored: Record<string, string> = {};
    for (const id of idsKey ? idsKey.split(",") : []) {
      const code = read(draftKey(roomId, id));
      if (code !== null) stored[id] = code;
    }
    // A keystroke before the read finished wins over the stored copy.
    setCodes((typed) => ({ ...stored, ...typed }));
    setLoaded(true);
  }, [roomId, idsKey]);

  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const pending = useRef(new Map<string, string>());
  const flush = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    for (const [id, code] of pending.current) write(draftKey(roomId, id), code);
    pending.current.clear();
  }, [roomId]);
  useEffect(() => {
    // Leaving or hiding the page writes what is still waiting.
    const onHide = () => flush();
    window.addEventListener("pagehide", onHide);
    document.addEventListener("visibilitychange", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onHide);
      flush();
    };
  }, [flush]);

  const setCode = useCallback(
    (questionId: string, code: string) => {
      setCodes((all) => ({ ...all, [questionId]: code }));
      pending.current.set(questionId, code);
      const old = timers.current.get(questionId);
      if (old) clearTimeout(old);
      timers.current.set(
        questionId,
        setTimeout(() => {
          timers.current.delete(questionId);
          pending.current.delete(questionId);
          write(draftKey(roomId, questionId), code);
        }, WRITE_DELAY_MS),
      );
    },
    [roomId],
  );

  /** Exit Practice: "Your progress will not be saved...", so this room's drafts go. */
  const discardAll = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    pending.current.clear();
    for (const id of idsKey ? idsKey.split(",") : []) write(draftKey(roomId, id), "");
  }, [roomId, idsKey]);

  return { codes, setCode, loaded, discardAll };
}
