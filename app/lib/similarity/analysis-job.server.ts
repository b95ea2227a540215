// A similarity analysis in the background (issue 39, decision 044), driven by
// the room's Durable Object (party/room.ts), a step per alarm:
// - start: the final code is read once and kept in the object's storage, so
//   every step (and a restart) plans the same input; the plan is the same for
//   the same input, so a slice [from, to) names the same pairs after a restart.
// - step: a slice of candidate pairs is scored, and its pairs are written to D1
//   with the cursor in one batch, under the run's id: what finished is kept.
// - end (finished, stopped or failed): the older run's pairs go and the run's
//   row points at this run, in one batch. The page shows only that run's pairs,
//   never a mix of two.
import { and, eq, sql } from "drizzle-orm";
import { similarityJobs, similarityRuns, studentTests, type Language, type SimilarityEarlier, type SimilarityRunState } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { native, runNativeBatch } from "~/lib/d1/queries.server";
import { SIMILARITY_PACE, type PaceOverride } from "./analysis";
import { flushRoomJournal } from "~/lib/student-tests/code-journal.server";
import { earlierFinalCode, earlierRoomsHoldingCode } from "./earlier.server";
import { byRank, plan, type PairResult, type Plan, type Submission } from "./engine";
import { storedFinalCode } from "./final-code.server";
import { ENGINE_VERSION, inputHash, STORE_FLOOR, STORE_MAX } from "./similarity.server";
import { SIMILARITY_MESSAGES } from "./validation";

/** An analysis the room's object runs, as kept in its storage (one per question). */
export type SimilarityJob = {
  runId: string;
  questionId: string;
  language: Language;
  /** The input's hash, and what it took from earlier rooms (null: none). */
  hash: string;
  earlier: SimilarityEarlier | null;
  engine: string;
  /** Candidate pairs compared so far (their pairs are in D1): the next slice starts here. */
  cursor: number;
  /** All candidate pairs; null until the first step makes the plan. */
  total: number | null;
  /** Pairs the next step scores at most, scaled after each step to SIMILARITY_PACE.budgetMs. */
  slice: number;
  /** Per mille under which a pair can no longer be among the run's STORE_MAX kept (0 until it has that many). */
  floor: number;
  /** Time spent planning and scoring, for the run's row. */
  workMs: number;
  failures: number;
  nextAt: number;
};

const toPm = (x: number) => Math.round(x * 1000);
const spanArray = (s: { startLine: number; startCol: number; endLine: number; endCol: number }) => [s.startLine, s.startCol, s.endLine, s.endCol];

// ------------------------------------------------------------------ the object's storage

/**
 * The input of each running analysis and what its plan said of the programs,
 * in the room's object's SQLite (a program up to 64 KB is more than a
 * key-value entry should hold). Kept until the analysis ends.
 */
export class AnalysisInputs {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS similarity_inputs (
      run_id TEXT NOT NULL, position INTEGER NOT NULL, test_id TEXT NOT NULL, code TEXT NOT NULL, earlier INTEGER NOT NULL,
      PRIMARY KEY (run_id, position))`);
    sql.exec(`CREATE TABLE IF NOT EXISTS similarity_plans (
      run_id TEXT PRIMARY KEY, analysed INTEGER NOT NULL, skipped TEXT NOT NULL, notes TEXT NOT NULL)`);
  }

  put(runId: string, programs: readonly Submission[]) {
    this.drop(runId);
    // Past 64 KB the engine skips a program ("larger than 64 KB"); 70,000 characters are more than 64 KB still.
    programs.forEach((p, i) => this.sql.exec("INSERT INTO similarity_inputs VALUES (?, ?, ?, ?, ?)", runId, i, p.id, p.code.slice(0, 70_000), p.earlier ? 1 : 0));
  }

  programs(runId: string): Submission[] {
    return this.sql
      .exec<{ test_id: string; code: string; earlier: number }>("SELECT test_id, code, earlier FROM similarity_inputs WHERE run_id = ? ORDER BY position", runId)
      .toArray()
      .map((r) => ({ id: r.test_id, code: r.code, earlier: r.earlier === 1 }));
  }

  keepPlan(runId: string, p: Plan) {
    const skipped = p.skipped.map((s) => ({ testId: s.id, reason: s.reason }));
    const notes = p.notes.map((n) => ({ testId: n.id, note: n.note }));
    this.sql.exec("INSERT OR REPLACE INTO similarity_plans VALUES (?, ?, ?, ?)", runId, p.analysed, JSON.stringify(skipped), JSON.stringify(notes));
  }

  planOf(runId: string): { analysed: number; skipped: { testId: string; reason: string }[]; notes: { testId: string; note: string }[] } | null {
    const row = this.sql.exec<{ analysed: number; skipped: string; notes: string }>("SELECT analysed, skipped, notes FROM similarity_plans WHERE run_id = ?", runId).toArray()[0];
    return row ? { analysed: row.analysed, skipped: JSON.parse(row.skipped), notes: JSON.parse(row.notes) } : null;
  }

  drop(runId: string) {
    this.sql.exec("DELETE FROM similarity_inputs WHERE run_id = ?", runId);
    this.sql.exec("DELETE FROM similarity_plans WHERE run_id = ?", runId);
  }

  /** Forgets every input but these runs' (a job lost from storage leaves none behind). */
  keepOnly(runIds: readonly string[]) {
    const keep = JSON.stringify(runIds);
    this.sql.exec("DELETE FROM similarity_inputs WHERE run_id NOT IN (SELECT value FROM json_each(?))", keep);
    this.sql.exec("DELETE FROM similarity_plans WHERE run_id NOT IN (SELECT value FROM json_each(?))", keep);
  }
}

// ------------------------------------------------------------------ start

export type StartInput = { questionId: string; language: Language; roomCreatedAt: number; earlier: boolean };

/**
 * Reads the question's final code (the object has written what it holds),
 * with the earlier rooms' when asked (theirs write theirs first), and decides: the stored result is of
 * the same input (nothing to do), it was stopped part-way (resume it where it
 * stopped), or a new run. A run to start is recorded in D1 for the page.
 */
export async function prepareAnalysis(
  db: Db,
  env: Env,
  roomId: string,
  input: StartInput,
  now = Date.now(),
): Promise<{ kind: "current" } | { kind: "start"; job: SimilarityJob; programs: Submission[]; resumed: boolean }> {
  const own = await storedFinalCode(db, eq(studentTests.roomId, roomId), input.questionId);
  let earlier = null;
  if (input.earlier) {
    const room = { id: roomId, createdAt: new Date(input.roomCreatedAt) };
    // Their objects write the code they hold first, as this room's has (decision 031).
    await Promise.all((await earlierRoomsHoldingCode(db, room, input.questionId, now)).map((id) => flushRoomJournal(env, id)));
    earlier = await earlierFinalCode(db, room, input.questionId);
  }
  const hash = await inputHash(own, earlier?.programs ?? null);
  const stored = await db
    .select({ runId: similarityRuns.runId, inputHash: similarityRuns.inputHash, state: similarityRuns.state, pairsDone: similarityRuns.pairsDone, pairsTotal: similarityRuns.pairsTotal })
    .from(similarityRuns)
    .where(and(eq(similarityRuns.roomId, roomId), eq(similarityRuns.questionId, input.questionId)))
    .get();
  if (stored?.inputHash === hash && stored.state === "done") return { kind: "current" };
  // The same input, stopped part-way: the same plan, so it goes on from there.
  const resumed = stored?.inputHash === hash && stored.state === "stopped" && stored.pairsDone !== null && stored.pairsTotal !== null;
  const job: SimilarityJob = {
    runId: resumed ? stored.runId : crypto.randomUUID(),
    questionId: input.questionId,
    language: input.language,
    hash,
    earlier: earlier?.info ?? null,
    engine: ENGINE_VERSION,
    cursor: resumed ? stored.pairsDone! : 0,
    total: resumed ? stored.pairsTotal : null,
    slice: SIMILARITY_PACE.firstSlice,
    floor: 0,
    workMs: 0,
    failures: 0,
    nextAt: now,
  };
  const programs: Submission[] = [...own, ...(earlier?.programs ?? []).map((p) => ({ ...p, earlier: true }))];
  const row = { roomId, questionId: input.questionId, runId: job.runId, state: "running" as const, done: job.cursor, total: job.total, earlier: input.earlier, startedAt: new Date(now), error: null };
  await runNativeBatch(db, [
    // Pairs a run left behind (one that failed, or was lost with its object's storage) go.
    native(sql`delete from similarity_pairs where room_id = ${roomId} and question_id = ${input.questionId} and run_id <> ${job.runId}
      and run_id <> coalesce((select run_id from similarity_runs where room_id = ${roomId} and question_id = ${input.questionId}), '')`),
    db.insert(similarityJobs).values(row).onConflictDoUpdate({ target: [similarityJobs.roomId, similarityJobs.questionId], set: row }),
  ]);
  return { kind: "start", job, programs, resumed };
}

/** The plan of a job's input (the same input, the same plan: decision 044). */
export function planJob(job: SimilarityJob, programs: readonly Submission[]): Plan {
  return plan(programs, { language: job.language });
}

// ------------------------------------------------------------------ a step

/** Rows of similarity_pairs as one JSON parameter per statement (json_each): D1's 100 parameters never limit a slice. */
const ROWS_JSON_MAX = 400_000;

function insertPairs(roomId: string, job: SimilarityJob, rows: { id: string; p: PairResult }[]) {
  const statements: ReturnType<typeof native>[] = [];
  let part: unknown[] = [];
  let size = 0;
  const flush = () => {
    if (part.length === 0) return;
    statements.push(
      native(sql`insert or ignore into similarity_pairs (id, room_id, question_id, run_id, test_a, test_b, similarity, covered_a, covered_b, longest_fragment, fragments)
        select json_extract(j.value, '$.id'), ${roomId}, ${job.questionId}, ${job.runId}, json_extract(j.value, '$.a'), json_extract(j.value, '$.b'),
          json_extract(j.value, '$.s'), json_extract(j.value, '$.ca'), json_extract(j.value, '$.cb'), json_extract(j.value, '$.l'), json_extract(j.value, '$.f')
        from json_each(${JSON.stringify(part)}) j`),
    );
    part = [];
    size = 0;
  };
  for (const { id, p } of rows) {
    const row = {
      id,
      a: p.a,
      b: p.b,
      s: toPm(p.similarity),
      ca: toPm(p.coveredA),
      cb: toPm(p.coveredB),
      l: p.longestFragment,
      f: p.fragments.map((f) => ({ a: spanArray(f.a), b: spanArray(f.b), tokens: f.tokens })),
    };
    size += JSON.stringify(row).length;
    part.push(row);
    if (size >= ROWS_JSON_MAX) flush();
  }
  flush();
  return statements;
}

/** Keeps a run's STORE_MAX most similar pairs (the order of `byRank`). */
const trimRun = (runId: string) =>
  native(sql`delete from similarity_pairs where run_id = ${runId} and id not in (
    select id from similarity_pairs where run_id = ${runId} order by similarity desc, longest_fragment desc, id limit ${STORE_MAX})`);

/**
 * One step: scores the next slice of the job's candidate pairs, stopping early
 * when the step has taken SIMILARITY_PACE.budgetMs, and writes its pairs
 * (those at STORE_FLOOR or more that can still be among the STORE_MAX kept)
 * and the cursor to D1 in one batch. The pair ids are the run's and the pair's
 * place in the plan, so a slice written again after a restart adds nothing.
 */
export async function scoreSlice(db: Db, roomId: string, job: SimilarityJob, p: Plan, pace: PaceOverride | null, clock = () => Date.now()): Promise<SimilarityJob> {
  const started = clock();
  const total = p.total;
  const limit = Math.min(total, job.cursor + Math.min(job.slice, pace?.maxSlice ?? Infinity));
  const found: { id: string; p: PairResult }[] = [];
  let to = job.cursor;
  while (to < limit) {
    const [result] = p.score(to, to + 1);
    if (result && result.similarity >= STORE_FLOOR && toPm(result.similarity) >= job.floor) found.push({ id: `${job.runId}-${to}`, p: result });
    to++;
    // Where the clock moves during work (it stands still in production: the slice size is what keeps a step short there).
    if (to % 64 === 0 && clock() - started >= SIMILARITY_PACE.budgetMs) break;
  }
  // A slice can add no more than STORE_MAX to the pairs kept.
  found.sort((x, y) => byRank(x.p, y.p));
  const kept = found.slice(0, STORE_MAX);
  const results = await runNativeBatch(db, [
    ...insertPairs(roomId, job, kept),
    trimRun(job.runId),
    native(sql`update similarity_jobs set done = ${to}, total = ${total} where room_id = ${roomId} and question_id = ${job.questionId} and run_id = ${job.runId}`),
    native(sql`select similarity from similarity_pairs where run_id = ${job.runId} order by similarity desc, longest_fragment desc, id limit 1 offset ${STORE_MAX - 1}`),
  ]);
  const floor = (results.at(-1)?.results[0] as { similarity: number } | undefined)?.similarity ?? 0;
  const took = Math.max(1, clock() - started);
  const scored = to - job.cursor;
  // The next slice lasts about the budget (at most twice this one, so one quick slice does not make a long one).
  const slice = Math.round(Math.min(SIMILARITY_PACE.maxSlice, Math.max(SIMILARITY_PACE.minSlice, Math.min(scored * 2, (scored * SIMILARITY_PACE.budgetMs) / took))));
  return { ...job, cursor: to, total, floor, slice: scored > 0 ? slice : job.slice, workMs: job.workMs + took, failures: 0 };
}

// ------------------------------------------------------------------ the end

/**
 * The run ends, finished or stopped part-way, keeping what it compared: the
 * older run's pairs go, the STORE_MAX most similar of this one stay, and the
 * run's row points at it; `failed` keeps the job's row as failed, with why.
 */
export async function endAnalysis(
  db: Db,
  roomId: string,
  job: SimilarityJob,
  state: SimilarityRunState,
  planned: { analysed: number; skipped: { testId: string; reason: string }[]; notes: { testId: string; note: string }[] },
  failed: string | null = null,
  now = Date.now(),
) {
  const run = {
    roomId,
    questionId: job.questionId,
    runId: job.runId,
    inputHash: job.hash,
    state,
    pairsDone: job.cursor,
    pairsTotal: job.total ?? job.cursor,
    submissions: planned.analysed,
    skipped: planned.skipped,
    notes: planned.notes,
    earlier: job.earlier,
    analysedAt: new Date(now),
    durationMs: Math.round(job.workMs),
  };
  const thisQuestion = and(eq(similarityJobs.roomId, roomId), eq(similarityJobs.questionId, job.questionId), eq(similarityJobs.runId, job.runId));
  await runNativeBatch(db, [
    native(sql`delete from similarity_pairs where room_id = ${roomId} and question_id = ${job.questionId} and run_id <> ${job.runId}`),
    trimRun(job.runId),
    db.insert(similarityRuns).values(run).onConflictDoUpdate({ target: [similarityRuns.roomId, similarityRuns.questionId], set: run }),
    failed === null
      ? db.delete(similarityJobs).where(thisQuestion)
      : db.update(similarityJobs).set({ state: "failed", error: failed, done: job.cursor }).where(thisQuestion),
  ]);
}

/**
 * A run that compared nothing ends without changing the result shown: its
 * staged pairs go (unless it is the shown run, resumed), and its job's row
 * too, or it stays as failed with why.
 */
export async function dropAnalysis(db: Db, roomId: string, job: SimilarityJob, failed: string | null = null) {
  const thisQuestion = and(eq(similarityJobs.roomId, roomId), eq(similarityJobs.questionId, job.questionId), eq(similarityJobs.runId, job.runId));
  await runNativeBatch(db, [
    native(sql`delete from similarity_pairs where run_id = ${job.runId}
      and run_id <> coalesce((select run_id from similarity_runs where room_id = ${roomId} and question_id = ${job.questionId}), '')`),
    failed === null ? db.delete(similarityJobs).where(thisQuestion) : db.update(similarityJobs).set({ state: "failed", error: failed }).where(thisQuestion),
  ]);
}

/** Why a job cannot go on, before any work: the engine changed under it (its plan would name other pairs). */
export function cannotContinue(job: SimilarityJob): string | null {
  return job.engine === ENGINE_VERSION ? null : SIMILARITY_MESSAGES.engineChanged;
}
