// What the room grid counts that nothing else records: Run Code and Submit
// Code presses that reached the runner, and per question the most open cases
// any of them passed. One UPDATE, so concurrent presses never lose a count.
import type { Db } from "~/lib/db.server";

export async function recordRunnerUse(db: Db, testId: string, kind: "run" | "submit", questionId: string, openPassed: number) {
  const path = `$."${questionId.replace(/["\\]/g, "")}"`;
  await db.$client
    .prepare(
      `UPDATE student_tests SET
         run_count = run_count + ?2,
         submit_count = submit_count + ?3,
         open_cases_best = json_set(open_cases_best, ?4, max(coalesce(json_extract(open_cases_best, ?4), 0), ?5))
       WHERE id = ?1`,
    )
    .bind(testId, kind === "run" ? 1 : 0, kind === "submit" ? 1 : 0, path, openPassed)
    .run();
}
