// A test's final code for a coding question (decision 026): the submitted code
// when it is not blank, else the last autosave. One rule, in SQL, for the
// room's analysis, the pair view and the earlier rooms (issue 39).
import { sql, type SQL } from "drizzle-orm";
import { studentTests } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";

export type FinalCode = { id: string; roomId: string; code: string };

/**
 * The final code of each test `which` selects (a condition on `student_tests`
 * and on its room as `r`), leaving out tests with none; ordered by `order` (of
 * `id`, `roomId`, `roomCreatedAt`), at most `limit` rows.
 */
export function finalCodeRows(db: Db, questionId: string, which: SQL, { order = sql`id`, limit = -1 }: { order?: SQL; limit?: number } = {}) {
  return db.all<FinalCode>(sql`
    select id, roomId, code from (
      select ${studentTests.id} as id, ${studentTests.roomId} as roomId, r.created_at as roomCreatedAt, coalesce(
        (select s.code from submissions s
          where s.student_test_id = ${studentTests.id} and s.question_id = ${questionId} and trim(s.code, char(32, 9, 10, 13)) <> ''),
        (select l.code from live_code_progress l where l.student_test_id = ${studentTests.id} and l.question_id = ${questionId})
      ) as code
      from ${studentTests} join test_rooms r on r.id = ${studentTests.roomId}
      where ${which}
    ) where code is not null
    order by ${order}
    limit ${limit}`);
}

/** The final code of each test `which` selects, sorted by test id, so the same code always makes the same input. */
export async function storedFinalCode(db: Db, which: SQL, questionId: string) {
  const rows = await finalCodeRows(db, questionId, which);
  return rows.map((r) => ({ id: r.id, code: r.code })).sort((a, b) => a.id.localeCompare(b.id));
}
