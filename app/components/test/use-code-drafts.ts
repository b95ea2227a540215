import { useCallback, useEffect, useRef, useState } from "react";
import type { Entry, EntryKind } from "~/offline/journal";
import { latestWriter } from "~/offline/latest-writer";
import { journaledCodes, newerThanServer, saveCode, type Stamped } from "~/offline/test-store";

/** Spec 2 section 9: code is autosaved every 2 seconds while it changes. */
export const AUTOSAVE_MS = 2000;

type Options = {
  roomId: string;
  testId: string;
  questions: { id: string; code: string; codeSavedAt: number | null }[];
  /** This device's newer copy (a reload before it synced). */
  local: Record<string, Stamped<unknown>> | undefined;
  activeQuestionId: string;
  append: (kind: EntryKind, payload: Record<string, unknown>) => Promise<unknown>;
  /** The journal's unsynced entries, and whether they have been read yet. */
  pending: Entry[];
  pendingLoaded: boolean;
  /** Server time now (ms). */
  serverTime: () => number;
};

/**
 * The code of every question of a coding test: this device's copy follows the
 * editor at once (a reload loses nothing typed before it); the journal
 * entry, which the server sees, every 2 s while the code changes, and before
 * switching question, submitting, finishing or leaving the page.
 */
export function useCodeDrafts({ roomId, testId, questions, local, activeQuestionId, append, pending, pendingLoaded, serverTime }: Options) {
  const [codes, setCodes] = useState<Record<string, string>>(() =>
    Object.fromEntries(questions.map((q) => [q.id, newerThanServer(local?.[q.id], q.code, q.codeSavedAt)])),
  );
  const lastSaved = useRef<Record<string, string>>({ ...codes });
  const saveNow = useCallback(
    async (questionId: string) => {
      const code = codes[questionId] ?? "";
      if (lastSaved.current[questionId] === code) return;
      lastSaved.current[questionId] = code;
      await Promise.all([append("code", { questionId, code }), saveCode(roomId, testId, questionId, code, serverTime())]);
    },
    [append, codes, roomId, serverTime, testId],
  );

  // Every 2 s while the code changes (not 2 s after the last key: someone
  // typing without a pause still saves). The timer saves whatever is current.
  const latest = useRef({ saveNow, activeQuestionId });
  latest.current = { saveNow, activeQuestionId };
  // After a reload, this device's copy can hold code the journal never got
  // (the page closed between the quick device save and the journal's write):
  // once the unsynced entries are read, every question whose code neither the
  // server nor the journal holds is journaled now, not only when edited again.
  const reconciled = useRef(false);
  useEffect(() => {
    if (!pendingLoaded || reconciled.current) return;
    reconciled.current = true;
    const known = journaledCodes(questions, pending);
    for (const q of questions) {
      lastSaved.current[q.id] = known[q.id]!;
      void latest.current.saveNow(q.id);
    }
  }, [pendingLoaded, pending, questions]);

  const autosave = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (autosave.current) return;
    autosave.current = setTimeout(() => {
      autosave.current = null;
      void latest.current.saveNow(latest.current.activeQuestionId);
    }, AUTOSAVE_MS);
  }, [codes]);
  useEffect(
    () => () => {
      if (autosave.current) clearTimeout(autosave.current);
    },
    [],
  );
  // This device's copy follows every change at once (one write in flight, the
  // newest next): a reload right after the last keystroke still finds it.
  const place = useRef({ roomId, testId });
  place.current = { roomId, testId };
  const [device] = useState(() =>
    latestWriter((questionId, stamped: { code: string; at: number }) =>
      saveCode(place.current.roomId, place.current.testId, questionId, stamped.code, stamped.at),
    ),
  );
  useEffect(() => {
    device.write(activeQuestionId, { code: codes[activeQuestionId] ?? "", at: serverTime() });
  }, [codes, device, serverTime, activeQuestionId]);
  useEffect(() => {
    const onHide = () => void saveNow(activeQuestionId);
    window.addEventListener("pagehide", onHide);
    return () => window.removeEventListener("pagehide", onHide);
  }, [activeQuestionId, saveNow]);

  const setCode = useCallback((questionId: string, code: string) => setCodes((all) => ({ ...all, [questionId]: code })), []);
  return { codes, setCode, saveNow };
}
