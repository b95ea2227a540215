// Test history for the admin (spec 2 sections 2, 7 and 8): every student test
// of every room, searched by name, email or room, paged, exported, deleted.
// Callers must have checked `requireRole(request, context, "admin")` first.
import type { ReleaseRoom } from "./release";
import { and, count, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  codeRuns,
  evaluationRequests,
  evaluatorVersions,
  journalEntries,
  journalPacks,
  liveCodeProgress,
  resultOverrides,
  studentTests,
  submissions,
  testRooms,
  user,
} from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { containsText } from "~/lib/d1/queries.server";
import { chunk } from "~/lib/d1/limits";
import { HISTORY_PAGE_SIZE } from "~/components/results/history-query";
import { toCsv, type CsvValue } from "./csv-export";
import { adminBadge } from "./student-status";
import { forgetHeldTests } from "~/lib/student-tests/code-journal.server";

/**
 * Newest first. The rowid breaks ties so pages never overlap: it sits in the
 * created_at index (as the id does not), so even a late page or the export's
 * next chunk is a walk along that index, never a sort of the whole table.
 */
const rowid = sql<number>`${studentTests}.rowid`;
const newestFirst = [desc(studentTests.createdAt), desc(rowid)];

const columns = {
  id: studentTests.id,
  roomId: studentTests.roomId,
  studentName: user.name,
  email: user.email,
  roomName: testRooms.roomName,
  questionType: testRooms.questionType,
  totalScore: studentTests.totalScore,
  maxScore: studentTests.maxScore,
  status: studentTests.status,
  isDisqualified: studentTests.isDisqualified,
  tabSwitchCount: studentTests.tabSwitchCount,
  adminOverrideStatus: studentTests.adminOverrideStatus,
  createdAt: studentTests.createdAt,
  submittedAt: studentTests.submittedAt,
  accommodationMs: studentTests.accommodationMs,
  accommodationReason: studentTests.accommodationReason,
  extraMs: studentTests.extraMs,
  creditedMs: studentTests.creditedMs,
  // When the room's results reach its students (decision 041): the row says whether they see this score yet.
  resultsRelease: testRooms.resultsRelease,
  resultsReleaseAt: testRooms.resultsReleaseAt,
  resultsReleasedAt: testRooms.resultsReleasedAt,
  reviewOptions: testRooms.reviewOptions,
  rowid,
};

export type HistoryRow = {
  id: string;
  roomId: string;
  studentName: string;
  email: string;
  roomName: string;
  questionType: "coding" | "mcq";
  totalScore: number;
  maxScore: number;
  status: (typeof studentTests.$inferSelect)["status"];
  isDisqualified: boolean;
  tabSwitchCount: number;
  adminOverrideStatus: (typeof studentTests.$inferSelect)["adminOverrideStatus"];
  createdAt: Date;
  submittedAt: Date | null;
  /** The student's own time (decision 028): studentTimeLabels. */
  accommodationMs: number;
  accommodationReason: string | null;
  extraMs: number;
  creditedMs: number;
  resultsRelease: ReleaseRoom["resultsRelease"];
  resultsReleaseAt: Date | null;
  resultsReleasedAt: Date | null;
  reviewOptions: ReleaseRoom["reviewOptions"];
};

/**
 * Tests whose student's name or email, or whose room's name, contains `q`
 * (ignoring ASCII case). `instr`, not LIKE: D1 refuses LIKE patterns over 50
 * bytes, and instr has no wildcards to escape. The matching students and
 * rooms are found once each, not once per test.
 */
function matching(db: Db, q: string): SQL | undefined {
  if (!q) return undefined;
  const students = db
    .select({ id: user.id })
    .from(user)
    .where(containsText([user.name, user.email], q));
  const rooms = db
    .select({ id: testRooms.id })
    .from(testRooms)
    .where(containsText([testRooms.roomName], q));
  return or(inArray(studentTests.studentId, students), inArray(studentTests.roomId, rooms));
}

/** The rows of the given ids (a subquery of at most one page), with student and room, newest first. */
function withNames(db: Db, ids: SQLWrapper) {
  return db
    .select(columns)
    .from(studentTests)
    .innerJoin(user, eq(user.id, studentTests.studentId))
    .innerJoin(testRooms, eq(testRooms.id, studentTests.roomId))
    .where(inArray(studentTests.id, ids))
    .orderBy(...newestFirst);
}

function pageOfIds(db: Db, filter: SQL | undefined, limit: number, offset: number) {
  return db.select({ id: studentTests.id }).from(studentTests).where(filter).orderBy(...newestFirst).limit(limit).offset(offset);
}

export type HistoryPage = {
  tests: HistoryRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/**
 * One page of the history and the total that matches, in one round trip.
 * The page's ids come from student_tests alone (its created_at index), so a
 * late page skips index entries, not joined rows.
 */
export async function listHistory(db: Db, query: { q: string; page: number }): Promise<HistoryPage> {
  const filter = matching(db, query.q);
  const offset = (query.page - 1) * HISTORY_PAGE_SIZE;
  const [tests, totals] = await db.batch([
    withNames(db, pageOfIds(db, filter, HISTORY_PAGE_SIZE, offset)),
    db.select({ total: count() }).from(studentTests).where(filter),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    // The rowid is for paging only; the page does not need it.
    tests: tests.map(({ rowid: _, ...test }) => test as HistoryRow),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)),
    pageSize: HISTORY_PAGE_SIZE,
  };
}

/**
 * Every matching test, newest first, in pages of `pageSize`. Keyset paging
 * (after the last row's created_at and rowid), so the 40th chunk costs what
 * the first does and the whole history is never in memory at once.
 */
export async function* historyPages(db: Db, q: string, pageSize = 500): AsyncGenerator<HistoryRow[]> {
  const filter = matching(db, q);
  let after: { createdAt: number; rowid: number } | null = null;
  for (;;) {
    // A row value: SQLite walks the created_at index from the cursor on.
    const cursor = after ? sql`(${studentTests.createdAt}, ${rowid}) < (${after.createdAt}, ${after.rowid})` : undefined;
    const ids = db
      .select({ id: studentTests.id })
      .from(studentTests)
      .where(and(filter, cursor))
      .orderBy(...newestFirst)
      .limit(pageSize);
    const rows = (await withNames(db, ids)) as (HistoryRow & { rowid: number })[];
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt.getTime(), rowid: last.rowid };
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : "");

export const HISTORY_CSV_COLUMNS = [
  "Student",
  "Email",
  "Room",
  "Type",
  "Score",
  "Max score",
  "Status",
  "Override",
  "Tab switches",
  "Started (UTC)",
  "Submitted (UTC)",
  "Test ID",
] as const;

/** One CSV line of the export: what the screen shows, plus the test's id and times in UTC. */
export function historyCsvRow(row: HistoryRow): CsvValue[] {
  return [
    row.studentName,
    row.email,
    row.roomName,
    row.questionType === "mcq" ? "MCQ" : "Coding",
    row.totalScore,
    row.maxScore,
    adminBadge(row).label,
    row.adminOverrideStatus ?? "",
    row.tabSwitchCount,
    iso(row.createdAt),
    iso(row.submittedAt),
    row.id,
  ];
}

/**
 * The filtered history as a CSV stream: a chunk of `pageSize` rows is read
 * only when the client has taken the previous one, so 20,000 tests never sit
 * in memory together. The first chunk is read before this returns, so a
 * failing query still becomes an error response instead of a cut-off file.
 */
export async function historyCsvStream(db: Db, q: string, pageSize = 500): Promise<ReadableStream<Uint8Array>> {
  const pages = historyPages(db, q, pageSize);
  const encoder = new TextEncoder();
  const first = await pages.next();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          const rows = first.done ? [] : first.value.map(historyCsvRow);
          controller.enqueue(encoder.encode(toCsv([HISTORY_CSV_COLUMNS, ...rows])));
          if (first.done) controller.close();
          return;
        }
        const next = await pages.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(toCsv(next.value.map(historyCsvRow), { bom: false })));
      } catch (error) {
        console.error("history: export failed part-way", error);
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

export type DeleteResult = { deleted: number; roomIds: string[] };

/**
 * History delete, in the spec's order: evaluation requests, submissions, live
 * code progress, then the student tests (their journal entries, recorded runs
 * and override trail go just before them). ONE D1 batch: all of it happens or
 * none of it. The rooms and their participants stay. Ids go in chunks (D1's
 * 100 parameters).
 */
export async function deleteStudentTests(db: Db, env: Env, testIds: readonly string[]): Promise<DeleteResult> {
  const parts = chunk([...new Set(testIds)]);
  if (parts.length === 0) return { deleted: 0, roomIds: [] };
  const statements: BatchItem<"sqlite">[] = [];
  for (const ids of parts) statements.push(db.delete(evaluationRequests).where(inArray(evaluationRequests.studentTestId, ids)));
  for (const ids of parts) statements.push(db.delete(submissions).where(inArray(submissions.studentTestId, ids)));
  // The evaluator's versions of the code go with the submissions they sit beside.
  for (const ids of parts) statements.push(db.delete(evaluatorVersions).where(inArray(evaluatorVersions.studentTestId, ids)));
  for (const ids of parts) statements.push(db.delete(liveCodeProgress).where(inArray(liveCodeProgress.studentTestId, ids)));
  for (const ids of parts) statements.push(db.delete(journalEntries).where(inArray(journalEntries.studentTestId, ids)));
  for (const ids of parts) statements.push(db.delete(journalPacks).where(inArray(journalPacks.studentTestId, ids)));
  for (const ids of parts) statements.push(db.delete(codeRuns).where(inArray(codeRuns.studentTestId, ids)));
  for (const ids of parts) statements.push(db.delete(resultOverrides).where(inArray(resultOverrides.studentTestId, ids)));
  for (const ids of parts) {
    statements.push(
      db.delete(studentTests).where(inArray(studentTests.id, ids)).returning({ id: studentTests.id, roomId: studentTests.roomId }),
    );
  }
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const removed = results.slice(-parts.length).flat() as { id: string; roomId: string }[];
  // Each room's object forgets the code it holds for these tests.
  const byRoom = new Map<string, string[]>();
  for (const r of removed) byRoom.set(r.roomId, [...(byRoom.get(r.roomId) ?? []), r.id]);
  await Promise.all([...byRoom].map(([roomId, ids]) => forgetHeldTests(env, roomId, ids)));
  return { deleted: removed.length, roomIds: [...new Set(removed.map((r) => r.roomId))] };
}
