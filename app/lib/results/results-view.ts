// What the room results page shows, shared by the page, its loader and the
// CSV export: the row shape, labels and formats, and the filter and sort the
// admin picks (kept in the URL, so the export follows exactly what is on screen).
import { adminBadge, PASS_SCORE, REVIEW_SCORE, type StatusBadge } from "./student-status";

export type OverrideOutcome = "passed" | "failed";

/** One Mark Pass / Mark Fail, with the state it replaced. */
export type OverrideEntry = {
  outcome: OverrideOutcome;
  adminName: string;
  /** When, in ms since the epoch (UTC). */
  at: number;
  previousScore: number;
  previousStatus: string;
  previousDisqualified: boolean;
};

/** A participant of the room (not removed) and their student test, if they launched it. */
export type ResultRow = {
  participantId: string;
  studentId: string;
  testId: string | null;
  name: string;
  email: string;
  status: string | null;
  isDisqualified: boolean;
  totalScore: number | null;
  maxScore: number | null;
  tabSwitchCount: number;
  /** submitted_at − created_at of the test; null until submitted. */
  timeTakenMs: number | null;
  offlineMs: number;
  offlineNow: boolean;
  syncedAfterEnd: boolean;
  /** The student's own time: "+15 min (accommodation)", "+5 min (added)", "+3:12 (offline)" (decision 028). */
  extraTime: string[];
  overrideStatus: "passed" | "failed" | "manually_evaluated" | null;
  /** Newest first. */
  trail: OverrideEntry[];
  /** Marks obtained per submitted question id. */
  marks: Record<string, number>;
  /**
   * The question ids this student was given, in their order (issue 36: each
   * student their own draw); [] before the test is launched. A test from
   * before sections without a stored draw has the questions it submitted.
   */
  questions: string[];
};

/** A question of the room: one column of marks in the export. */
export type ResultQuestion = { id: string; title: string };

export const NOT_STARTED: StatusBadge = { label: "Not started", tone: "gray" };

/** The admin's badge (spec 2 section 4), or 'Not started' before the test is launched. */
export function resultBadge(row: Pick<ResultRow, "status" | "isDisqualified" | "totalScore">): StatusBadge {
  if (row.status === null) return NOT_STARTED;
  return adminBadge({ status: row.status, isDisqualified: row.isDisqualified, totalScore: row.totalScore ?? 0 });
}

/** Results badge of a room on /admin/results: Active, Ended when ends_at is past, Scheduled otherwise. */
export type RoomResultsBadge = "Active" | "Ended" | "Scheduled";
export function roomResultsBadge(room: { isActive: boolean; endsAt: number | null }, now: number): RoomResultsBadge {
  if (room.isActive) return "Active";
  if (room.endsAt !== null && room.endsAt < now) return "Ended";
  return "Scheduled";
}

/** Sum of total_score / participants, rounded; 0 for an empty room. */
export function averageScore(scores: (number | null)[]): number {
  if (scores.length === 0) return 0;
  return Math.round(scores.reduce<number>((sum, s) => sum + (s ?? 0), 0) / scores.length);
}

/** "—", "45s", "12m 05s", "1h 02m 05s". */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return "—";
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

/** Offline time as the table shows it: '—' when never offline. */
export function formatOffline(ms: number): string {
  return ms > 0 ? formatDuration(ms) : "—";
}

export const OUTCOME_LABEL: Record<OverrideOutcome, string> = { passed: "Passed", failed: "Failed" };
export const OVERRIDE_LABEL: Record<NonNullable<ResultRow["overrideStatus"]>, string> = {
  passed: "Passed",
  failed: "Failed",
  manually_evaluated: "Manually evaluated",
};

/** The state an override replaced, as the trail shows it: "attempted", "disqualified". */
export function previousState(entry: Pick<OverrideEntry, "previousStatus" | "previousDisqualified">): string {
  return entry.previousDisqualified ? "disqualified" : entry.previousStatus.replace(/_/g, " ");
}

// ------------------------------------------------------------------ filter and sort (in the URL)

export const STATUS_FILTERS = [
  { value: "all", label: "All statuses" },
  { value: "completed", label: "Completed" },
  { value: "attempted", label: "Attempted" },
  { value: "in_progress", label: "In progress" },
  { value: "disqualified", label: "Disqualified" },
  { value: "not_started", label: "Not started" },
] as const;

export const SCORE_FILTERS = [
  { value: "all", label: "All scores" },
  { value: "pass", label: `Passed (${PASS_SCORE})` },
  { value: "near", label: `Near miss (${REVIEW_SCORE}–${PASS_SCORE - 1})` },
  { value: "below", label: `Below ${REVIEW_SCORE}` },
] as const;

export const SORTS = [
  { value: "name", label: "Name (A–Z)" },
  { value: "score-desc", label: "Score (high to low)" },
  { value: "score-asc", label: "Score (low to high)" },
  { value: "tab-switches", label: "Tab switches (most first)" },
  { value: "time-taken", label: "Time taken (fastest first)" },
] as const;

export type ResultsView = {
  status: (typeof STATUS_FILTERS)[number]["value"];
  score: (typeof SCORE_FILTERS)[number]["value"];
  sort: (typeof SORTS)[number]["value"];
  /** Name or email contains this (case-insensitive); matched in code, never in SQL. */
  q: string;
};

export const DEFAULT_VIEW: ResultsView = { status: "all", score: "all", sort: "name", q: "" };
const MAX_QUERY = 100;

function pick<T extends string>(value: string | null, options: readonly { value: T }[], fallback: T): T {
  return options.find((o) => o.value === value)?.value ?? fallback;
}

/** The view in a URL's search params; anything unknown falls back to the default. */
export function parseResultsView(params: URLSearchParams): ResultsView {
  return {
    status: pick(params.get("status"), STATUS_FILTERS, DEFAULT_VIEW.status),
    score: pick(params.get("score"), SCORE_FILTERS, DEFAULT_VIEW.score),
    sort: pick(params.get("sort"), SORTS, DEFAULT_VIEW.sort),
    q: (params.get("q") ?? "").trim().slice(0, MAX_QUERY),
  };
}

/** The view as search params, defaults left out ("" for the default view). */
export function viewSearch(view: ResultsView): string {
  const params = new URLSearchParams();
  for (const key of ["status", "score", "sort", "q"] as const) {
    if (view[key] !== DEFAULT_VIEW[key]) params.set(key, view[key]);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function isDefaultView(view: ResultsView) {
  return viewSearch(view) === "";
}

function statusGroup(row: ResultRow): ResultsView["status"] {
  if (row.status === null) return "not_started";
  if (row.isDisqualified || row.status === "disqualified") return "disqualified";
  if (row.status === "completed" || row.status === "attempted") return row.status;
  return "in_progress";
}

function scoreGroup(row: ResultRow): ResultsView["score"] | null {
  if (row.totalScore === null) return null;
  if (row.totalScore >= PASS_SCORE) return "pass";
  return row.totalScore >= REVIEW_SCORE ? "near" : "below";
}

const byName = (a: ResultRow, b: ResultRow) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.email.localeCompare(b.email, "en") || a.participantId.localeCompare(b.participantId);

/** Missing values (not started, not submitted) sort last whichever way. */
function numeric(get: (r: ResultRow) => number | null, direction: 1 | -1) {
  return (a: ResultRow, b: ResultRow) => {
    const x = get(a);
    const y = get(b);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return (x - y) * direction || byName(a, b);
  };
}

const COMPARE: Record<ResultsView["sort"], (a: ResultRow, b: ResultRow) => number> = {
  name: byName,
  "score-desc": numeric((r) => r.totalScore, -1),
  "score-asc": numeric((r) => r.totalScore, 1),
  "tab-switches": numeric((r) => (r.testId ? r.tabSwitchCount : null), -1),
  "time-taken": numeric((r) => r.timeTakenMs, 1),
};

/** The rows the screen (and the export) shows for this view, in its order. */
export function applyResultsView(rows: ResultRow[], view: ResultsView): ResultRow[] {
  const q = view.q.toLowerCase();
  return rows
    .filter((r) => view.status === "all" || statusGroup(r) === view.status)
    .filter((r) => view.score === "all" || scoreGroup(r) === view.score)
    .filter((r) => !q || r.name.toLowerCase().includes(q) || r.email.toLowerCase().includes(q))
    .sort(COMPARE[view.sort]);
}

// ------------------------------------------------------------------ the export

/** Whether the student was given this question: false only when we know their questions and it is not one of them. */
export function notGiven(row: Pick<ResultRow, "questions">, questionId: string): boolean {
  return row.questions.length > 0 && !row.questions.includes(questionId);
}

/** Separates the titles in the export's Questions cell. */
export const QUESTIONS_SEPARATOR = "; ";

/**
 * The export's rows (header first): what each table row shows, then the
 * student's questions (titles, in their order), then marks per question of
 * the room; a question the student was not given leaves its cell empty.
 */
export function resultsCsvRows(questions: ResultQuestion[], rows: ResultRow[]): string[][] {
  const titles = new Map(questions.map((q) => [q.id, q.title]));
  const header = [
    "Name",
    "Email",
    "Score",
    "Status",
    "Override",
    "Override by",
    "Override at (UTC)",
    "Score before override",
    "Status before override",
    "Tab switches",
    "Time taken",
    "Offline time",
    "Synced after end",
    "Questions",
    ...questions.map((q, i) => `Q${i + 1} marks: ${q.title}`),
  ];
  const body = rows.map((r) => {
    // The trail explains the current override only if the latest entry is that override.
    const latest = r.trail[0] && r.trail[0].outcome === r.overrideStatus ? r.trail[0] : null;
    return [
      r.name,
      r.email,
      r.totalScore === null ? "—" : String(r.totalScore),
      resultBadge(r).label,
      r.overrideStatus ? OVERRIDE_LABEL[r.overrideStatus] : "",
      latest?.adminName ?? "",
      latest ? new Date(latest.at).toISOString() : "",
      latest ? String(latest.previousScore) : "",
      latest ? previousState(latest) : "",
      r.testId ? String(r.tabSwitchCount) : "—",
      formatDuration(r.timeTakenMs),
      formatOffline(r.offlineMs),
      r.syncedAfterEnd ? "Yes" : "No",
      r.questions.map((id) => titles.get(id) ?? "Question").join(QUESTIONS_SEPARATOR),
      ...questions.map((q) => (q.id in r.marks && !notGiven(r, q.id) ? String(r.marks[q.id]) : "")),
    ];
  });
  return [header, ...body];
}
