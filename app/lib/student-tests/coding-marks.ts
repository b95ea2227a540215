// A coding question's marks and score (issue 35, decision 037): each test case
// counts by its points. Every place that scores a coding question calls this:
// Submit Code (online and the journal's queued submits), the evaluate page's
// Save / Accept / Reject and its "Score if saved", the triage's suggested
// score, and practice's Run Tests. Pure and isomorphic: no server imports.
import { TEST_RULES } from "./test-rules";

export type WeightedCase = { id: string; points: number };

/**
 * marks = round(its marks (50 of 100 for 2 questions) x points of the passed cases / points of all cases), score
 * = the same share in percent, rounded. With 10 points per case this is the
 * spec's round(passed x 50 / total). Ids in `passedIds` that are not among
 * `cases` are ignored; an id passed twice counts once. A question whose cases
 * sum to 0 points (or hold negative ones, which validation refuses) counts
 * every case equally, as the spec's formula does: a question nobody could
 * score would be an authoring slip, not a rule.
 */
export function codingMarks({
  passedIds,
  cases,
  of = TEST_RULES.marksPerCodingQuestion,
}: {
  passedIds: Iterable<string>;
  cases: readonly WeightedCase[];
  /** The question's marks in this student's test (`codingShareOf`); 50, the spec's, when not given. */
  of?: number;
}) {
  if (cases.length === 0) return { marks: 0, score: 0 };
  const passed = new Set(passedIds);
  const weighted = cases.every((c) => Number.isFinite(c.points) && c.points >= 0) && cases.some((c) => c.points > 0);
  const weight = (c: WeightedCase) => (weighted ? c.points : 1);
  let all = 0;
  let got = 0;
  for (const c of cases) {
    all += weight(c);
    if (passed.has(c.id)) got += weight(c);
  }
  return {
    marks: Math.round((got * of) / all),
    score: Math.round((got / all) * 100),
  };
}

/** The pass rate: cases passed of all, in percent, rounded (every case counts once, whatever its points). */
export function passRate(passed: number, total: number) {
  return total > 0 ? Math.round((passed / total) * 100) : 0;
}

/** The points of all of a question's cases (the test-case manager's total). */
export function totalPoints(cases: readonly { points: number }[]) {
  return cases.reduce((sum, c) => sum + c.points, 0);
}

/**
 * A coding test's 100 marks shared among the questions a student was given
 * (issue 36, decision 040): 100 / count each, the rest of the division one
 * mark each to the first questions shown, so the shares are whole marks that
 * add up to 100 (2: 50 and 50; 3: 34, 33, 33). Position is the draw's order.
 */
export function codingShare(count: number, position: number): number {
  if (count < 1 || position < 0 || position >= count) return TEST_RULES.marksPerCodingQuestion;
  const base = Math.floor(TEST_RULES.codingTestMarks / count);
  return base + (position < TEST_RULES.codingTestMarks % count ? 1 : 0);
}

/**
 * A question's marks for a student given `drawn` (their questions in the order
 * shown). A question outside the draw, or a test with no draw (it ran before
 * sections), keeps the spec's 50.
 */
export function codingShareOf(drawn: readonly string[], questionId: string): number {
  return codingShare(drawn.length, drawn.indexOf(questionId));
}
