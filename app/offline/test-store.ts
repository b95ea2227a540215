/**
 * The student's test, kept on this device (README: offline-tolerant test
 * taking). A reload while offline gets the page from the service worker and
 * its data from here: the questions and open cases the server last sent, the
 * latest server state (deadline, locks), and the newest code and answers
 * written on this device. Everything is stamped on the server's clock, so the
 * newer of "what the server said" and "what this device wrote" always wins.
 *
 * Browser only; every function fails soft (a broken IndexedDB is reported by
 * the journal, which holds the same answers).
 */
import { clear, createStore, del, get, update, type UseStore } from "idb-keyval";
import type { Entry, TestState } from "./journal";

export type Stamped<T> = { value: T; at: number };

export type LocalTest<Data> = {
  testId: string;
  /** The last data the server sent for this page (questions, open cases, timing). */
  data: Data;
  dataAt: number;
  /** The newest server state seen (from the loader or a journal answer). */
  state?: Stamped<TestState>;
  /** Code per question id, as last written on this device. */
  codes?: Record<string, Stamped<string>>;
  /** MCQ answers, marks and position, as last written on this device. */
  progress?: Stamped<unknown>;
  /** Judged submissions per question id, as this device last heard them (so an offline reload keeps the running score). */
  submissions?: Record<string, Stamped<unknown>>;
};

let store: UseStore | null = null;
const db = () => (store ??= createStore("proctor-tests", "tests"));
const key = (roomId: string) => `room:${roomId}`;

export async function readLocalTest<Data>(roomId: string): Promise<LocalTest<Data> | null> {
  try {
    return ((await get(key(roomId), db())) as LocalTest<Data> | undefined) ?? null;
  } catch {
    return null;
  }
}

/** Read-modify-write in one IndexedDB transaction, so two writers never undo each other. */
async function patchLocal<Data>(roomId: string, fn: (current: LocalTest<Data> | null) => LocalTest<Data> | null) {
  try {
    await update(key(roomId), (current: LocalTest<Data> | undefined) => (fn(current ?? null) ?? current) as LocalTest<Data>, db());
  } catch {
    // Storage is broken: the journal tells the student.
  }
}

/** Stores what the server just sent. A different test in the same room (never in practice) starts over. */
export function saveServerData<Data>(roomId: string, testId: string, data: Data, at: number, state: TestState) {
  return patchLocal<Data>(roomId, (current) => {
    const base: LocalTest<Data> = current && current.testId === testId ? current : { testId, data, dataAt: at };
    return {
      ...base,
      data: at >= base.dataAt ? data : base.data,
      dataAt: Math.max(at, base.dataAt),
      state: newer(base.state, { value: state, at: state.serverNow }),
    };
  });
}

export function saveState(roomId: string, testId: string, state: TestState) {
  return patchLocal(roomId, (current) =>
    current && current.testId === testId ? { ...current, state: newer(current.state, { value: state, at: state.serverNow }) } : null,
  );
}

export function saveCode(roomId: string, testId: string, questionId: string, code: string, at: number) {
  return patchLocal(roomId, (current) =>
    current && current.testId === testId
      ? { ...current, codes: { ...current.codes, [questionId]: newer(current.codes?.[questionId], { value: code, at }) } }
      : null,
  );
}

/** Every verdict this device receives (online Submit or a queued one judged on sync) is kept beside the code. */
export function saveSubmission(roomId: string, testId: string, questionId: string, submission: unknown, at: number) {
  return patchLocal(roomId, (current) =>
    current && current.testId === testId
      ? { ...current, submissions: { ...current.submissions, [questionId]: newer(current.submissions?.[questionId], { value: submission, at }) } }
      : null,
  );
}

export function saveProgress(roomId: string, testId: string, progress: unknown, at: number) {
  return patchLocal(roomId, (current) =>
    current && current.testId === testId ? { ...current, progress: newer(current.progress, { value: progress, at }) } : null,
  );
}

export async function forgetLocalTest(roomId: string) {
  try {
    await del(key(roomId), db());
  } catch {
    // Nothing to forget.
  }
}

/** Sign-out: the next person on this device sees none of it. (The journal stays: unsynced answers are never dropped.) */
export async function forgetAllLocalTests() {
  try {
    await clear(db());
  } catch {
    // Nothing to forget.
  }
}

export function newer<T>(a: Stamped<T> | undefined, b: Stamped<T>): Stamped<T> {
  return a && a.at > b.at ? a : b;
}

/** This device's value where it is newer than the server's (written at `serverAt`, null when the server has none). */
export function newerThanServer<T>(mine: Stamped<unknown> | undefined, server: T, serverAt: number | null): T {
  return mine && mine.at > (serverAt ?? 0) ? (mine.value as T) : server;
}

/**
 * The code the server holds or will hold once the journal syncs, per question:
 * the newest unsynced code or submit entry, else the server's own copy. Code
 * on this device that differs from it never reached the journal (the page
 * closed between the device's quick save and the journal's write) and must be
 * journaled again, or the server keeps an older version.
 */
export function journaledCodes(questions: { id: string; code: string }[], pending: Pick<Entry, "kind" | "payload" | "seq">[]) {
  const known: Record<string, string> = Object.fromEntries(questions.map((q) => [q.id, q.code]));
  for (const e of [...pending].sort((a, b) => a.seq - b.seq)) {
    if ((e.kind === "code" || e.kind === "submit-code") && typeof e.payload.questionId === "string" && e.payload.questionId in known) {
      known[e.payload.questionId] = String(e.payload.code ?? "");
    }
  }
  return known;
}

/**
 * What the page should show: the server's answer when there is one, with any
 * newer code, answers or state from this device laid over it; this device's
 * copy alone when the server cannot be reached. Null when neither exists.
 */
export function mergeLocal<Data extends { testId: string; serverNow: number; state: TestState }>(
  server: Data | null,
  local: LocalTest<Data> | null,
): (Data & { local: Pick<LocalTest<Data>, "codes" | "progress" | "submissions"> | null; fromDevice: boolean }) | null {
  const usable = local && (!server || local.testId === server.testId) ? local : null;
  const base = server ?? usable?.data ?? null;
  if (!base) return null;
  const state = usable?.state ? newer(usable.state, { value: base.state, at: base.state.serverNow }).value : base.state;
  return { ...base, state, local: usable ? { codes: usable.codes, progress: usable.progress, submissions: usable.submissions } : null, fromDevice: !server };
}

/**
 * The server state with this device's unsynced proctoring laid over it, so a
 * tab switch made offline locks at once and an unlock made offline is taken
 * provisionally (the server checks the code on sync).
 */
export function withPending(
  state: TestState,
  pending: Pick<Entry, "kind">[],
  { type, maxSwitches, provisionalUnlock }: { type: "coding" | "mcq"; maxSwitches: number; provisionalUnlock: boolean },
): TestState & { provisional: boolean; finishing: boolean } {
  let next = { ...state };
  let provisional = false;
  let finishing = false;
  for (const e of pending) {
    if (e.kind === "tab-switch" && !next.isDisqualified && next.submittedAt === null) {
      const count = next.tabSwitchCount + 1;
      next = { ...next, tabSwitchCount: count };
      if (type === "coding") next = count >= maxSwitches ? { ...next, isLocked: false, isDisqualified: true } : { ...next, isLocked: true };
    } else if (e.kind === "unlock" && next.isLocked && provisionalUnlock) {
      next = { ...next, isLocked: false };
      provisional = true;
    } else if (e.kind === "finish") {
      finishing = true;
    }
  }
  return { ...next, provisional, finishing };
}
