// When students see their results, and what they see (issue 37, decision
// 041). Pure and isomorphic: the room page's form, every server response that
// could carry a result to a student, and the history's labels read it here.
import { z } from "zod";
import { RESULTS_RELEASE_MODES, type ResultsReleaseMode, type ReviewOptions } from "../../db/schema.ts";

export { RESULTS_RELEASE_MODES, type ResultsReleaseMode, type ReviewOptions };

/** Moodle's and PrairieLearn's defaults after release: everything but the right answers. */
export const DEFAULT_REVIEW: ReviewOptions = { score: true, openCases: true, hiddenCases: true, mcqRight: true, mcqAnswers: false };

export const REVIEW_LABELS: Record<keyof ReviewOptions, string> = {
  score: "Score",
  openCases: "Open cases passed",
  hiddenCases: "Hidden cases passed or failed",
  mcqRight: "MCQ right or wrong per question",
  mcqAnswers: "Correct MCQ answers",
};

export const RELEASE_LABELS: Record<ResultsReleaseMode, string> = {
  immediately: "Immediately",
  at: "At a time",
  manual: "By hand",
};

export const RELEASE_MESSAGES = {
  mode: "Choose when students see their results",
  at: "Choose when the results are released",
  atInvalid: "Enter a valid date and time",
  tooFar: "The release can be at most a year ahead",
  notReleased: "Not released: students see no scores",
  submitted: "Submitted · results not released yet",
  released: "Results released",
  withdrawn: "Release withdrawn: students see no scores",
  saved: "Results release saved",
  failed: "Failed to update the results release",
} as const;

/** A room's release settings, as stored. */
export type ReleaseRoom = {
  resultsRelease: ResultsReleaseMode;
  resultsReleaseAt: Date | number | null;
  resultsReleasedAt: Date | number | null;
  reviewOptions: Partial<ReviewOptions> | null;
};

const msOf = (v: Date | number | null) => (v === null ? null : typeof v === "number" ? v : v.getTime());

/**
 * When the room's results were released (ms), or null while held. Immediately
 * is always released (its moment is unknown: 0). A time that has passed counts
 * even before the room's alarm has marked it, so a late alarm never holds
 * results back; the alarm is for telling the students and the LMS.
 */
export function releasedAt(room: ReleaseRoom, now = Date.now()): number | null {
  const marked = msOf(room.resultsReleasedAt);
  if (marked !== null) return marked;
  if (room.resultsRelease === "immediately") return 0;
  const at = msOf(room.resultsReleaseAt);
  return room.resultsRelease === "at" && at !== null && at <= now ? at : null;
}

export const isReleased = (room: ReleaseRoom, now = Date.now()) => releasedAt(room, now) !== null;

/** The review options with the defaults filled in. */
export function reviewOptions(room: Pick<ReleaseRoom, "reviewOptions">): ReviewOptions {
  return { ...DEFAULT_REVIEW, ...(room.reviewOptions ?? {}) };
}

/**
 * What a student may be told about their results right now: nothing before
 * release, the room's review options after. Every response to a student that
 * could carry a score, a verdict or MCQ correctness goes through this.
 */
export type StudentSight = ReviewOptions & { released: boolean };

export function studentSight(room: ReleaseRoom, now = Date.now()): StudentSight {
  if (!isReleased(room, now)) return { released: false, score: false, openCases: false, hiddenCases: false, mcqRight: false, mcqAnswers: false };
  return { released: true, ...reviewOptions(room) };
}

/** Everything: what an administrator sees, always. */
export const FULL_SIGHT: StudentSight = { released: true, score: true, openCases: true, hiddenCases: true, mcqRight: true, mcqAnswers: true };

/** The next moment the room's alarm must release at, or null (already released, or not an 'at' release). */
export function releaseDueAt(room: ReleaseRoom): number | null {
  if (room.resultsRelease !== "at" || msOf(room.resultsReleasedAt) !== null) return null;
  return msOf(room.resultsReleaseAt);
}

// ------------------------------------------------------------------ the form

const RELEASE_MAX_DAYS = 366;
const flag = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/**
 * The room page's Results release form: the mode, the time of an 'at' release
 * (the browser sends the admin's local time as an ISO instant), and the review
 * options as checkboxes (absent is off).
 */
export function releaseSettingsSchema(now = Date.now()) {
  return z
    .object({
      resultsRelease: z.enum(RESULTS_RELEASE_MODES, { errorMap: () => ({ message: RELEASE_MESSAGES.mode }) }),
      resultsReleaseAt: z.string().max(40, RELEASE_MESSAGES.atInvalid).optional(),
      score: flag,
      openCases: flag,
      hiddenCases: flag,
      mcqRight: flag,
      mcqAnswers: flag,
    })
    .transform((v, ctx) => {
      let at: number | null = null;
      if (v.resultsRelease === "at") {
        if (!v.resultsReleaseAt) {
          ctx.addIssue({ code: "custom", message: RELEASE_MESSAGES.at, path: ["resultsReleaseAt"] });
          return z.NEVER;
        }
        at = Date.parse(v.resultsReleaseAt);
        if (Number.isNaN(at)) {
          ctx.addIssue({ code: "custom", message: RELEASE_MESSAGES.atInvalid, path: ["resultsReleaseAt"] });
          return z.NEVER;
        }
        if (at > now + RELEASE_MAX_DAYS * 86_400_000) {
          ctx.addIssue({ code: "custom", message: RELEASE_MESSAGES.tooFar, path: ["resultsReleaseAt"] });
          return z.NEVER;
        }
      }
      const review: ReviewOptions = { score: v.score, openCases: v.openCases, hiddenCases: v.hiddenCases, mcqRight: v.mcqRight, mcqAnswers: v.mcqAnswers };
      return { resultsRelease: v.resultsRelease, resultsReleaseAt: at, reviewOptions: review };
    });
}

export type ReleaseSettings = z.infer<ReturnType<typeof releaseSettingsSchema>>;

/** The room page's and results page's view of the release: the settings, and when released (null while held). */
export function releaseView(room: ReleaseRoom, now = Date.now()) {
  return {
    mode: room.resultsRelease,
    at: msOf(room.resultsReleaseAt),
    releasedAt: releasedAt(room, now),
    review: reviewOptions(room),
  };
}
export type ReleaseView = ReturnType<typeof releaseView>;

// ------------------------------------------------------------------ what a response may carry

/** The cases a student may see the verdict of: open ones with Open cases passed, hidden ones with Hidden cases passed or failed. */
export function shownCases<T extends { hidden: boolean }>(sight: StudentSight, cases: readonly T[]): T[] {
  return cases.filter((c) => (c.hidden ? sight.hiddenCases : sight.openCases));
}

/** A coding question's result as a student may see it: counts over the cases they may see (null when none), marks and score with Score. */
export type ShownResult = { passed: number | null; total: number | null; marks: number | null; score: number | null };

export function shownResult(
  sight: StudentSight,
  result: { cases: readonly { hidden: boolean; passed: boolean }[]; marks: number; score: number },
): ShownResult {
  const cases = shownCases(sight, result.cases);
  const counted = sight.released && cases.length > 0;
  return {
    passed: counted ? cases.filter((c) => c.passed).length : null,
    total: counted ? cases.length : null,
    marks: sight.score ? result.marks : null,
    score: sight.score ? result.score : null,
  };
}
