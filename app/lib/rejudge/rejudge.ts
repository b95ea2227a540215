// Rejudge with a preview (issue 35, decision 039): what the results page and
// the server share. Pure and isomorphic: no server imports.
import type { RejudgeState } from "~/db/schema";

export type { RejudgeState };

export const REJUDGE_MESSAGES = {
  failed: "Failed to rejudge",
  roomNotFound: "Room not found",
  busy: "A rejudge of this room is already open: apply or cancel it first",
  notCoding: "Only a coding room's submissions can be rejudged",
  notInRoom: "That question is not in this room",
  nothing: "No submissions to rejudge",
  notFound: "This rejudge no longer exists",
  notReady: "This rejudge has no preview to apply yet",
  notOpen: "This rejudge is already applied, cancelled or failed",
  runner: "The code runner could not be reached: the rejudge stopped",
} as const;

/** How the room's Durable Object paces a rejudge: a few judges in flight per alarm, at the runner's low priority. */
export const REJUDGE_PACE = {
  /** Submissions judged at once, each its own runner job. */
  inFlight: 4,
  /** The pause between two batches, so the room's other alarm duties and requests interleave. */
  tickMs: 20,
  /** After a runner failure, the next try; the rejudge fails after `maxFailures` in a row. */
  retryMs: 5_000,
  maxFailures: 5,
} as const;

export const REJUDGE_STATE_LABELS: Record<RejudgeState, string> = {
  previewing: "Judging",
  ready: "Preview ready",
  applying: "Applying",
  applied: "Applied",
  cancelled: "Cancelled",
  failed: "Failed",
};

/** "Rejudging 48 / 148". */
export const progressText = (done: number, total: number) => `Rejudging ${done} / ${total}`;

/** "12 of 148 students change" (one student: "1 of 1 student changes"). */
export function changedText(changed: number, students: number) {
  return `${changed} of ${students} ${students === 1 ? "student" : "students"} ${changed === 1 ? "changes" : "change"}`;
}

export type CaseFlip = {
  /** The case's number in its question (1-based), or null for a case that no longer exists. */
  number: number | null;
  /** Passed before → passed now. */
  was: boolean;
  now: boolean;
};

/**
 * The cases whose verdict flips between two passed lists, in the question's
 * order; a case passed before that no longer exists comes last, as a removed case.
 */
export function caseFlips(caseIds: readonly string[], oldPassed: readonly string[], newPassed: readonly string[]): CaseFlip[] {
  const before = new Set(oldPassed);
  const after = new Set(newPassed);
  const flips: CaseFlip[] = [];
  caseIds.forEach((id, i) => {
    const was = before.has(id);
    const now = after.has(id);
    if (was !== now) flips.push({ number: i + 1, was, now });
  });
  const known = new Set(caseIds);
  for (const id of before) if (!known.has(id)) flips.push({ number: null, was: true, now: false });
  return flips;
}

/** Whether two passed lists hold the same cases, in any order. */
export function samePassed(a: readonly string[], b: readonly string[]) {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}

/** One rejudge on the results page's trail. */
export type RejudgeSummary = {
  id: string;
  questionTitle: string | null;
  wholeRoom: boolean;
  createdByName: string;
  createdAt: number;
  state: RejudgeState;
  total: number;
  done: number;
  students: number;
  changed: number;
  error: string | null;
  appliedAt: number | null;
  appliedByName: string | null;
};

/** One student whose result the rejudge changes, as the preview shows them. */
export type RejudgePreviewRow = {
  testId: string;
  name: string;
  email: string;
  oldScore: number;
  newScore: number;
  overrideKept: boolean;
  questions: { questionId: string; title: string; oldMarks: number; newMarks: number; flips: CaseFlip[] }[];
};
