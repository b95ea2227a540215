// Statements built from lists or user text, within D1's limits (app/lib/d1/limits.ts).
import { or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "~/lib/d1/db.server";
import { chunk } from "~/lib/d1/limits";

export type Statement = BatchItem<"sqlite">;

/** Runs the statements as one D1 batch (atomic for writes); nothing to run answers []. */
export function runBatch(db: Db, statements: readonly Statement[]) {
  if (statements.length === 0) return Promise.resolve([]);
  return db.batch(statements as [Statement, ...Statement[]]);
}

/**
 * The rows of one select per chunk of `ids`, read in one batch and joined:
 * for `inArray(column, ids)` over a list that can pass D1's 100 parameters.
 */
export async function selectInChunks<T>(db: Db, ids: readonly string[], select: (part: string[]) => Statement & PromiseLike<T[]>): Promise<T[]> {
  const parts = chunk([...new Set(ids)]);
  if (parts.length === 0) return [];
  const results = (await runBatch(db, parts.map(select))) as T[][];
  return results.flat();
}

/**
 * Rows where any of `columns` contains `q`, ignoring ASCII case. instr(), not
 * LIKE: D1 refuses LIKE patterns over 50 bytes, and instr has no wildcards,
 * so % and _ in the query are taken literally. Empty `q`: no condition.
 */
export function containsText(columns: readonly SQLWrapper[], q: string): SQL | undefined {
  if (!q) return undefined;
  return or(...columns.map((column) => sql`instr(lower(${column}), lower(${q})) > 0`));
}

type NativeStatement = { sql: string; params: readonly unknown[] };

/**
 * Runs statements as one D1 batch (atomic) through D1 itself. For SQL that
 * drizzle's own batch cannot carry: raw `sql` with parameters fails to bind
 * there (drizzle-orm 0.45). Builders are turned into their SQL and params.
 */
export function runNativeBatch(db: Db, statements: readonly (NativeStatement | Statement)[]) {
  const d1 = db.$client;
  return d1.batch(
    statements.map((s) => {
      const q = "toSQL" in s ? (s as { toSQL(): NativeStatement }).toSQL() : (s as NativeStatement);
      return d1.prepare(q.sql).bind(...q.params);
    }),
  );
}

const dialect = new SQLiteSyncDialect();

/** A raw `sql` statement as runNativeBatch takes it (its SQL and parameters). */
export function native(statement: SQL): NativeStatement {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { sql: text, params };
}

/** SQLite's "database is locked": locally, another process (wrangler's CLI, a database browser) holds the same file. */
const BUSY = /SQLITE_BUSY|database is locked/;
/** The waits before each new try: under a second in all, well within the journal's request timeout. */
export const BUSY_RETRY_MS = [25, 50, 100, 200, 400] as const;

/**
 * A D1 batch of writes, tried again while the database answers busy. A batch
 * is one transaction, so a busy one wrote nothing and trying again is safe;
 * any other error is thrown at once.
 */
export async function batchWhenFree(d1: Pick<D1Database, "batch">, statements: D1PreparedStatement[]) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await d1.batch(statements);
    } catch (error) {
      const wait = BUSY_RETRY_MS[attempt];
      if (wait === undefined || !BUSY.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
