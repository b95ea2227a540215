// Compare with earlier rooms (issue 39): the final code of the rooms created
// before this one that had the same coding question, in their list or drawn by
// one of their students. The engine pairs each with this room's programs,
// never two earlier ones with each other.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/lib/d1/db.server";
import type { SimilarityEarlier } from "~/db/schema";
import { EARLIER_MAX } from "./analysis";
import { finalCodeRows } from "./final-code.server";

export type EarlierProgram = { id: string; code: string };

/** Room `r` was created before this one and had the question, in its list or drawn by one of its students. */
function earlierRoom(room: { id: string; createdAt: Date }, questionId: string): SQL {
  return sql`r.created_at < ${room.createdAt.getTime()} and r.id <> ${room.id}
    and (exists (select 1 from room_questions rq where rq.room_id = r.id and rq.question_id = ${questionId})
      or exists (select 1 from test_draws d join student_tests dt on dt.id = d.student_test_id where dt.room_id = r.id and d.question_id = ${questionId}))`;
}

/** A room's object writes what it holds within JOURNAL_FLUSH_SECONDS, and takes code only until its deadline and grace: past a day, it holds none. */
const HOLDS_CODE_MS = 86_400_000;

/**
 * The earlier rooms whose objects may still hold code not yet in D1 (decision
 * 031): running, or ended within the last day. The analysis has them write it first.
 */
export async function earlierRoomsHoldingCode(db: Db, room: { id: string; createdAt: Date }, questionId: string, now = Date.now()) {
  const rows = await db.all<{ id: string }>(sql`
    select r.id from test_rooms r
    where ${earlierRoom(room, questionId)} and (r.is_active = 1 or r.ends_at > ${now - HOLDS_CODE_MS})`);
  return rows.map((r) => r.id);
}

/**
 * Each earlier student's final code for the question (the submitted code when
 * not blank, else the last autosave: final-code.server's rule), the most recent
 * rooms first, at most EARLIER_MAX; sorted by test id so the input, and so the
 * analysis's plan, is the same however the rows come.
 */
export async function earlierFinalCode(
  db: Db,
  room: { id: string; createdAt: Date },
  questionId: string,
): Promise<{ programs: EarlierProgram[]; info: SimilarityEarlier }> {
  const rows = await finalCodeRows(db, questionId, earlierRoom(room, questionId), { order: sql`roomCreatedAt desc, id`, limit: EARLIER_MAX + 1 });
  const kept = rows.slice(0, EARLIER_MAX);
  return {
    programs: kept.map((r) => ({ id: r.id, code: r.code })).sort((a, b) => a.id.localeCompare(b.id)),
    info: { programs: kept.length, rooms: new Set(kept.map((r) => r.roomId)).size, capped: rows.length > EARLIER_MAX },
  };
}
