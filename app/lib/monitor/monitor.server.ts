// Live monitoring (issue 12): what an admin sees of one student's test while it
// runs. Admins only — the route guards, and nothing here ever reaches a
// student: the party event that prompts a refetch carries ids only.
import { and, desc, eq, inArray } from "drizzle-orm";
import { journalEntries, liveCodeProgress, questions, roomParticipants, roomQuestions, studentTests, testRooms } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { offlinePeriods, offlineTime, type OfflinePeriod } from "~/lib/rooms/rooms.server";
import { codingQuestionIds, MCQ_PROGRESS, parseMcqProgress } from "~/lib/student-tests/student-tests.server";

/** The timeline replays at most this many journal entries per test, the latest ones. */
export const HISTORY_CAP = 500;

export type MonitoredQuestion = { id: string; title: string; code: string | null; lastUpdated: number | null };
export type McqMonitor = { answered: number; marked: number; total: number; currentQuestion: number | null; lastUpdated: number | null };

export type TimelineVersion = { at: number; questionId: string; code: string };
export type TimelineMarkKind = "submit" | "tab-switch" | "unlock" | "finish";
export type TimelineMark = { at: number; kind: TimelineMarkKind; questionId: string | null };
export type Timeline = { versions: TimelineVersion[]; marks: TimelineMark[]; offline: OfflinePeriod[]; capped: boolean; cap: number };

/** One student's test as the monitor shows it; null for an unknown test. */
export async function monitorView(db: Db, studentTestId: string, now = Date.now()) {
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
    db.select().from(liveCodeProgress).where(eq(liveCodeProgress.studentTestId, test.id)),
    offlinePeriods(db, room.id),
    room.questionType === "coding" ? codeTimeline(db, test.id) : null,
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
    const total = await db
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
  const assigned = await codingQuestionIds(db, room, test.studentId).catch(() => [] as string[]);
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

const MARKS: Record<string, TimelineMarkKind> = { "submit-code": "submit", "tab-switch": "tab-switch", unlock: "unlock", finish: "finish" };

/**
 * The test's accepted journal, oldest first by the client's clock: every
 * autosaved code version and the events to mark beside them. Bounded to the
 * latest HISTORY_CAP entries; `capped` says when older ones were left out.
 */
export async function codeTimeline(db: Db, studentTestId: string): Promise<Omit<Timeline, "offline">> {
  const rows = await db
    .select({ kind: journalEntries.kind, payload: journalEntries.payload, at: journalEntries.clientCreatedAt })
    .from(journalEntries)
    .where(and(eq(journalEntries.studentTestId, studentTestId), eq(journalEntries.outcome, "accepted"), inArray(journalEntries.kind, ["code", ...Object.keys(MARKS)])))
    .orderBy(desc(journalEntries.clientCreatedAt), desc(journalEntries.seq))
    .limit(HISTORY_CAP + 1);
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
  return { versions, marks, capped, cap: HISTORY_CAP };
}
