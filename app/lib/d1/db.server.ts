import { drizzle } from "drizzle-orm/d1";
import * as schema from "~/db/schema";
import { metered } from "./meter.server";

export function createDb(d1: D1Database) {
  // Counted for bench:load when D1_METER is on (decision 029); d1 itself otherwise.
  return drizzle(metered(d1), { schema });
}

export type Db = ReturnType<typeof createDb>;

const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query of the hot paths (a class autosaving, decision 024), built once per
 * drizzle instance (once per isolate: `authFor`) with `sql.placeholder`s and
 * run with values: drizzle builds its SQL once instead of on every request.
 * `key` names the query; each key must always build the same query.
 */
export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  let byKey = preparedByDb.get(db);
  if (!byKey) preparedByDb.set(db, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, build(db));
  return byKey.get(key) as T;
}
