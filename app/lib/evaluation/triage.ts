// Triage on arrival (issue 12, section 4): when a student's evaluation
// request arrives, the failed cases of each submitted question are rerun on
// the runner and compared leniently (lenient.ts). What is stored on the
// request, how it is read back (parsed with zod, never cast) and the pure
// rules that turn verdicts into a suggestion and a score. Admins only.
import { z } from "zod";
import { lenientMatch, wouldPassText, type Leniency } from "./lenient";
import { codingMarks } from "~/lib/student-tests/coding-marks";

/** Every bound of the triage, in one place. */
export const TRIAGE_LIMITS = {
  /** Questions looked at (a coding test has two; Save accepts at most 20). */
  questions: 20,
  /** Failed cases rerun per question: the runner's default `maxTestCases`. */
  casesPerQuestion: 50,
  /** Failed cases rerun per test, in all. */
  casesPerTest: 100,
  /**
   * Longer outputs are not compared leniently: the runner sends back only the
   * first 64 KB of a run's output (at least 21,845 UTF-16 units), so an output
   * this short is known to be whole.
   */
  compareChars: 16_384,
  /** The head of a suggested case's rerun output kept for the evaluate page's diff. */
  storedOutputChars: 1_000,
  errorChars: 200,
  /**
   * The whole triage's time on the runner. A Worker's waitUntil() lasts about
   * 30 s after the response, so the triage must finish well inside it.
   */
  runnerTimeoutMs: 25_000,
  /** A triage still pending after this long was cut off (its Worker ended): it is shown as failed. */
  staleMs: 2 * 60_000,
} as const;

const LeniencySchema = z.enum(["whitespace", "case", "numbers"]);

export const TriageCaseSchema = z.object({
  caseId: z.string(),
  /** [] when the case passes on the runner's own comparison when rerun as submitted. */
  wouldPassIf: z.array(LeniencySchema),
  /** The head of the rerun's output (at most `storedOutputChars`). */
  actualOutput: z.string(),
});
export type TriageCase = z.infer<typeof TriageCaseSchema>;

export const TriageQuestionSchema = z.object({
  questionId: z.string(),
  /** Only the failed cases that would pass. */
  cases: z.array(TriageCaseSchema),
  /** Sum of the points of the passed cases and the suggested ones (Save's marks). */
  suggestedMarks: z.number(),
});
export type TriageQuestion = z.infer<typeof TriageQuestionSchema>;

const Pending = z.object({ status: z.literal("pending"), startedAt: z.number() });
const Failed = z.object({ status: z.literal("failed"), error: z.string(), finishedAt: z.number() });
/** A finished triage without its per-case detail: what the requests list reads (json_remove drops `questions`). */
const DoneSummary = z.object({
  status: z.literal("done"),
  /** The test's total if the suggestion were applied and saved (Save's formula: sum of marks). */
  suggestedScore: z.number(),
  /** How many failed cases would pass. */
  suggestedCases: z.number().int().nonnegative(),
  /** Every leniency some suggested case needs. */
  leniencies: z.array(LeniencySchema),
  /** Failed cases left out by the bounds. */
  unchecked: z.number().int().nonnegative(),
  finishedAt: z.number(),
});
const Done = DoneSummary.extend({ questions: z.array(TriageQuestionSchema) });

export const TriageSchema = z.discriminatedUnion("status", [Pending, Failed, Done]);
export type Triage = z.infer<typeof TriageSchema>;
export const TriageSummarySchema = z.discriminatedUnion("status", [Pending, Failed, DoneSummary]);
export type TriageSummary = z.infer<typeof TriageSummarySchema>;

export const triagePending = (now = Date.now()): Triage => ({ status: "pending", startedAt: now });

export function triageFailed(error: string, now = Date.now()): Triage {
  return { status: "failed", error: error.slice(0, TRIAGE_LIMITS.errorChars), finishedAt: now };
}

function parseStored<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, stored: string | null): T | null {
  if (stored === null) return null;
  try {
    return schema.safeParse(JSON.parse(stored)).data ?? null;
  } catch {
    return null;
  }
}

/** A pending triage that outlived its Worker (waitUntil ended) is shown as failed. */
function unstale<T extends TriageSummary>(triage: T | null, now: number): T | z.infer<typeof Failed> | null {
  const seen: TriageSummary | null = triage;
  if (seen?.status === "pending" && now - seen.startedAt > TRIAGE_LIMITS.staleMs) {
    return { status: "failed", error: "The triage did not finish", finishedAt: now };
  }
  return triage;
}

/** The stored triage as the evaluate page shows it; null when there is none or it cannot be read. */
export function readTriage(stored: string | null, now = Date.now()): Triage | null {
  return unstale(parseStored(TriageSchema, stored), now);
}

/** The same for the requests list, read without its per-case detail. */
export function readTriageSummary(stored: string | null, now = Date.now()): TriageSummary | null {
  return unstale(parseStored(TriageSummarySchema, stored), now);
}

// ------------------------------------------------------------------ the rules

/** A question as the admin's submission view has it: the student's code and every case with its stored verdict. */
export type TriageInputQuestion = {
  id: string;
  submitted: boolean;
  code: string;
  cases: { id?: string; points: number; passed: boolean; input?: string; expectedOutput?: string }[];
  /** The question's marks in this test (`codingShareOf`); 50 when absent. */
  maxMarks?: number;
};

export type PickedQuestion = { questionId: string; cases: { id: string; input: string; expectedOutput: string }[] };

/**
 * The failed cases to rerun: those of submitted questions with code, in order,
 * at most `casesPerQuestion` per question and `casesPerTest` in all.
 */
export function pickFailedCases(questions: TriageInputQuestion[]): { picked: PickedQuestion[]; unchecked: number } {
  let budget: number = TRIAGE_LIMITS.casesPerTest;
  let unchecked = 0;
  const picked: PickedQuestion[] = [];
  questions.forEach((q, i) => {
    const failed = q.cases.filter((c) => !c.passed && c.id);
    if (!q.submitted || q.code.trim() === "") return;
    if (i >= TRIAGE_LIMITS.questions) return void (unchecked += failed.length);
    const take = failed.slice(0, Math.min(TRIAGE_LIMITS.casesPerQuestion, budget));
    unchecked += failed.length - take.length;
    budget -= take.length;
    if (take.length > 0) {
      picked.push({ questionId: q.id, cases: take.map((c) => ({ id: c.id!, input: c.input ?? "", expectedOutput: c.expectedOutput ?? "" })) });
    }
  });
  return { picked, unchecked };
}

export type RerunResult = { caseId: string; passed: boolean; verdict: string; actualOutput: string };

/**
 * What one rerun failed case suggests: the leniencies under which it passes,
 * [] when it passes rerun as submitted, null when nothing makes it pass. A
 * case the runner now accepts passes under the runner's own comparison (which
 * already ignores trailing whitespace); its leniency is named when the output
 * differs. Only a wrong answer can be a formatting slip: a crash, a time-out
 * or a compile error never is.
 */
export function caseSuggestion(expected: string, result: Omit<RerunResult, "caseId">): Leniency[] | null {
  const comparable = expected.length <= TRIAGE_LIMITS.compareChars && result.actualOutput.length <= TRIAGE_LIMITS.compareChars;
  if (result.passed) return (comparable && lenientMatch(expected, result.actualOutput)) || [];
  if (result.verdict !== "WA" || !comparable) return null;
  const match = lenientMatch(expected, result.actualOutput);
  return match && match.length > 0 ? match : null;
}

/**
 * The finished triage: per question the suggested cases and the marks they
 * would give, and the test's total with them (Save's formula: a question's
 * marks by its cases' points, `codingMarks`; the total their sum).
 */
export function buildTriage(
  questions: TriageInputQuestion[],
  picked: PickedQuestion[],
  results: Record<string, RerunResult[]>,
  unchecked: number,
  now = Date.now(),
): Extract<Triage, { status: "done" }> {
  const leniencies = new Set<Leniency>();
  const triaged = questions.map((q): TriageQuestion => {
    const cases: TriageCase[] = [];
    for (const c of picked.find((p) => p.questionId === q.id)?.cases ?? []) {
      const result = results[q.id]?.find((r) => r.caseId === c.id);
      if (!result) continue;
      const wouldPassIf = caseSuggestion(c.expectedOutput, result);
      if (!wouldPassIf) continue;
      wouldPassIf.forEach((l) => leniencies.add(l));
      cases.push({ caseId: c.id, wouldPassIf, actualOutput: result.actualOutput.slice(0, TRIAGE_LIMITS.storedOutputChars) });
    }
    const suggested = new Set(cases.map((c) => c.caseId));
    return { questionId: q.id, cases, suggestedMarks: marksWith(q.cases, suggested, q.maxMarks) };
  });
  return {
    status: "done",
    questions: triaged.filter((q) => q.cases.length > 0),
    suggestedScore: triaged.reduce((sum, q) => sum + q.suggestedMarks, 0),
    suggestedCases: triaged.reduce((sum, q) => sum + q.cases.length, 0),
    leniencies: (["whitespace", "case", "numbers"] as const).filter((l) => leniencies.has(l)),
    unchecked,
    finishedAt: now,
  };
}

/** Save's marks for a question (`codingMarks`, decision 037), with `extra` counted as passed. */
export function marksWith(cases: { id?: string; points: number; passed: boolean }[], extra: Set<string>, of?: number): number {
  const weighted = cases.map((c, i) => ({ id: c.id ?? `#${i}`, points: c.points, passed: c.passed || (c.id !== undefined && extra.has(c.id)) }));
  return codingMarks({ passedIds: weighted.filter((c) => c.passed).map((c) => c.id), cases: weighted, of }).marks;
}

/**
 * "Apply suggestion" on the evaluate page: the ticked cases plus exactly the
 * suggested ones (of cases still in the test); nothing is unticked.
 */
export function applySuggestion(
  passed: Record<string, Set<string>>,
  triage: Triage | null,
  questions: { id: string; cases: { id: string }[] }[],
): Record<string, Set<string>> {
  if (triage?.status !== "done") return passed;
  const next = { ...passed };
  for (const q of questions) {
    const suggested = new Set(triage.questions.find((t) => t.questionId === q.id)?.cases.map((c) => c.caseId));
    const ids = q.cases.map((c) => c.id).filter((id) => suggested.has(id));
    if (ids.length > 0) next[q.id] = new Set([...(passed[q.id] ?? []), ...ids]);
  }
  return next;
}

// ------------------------------------------------------------------ texts

/** A case's line on the evaluate page. */
export function caseHintText(wouldPassIf: Leniency[]): string {
  return wouldPassIf.length === 0 ? "Passes when rerun as submitted" : wouldPassText(wouldPassIf);
}

const SHORT: Record<Leniency, string> = {
  whitespace: "trailing whitespace",
  case: "letter case",
  numbers: "tiny number differences",
};

/** "if letter case and trailing whitespace are ignored", or "on a rerun" when nothing needs ignoring. */
export function leniencyCondition(leniencies: Leniency[]): string {
  const parts = leniencies.map((l) => SHORT[l]);
  if (parts.length === 0) return "on a rerun";
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `if ${list} ${parts.length === 1 ? "is" : "are"} ignored`;
}

/** The requests list's note beside the score, e.g. "→ 100 if trailing whitespace is ignored"; null without a suggestion. */
export function suggestedScoreText(triage: TriageSummary | null): string | null {
  if (triage?.status !== "done" || triage.suggestedCases === 0) return null;
  return `→ ${triage.suggestedScore} ${leniencyCondition(triage.leniencies)}`;
}
