import { batchWhenFree } from "../app/lib/d1/queries.server";
import type { HeardWindow, HotEntry, LatestCode, PackedEntry } from "../app/lib/student-tests/code-journal";
import { heardSpans, type HeardSpan } from "../app/lib/student-tests/outages";

/**
 * The hot half of a room's journal (issue 26, decision 031), kept in the
 * room's Durable Object's SQLite storage: the accepted code and MCQ-progress
 * entries of its tests, and each test's latest text per question.
 *
 * - `take` stores entries; the entry id is the primary key, so an entry sent
 *   twice is stored once and moves the latest text once. The Worker answers
 *   the student only after the RPC returns, i.e. after this storage committed.
 * - `flush` writes D1 one `journal_packs` row per test and one
 *   `live_code_progress` upsert per changed question. Flushes run one at a
 *   time. A flush claims its rows under a number first; a pack's id is that
 *   number, so a flush that wrote D1 but died before it marked its rows done
 *   is written again under the same ids (INSERT OR IGNORE) and counts once.
 * - Flushed entries keep their id (a resend is still recognised) but drop
 *   their payload, which D1 now holds.
 */
export class CodeJournal {
  private ready = false;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly sql: SqlStorage,
    private readonly db: D1Database,
  ) {}

  private init() {
    if (this.ready) return;
    // flushed: 0 waiting, > 0 claimed by the flush of that number, -1 in D1.
    this.sql.exec(`CREATE TABLE IF NOT EXISTS hot_entries (
      id TEXT PRIMARY KEY, test_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, payload TEXT,
      created_at INTEGER NOT NULL, received_at INTEGER NOT NULL, synced_after_end INTEGER NOT NULL,
      flushed INTEGER NOT NULL DEFAULT 0)`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS hot_entries_flushed ON hot_entries (flushed, test_id)");
    this.sql.exec("CREATE INDEX IF NOT EXISTS hot_entries_test ON hot_entries (test_id, received_at)");
    // dirty: newer than D1's; claim: the flush writing it now.
    this.sql.exec(`CREATE TABLE IF NOT EXISTS hot_latest (
      test_id TEXT NOT NULL, question_id TEXT NOT NULL, code TEXT NOT NULL, last_updated INTEGER NOT NULL,
      dirty INTEGER NOT NULL, claim INTEGER, PRIMARY KEY (test_id, question_id))`);
    this.sql.exec("CREATE TABLE IF NOT EXISTS hot_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)");
    this.ready = true;
  }

  /**
   * Stores accepted entries, each once. Returns the ids already stored for
   * another test (a client reusing an id): the Worker rejects those.
   */
  take(entries: readonly HotEntry[]): { conflicts: string[] } {
    this.init();
    const conflicts: string[] = [];
    for (const e of entries) {
      // One statement for the usual case, a new entry; an id already stored writes nothing and is looked up.
      const insert = this.sql.exec(
        `INSERT INTO hot_entries (id, test_id, seq, kind, payload, created_at, received_at, synced_after_end) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO NOTHING`,
        e.id,
        e.testId,
        e.seq,
        e.kind,
        e.payload,
        e.createdAt,
        e.receivedAt,
        e.syncedAfterEnd ? 1 : 0,
      );
      if (insert.rowsWritten === 0) {
        const before = this.sql.exec<{ test_id: string }>("SELECT test_id FROM hot_entries WHERE id = ?", e.id).toArray()[0];
        if (before && before.test_id !== e.testId) conflicts.push(e.id);
        continue;
      }
      this.sql.exec(
        `INSERT INTO hot_latest (test_id, question_id, code, last_updated, dirty, claim) VALUES (?, ?, ?, ?, 1, NULL)
         ON CONFLICT (test_id, question_id) DO UPDATE SET code = excluded.code, last_updated = excluded.last_updated, dirty = 1, claim = NULL
         WHERE excluded.last_updated >= hot_latest.last_updated`,
        e.testId,
        e.questionId,
        e.code,
        e.createdAt,
      );
    }
    return { conflicts };
  }

  /** Which of these ids are stored here, with their test (all of them were accepted). */
  known(ids: readonly string[]): { id: string; testId: string }[] {
    this.init();
    const found: { id: string; testId: string }[] = [];
    for (const id of ids) {
      const row = this.sql.exec<{ test_id: string }>("SELECT test_id FROM hot_entries WHERE id = ?", id).toArray()[0];
      if (row) found.push({ id, testId: row.test_id });
    }
    return found;
  }

  /** Whether anything waits for D1. */
  waiting(): boolean {
    this.init();
    const entry = this.sql.exec("SELECT 1 FROM hot_entries WHERE flushed >= 0 LIMIT 1").toArray().length > 0;
    return entry || this.sql.exec("SELECT 1 FROM hot_latest WHERE dirty = 1 LIMIT 1").toArray().length > 0;
  }

  /** A test's latest text per question as held here (D1's may be older, or newer after a Submit Code). */
  latest(testId: string): LatestCode[] {
    this.init();
    return this.sql
      .exec<{ question_id: string; code: string; last_updated: number }>("SELECT question_id, code, last_updated FROM hot_latest WHERE test_id = ?", testId)
      .toArray()
      .map((r) => ({ questionId: r.question_id, code: r.code, lastUpdated: r.last_updated }));
  }

  /** Each test's last edit as held here, for the room grid. */
  lastEdits(): Record<string, number> {
    this.init();
    const rows = this.sql.exec<{ test_id: string; at: number }>("SELECT test_id, MAX(last_updated) AS at FROM hot_latest GROUP BY test_id").toArray();
    return Object.fromEntries(rows.map((r) => [r.test_id, r.at]));
  }

  /** A test's entries not yet in D1, oldest first (read this before D1's packs: an entry is in one or the other). */
  unflushed(testId: string): PackedEntry[] {
    this.init();
    return this.sql
      .exec<EntryRow>("SELECT * FROM hot_entries WHERE test_id = ? AND flushed >= 0 ORDER BY seq", testId)
      .toArray()
      .map(packed);
  }

  /** When the last entry held here for this test reached the server, at or before `at` (decision 019's evidence). */
  lastReceived(testId: string, at: number): number | null {
    this.init();
    const row = this.sql.exec<{ at: number | null }>("SELECT MAX(received_at) AS at FROM hot_entries WHERE test_id = ? AND received_at <= ?", testId, at).toArray()[0];
    return row?.at ?? null;
  }

  /**
   * When this room heard from each test's student within each window, as
   * spans (decision 035's outage credit): every entry held here keeps the
   * time it was received, after a flush too.
   */
  heardDuring(windows: readonly HeardWindow[]): HeardSpan[][] {
    this.init();
    return windows.map((w) =>
      heardSpans(
        this.sql
          .exec<{ at: number }>("SELECT DISTINCT received_at AS at FROM hot_entries WHERE test_id = ? AND received_at >= ? AND received_at <= ?", w.testId, w.from, w.to)
          .toArray()
          .map((r) => r.at),
      ),
    );
  }

  /** Forgets tests (their room or history was deleted); all of them when `testIds` is null. */
  forget(testIds: readonly string[] | null) {
    this.init();
    if (testIds === null) {
      this.sql.exec("DELETE FROM hot_entries");
      this.sql.exec("DELETE FROM hot_latest");
      return;
    }
    for (const id of testIds) {
      this.sql.exec("DELETE FROM hot_entries WHERE test_id = ?", id);
      this.sql.exec("DELETE FROM hot_latest WHERE test_id = ?", id);
    }
  }

  /** Writes what waits to D1, after any flush already running. */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.flushNow());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async flushNow() {
    this.init();
    // Claims left by a flush that died after (or while) writing D1: written again under their own numbers.
    const doubtful = this.sql.exec<{ flushed: number }>("SELECT DISTINCT flushed FROM hot_entries WHERE flushed > 0").toArray();
    for (const { flushed } of doubtful) await this.write(flushed);
    this.sql.exec("UPDATE hot_latest SET claim = NULL WHERE claim IS NOT NULL");
    const claim = this.nextClaim();
    this.sql.exec("UPDATE hot_entries SET flushed = ? WHERE flushed = 0", claim);
    this.sql.exec("UPDATE hot_latest SET claim = ? WHERE dirty = 1", claim);
    await this.write(claim);
  }

  private nextClaim(): number {
    const row = this.sql
      .exec<{ value: number }>("INSERT INTO hot_meta (key, value) VALUES ('claim', 1) ON CONFLICT (key) DO UPDATE SET value = value + 1 RETURNING value")
      .toArray()[0]!;
    return row.value;
  }

  /** Writes the rows of one claim to D1, then marks them done; on failure the claim stays for the next flush. */
  private async write(claim: number) {
    const entries = this.sql.exec<EntryRow>("SELECT * FROM hot_entries WHERE flushed = ? ORDER BY test_id, seq", claim).toArray();
    const codes = this.sql.exec<LatestRow>("SELECT test_id, question_id, code, last_updated FROM hot_latest WHERE claim = ?", claim).toArray();
    const statements: Sized[] = [];
    const byTest = new Map<string, PackedEntry[]>();
    for (const e of entries) byTest.set(e.test_id, [...(byTest.get(e.test_id) ?? []), packed(e)]);
    for (const [testId, list] of byTest) {
      // A D1 row holds at most 2 MB: a test's entries go in packs of at most PACK_BYTES.
      for (const [part, pack] of bySize(list, (e) => e.payload.length + 128, PACK_BYTES).entries()) {
        const text = JSON.stringify(pack.map((x) => x.item));
        statements.push({
          size: text.length,
          item: this.db
            .prepare(
              `INSERT OR IGNORE INTO journal_packs (student_test_id, id, entries, entry_count, first_received_at, last_received_at)
               SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM student_tests WHERE id = ?1)`,
            )
            .bind(testId, packId(claim, part), text, pack.length, Math.min(...pack.map((e) => e.item.receivedAt)), Math.max(...pack.map((e) => e.item.receivedAt))),
        });
      }
    }
    for (const c of codes) {
      // The same newer-wins rule as a Submit Code's write (submissions.server.ts).
      statements.push({
        size: c.code.length + 128,
        item: this.db
          .prepare(
            `INSERT INTO live_code_progress (student_test_id, question_id, code, last_updated)
             SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM student_tests WHERE id = ?1)
             ON CONFLICT (student_test_id, question_id) DO UPDATE SET code = excluded.code, last_updated = excluded.last_updated
             WHERE excluded.last_updated >= live_code_progress.last_updated`,
          )
          .bind(c.test_id, c.question_id, c.code, c.last_updated),
      });
    }
    try {
      for (const part of bySize(statements, (s) => s.size, BATCH_BYTES)) await batchWhenFree(this.db, part.map((s) => s.item.item));
    } catch (error) {
      this.sql.exec("UPDATE hot_latest SET claim = NULL WHERE claim = ?", claim);
      throw error;
    }
    this.sql.exec("UPDATE hot_entries SET flushed = -1, payload = NULL WHERE flushed = ?", claim);
    this.sql.exec("UPDATE hot_latest SET dirty = 0, claim = NULL WHERE claim = ?", claim);
  }
}

type EntryRow = {
  id: string;
  test_id: string;
  seq: number;
  kind: string;
  payload: string | null;
  created_at: number;
  received_at: number;
  synced_after_end: number;
  flushed: number;
};
type LatestRow = { test_id: string; question_id: string; code: string; last_updated: number };

const packed = (r: EntryRow): PackedEntry => ({
  id: r.id,
  seq: r.seq,
  kind: r.kind,
  payload: r.payload ?? "{}",
  createdAt: r.created_at,
  receivedAt: r.received_at,
  syncedAfterEnd: r.synced_after_end === 1,
});

/** Sorts after every earlier pack of the room (the claim counter only grows). */
const packId = (claim: number, part: number) => `${String(claim).padStart(12, "0")}-${part}`;

/** A pack's entries stay well under D1's 2 MB per row; a batch under its request size. */
const PACK_BYTES = 900 * 1024;
const BATCH_BYTES = 1024 * 1024;

type Sized = { size: number; item: D1PreparedStatement };

/** Splits a list into runs of at most `limit` bytes (an item larger than that runs alone). */
function bySize<T>(list: readonly T[], size: (item: T) => number, limit: number): { item: T }[][] {
  const parts: { item: T }[][] = [];
  let part: { item: T }[] = [];
  let bytes = 0;
  for (const item of list) {
    const n = size(item);
    if (part.length > 0 && bytes + n > limit) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push({ item });
    bytes += n;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}
