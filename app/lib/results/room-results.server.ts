// Results of test rooms (spec 2: /admin/results and /admin/results/{roomId}).
// Each read is one query per table, keyed by the room (joins, never an IN
// list built from rows), all sent at once: a room of 500 students costs the
// same number of queries as a room of 2.
import { releaseView, type ReleaseView } from "./release";
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import { questions, resultOverrides, roomParticipants, roomQuestions, studentTests, submissions, testCases, testDraws, testRooms } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { inRoomOrDrawn } from "~/lib/rooms/draws.server";
import { offlinePeriods, offlineTime } from "~/lib/rooms/rooms.server";
import { studentTimeLabels } from "~/lib/student-tests/student-time";
import { averageScore, roomResultsBadge, type OverrideEntry, type ResultQuestion, type ResultRow } from "./results-view";
import { mcqStats, questionStat, scoreHistogram, type Attempt, type HistogramBin, type McqStat, type McqStudent, type QuestionStat } from "./stats";

/** Every room with its results badge, participant count (not removed) and average, newest first. */
export async function resultsRooms(db: Db, now = Date.now()) {
  // Per room: participants not removed, and the sum of their tests' total_score
  // (a participant who never launched counts as 0).
  const totals = db
    .select({
      roomId: roomParticipants.roomId,
      participants: count().as("participants"),
      scoreSum: sql<number>`coalesce(sum(${studentTests.totalScore}), 0)`.as("score_sum"),
    })
    .from(roomParticipants)
    .leftJoin(studentTests, and(eq(studentTests.roomId, roomParticipants.roomId), eq(studentTests.studentId, roomParticipants.studentId)))
    .where(ne(roomParticipants.status, "removed"))
    .groupBy(roomParticipants.roomId)
    .as("totals");
  const rows = await db
    .select({
      id: testRooms.id,
      roomName: testRooms.roomName,
      category: testRooms.category,
      questionType: testRooms.questionType,
      language: testRooms.language,
      isActive: testRooms.isActive,
      endsAt: testRooms.endsAt,
      createdAt: testRooms.createdAt,
      participants: sql<number>`coalesce(${totals.participants}, 0)`,
      scoreSum: sql<number>`coalesce(${totals.scoreSum}, 0)`,
    })
    .from(testRooms)
    .leftJoin(totals, eq(totals.roomId, testRooms.id))
    .orderBy(desc(testRooms.createdAt), asc(testRooms.id));
  return rows.map(({ scoreSum, endsAt, createdAt, ...room }) => ({
    ...room,
    endsAt: endsAt?.getTime() ?? null,
    createdAt: createdAt.getTime(),
    badge: roomResultsBadge({ isActive: room.isActive, endsAt: endsAt?.getTime() ?? null }, now),
    average: room.participants ? Math.round(scoreSum / room.participants) : 0,
  }));
}

export type RoomStats = {
  histogram: HistogramBin[];
  /** Students with a test (the histogram's population). */
  tested: number;
  notStarted: number;
  coding: QuestionStat[] | null;
  mcq: McqStat[] | null;
};

export type RoomResults = {
  room: {
    id: string;
    roomName: string;
    category: string;
    questionType: "coding" | "mcq";
    language: "c" | "cpp" | "python" | "java";
    durationMinutes: number;
    isActive: boolean;
    endsAt: number | null;
    badge: ReturnType<typeof roomResultsBadge>;
    release: ReleaseView;
  };
  questions: ResultQuestion[];
  rows: ResultRow[];
  participants: number;
  average: number;
  stats: RoomStats;
};

/** One room's results: every participant (not removed) with their test, the trail, and the stats. Null for an unknown room. */
export async function roomResults(db: Db, roomId: string, now = Date.now()): Promise<RoomResults | null> {
  const room = await db.select().from(testRooms).where(eq(testRooms.id, roomId)).get();
  if (!room) return null;
  const testsOfRoom = eq(studentTests.roomId, roomId);
  // Parallel queries, not db.batch: a batch returns rows keyed by column name,
  // and the joins below select several columns of the same name (id, status).
  const [people, subs, roomQs, draws, cases, trail, offline] = await Promise.all([
    db
      .select({
        participantId: roomParticipants.id,
        studentId: roomParticipants.studentId,
        name: roomParticipants.fullName,
        email: roomParticipants.email,
        test: {
          id: studentTests.id,
          status: studentTests.status,
          isDisqualified: studentTests.isDisqualified,
          totalScore: studentTests.totalScore,
          maxScore: studentTests.maxScore,
          tabSwitchCount: studentTests.tabSwitchCount,
          syncedAfterEnd: studentTests.syncedAfterEnd,
          accommodationMs: studentTests.accommodationMs,
          accommodationReason: studentTests.accommodationReason,
          extraMs: studentTests.extraMs,
          creditedMs: studentTests.creditedMs,
          createdAt: studentTests.createdAt,
          submittedAt: studentTests.submittedAt,
          overrideStatus: studentTests.adminOverrideStatus,
        },
      })
      .from(roomParticipants)
      .leftJoin(studentTests, and(eq(studentTests.roomId, roomParticipants.roomId), eq(studentTests.studentId, roomParticipants.studentId)))
      .where(and(eq(roomParticipants.roomId, roomId), ne(roomParticipants.status, "removed"))),
    db
      .select({
        testId: submissions.studentTestId,
        questionId: submissions.questionId,
        title: submissions.questionTitle,
        marks: submissions.marksObtained,
        score: submissions.score,
        passed: submissions.testCasesPassed,
        passedIds: submissions.passedTestCaseIds,
      })
      .from(submissions)
      .innerJoin(studentTests, eq(studentTests.id, submissions.studentTestId))
      .where(testsOfRoom),
    // The questions a student of this room can get: coding ones in the room's language, or its MCQs.
    db
      .select({ id: questions.id, title: questions.title })
      .from(roomQuestions)
      .innerJoin(questions, eq(questions.id, roomQuestions.questionId))
      .where(
        and(
          eq(roomQuestions.roomId, roomId),
          eq(questions.type, room.questionType),
          room.questionType === "coding" ? eq(questions.language, room.language) : undefined,
        ),
      )
      .orderBy(asc(questions.createdAt), asc(questions.title), asc(questions.id)),
    // Each test's draw in its order, with the question (null once deleted from the bank).
    db
      .select({
        testId: testDraws.studentTestId,
        questionId: testDraws.questionId,
        title: questions.title,
        createdAt: questions.createdAt,
      })
      .from(testDraws)
      .innerJoin(studentTests, eq(studentTests.id, testDraws.studentTestId))
      .leftJoin(questions, eq(questions.id, testDraws.questionId))
      .where(testsOfRoom)
      .orderBy(asc(testDraws.studentTestId), asc(testDraws.position)),
    // The cases of the room's questions and of every question drawn in it.
    db
      .select({ id: testCases.id, questionId: testCases.questionId, hidden: testCases.isHidden })
      .from(testCases)
      .where(inRoomOrDrawn(db, roomId, testCases.questionId))
      .orderBy(asc(testCases.questionId), asc(testCases.position), asc(testCases.createdAt)),
    db
      .select({
        testId: resultOverrides.studentTestId,
        outcome: resultOverrides.outcome,
        adminName: resultOverrides.adminName,
        at: resultOverrides.createdAt,
        previousScore: resultOverrides.previousScore,
        previousStatus: resultOverrides.previousStatus,
        previousDisqualified: resultOverrides.previousDisqualified,
      })
      .from(resultOverrides)
      .innerJoin(studentTests, eq(studentTests.id, resultOverrides.studentTestId))
      .where(testsOfRoom)
      .orderBy(desc(resultOverrides.createdAt), desc(resultOverrides.id)),
    offlinePeriods(db, roomId),
  ]);

  // Columns: the room's questions, then any question a student drew that is not
  // in its list (a question that joined a category section's category after the
  // sections were saved, say), in the bank's order, then any submitted question
  // in neither.
  const columns: ResultQuestion[] = roomQs.map((q) => ({ id: q.id, title: q.title }));
  const known = new Set(columns.map((c) => c.id));
  const drawnOnly = new Map<string, { title: string; createdAt: number }>();
  for (const d of draws) {
    if (known.has(d.questionId) || d.title === null || drawnOnly.has(d.questionId)) continue;
    drawnOnly.set(d.questionId, { title: d.title, createdAt: d.createdAt?.getTime() ?? 0 });
  }
  const byBankOrder = ([a, x]: [string, { title: string; createdAt: number }], [b, y]: [string, { title: string; createdAt: number }]) =>
    x.createdAt - y.createdAt || x.title.localeCompare(y.title) || a.localeCompare(b);
  for (const [id, q] of [...drawnOnly].sort(byBankOrder)) {
    known.add(id);
    columns.push({ id, title: q.title });
  }
  for (const s of subs) {
    if (known.has(s.questionId)) continue;
    known.add(s.questionId);
    columns.push({ id: s.questionId, title: s.title || "Question" });
  }

  const subsByTest = groupBy(subs, (s) => s.testId);
  const drawsByTest = groupBy(draws, (d) => d.testId);
  const column = new Map(columns.map((c, i) => [c.id, i]));
  /**
   * The questions a test was given, in its order: its stored draw (a question
   * deleted from the bank and never submitted has no column, and is left out,
   * as every reader of a draw does), then any question it submitted outside
   * it. A test from before sections with no draw yet: its submitted
   * questions, in the columns' order.
   */
  const givenTo = (testId: string): string[] => {
    const given = (drawsByTest.get(testId) ?? []).map((d) => d.questionId).filter((id) => column.has(id));
    const seen = new Set(given);
    const submitted = (subsByTest.get(testId) ?? []).map((s) => s.questionId).filter((id) => !seen.has(id));
    return [...given, ...[...new Set(submitted)].sort((a, b) => column.get(a)! - column.get(b)!)];
  };
  const trailByTest = groupBy(trail, (t) => t.testId);
  const rows: ResultRow[] = people.map((p) => {
    const t = p.test;
    const own = t ? (subsByTest.get(t.id) ?? []) : [];
    // Offline while taking the test: time after the student finished does not count.
    const connection = offlineTime(offline.get(p.studentId) ?? [], now, t?.submittedAt?.getTime() ?? null);
    return {
      participantId: p.participantId,
      studentId: p.studentId,
      testId: t?.id ?? null,
      name: p.name,
      email: p.email,
      status: t?.status ?? null,
      isDisqualified: t?.isDisqualified ?? false,
      totalScore: t?.totalScore ?? null,
      maxScore: t?.maxScore ?? null,
      tabSwitchCount: t?.tabSwitchCount ?? 0,
      timeTakenMs: t?.submittedAt ? t.submittedAt.getTime() - t.createdAt.getTime() : null,
      offlineMs: connection.offlineMs,
      offlineNow: connection.offlineNow,
      syncedAfterEnd: t?.syncedAfterEnd ?? false,
      extraTime: t ? studentTimeLabels(t) : [],
      overrideStatus: t?.overrideStatus ?? null,
      trail: t
        ? (trailByTest.get(t.id) ?? []).map(
            (e): OverrideEntry => ({
              outcome: e.outcome,
              adminName: e.adminName,
              at: e.at.getTime(),
              previousScore: e.previousScore,
              previousStatus: e.previousStatus,
              previousDisqualified: e.previousDisqualified,
            }),
          )
        : [],
      marks: Object.fromEntries(own.map((s) => [s.questionId, s.marks])),
      questions: t ? givenTo(t.id) : [],
    };
  });

  const tested = rows.filter((r) => r.totalScore !== null);
  const stats: RoomStats = {
    histogram: scoreHistogram(tested.map((r) => r.totalScore!)),
    tested: tested.length,
    notStarted: rows.length - tested.length,
    coding: null,
    mcq: null,
  };
  const counted = new Set(rows.flatMap((r) => (r.testId ? [r.testId] : [])));
  const ownSubs = subs.filter((s) => counted.has(s.testId));
  // Per question, how many counted students were given it (the item statistics' "Given to").
  const givenSets = new Map(rows.flatMap((r) => (r.testId ? [[r.testId, new Set(r.questions)] as const] : [])));
  const given = new Map<string, number>();
  for (const set of givenSets.values()) for (const id of set) given.set(id, (given.get(id) ?? 0) + 1);
  if (room.questionType === "coding") {
    const totalPassed = new Map<string, number>();
    for (const s of ownSubs) totalPassed.set(s.testId, (totalPassed.get(s.testId) ?? 0) + s.passedIds.length);
    const casesByQuestion = groupBy(cases, (c) => c.questionId);
    const subsByQuestion = groupBy(ownSubs, (s) => s.questionId);
    stats.coding = columns.map((q) =>
      questionStat(
        { id: q.id, title: q.title, cases: casesByQuestion.get(q.id) ?? [] },
        (subsByQuestion.get(q.id) ?? []).map((s): Attempt & { score: number } => ({
          passed: new Set(s.passedIds),
          totalPassed: totalPassed.get(s.testId) ?? 0,
          score: s.score,
        })),
        given.get(q.id) ?? 0,
      ),
    );
  } else {
    // Every counted student, with the questions they were given: one who was not given a question never counts for it.
    const students = new Map<string, McqStudent & { answers: Map<string, boolean> }>(
      [...givenSets].map(([testId, set]) => [testId, { given: set, answers: new Map<string, boolean>() }]),
    );
    for (const s of ownSubs) students.get(s.testId)?.answers.set(s.questionId, s.passed > 0);
    stats.mcq = mcqStats(columns, [...students.values()]);
  }

  return {
    room: {
      id: room.id,
      roomName: room.roomName,
      category: room.category,
      questionType: room.questionType,
      language: room.language,
      durationMinutes: room.durationMinutes,
      isActive: room.isActive,
      endsAt: room.endsAt?.getTime() ?? null,
      badge: roomResultsBadge({ isActive: room.isActive, endsAt: room.endsAt?.getTime() ?? null }, now),
      /** When students see their results (decision 041). */
      release: releaseView(room, now),
    },
    questions: columns,
    rows,
    participants: rows.length,
    average: averageScore(rows.map((r) => r.totalScore)),
    stats,
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
