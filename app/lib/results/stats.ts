// The room at a glance: a score histogram, and for every question and test
// case its pass rate and a discrimination figure, with a flag on a test case
// that is likely broken. Pure functions over what the results loader read.
import { PASS_SCORE, REVIEW_SCORE } from "./student-status";

// ------------------------------------------------------------------ histogram

export type ScoreBand = "below" | "near" | "pass";
export type HistogramBin = { from: number; to: number; label: string; count: number; band: ScoreBand };

/**
 * Scores in bins of 10 up to the near-miss band: 0–9 … 80–89, then 90–99
 * (near miss: eligible for manual review) and 100 (the pass line; anything
 * at or above it).
 */
export function scoreHistogram(scores: readonly number[]): HistogramBin[] {
  const bins: HistogramBin[] = [];
  for (let from = 0; from < PASS_SCORE; from += 10) {
    const to = Math.min(from + 9, PASS_SCORE - 1);
    bins.push({ from, to, label: `${from}–${to}`, count: 0, band: from >= REVIEW_SCORE ? "near" : "below" });
  }
  bins.push({ from: PASS_SCORE, to: PASS_SCORE, label: String(PASS_SCORE), count: 0, band: "pass" });
  for (const raw of scores) {
    const score = Math.max(0, Math.round(raw));
    const bin = score >= PASS_SCORE ? bins[bins.length - 1]! : bins[Math.floor(score / 10)]!;
    bin.count++;
  }
  return bins;
}

// ------------------------------------------------------------------ discrimination

/**
 * Point-biserial correlation between passing an item (x, 0/1) and a score (y):
 *
 *   r = (M1 − M0) / s · √(p · q)
 *
 * M1 and M0 are the mean score of those who pass and of those who fail the
 * item, s the population standard deviation of the score over everyone, p the
 * share who pass and q = 1 − p. Near +1: strong students pass it and weak ones
 * fail it (a good item); near 0: it tells them apart no better than chance;
 * negative: strong students fail it more often than weak ones (suspect).
 * Callers pass the *rest* score (the score without this item), so the item
 * does not correlate with itself. Null when undefined: under 2 people, no
 * spread in y, or everyone passing (or failing) the item.
 */
export function pointBiserial(passed: readonly boolean[], scores: readonly number[]): number | null {
  const n = passed.length;
  if (n < 2 || scores.length !== n) return null;
  const ones = passed.filter(Boolean).length;
  if (ones === 0 || ones === n) return null;
  const mean = scores.reduce((a, b) => a + b, 0) / n;
  const variance = scores.reduce((a, y) => a + (y - mean) ** 2, 0) / n;
  if (variance === 0) return null;
  let sum1 = 0;
  let sum0 = 0;
  passed.forEach((x, i) => (x ? (sum1 += scores[i]!) : (sum0 += scores[i]!)));
  const p = ones / n;
  const r = ((sum1 / ones - sum0 / (n - ones)) / Math.sqrt(variance)) * Math.sqrt(p * (1 - p));
  return Math.max(-1, Math.min(1, r));
}

/** A case is flagged when at least this many students pass every other case of its question … */
export const MIN_STRONG = 3;
/** … and at least this share of them fail it. */
export const ISOLATED_FAIL_FLAG = 0.5;
/** MCQ: a question is flagged when, over at least this many answers … */
export const MCQ_MIN_ANSWERS = 5;
/** … stronger students get it wrong clearly more often than weaker ones (r at or below this). */
export const MCQ_NEGATIVE_R = -0.2;

export type CaseInput = { id: string; hidden: boolean };
/** One student's submission of a question. */
export type Attempt = {
  /** Ids of the cases of this question the submission passed. */
  passed: ReadonlySet<string>;
  /** Cases passed over all of this student's questions in the room (for the rest score). */
  totalPassed: number;
};

export type CaseStat = {
  id: string;
  /** 1-based, in the question's order. */
  number: number;
  hidden: boolean;
  attempts: number;
  passed: number;
  /** passed / attempts; null without attempts. */
  passRate: number | null;
  /** Students who pass every other case of the question. */
  strong: number;
  /** Of those, how many fail this case. */
  failsAlone: number;
  /** failsAlone / strong: the discrimination figure shown; null when no one is strong. */
  isolatedFailRate: number | null;
  /** Against each student's rest score (cases passed elsewhere in the room). */
  pointBiserial: number | null;
  flagged: boolean;
  reason: string | null;
};

/**
 * Per test case of one question, over the students who submitted it.
 *
 * The discrimination figure is the isolated failure rate: among students who
 * pass every other case of the question (they solved the problem), the share
 * who fail this one. A good case has it near 0; a case most such students fail
 * (at least MIN_STRONG of them, share ≥ ISOLATED_FAIL_FLAG) is likely broken:
 * a wrong expected output, trailing output, an input the statement excludes.
 */
export function caseStats(cases: readonly CaseInput[], attempts: readonly Attempt[]): CaseStat[] {
  return cases.map((c, index) => {
    const others = cases.filter((o) => o.id !== c.id);
    const passes = attempts.map((a) => a.passed.has(c.id));
    const strongAttempts = attempts.filter((a) => others.every((o) => a.passed.has(o.id)));
    const failsAlone = strongAttempts.filter((a) => !a.passed.has(c.id)).length;
    const passed = passes.filter(Boolean).length;
    const isolatedFailRate = strongAttempts.length ? failsAlone / strongAttempts.length : null;
    const flagged = strongAttempts.length >= MIN_STRONG && (isolatedFailRate ?? 0) >= ISOLATED_FAIL_FLAG;
    return {
      id: c.id,
      number: index + 1,
      hidden: c.hidden,
      attempts: attempts.length,
      passed,
      passRate: attempts.length ? passed / attempts.length : null,
      strong: strongAttempts.length,
      failsAlone,
      isolatedFailRate,
      pointBiserial: pointBiserial(
        passes,
        attempts.map((a, i) => a.totalPassed - (passes[i] ? 1 : 0)),
      ),
      flagged,
      reason: flagged
        ? `${failsAlone} of ${strongAttempts.length} students who pass every other case fail this one: check its expected output`
        : null,
    };
  });
}

export type QuestionStat = {
  id: string;
  title: string;
  /** Students (with a test) who were given this question in their draw. */
  given: number;
  attempts: number;
  /** Share of submissions passing every case; null without submissions. */
  allPassRate: number | null;
  /** Mean submission score (percent of cases passed). */
  meanScore: number | null;
  cases: CaseStat[];
  flagged: boolean;
};

/** A coding question: its submissions and each of its cases, and how many students were given it (at least those who submitted). */
export function questionStat(
  question: { id: string; title: string; cases: readonly CaseInput[] },
  attempts: readonly (Attempt & { score: number })[],
  given = attempts.length,
): QuestionStat {
  const cases = caseStats(question.cases, attempts);
  const allPass = attempts.filter((a) => question.cases.length > 0 && question.cases.every((c) => a.passed.has(c.id))).length;
  return {
    id: question.id,
    title: question.title,
    given: Math.max(given, attempts.length),
    attempts: attempts.length,
    allPassRate: attempts.length ? allPass / attempts.length : null,
    meanScore: attempts.length ? attempts.reduce((s, a) => s + a.score, 0) / attempts.length : null,
    cases,
    flagged: cases.some((c) => c.flagged),
  };
}

export type McqStat = {
  id: string;
  title: string;
  /** Students who were given this question in their draw. */
  given: number;
  /** Answer rows of students given it (an unanswered question counts, as wrong). */
  answers: number;
  correct: number;
  passRate: number | null;
  /** Against each student's rest score (correct answers to the other questions). */
  pointBiserial: number | null;
  flagged: boolean;
  reason: string | null;
};

/** One student's MCQ test: the questions they were given, and right or wrong per question with an answer row. */
export type McqStudent = { given: ReadonlySet<string>; answers: ReadonlyMap<string, boolean> };

/**
 * MCQ questions have no cases, so the figure is the point-biserial
 * correlation alone: flagged when, over at least MCQ_MIN_ANSWERS answers,
 * it is at or below MCQ_NEGATIVE_R (check the answer key). Each student
 * counts only for the questions they were given (issue 36: students draw
 * different questions); the rest score is their correct answers among those.
 */
export function mcqStats(questions: readonly { id: string; title: string }[], students: readonly McqStudent[]): McqStat[] {
  const own = students.map((s) => new Map([...s.answers].filter(([id]) => s.given.has(id))));
  const totals = own.map((answers) => [...answers.values()].filter(Boolean).length);
  return questions.map((q) => {
    const answered = own.map((s, i) => ({ correct: s.get(q.id), total: totals[i]! })).filter((a) => a.correct !== undefined);
    const passes = answered.map((a) => a.correct === true);
    const correct = passes.filter(Boolean).length;
    const r = pointBiserial(
      passes,
      answered.map((a, i) => a.total - (passes[i] ? 1 : 0)),
    );
    const flagged = answered.length >= MCQ_MIN_ANSWERS && r !== null && r <= MCQ_NEGATIVE_R;
    return {
      id: q.id,
      title: q.title,
      given: students.filter((s) => s.given.has(q.id)).length,
      answers: answered.length,
      correct,
      passRate: answered.length ? correct / answered.length : null,
      pointBiserial: r,
      flagged,
      reason: flagged ? "Stronger students get this wrong more often than weaker ones: check the answer key" : null,
    };
  });
}

/** "40%" for a share; "—" when there is none. */
export function percent(share: number | null): string {
  return share === null ? "—" : `${Math.round(share * 100)}%`;
}
