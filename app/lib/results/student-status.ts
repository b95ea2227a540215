// The spec's badges and score colours for a student test (spec 2 sections 4
// and 9). Admin and student rules differ; both live here so every page that
// shows a test (results, history, submission view, evaluation) agrees.
import type { BadgeTone } from "~/components/ui/badge";

export type TestStatusInput = { status: string; isDisqualified: boolean; totalScore: number };
export type StatusBadge = { label: string; tone: BadgeTone };

/** The pass/complete threshold (spec 2 section 9). */
export const PASS_SCORE = 100;
/** A near miss: eligible for manual review (spec 2 sections 5 and 9). */
export const REVIEW_SCORE = 90;

const RAW_LABELS: Record<string, string> = {
  in_progress: "In progress",
  testing: "Testing",
  attempted: "Attempted",
  completed: "Completed",
  disqualified: "Disqualified",
};

/**
 * Student: disqualified first; completed with score at least 100 is
 * 'Completed'; attempted, or completed under 100, is 'Attempted'; testing is
 * 'Testing'; anything else its own name.
 */
export function studentBadge(t: TestStatusInput): StatusBadge {
  if (t.isDisqualified || t.status === "disqualified") return { label: "Disqualified", tone: "red" };
  if (t.status === "completed" && t.totalScore >= PASS_SCORE) return { label: "Completed", tone: "green" };
  if (t.status === "attempted" || t.status === "completed") return { label: "Attempted", tone: "yellow" };
  if (t.status === "testing") return { label: "Testing", tone: "blue" };
  return { label: RAW_LABELS[t.status] ?? t.status, tone: "gray" };
}

/** Admin: disqualified; completed; otherwise the raw status. */
export function adminBadge(t: TestStatusInput): StatusBadge {
  if (t.isDisqualified || t.status === "disqualified") return { label: "Disqualified", tone: "red" };
  if (t.status === "completed") return { label: "Completed", tone: "green" };
  return { label: RAW_LABELS[t.status] ?? t.status, tone: t.status === "attempted" ? "yellow" : "gray" };
}

/** Admin score colours: at least 80 green, at least 50 yellow, below red. */
export function adminScoreTone(score: number): BadgeTone {
  return score >= 80 ? "green" : score >= 50 ? "yellow" : "red";
}

/** Student score colours: 100 green, at least 50 yellow, below red. */
export function studentScoreTone(score: number): BadgeTone {
  return score >= PASS_SCORE ? "green" : score >= 50 ? "yellow" : "red";
}

/** Text classes for a score shown as plain text in a table, by tone, readable in both themes. */
export const SCORE_TEXT: Record<BadgeTone, string> = {
  green: "text-emerald-700 dark:text-emerald-300",
  yellow: "text-amber-700 dark:text-amber-300",
  red: "text-red-700 dark:text-red-300",
  blue: "text-brand-700 dark:text-brand-100",
  gray: "text-slate-700 dark:text-slate-300",
};

/**
 * Manual review is offered only for non-MCQ tests that are attempted, or
 * completed below 100, not disqualified, with score at least 90 (spec 2 section 5).
 */
export function canRequestEvaluation(t: TestStatusInput & { questionType: "mcq" | "coding" }): boolean {
  if (t.questionType === "mcq" || t.isDisqualified || t.status === "disqualified") return false;
  const nearMiss = t.status === "attempted" || (t.status === "completed" && t.totalScore < PASS_SCORE);
  return nearMiss && t.totalScore >= REVIEW_SCORE;
}

/**
 * My Test History's badge (decision 041): a finished test whose results are
 * held reads "Submitted · results not released yet"; once released but with
 * the score hidden, "Submitted" (Completed or Attempted would tell the score).
 */
export function historyBadge(t: Omit<TestStatusInput, "totalScore"> & { totalScore: number | null; released: boolean }): StatusBadge {
  if (t.isDisqualified || t.status === "disqualified") return { label: "Disqualified", tone: "red" };
  const finished = t.status === "completed" || t.status === "attempted";
  if (finished && !t.released) return { label: "Submitted · results not released yet", tone: "blue" };
  if (finished && t.totalScore === null) return { label: "Submitted", tone: "blue" };
  return studentBadge({ ...t, totalScore: t.totalScore ?? 0 });
}
