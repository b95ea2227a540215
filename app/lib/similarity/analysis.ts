// A similarity analysis in the background (issue 39, decision 044): what the
// room's Durable Object, the Worker and the page share. Pure and isomorphic.
import type { SimilarityEventState } from "../../../contracts/party-names";
import type { SimilarityJobState, SimilarityRunState } from "~/db/schema";

/**
 * How the room's object paces an analysis: a slice of candidate pairs per
 * alarm. The object also takes the room's autosaves, which wait while a slice
 * is scored, so a slice is kept short; the next alarm follows at once.
 */
export const SIMILARITY_PACE = {
  /** A step stops scoring after this much time (where the clock moves during work, as it does locally). */
  budgetMs: 500,
  /** Pairs in a job's first step; later steps scale it so that a step lasts about `budgetMs` (in production the clock stands still during work). */
  firstSlice: 2_000,
  minSlice: 100,
  maxSlice: 50_000,
  /** The pause between two steps, so the room's requests and other alarm duties interleave. */
  tickMs: 20,
  /** After a failed step, the next try; the analysis fails after `maxFailures` in a row. */
  retryMs: 5_000,
  maxFailures: 5,
} as const;

/**
 * The pace set for a test: at most `maxSlice` pairs a step, `tickMs` between
 * steps, or (`manual`) a step only when the test runs the alarm. From the
 * room's storage (Worker tests) or the SIMILARITY_STEP_PAIRS and
 * SIMILARITY_TICK_MS variables (browser tests); production sets neither.
 */
export type PaceOverride = { maxSlice?: number; tickMs?: number; manual?: boolean };

/** The variables' pace: each a positive whole number, else not set. */
export function paceFromEnv(env: { SIMILARITY_STEP_PAIRS?: string; SIMILARITY_TICK_MS?: string }): PaceOverride | null {
  const positive = (raw: string | undefined) => {
    const n = Number(raw);
    return raw && Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const pace = { maxSlice: positive(env.SIMILARITY_STEP_PAIRS), tickMs: positive(env.SIMILARITY_TICK_MS) };
  return pace.maxSlice === undefined && pace.tickMs === undefined ? null : pace;
}

/** At most this many programs of earlier rooms join an analysis (the most recent rooms first). */
export const EARLIER_MAX = 500;

/** What Analyse now did for a question. */
export type AnalysisOutcome =
  /** The stored result is of the same code: nothing runs. */
  | { kind: "current" }
  /** A new analysis (or the stopped one, resumed where it stopped) runs in the background. */
  | { kind: "started"; resumed: boolean; done: number; total: number | null }
  /** One was already running: this is it. */
  | { kind: "running"; done: number; total: number | null };

/** What Stop did: kept the pairs compared so far, or nothing had been compared yet. */
export type StopOutcome = { kind: "stopped"; done: number; total: number } | { kind: "cancelled" } | { kind: "not-running" };

/** The states a similarity-changed event carries: running, or how a run (done, stopped) or a job (failed) ended. */
export type AnalysisEventState = SimilarityEventState;
// The event's list (in contracts/) and the tables' enums say the same, or this fails the typecheck.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const eventStatesAreTheTables: Same<AnalysisEventState, "running" | SimilarityRunState | SimilarityJobState> = true;
void eventStatesAreTheTables;

const count = (n: number) => n.toLocaleString("en-US");

/** "Analysing: 1,200 of 124,750 pairs" (before the plan is made: preparing). */
export function analysingText(done: number, total: number | null) {
  return total === null ? "Analysing: preparing the programs" : `Analysing: ${count(done)} of ${count(total)} pairs`;
}

/** "The analysis was stopped at 1,200 of 124,750 pairs". */
export function stoppedText(done: number, total: number) {
  return `The analysis was stopped at ${count(done)} of ${count(total)} pairs`;
}
