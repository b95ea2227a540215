// The per-user run limit of the playground (issue 14, item 9): a few runs per
// short window, counted in D1 so every isolate of the Worker sees the same
// count. The runner's capacity belongs to tests first; the runner itself also
// queues playground runs behind judging (priority "low").
import { and, eq, gt, lte, min, sql } from "drizzle-orm";
import { playgroundRuns } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { RUN_LIMIT, RUN_WINDOW_MS } from "./playground";

export type RunSlot = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Takes one of the user's runs in the current window, or says how long until
 * one frees up. The insert counts and writes in one statement, so two runs
 * sent at the same moment from two isolates cannot both take the last slot.
 */
export async function takeRunSlot(db: Db, userId: string, now = Date.now()): Promise<RunSlot> {
  const since = now - RUN_WINDOW_MS;
  const inserted = await db.run(sql`
    insert into ${playgroundRuns} (user_id, ran_at)
    select ${userId}, ${now}
    where (select count(*) from ${playgroundRuns} where user_id = ${userId} and ran_at > ${since}) < ${RUN_LIMIT}`);
  // Rows older than the window count for no one: the table keeps only the last few seconds.
  await db.delete(playgroundRuns).where(lte(playgroundRuns.ranAt, since));
  if (inserted.meta.changes > 0) return { ok: true };
  const oldest = await db
    .select({ at: min(playgroundRuns.ranAt) })
    .from(playgroundRuns)
    .where(and(eq(playgroundRuns.userId, userId), gt(playgroundRuns.ranAt, since)))
    .get();
  const waitMs = (oldest?.at ?? now) + RUN_WINDOW_MS - now;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
