// Reads the e2e server's own D1 (scripts/e2e-server.mjs persists it in
// .wrangler/e2e-state) with wrangler's CLI: what the server really stored,
// not what a page says it stored.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);
/** Where scripts/e2e-server.mjs keeps this run's D1 (one folder per E2E_PORT). */
const port = process.env.E2E_PORT ?? "8788";
const E2E_STATE = `.wrangler/e2e-state${port === "8788" ? "" : `-${port}`}`;
const quote = (value: string | number) => (typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`);

/**
 * The room's Durable Object holds accepted code and answers and writes them
 * to D1 on its alarm (decision 031), which the e2e server sets to
 * E2E_JOURNAL_FLUSH_SECONDS (scripts/e2e-server.mjs). A read of what the
 * journal stored first waits that long, with a margin, so it sees what the
 * server answered before the read.
 */
const FLUSH_MS = Number(process.env.E2E_JOURNAL_FLUSH_SECONDS ?? "0.2") * 1000;
const HELD_TABLES = /\b(live_code_progress|journal_entries|journal_packs)\b/;

/** Runs one SELECT; `?` placeholders are filled from `binds` (quoted here: wrangler's CLI takes no binds). */
export async function d1<T = Record<string, unknown>>(sql: string, ...binds: (string | number)[]): Promise<T[]> {
  if (HELD_TABLES.test(sql)) await new Promise((resolve) => setTimeout(resolve, FLUSH_MS + 500));
  let i = 0;
  const command = sql.replace(/\?/g, () => quote(binds[i++]!));
  // The server writes the same SQLite file: a read that meets its write lock
  // answers SQLITE_BUSY at once (no busy timeout in wrangler's CLI), so it is retried.
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await run(
        "node_modules/.bin/wrangler",
        ["d1", "execute", "DB", "--local", "--persist-to", E2E_STATE, "--json", "--command", command],
        { env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" }, maxBuffer: 16 * 1024 * 1024 },
      );
      return (JSON.parse(stdout) as { results: T[] }[])[0]!.results;
    } catch (error) {
      // With --json wrangler reports the error on stdout, which the error's message leaves out.
      const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
      if (attempt >= 8 || !/SQLITE_BUSY|database is locked/.test(`${String(error)}\n${stdout}\n${stderr}`)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 150 * attempt));
    }
  }
}

/** The student test of `email` in `roomId`. */
export async function studentTest(roomId: string, email: string) {
  const [test] = await d1<{ id: string; status: string; total_score: number; tab_switch_count: number; is_locked: number; unlock_attempts_remaining: number; synced_after_end: number }>(
    "SELECT t.* FROM student_tests t JOIN user u ON u.id = t.student_id WHERE t.room_id = ? AND u.email = ?",
    roomId,
    email,
  );
  if (!test) throw new Error(`no student test for ${email} in ${roomId}`);
  return test;
}

/**
 * Every journal entry the server stored for a test, in seq order: the rows of
 * journal_entries and the accepted code and answers packed in journal_packs.
 */
const ALL_ENTRIES = `
  SELECT id, seq, kind, outcome, payload, client_created_at, received_at, synced_after_end FROM journal_entries WHERE student_test_id = ?
  UNION ALL
  SELECT json_extract(e.value, '$.id'), json_extract(e.value, '$.seq'), json_extract(e.value, '$.kind'), 'accepted', json_extract(e.value, '$.payload'),
         json_extract(e.value, '$.createdAt'), json_extract(e.value, '$.receivedAt'), CASE WHEN json_extract(e.value, '$.syncedAfterEnd') THEN 1 ELSE 0 END
  FROM journal_packs p, json_each(p.entries) e WHERE p.student_test_id = ?`;

/** Every code entry the server took for a test, in order: what a failing code check prints. */
export async function codeTrail(testId: string) {
  const rows = await d1<{ seq: number; kind: string; outcome: string; payload: string; client_created_at: number; received_at: number }>(
    `SELECT seq, kind, outcome, payload, client_created_at, received_at FROM (${ALL_ENTRIES}) WHERE kind IN ('code', 'submit-code') ORDER BY seq`,
    testId,
    testId,
  );
  return JSON.stringify(rows, null, 1);
}

export function journalRows(testId: string) {
  return d1<{ id: string; seq: number; kind: string; outcome: string; synced_after_end: number }>(
    `SELECT id, seq, kind, outcome, synced_after_end FROM (${ALL_ENTRIES}) ORDER BY seq`,
    testId,
    testId,
  );
}
