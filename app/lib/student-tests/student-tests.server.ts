// The student's path through a test, with every rule enforced here:
// joining by OTP, launching, the questions a student may see (never hidden
// cases or correct answers), scoring, proctoring and the idempotent journal.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { JournalEntry, JournalKind, JudgedEntry, TestState } from "./journal-protocol";
import {
  liveCodeProgress,
  questions,
  roomParticipants,
  roomQuestions,
  studentTests,
  submissions,
  testCases,
  testRooms,
  user,
  type McqOptions,
} from "~/db/schema";
import { safeEqual } from "~/lib/accounts/accounts.server";
import type { Db } from "~/lib/db.server";
import { FormError } from "~/lib/forms.server";
import { findRoomByOtp, type Room } from "~/lib/rooms/rooms.server";
import { codingMarks, TEST_RULES } from "./test-rules";

export { codingMarks, TEST_RULES };

export type StudentTest = typeof studentTests.$inferSelect;
type Student = { id: string; name: string; email: string };

// ------------------------------------------------------------------ joining

export async function joinTestRoom(db: Db, student: Student, otp: string) {
  const room = await findRoomByOtp(db, otp);
  if (!room) throw new FormError("Invalid or expired OTP", 404);
  const existing = await db
    .select({ id: roomParticipants.id, status: roomParticipants.status })
    .from(roomParticipants)
    .where(and(eq(roomParticipants.roomId, room.id), eq(roomParticipants.studentId, student.id)))
    .get();
  if (existing?.status === "removed") throw new FormError("You have been removed from this room", 403);
  if (!existing) {
    const profile = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, student.id)).get();
    if (!profile) throw new FormError("User profile not found", 404);
    await db
      .insert(roomParticipants)
      .values({
        roomId: room.id,
        studentId: student.id,
        fullName: profile.name,
        email: profile.email,
        category: room.category,
        // A student who joins a running test goes straight to it.
        status: room.isActive ? "testing" : "waiting",
      })
      .onConflictDoNothing();
  }
  return room;
}

/** The room and the student's participation, or the spec's error. */
export async function requireMembership(db: Db, studentId: string, roomId: string) {
  const room = await db.select().from(testRooms).where(eq(testRooms.id, roomId)).get();
  if (!room) throw new FormError("Room not found", 404);
  const participant = await db
    .select()
    .from(roomParticipants)
    .where(and(eq(roomParticipants.roomId, roomId), eq(roomParticipants.studentId, studentId)))
    .get();
  if (!participant) throw new FormError("Participant record not found", 403);
  if (participant.status === "removed") throw new FormError("You have been removed from this room", 403);
  return { room, participant };
}

export async function findTest(db: Db, studentId: string, roomId: string) {
  return db
    .select()
    .from(studentTests)
    .where(and(eq(studentTests.roomId, roomId), eq(studentTests.studentId, studentId)))
    .get();
}

/** Launch (terms accepted): creates the student test once; max score by type (spec 2 section 4). */
export async function launchTest(db: Db, studentId: string, roomId: string) {
  const { room } = await requireMembership(db, studentId, roomId);
  if (!room.isActive) throw new FormError("The test has not started yet", 409);
  const existing = await findTest(db, studentId, roomId);
  if (existing) return { room, test: existing };
  const count = await db.select({ n: sql<number>`count(*)` }).from(roomQuestions).where(eq(roomQuestions.roomId, roomId)).get();
  const maxScore = room.questionType === "mcq" ? (count?.n ?? 0) * TEST_RULES.mcqMarks : 100;
  await db
    .insert(studentTests)
    .values({ roomId, studentId, status: "in_progress", totalScore: 0, maxScore })
    .onConflictDoNothing();
  await db
    .update(roomParticipants)
    .set({ status: "in_progress" })
    .where(and(eq(roomParticipants.roomId, roomId), eq(roomParticipants.studentId, studentId), ne(roomParticipants.status, "removed")));
  return { room, test: (await findTest(db, studentId, roomId))! };
}

// ------------------------------------------------------------------ time

/** The deadline for this student: the room's ends_at plus any extra time granted to them. */
export function deadline(room: Room, test: Pick<StudentTest, "extraMinutes">) {
  return room.endsAt ? room.endsAt.getTime() + test.extraMinutes * 60_000 : null;
}

/** Answers may change while the test runs (plus network slack for a final submit). */
export function assertCanAnswer(room: Room, test: StudentTest, now = Date.now()) {
  if (test.isDisqualified) throw new FormError("Test disqualified due to multiple tab switches", 403);
  if (test.isCompleted || test.status === "completed") throw new FormError("This test has already been submitted", 409);
  const end = deadline(room, test);
  if (!room.startedAt || end === null) throw new FormError("The test has not started yet", 409);
  if (now > end + TEST_RULES.submitSlackMs) throw new FormError("The test has ended", 410);
}

// ------------------------------------------------------------------ questions

/** A stable per-student order, so every student sees their own shuffle on every load. */
async function shuffleFor(seed: string, ids: string[]) {
  const keyed = await Promise.all(
    ids.map(async (id) => {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${seed}:${id}`)));
      return { id, key: Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("") };
    }),
  );
  return keyed.sort((a, b) => (a.key < b.key ? -1 : 1)).map((k) => k.id);
}

/** The 2 coding questions of the room's language this student gets. */
export async function codingQuestionIds(db: Db, room: Room, studentId: string) {
  const rows = await db
    .select({ id: questions.id })
    .from(roomQuestions)
    .innerJoin(questions, eq(questions.id, roomQuestions.questionId))
    .where(and(eq(roomQuestions.roomId, room.id), eq(questions.type, "coding"), eq(questions.language, room.language)));
  if (rows.length < TEST_RULES.codingQuestions) {
    const names = { c: "C", cpp: "C++", python: "Python", java: "Java" } as const;
    throw new FormError(`Not enough ${names[room.language]} questions available`, 409);
  }
  return (await shuffleFor(`${studentId}:${room.id}`, rows.map((r) => r.id))).slice(0, TEST_RULES.codingQuestions);
}

/** What the coding test page may show: open cases only, never hidden inputs or outputs. */
export async function codingTestView(db: Db, room: Room, test: StudentTest) {
  const ids = await codingQuestionIds(db, room, test.studentId);
  const [qs, cases, progress, subs] = await Promise.all([
    db.select({ id: questions.id, title: questions.title, description: questions.description, language: questions.language }).from(questions).where(inArray(questions.id, ids)),
    db
      .select({ id: testCases.id, questionId: testCases.questionId, input: testCases.input, expectedOutput: testCases.expectedOutput, isHidden: testCases.isHidden, position: testCases.position })
      .from(testCases)
      .where(inArray(testCases.questionId, ids))
      .orderBy(asc(testCases.position)),
    db.select().from(liveCodeProgress).where(eq(liveCodeProgress.studentTestId, test.id)),
    db.select().from(submissions).where(eq(submissions.studentTestId, test.id)),
  ]);
  return ids.map((id) => {
    const q = qs.find((x) => x.id === id)!;
    const own = cases.filter((c) => c.questionId === id);
    const sub = subs.find((s) => s.questionId === id);
    return {
      id,
      title: q.title,
      description: q.description,
      openCases: own.filter((c) => !c.isHidden).map((c) => ({ id: c.id, input: c.input, expectedOutput: c.expectedOutput })),
      totalCases: own.length,
      code: progress.find((p) => p.questionId === id)?.code ?? "",
      codeSavedAt: progress.find((p) => p.questionId === id)?.lastUpdated.getTime() ?? null,
      submission: sub
        ? { passed: sub.testCasesPassed, total: sub.testCasesTotal, marks: sub.marksObtained, score: sub.score, submittedAt: sub.submittedAt.getTime() }
        : null,
    };
  });
}

/** All test cases of one of this student's questions, for judging on the server only. */
export async function casesForJudging(db: Db, room: Room, test: StudentTest, questionId: string, openOnly: boolean) {
  const ids = await codingQuestionIds(db, room, test.studentId);
  if (!ids.includes(questionId)) throw new FormError("This question is not part of your test", 403);
  const cases = await db.select().from(testCases).where(eq(testCases.questionId, questionId)).orderBy(asc(testCases.position));
  return openOnly ? cases.filter((c) => !c.isHidden) : cases;
}

export type McqView = { id: string; title: string; options: string[] };

/** The MCQ page's questions: options only, never the correct index. */
export async function mcqTestView(db: Db, room: Room, test: StudentTest) {
  const rows = await db
    .select({ id: questions.id, title: questions.title, mcqOptions: questions.mcqOptions })
    .from(roomQuestions)
    .innerJoin(questions, eq(questions.id, roomQuestions.questionId))
    .where(and(eq(roomQuestions.roomId, room.id), eq(questions.type, "mcq")));
  const order = await shuffleFor(`${test.studentId}:${room.id}`, rows.map((r) => r.id));
  const progress = await db
    .select({ code: liveCodeProgress.code, lastUpdated: liveCodeProgress.lastUpdated })
    .from(liveCodeProgress)
    .where(and(eq(liveCodeProgress.studentTestId, test.id), eq(liveCodeProgress.questionId, MCQ_PROGRESS)))
    .get();
  return {
    questions: order.map((id): McqView => {
      const r = rows.find((x) => x.id === id)!;
      return { id, title: r.title, options: (r.mcqOptions as McqOptions | null)?.options ?? [] };
    }),
    progress: parseMcqProgress(progress?.code),
    progressSavedAt: progress?.lastUpdated.getTime() ?? null,
  };
}

export const MCQ_PROGRESS = "mcq-progress";
export type McqProgress = { answers: Record<string, number>; marked: string[]; currentIndex: number };

export function parseMcqProgress(text: string | null | undefined): McqProgress {
  try {
    const v = JSON.parse(text ?? "") as Partial<McqProgress>;
    return {
      answers: v.answers && typeof v.answers === "object" ? v.answers : {},
      marked: Array.isArray(v.marked) ? v.marked.filter((m): m is string => typeof m === "string") : [],
      currentIndex: Number.isInteger(v.currentIndex) ? v.currentIndex! : 0,
    };
  } catch {
    return { answers: {}, marked: [], currentIndex: 0 };
  }
}

// ------------------------------------------------------------------ scoring


/**
 * Stores a judged submission. `writtenAt` is when the student pressed Submit
 * (a journal entry's own time on the server's clock, or now for an online
 * submit), never the time it synced: a queued submit that syncs late must not
 * pass for newer than code the student typed after it (issue 10).
 */
export async function recordSubmission(
  db: Db,
  test: StudentTest,
  question: { id: string; title: string; language: Room["language"] },
  code: string,
  passedIds: string[],
  total: number,
  writtenAt: Date = new Date(),
) {
  const { marks, score } = codingMarks(passedIds.length, total);
  await db.batch([
    db
      .insert(submissions)
      .values({
        studentTestId: test.id,
        questionId: question.id,
        questionTitle: question.title,
        code,
        language: question.language,
        testCasesPassed: passedIds.length,
        testCasesTotal: total,
        score,
        marksObtained: marks,
        passedTestCaseIds: passedIds,
        submittedAt: writtenAt,
      })
      .onConflictDoUpdate({
        target: [submissions.studentTestId, submissions.questionId],
        set: { code, testCasesPassed: passedIds.length, testCasesTotal: total, score, marksObtained: marks, passedTestCaseIds: passedIds, submittedAt: writtenAt },
        // The newest press of Submit wins, whatever order the submits arrive in.
        setWhere: sql`excluded.submitted_at >= ${submissions.submittedAt}`,
      }),
    // The submitted code is also the latest code, unless something newer was saved already.
    db
      .insert(liveCodeProgress)
      .values({ studentTestId: test.id, questionId: question.id, code, lastUpdated: writtenAt })
      .onConflictDoUpdate({
        target: [liveCodeProgress.studentTestId, liveCodeProgress.questionId],
        set: { code, lastUpdated: writtenAt },
        setWhere: sql`excluded.last_updated >= ${liveCodeProgress.lastUpdated}`,
      }),
    // The total is recomputed from the stored submissions, capped at 100.
    db
      .update(studentTests)
      .set({
        totalScore: sql`min(100, (select coalesce(sum(${submissions.marksObtained}), 0) from ${submissions} where ${submissions.studentTestId} = ${test.id}))`,
      })
      .where(eq(studentTests.id, test.id)),
  ]);
  return { marks, score };
}

/** Finish Test (coding): completed if every question has a submission, attempted if some. */
export async function finishCodingTest(db: Db, room: Room, test: StudentTest) {
  const ids = await codingQuestionIds(db, room, test.studentId);
  const subs = await db.select({ questionId: submissions.questionId }).from(submissions).where(eq(submissions.studentTestId, test.id));
  const done = ids.filter((id) => subs.some((s) => s.questionId === id)).length;
  const status = done === ids.length ? "completed" : done > 0 ? "attempted" : "in_progress";
  await db.batch([
    db
      .update(studentTests)
      .set({ status, isCompleted: status === "completed", submittedAt: new Date() })
      .where(and(eq(studentTests.id, test.id), eq(studentTests.isDisqualified, false))),
    db
      .update(roomParticipants)
      .set({ status })
      .where(and(eq(roomParticipants.roomId, room.id), eq(roomParticipants.studentId, test.studentId), ne(roomParticipants.status, "removed"))),
  ]);
  const after = await db.select({ totalScore: studentTests.totalScore }).from(studentTests).where(eq(studentTests.id, test.id)).get();
  return { status, totalScore: after?.totalScore ?? 0 };
}

/** MCQ submit: graded here, 5 marks per correct answer (README difference 4). */
export async function submitMcqTest(db: Db, room: Room, test: StudentTest, answers: Record<string, number>) {
  const rows = await db
    .select({ id: questions.id, title: questions.title, mcqOptions: questions.mcqOptions })
    .from(roomQuestions)
    .innerJoin(questions, eq(questions.id, roomQuestions.questionId))
    .where(and(eq(roomQuestions.roomId, room.id), eq(questions.type, "mcq")));
  const now = new Date();
  let correct = 0;
  const perQuestion = rows.map((q) => {
    const chosen = answers[q.id];
    const right = typeof chosen === "number" && chosen === (q.mcqOptions as McqOptions | null)?.correct_index;
    if (right) correct++;
    return { q, chosen, right };
  });
  const total = correct * TEST_RULES.mcqMarks;
  const maxScore = rows.length * TEST_RULES.mcqMarks;
  await db.batch([
    db.delete(submissions).where(eq(submissions.studentTestId, test.id)),
    ...perQuestion.map(({ q, chosen, right }) =>
      db.insert(submissions).values({
        studentTestId: test.id,
        questionId: q.id,
        questionTitle: q.title,
        code: chosen === undefined ? "" : String(chosen),
        language: "python",
        testCasesPassed: right ? 1 : 0,
        testCasesTotal: 1,
        score: right ? 100 : 0,
        marksObtained: right ? TEST_RULES.mcqMarks : 0,
        passedTestCaseIds: [],
        submittedAt: now,
      }),
    ),
    db
      .update(studentTests)
      .set({ status: "completed", isCompleted: true, totalScore: total, maxScore, submittedAt: now })
      .where(and(eq(studentTests.id, test.id), eq(studentTests.isDisqualified, false))),
    db
      .update(roomParticipants)
      .set({ status: "completed" })
      .where(and(eq(roomParticipants.roomId, room.id), eq(roomParticipants.studentId, test.studentId), ne(roomParticipants.status, "removed"))),
  ]);
  return { totalScore: total, maxScore };
}

// ------------------------------------------------------------------ journal

export type { JournalEntry, JudgedEntry, TestState };

const ANSWER_MESSAGE = "Each answer must be exactly one of the options";
/** Question id -> chosen option 0-3 (spec 2 section 5: exactly one option). Unknown ids are ignored by the grader. */
export const McqAnswersSchema = z.record(
  z.string(),
  z.number({ invalid_type_error: ANSWER_MESSAGE }).int(ANSWER_MESSAGE).min(0, ANSWER_MESSAGE).max(3, ANSWER_MESSAGE),
);
export { ANSWER_MESSAGE };

export function testState(room: Room, test: StudentTest): TestState {
  return {
    status: test.status,
    isDisqualified: test.isDisqualified,
    isLocked: test.isLocked,
    tabSwitchCount: test.tabSwitchCount,
    unlockAttemptsRemaining: test.unlockAttemptsRemaining,
    endsAt: deadline(room, test),
    serverNow: Date.now(),
    totalScore: test.totalScore,
    maxScore: test.maxScore,
    submittedAt: test.submittedAt?.getTime() ?? null,
  };
}

/** Judges one submission against every case and stores it (the runner lives outside the Worker). */
export type Judge = (questionId: string, code: string, writtenAt: Date) => Promise<{ passed: number; total: number; marks: number }>;

/** The runner could not judge a queued submission: stop here, the client resends later. */
export class JournalRetry extends Error {}

export type JournalOptions = {
  now?: number;
  /** Default TEST_RULES.graceMs (the GRACE_SECONDS setting in the Worker). */
  graceMs?: number;
  /** Needed for submit-code entries; without it they wait (JournalRetry). */
  judge?: Judge;
};

export function graceMessage(graceMs: number) {
  const minutes = Math.round(graceMs / 60_000);
  const window = minutes >= 1 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${Math.round(graceMs / 1000)} seconds`;
  return `These answers reached the server more than ${window} after the test ended, so they were not counted. They are kept for your instructor to review.`;
}

/**
 * Applies journal entries in seq order, each exactly once.
 *
 * Light entries (code, answers, tab switches, unlocks) take one D1 batch each:
 * INSERT OR IGNORE stores the entry, and its effect runs only when
 * `changes() = 1`, i.e. when that insert added the row. A retry of a stored
 * id changes nothing, so nothing ever counts twice.
 *
 * Heavy entries (a queued Submit Code, Finish / Submit Test) run their effect
 * first, then store the entry; both effects are idempotent (an upsert of the
 * same judged result, a final status), so a retry racing the first attempt
 * cannot count twice either.
 */
export async function applyJournal(db: Db, room: Room, test: StudentTest, entries: JournalEntry[], options: JournalOptions = {}) {
  const now = options.now ?? Date.now();
  const graceMs = options.graceMs ?? TEST_RULES.graceMs;
  const d1 = db.$client;
  const accepted: string[] = [];
  const rejected: { id: string; reason: string }[] = [];
  const judged: JudgedEntry[] = [];
  let retry = false;
  const end = deadline(room, test);
  const codingIds = room.questionType === "coding" ? await codingQuestionIds(db, room, test.studentId).catch(() => []) : [];
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  // An entry stored before (the client never got the answer) gets the same
  // answer again; it is not judged afresh against the test as it is now.
  const stored = new Map<string, { testId: string; outcome: string; reason: string | null }>();
  if (sorted.length > 0) {
    const rows = await d1
      .prepare(`SELECT id, student_test_id AS testId, outcome, reason FROM journal_entries WHERE id IN (${sorted.map(() => "?").join(", ")})`)
      .bind(...sorted.map((e) => e.id))
      .all<{ id: string; testId: string; outcome: string; reason: string | null }>();
    for (const row of rows.results) stored.set(row.id, row);
  }
  for (const entry of sorted) {
    const before = stored.get(entry.id);
    if (before) {
      if (before.testId === test.id && before.outcome === "accepted") accepted.push(entry.id);
      else rejected.push({ id: entry.id, reason: before.testId === test.id ? (before.reason ?? "Not accepted") : "Duplicate entry id" });
      continue;
    }
    const late = end !== null && entry.createdAt > end + TEST_RULES.clockToleranceMs;
    const afterGrace = end !== null && now > end + graceMs;
    const syncedAfterEnd = end !== null && now > end;
    const heavy = entry.kind === "submit-code" || entry.kind === "finish";
    let reason: string | null = null;
    if (test.isDisqualified && entry.kind !== "tab-switch") reason = "The test was disqualified";
    else if (late) reason = "Written after the test ended";
    else if (afterGrace) reason = graceMessage(graceMs);
    else if ((entry.kind === "code" || entry.kind === "submit-code") && !codingIds.includes(String(entry.payload.questionId))) reason = "Not a question of this test";
    else if (heavy && test.isCompleted) reason = "This test has already been submitted";
    else if (entry.kind === "submit-code" && test.isLocked) reason = "Enter the unlock code to continue";
    else if (entry.kind === "finish" && room.questionType === "mcq" && !McqAnswersSchema.safeParse(entry.payload.answers ?? {}).success) reason = ANSWER_MESSAGE;

    const store = d1
      .prepare(
        `INSERT OR IGNORE INTO journal_entries (id, student_test_id, seq, kind, payload, client_created_at, received_at, synced_after_end, outcome, reason)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(entry.id, test.id, entry.seq, entry.kind, JSON.stringify(entry.payload), entry.createdAt, now, syncedAfterEnd ? 1 : 0, reason ? "rejected" : "accepted", reason);

    // The first accepted entry after the deadline flags the test, in the same batch.
    const flag =
      syncedAfterEnd && !reason && !test.syncedAfterEnd
        ? d1.prepare("UPDATE student_tests SET synced_after_end = 1 WHERE id = ?").bind(test.id)
        : null;
    if (heavy && !reason) {
      // Not stored yet (checked above): run the effect, then store the entry.
      try {
        const outcome = await applyHeavy(db, room, test, entry, options.judge);
        if (outcome) judged.push({ id: entry.id, questionId: String(entry.payload.questionId), ...outcome });
      } catch (error) {
        if (!(error instanceof JournalRetry)) throw error;
        retry = true;
        break; // later entries must not overtake this one
      }
      await d1.batch(flag ? [store, flag] : [store]);
    } else {
      const effect = reason ? null : effectOf(d1, room, test, entry);
      // One batch is one transaction: the effect runs only if this insert added the row.
      await d1.batch([store, effect, flag].filter((x): x is D1PreparedStatement => x !== null));
    }
    if (reason) rejected.push({ id: entry.id, reason });
    else accepted.push(entry.id);
    // Later entries see this one's effect (a lock, a disqualification, a finish);
    // code and answers leave the test row as it was, so those need no re-read.
    if (!reason && CHANGES_TEST_ROW.has(entry.kind)) {
      test = (await db.select().from(studentTests).where(eq(studentTests.id, test.id)).get())!;
    } else if (flag) {
      test = { ...test, syncedAfterEnd: true };
    }
  }
  return { accepted, rejected, judged, retry, state: testState(room, test), test };
}

/** Entry kinds whose effect changes the student_tests row. */
const CHANGES_TEST_ROW = new Set<JournalKind>(["tab-switch", "unlock", "submit-code", "finish"]);

async function applyHeavy(db: Db, room: Room, test: StudentTest, entry: JournalEntry, judge: Judge | undefined) {
  if (entry.kind === "submit-code") {
    if (!judge) throw new JournalRetry("No judge available");
    const code = String(entry.payload.code ?? "").slice(0, 64 * 1024);
    return judge(String(entry.payload.questionId), code, new Date(entry.createdAt));
  }
  if (room.questionType === "mcq") await submitMcqTest(db, room, test, McqAnswersSchema.parse(entry.payload.answers ?? {}));
  else await finishCodingTest(db, room, test);
  return null;
}

function effectOf(d1: D1Database, room: Room, test: StudentTest, entry: JournalEntry): D1PreparedStatement | null {
  // `changes() = 1`: the INSERT OR IGNORE just before, in the same batch, stored a new entry.
  const upsertProgress = (questionId: string, code: string) =>
    d1
      .prepare(
        `INSERT INTO live_code_progress (student_test_id, question_id, code, last_updated)
         SELECT ?, ?, ?, ? WHERE changes() = 1
         ON CONFLICT (student_test_id, question_id) DO UPDATE SET code = excluded.code, last_updated = excluded.last_updated
         WHERE excluded.last_updated >= live_code_progress.last_updated`,
      )
      .bind(test.id, questionId, code, entry.createdAt);
  switch (entry.kind) {
    case "code":
      return upsertProgress(String(entry.payload.questionId), String(entry.payload.code ?? "").slice(0, 64 * 1024));
    case "mcq-progress":
      return upsertProgress(MCQ_PROGRESS, JSON.stringify(parseMcqProgress(JSON.stringify(entry.payload))));
    case "tab-switch": {
      if (test.isDisqualified || test.isCompleted) return null;
      if (room.questionType === "mcq") {
        return d1.prepare("UPDATE student_tests SET tab_switch_count = tab_switch_count + 1 WHERE id = ? AND changes() = 1").bind(test.id);
      }
      // Coding: lock on each switch; the 3rd disqualifies (spec 2 section 4).
      return d1
        .prepare(
          `UPDATE student_tests SET
             tab_switch_count = tab_switch_count + 1,
             is_locked = CASE WHEN tab_switch_count + 1 >= ?2 THEN 0 ELSE 1 END,
             is_disqualified = CASE WHEN tab_switch_count + 1 >= ?2 THEN 1 ELSE is_disqualified END,
             status = CASE WHEN tab_switch_count + 1 >= ?2 THEN 'disqualified' ELSE status END
           WHERE id = ?1 AND changes() = 1`,
        )
        .bind(test.id, TEST_RULES.maxTabSwitches);
    }
    case "unlock": {
      if (!test.isLocked || test.isDisqualified) return null;
      const correct = Boolean(room.unlockCode) && safeEqual(String(entry.payload.code ?? "").trim(), room.unlockCode!);
      if (correct) {
        return d1
          .prepare("UPDATE student_tests SET is_locked = 0, unlock_attempts_remaining = ? WHERE id = ? AND changes() = 1")
          .bind(TEST_RULES.unlockAttempts, test.id);
      }
      return d1
        .prepare(
          `UPDATE student_tests SET
             unlock_attempts_remaining = unlock_attempts_remaining - 1,
             is_disqualified = CASE WHEN unlock_attempts_remaining - 1 <= 0 THEN 1 ELSE is_disqualified END,
             status = CASE WHEN unlock_attempts_remaining - 1 <= 0 THEN 'disqualified' ELSE status END,
             is_locked = CASE WHEN unlock_attempts_remaining - 1 <= 0 THEN 0 ELSE is_locked END
           WHERE id = ? AND changes() = 1`,
        )
        .bind(test.id);
    }
  }
  return null;
}
