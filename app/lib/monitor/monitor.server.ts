// Live monitoring (issue 12): what an admin sees of one student's test while it
// runs. Admins only — the route guards, and nothing here ever reaches a
// student: the party event that prompts a refetch carries ids only.
import { and, desc, eq, inArray } from "drizzle-orm";
import { codeRuns, journalEntries, journalPacks, questions, roomParticipants, roomQuestions, studentTests, testRooms } from "~/db/schema";
import { selectInChunks } from "~/lib/d1/queries.server";
import { heldEntries, heldLastEdits, latestCode, type PackedEntry } from "~/lib/student-tests/code-journal.server";
import type { Db } from "~/lib/d1/db.server";
import { RUN_HISTORY_CAP } from "./activity.server";
import { offlinePeriods, offlineTime, type OfflinePeriod } from "~/lib/rooms/rooms.server";
import { readDraw } from "~/lib/rooms/draws.server";
import { codingQuestionIds, MCQ_PROGRESS, parseMcqProgress } from "~/lib/student-tests/student-tests.server";

/** The timeline replays at most this many journal entries per test, the latest ones. */
export const HISTORY_CAP = 500;

export type MonitoredQuestion = { id: string; title: string; code: string | null; lastUpdated: number | null };
export type McqMonitor = { answered: number; marked: number; total: number; currentQuestion: number | null; lastUpdated: number | null };

export type TimelineVersion = { at: number; questionId: string; code: string };
export type TimelineMarkKind = "run" | "submit" | "tab-switch" | "unlock" | "finish";
/** A Run Code press carries its verdict on the open cases. */
export type TimelineRunMark = { at: number; kind: "run"; questionId: string; passed: number; total: number };
export type TimelineMark = { at: number; kind: Exclude<TimelineMarkKind, "run">; questionId: string | null } | TimelineRunMark;
export type Timeline = { versions: TimelineVersion[]; marks: TimelineMark[]; offline: OfflinePeriod[]; capped: boolean; cap: number };

/** One student's test as the monitor shows it; null for an unknown test. */
export async function monitorView(db: Db, env: Env, studentTestId: string, now = Date.now()) {
  const found = await db
    .select({ test: studentTests, room: testRooms, name: roomParticipants.fullName, email: roomParticipants.email })
    .from(studentTests)
    .innerJoin(testRooms, eq(testRooms.id, studentTests.roomId))
    .leftJoin(roomParticipants, and(eq(roomParticipants.roomId, studentTests.roomId), eq(roomParticipants.studentId, studentTests.studentId)))
    .where(eq(studentTests.id, studentTestId))
    .get();
  if (!found) return null;
  const { test, room } = found;
  const [progress, periods, timeline] = await Promise.all([
    latestCode(db, env, room.id, test.id),
    offlinePeriods(db, room.id),
    room.questionType === "coding" ? codeTimeline(db, env, room.id, test.id) : null,
  ]);
  const offline = periods.get(test.studentId) ?? [];
  const header = {
    testId: test.id,
    roomId: room.id,
    roomName: room.roomName,
    questionType: room.questionType,
    language: room.language,
    student: { name: found.name ?? "Student", email: found.email ?? "" },
    status: test.isDisqualified ? "disqualified" : test.status,
    isLocked: test.isLocked,
    tabSwitchCount: test.tabSwitchCount,
    ...offlineTime(offline, now),
  };

  if (room.questionType === "mcq") {
    const saved = progress.find((p) => p.questionId === MCQ_PROGRESS);
    // The questions this student was given (decision 040); a test from before draws with none stored yet: the room's.
    const drawn = await readDraw(db, test.id);
    const total = drawn.length
      ? drawn
      : await db
          .select({ id: questions.id })
          .from(roomQuestions)
          .innerJoin(questions, eq(questions.id, roomQuestions.questionId))
          .where(and(eq(roomQuestions.roomId, room.id), eq(questions.type, "mcq")));
    // Counts only: which option was chosen, let alone whether it is right, stays on the server.
    const p = parseMcqProgress(saved?.code);
    const mcq: McqMonitor = {
      answered: Object.keys(p.answers).length,
      marked: p.marked.length,
      total: total.length,
      currentQuestion: saved ? p.currentIndex + 1 : null,
      lastUpdated: saved?.lastUpdated.getTime() ?? null,
    };
    return { ...header, mcq, questions: [] as MonitoredQuestion[], timeline: null };
  }

  // The student's questions in their own order; a room whose questions changed
  // since still shows whatever code exists.
  const assigned = await codingQuestionIds(db, room, test).catch(() => [] as string[]);
  const ids = [...assigned, ...progress.map((p) => p.questionId).filter((id) => id !== MCQ_PROGRESS && !assigned.includes(id))];
  const titles = ids.length ? await db.select({ id: questions.id, title: questions.title }).from(questions).where(inArray(questions.id, ids)) : [];
  const monitored = ids.map((id, i): MonitoredQuestion => {
    const saved = progress.find((p) => p.questionId === id);
    return {
      id,
      title: titles.find((t) => t.id === id)?.title ?? `Question ${i + 1}`,
      code: saved?.code ?? null,
      lastUpdated: saved?.lastUpdated.getTime() ?? null,
    };
  });
  return { ...header, mcq: null, questions: monitored, timeline: timeline && { ...timeline, offline } };
}

export type MonitorView = NonNullable<Awaited<ReturnType<typeof monitorView>>>;

const MARKS: Record<string, Exclude<TimelineMarkKind, "run">> = { "submit-code": "submit", "tab-switch": "tab-switch", unlock: "unlock", finish: "finish" };

/**
 * The test's accepted journal, oldest first by the client's clock: every
 * autosaved code version and the events to mark beside them. Bounded to the
 * latest HISTORY_CAP entries; `capped` says when older ones were left out.
 * Run Code presses are not journaled: they come from code_runs (itself kept to
 * the latest RUN_HISTORY_CAP), timed by the server's clock as the offline
 * periods are; journal times are the client's server-corrected clock (006).
 */
export async function codeTimeline(db: Db, env: Env, roomId: string, studentTestId: string): Promise<Omit<Timeline, "offline">> {
  // The room's object first: an entry it has written to D1 since is then found in D1's packs.
  const held = await heldEntries(env, roomId, studentTestId);
  const [journaled, packed, runs] = await Promise.all([
    db
      .select({ id: journalEntries.id, seq: journalEntries.seq, kind: journalEntries.kind, payload: journalEntries.payload, at: journalEntries.clientCreatedAt })
      .from(journalEntries)
      .where(and(eq(journalEntries.studentTestId, studentTestId), eq(journalEntries.outcome, "accepted"), inArray(journalEntries.kind, ["code", ...Object.keys(MARKS)])))
      .orderBy(desc(journalEntries.clientCreatedAt), desc(journalEntries.seq))
      .limit(HISTORY_CAP + 1),
    latestPacks(db, studentTestId, HISTORY_CAP + 1),
    db
      .select({ at: codeRuns.at, questionId: codeRuns.questionId, passed: codeRuns.passed, total: codeRuns.total })
      .from(codeRuns)
      .where(eq(codeRuns.studentTestId, studentTestId))
      .orderBy(desc(codeRuns.at), desc(codeRuns.id))
      .limit(RUN_HISTORY_CAP),
  ]);
  // Code (packed or held) and the marks of the D1 journal, newest first, each entry once.
  const seen = new Set<string>();
  const rows = [...journaled, ...[...packed, ...held].map((e) => ({ id: e.id, seq: e.seq, kind: e.kind, payload: safeJson(e.payload), at: new Date(e.createdAt) }))]
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.seq - a.seq);
  const capped = rows.length > HISTORY_CAP;
  const versions: TimelineVersion[] = [];
  const marks: TimelineMark[] = [];
  for (const row of rows.slice(0, HISTORY_CAP).reverse()) {
    const payload = (row.payload ?? {}) as Record<string, unknown>;
    const questionId = typeof payload.questionId === "string" ? payload.questionId : null;
    const at = row.at.getTime();
    if (row.kind === "code" && questionId) versions.push({ at, questionId, code: String(payload.code ?? "") });
    else if (MARKS[row.kind]) marks.push({ at, kind: MARKS[row.kind]!, questionId });
  }
  for (const run of runs.reverse()) marks.push({ at: run.at.getTime(), kind: "run", questionId: run.questionId, passed: run.passed, total: run.total });
  // A stable sort: same-time marks keep their own source's order.
  marks.sort((a, b) => a.at - b.at);
  return { versions, marks, capped, cap: HISTORY_CAP };
}

export type GridTile = {
  participantId: string;
  testId: string | null;
  name: string;
  email: string;
  status: string;
  online: boolean;
  /** How long the current offline period has lasted; null when online. */
  offlineForMs: number | null;
  lastEditAt: number | null;
  runs: number;
  submits: number;
  /** Summed over questions: the most open cases any run or submit passed. */
  openCasesPassed: number;
  tabSwitches: number;
  isLocked: boolean;
};

/**
 * One tile per participant of a room, for the admin's grid: one query for the
 * participants with their test and last edit (a correlated MAX, no per-student
 * round trip), one for the offline periods.
 */
export async function roomGrid(db: Db, env: Env, roomId: string, now = Date.now()): Promise<GridTile[]> {
  const [result, periods, held] = await Promise.all([
    db.$client
      .prepare(
        `SELECT p.id AS participantId, p.student_id AS studentId, p.full_name AS name, p.email, p.status AS participantStatus,
                t.id AS testId, t.status AS testStatus, t.is_disqualified AS isDisqualified, t.is_locked AS isLocked,
                t.tab_switch_count AS tabSwitches, t.run_count AS runs, t.submit_count AS submits, t.open_cases_best AS openBest,
                (SELECT MAX(l.last_updated) FROM live_code_progress l WHERE l.student_test_id = t.id) AS lastEditAt
         FROM room_participants p
         LEFT JOIN student_tests t ON t.room_id = p.room_id AND t.student_id = p.student_id
         WHERE p.room_id = ? AND p.status != 'removed'
         ORDER BY p.joined_at`,
      )
      .bind(roomId)
      .all<{
        participantId: string;
        studentId: string;
        name: string;
        email: string;
        participantStatus: string;
        testId: string | null;
        testStatus: string | null;
        isDisqualified: number | null;
        isLocked: number | null;
        tabSwitches: number | null;
        runs: number | null;
        submits: number | null;
        openBest: string | null;
        lastEditAt: number | null;
      }>(),
    offlinePeriods(db, roomId),
    heldLastEdits(env, roomId),
  ]);
  return result.results.map((r) => {
    const open = (periods.get(r.studentId) ?? []).find((p) => p.endedAt === null);
    return {
      participantId: r.participantId,
      testId: r.testId,
      name: r.name,
      email: r.email,
      status: r.isDisqualified ? "disqualified" : (r.testStatus ?? r.participantStatus),
      online: !open,
      offlineForMs: open ? Math.max(0, now - open.startedAt) : null,
      lastEditAt: Math.max(r.lastEditAt ?? 0, (r.testId && held[r.testId]) || 0) || null,
      runs: r.runs ?? 0,
      submits: r.submits ?? 0,
      openCasesPassed: sumBest(r.openBest),
      tabSwitches: r.tabSwitches ?? 0,
      isLocked: Boolean(r.isLocked),
    };
  });
}

function sumBest(json: string | null): number {
  try {
    const best = JSON.parse(json ?? "{}") as Record<string, unknown>;
    return Object.values(best).reduce<number>((sum, n) => sum + (typeof n === "number" ? n : 0), 0);
  } catch {
    return 0;
  }
}

/** A test's latest packed entries (at least `count` of them when it has that many), newest pack first. */
async function latestPacks(db: Db, testId: string, count: number): Promise<PackedEntry[]> {
  const heads = await db
    .select({ id: journalPacks.id, n: journalPacks.entryCount })
    .from(journalPacks)
    .where(eq(journalPacks.studentTestId, testId))
    .orderBy(desc(journalPacks.id));
  let total = 0;
  const ids: string[] = [];
  for (const head of heads) {
    if (total >= count) break;
    ids.push(head.id);
    total += head.n;
  }
  const packs = await selectInChunks(db, ids, (part) =>
    db.select({ entries: journalPacks.entries }).from(journalPacks).where(and(eq(journalPacks.studentTestId, testId), inArray(journalPacks.id, part))),
  );
  return packs.flatMap((p) => safeJson(p.entries) as PackedEntry[]);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
