// What the room grid and the code's history need that nothing else records:
// Run Code and Submit Code presses that reached the runner, per question the
// most open cases any of them passed, and each run with its time and verdict
// (Run Code is not journaled). One D1 batch, so concurrent presses never lose
// a count and a count never disagrees with its run's row.
import type { Db } from "~/lib/d1/db.server";

/**
 * Runs kept per student test, the latest ones: a student pressing Run in a
 * loop cannot grow the database without limit (as HISTORY_CAP bounds what the
 * timeline replays of the journal).
 */
export const RUN_HISTORY_CAP = 500;

export type RunnerUse =
  | { kind: "run"; questionId: string; passed: number; total: number }
  | { kind: "submit"; questionId: string; openPassed: number };

export async function recordRunnerUse(db: Db, testId: string, use: RunnerUse, now = Date.now()) {
  const path = `$."${use.questionId.replace(/["\\]/g, "")}"`;
  const openPassed = use.kind === "run" ? use.passed : use.openPassed;
  const client = db.$client;
  const count = client
    .prepare(
      `UPDATE student_tests SET
         run_count = run_count + ?2,
         submit_count = submit_count + ?3,
         open_cases_best = json_set(open_cases_best, ?4, max(coalesce(json_extract(open_cases_best, ?4), 0), ?5))
       WHERE id = ?1`,
    )
    .bind(testId, use.kind === "run" ? 1 : 0, use.kind === "submit" ? 1 : 0, path, openPassed);
  if (use.kind === "submit") {
    await count.run();
    return;
  }
  await client.batch([
    count,
    // Only for a test that still exists, as the UPDATE: a test deleted while its run was judged gets no row.
    client
      .prepare("INSERT INTO code_runs (student_test_id, question_id, passed, total, at) SELECT id, ?2, ?3, ?4, ?5 FROM student_tests WHERE id = ?1")
      .bind(testId, use.questionId, use.passed, use.total, now),
    // Past the cap, the oldest go (by time, then insertion order: the index's own order).
    client
      .prepare("DELETE FROM code_runs WHERE id IN (SELECT id FROM code_runs WHERE student_test_id = ?1 ORDER BY at DESC, id DESC LIMIT -1 OFFSET ?2)")
      .bind(testId, RUN_HISTORY_CAP),
  ]);
}
