// Pure helpers of the multiple-choice test page (no React, no browser APIs),
// so they are easy to test and safe to import on the server.

export type McqQuestion = { id: string; title: string; options: string[] };
export type McqProgress = { answers: Record<string, number>; marked: string[]; currentIndex: number };

/** Spec 2 section 9: an MCQ has options A to D; only options 1-4 are reachable by key. */
export const MAX_OPTIONS = 4;
export const OPTION_LETTERS = ["A", "B", "C", "D"] as const;
/** Spec 2 section 9: the 5-minute warning and the MCQ autosave interval. */
export const WARNING_AT_SECONDS = 300;
export const AUTOSAVE_MS = 30_000;

/**
 * Keeps only what fits these questions: answers to known questions that are
 * one of their options, marks of known questions (once each), and an index
 * inside the list. Used for the loader's progress and for journal payloads.
 */
export function sanitizeProgress(value: unknown, questions: McqQuestion[]): McqProgress {
  const v = (value && typeof value === "object" ? value : {}) as Partial<Record<keyof McqProgress, unknown>>;
  const byId = new Map(questions.map((q) => [q.id, q]));
  const answers: Record<string, number> = {};
  if (v.answers && typeof v.answers === "object") {
    for (const [id, choice] of Object.entries(v.answers as Record<string, unknown>)) {
      const q = byId.get(id);
      if (q && isChoice(choice, q)) answers[id] = choice;
    }
  }
  const marked = Array.isArray(v.marked)
    ? [...new Set(v.marked.filter((id): id is string => typeof id === "string" && byId.has(id)))]
    : [];
  const index = typeof v.currentIndex === "number" && Number.isInteger(v.currentIndex) ? v.currentIndex : 0;
  return { answers, marked, currentIndex: clampIndex(index, questions.length) };
}

function isChoice(choice: unknown, q: McqQuestion): choice is number {
  return typeof choice === "number" && Number.isInteger(choice) && choice >= 0 && choice < Math.min(MAX_OPTIONS, q.options.length);
}

export function clampIndex(index: number, count: number) {
  if (count <= 0) return 0;
  return Math.min(Math.max(0, index), count - 1);
}

/** The counts shown in the header and the submit summary. */
export function summarize(progress: McqProgress, questions: McqQuestion[]) {
  const answered = questions.filter((q) => progress.answers[q.id] !== undefined).length;
  const marked = questions.filter((q) => progress.marked.includes(q.id)).length;
  return { total: questions.length, answered, notAnswered: questions.length - answered, marked };
}
export type McqCounts = ReturnType<typeof summarize>;

/** "mm:ss", or "h:mm:ss" from an hour up; never negative. */
export function formatRemaining(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

export type ShortcutAction =
  | { type: "choose"; option: number }
  | { type: "next" }
  | { type: "previous" }
  | { type: "mark" }
  | { type: "navigator" };

/** Spec 2: 1-4 pick an option, N next, P previous, M mark for review, G navigator. */
export function shortcutFor(key: string): ShortcutAction | null {
  if (key.length !== 1) return null;
  if (key >= "1" && key <= String(MAX_OPTIONS)) return { type: "choose", option: Number(key) - 1 };
  switch (key.toLowerCase()) {
    case "n":
      return { type: "next" };
    case "p":
      return { type: "previous" };
    case "m":
      return { type: "mark" };
    case "g":
      return { type: "navigator" };
    default:
      return null;
  }
}

/** Shortcuts never fire while the student types in a field or holds a modifier. */
export function isTypingTarget(target: EventTarget | null) {
  const el = target as (HTMLElement & { type?: string; isContentEditable?: boolean }) | null;
  if (!el || typeof el.tagName !== "string") return false;
  const tag = el.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (el.isContentEditable) return true;
  if (tag === "input") {
    const type = (el.type ?? "text").toLowerCase();
    return !["radio", "checkbox", "button", "submit", "reset", "range", "color", "file", "image"].includes(type);
  }
  return false;
}

/** The newest "mcq-progress" payload among unsynced journal entries, if any. */
export function latestProgressEntry<E extends { seq: number; kind: string; payload: Record<string, unknown> }>(entries: E[]) {
  let latest: E | null = null;
  for (const e of entries) if (e.kind === "mcq-progress" && (!latest || e.seq > latest.seq)) latest = e;
  return latest?.payload ?? null;
}
