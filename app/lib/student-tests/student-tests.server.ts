// The student's path through a test, with every rule enforced here: joining
// by OTP, launching, time, the questions a student may see (never hidden cases
// or correct answers) and the test's state. Recording and scoring live in
// submissions.server.ts, the offline journal in journal.server.ts.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { TestState } from "./journal-protocol";
import {
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
import type { Db } from "~/lib/d1/db.server";
import { FormError } from "~/lib/http/forms.server";
import { findRoomByOtp, InvalidOtpError, type Room } from "~/lib/rooms/rooms.server";
import { accountExtraTime } from "./student-time.server";
import { effectiveExtraTime, extraTimeMs, ownExtraTime, studentDeadline, type StudentTime } from "./student-time";
import { TEST_RULES } from "./test-rules";
import { latestCode } from "./code-journal.server";
import { publicLimits, studentQuestionColumns } from "~/lib/questions/grading.server";

export { TEST_RULES };
export type { TestState };

export type StudentTest = typeof studentTests.$inferSelect;
type Student = { id: string; name: string; email: string };

// ------------------------------------------------------------------ joining

export async function joinTestRoom(db: Db, student: Student, otp: string) {
  const room = await findRoomByOtp(db, otp);
  if (!room) throw new InvalidOtpError();
  await enterRoom(db, student, room);
  return room;
}

/**
 * Makes the student a participant of the room, as a join does (the OTP's, or an
 * LMS launch's, whose enrolment is the proof): a removed participant stays out.
 */
export async function enterRoom(db: Db, student: Pick<Student, "id">, room: Room) {
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
  const { room, participant } = await requireMembership(db, studentId, roomId);
  if (!room.isActive) throw new FormError("The test has not started yet", 409);
  const existing = await findTest(db, studentId, roomId);
  if (existing) return { room, test: existing };
  const count = await db.select({ n: sql<number>`count(*)` }).from(roomQuestions).where(eq(roomQuestions.roomId, roomId)).get();
  const maxScore = room.questionType === "mcq" ? (count?.n ?? 0) * TEST_RULES.mcqMarks : 100;
  // The extra time set for them in this room, else their account's accommodation, is fixed now (decision 028).
  const extra = effectiveExtraTime(ownExtraTime(participant), await accountExtraTime(db, studentId));
  await db
    .insert(studentTests)
    .values({
      roomId,
      studentId,
      status: "in_progress",
      totalScore: 0,
      maxScore,
      accommodationMs: extraTimeMs(extra, room.durationMinutes),
      accommodationReason: extra?.reason ?? null,
    })
    .onConflictDoNothing();
  await db
    .update(roomParticipants)
    .set({ status: "in_progress" })
    .where(and(eq(roomParticipants.roomId, roomId), eq(roomParticipants.studentId, studentId), ne(roomParticipants.status, "removed")));
  return { room, test: (await findTest(db, studentId, roomId))! };
}

// ------------------------------------------------------------------ time

/** The deadline for this student: the room's ends_at plus their own time (studentDeadline, decision 028). */
export function deadline(room: Pick<Room, "endsAt">, test: StudentTime) {
  return studentDeadline(room.endsAt, test);
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

/** Shuffles computed in this isolate (a class autosaving asks for the same ones every 2 s), bounded. */
const shuffles = new Map<string, readonly string[]>();
const SHUFFLES_KEPT = 2000;

/** A stable per-student order, so every student sees their own shuffle on every load. */
async function shuffleFor(seed: string, ids: string[]) {
  const memo = `${seed}\0${ids.join(",")}`;
  const known = shuffles.get(memo);
  if (known) return known;
  const shuffled: readonly string[] = await computeShuffle(seed, ids);
  shuffles.set(memo, shuffled);
  if (shuffles.size > SHUFFLES_KEPT) shuffles.delete(shuffles.keys().next().value!);
  return shuffled;
}

async function computeShuffle(seed: string, ids: string[]) {
  const keyed = await Promise.all(
    ids.map(async (id) => {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${seed}:${id}`)));
      return { id, key: Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("") };
    }),
  );
  return keyed.sort((a, b) => (a.key < b.key ? -1 : 1)).map((k) => k.id);
}

/** The room's coding questions in its language, in any order. */
function roomCodingQuestionsStatement(db: Db, room: Room) {
  return db.$client
    .prepare("SELECT q.id AS id FROM room_questions rq JOIN questions q ON q.id = rq.question_id WHERE rq.room_id = ? AND q.type = 'coding' AND q.language = ?")
    .bind(room.id, room.language);
}

/** The same, found from a test's id alone: a statement that can join a D1 batch before the test is read (the journal's hot path). */
export function testCodingQuestionsStatement(db: Db, testId: string) {
  return db.$client
    .prepare(
      `SELECT q.id AS id FROM student_tests t JOIN test_rooms r ON r.id = t.room_id JOIN room_questions rq ON rq.room_id = t.room_id
       JOIN questions q ON q.id = rq.question_id WHERE t.id = ? AND q.type = 'coding' AND q.language = r.language`,
    )
    .bind(testId);
}

/** The 2 coding questions of the room's language this student gets. */
export async function codingQuestionIds(db: Db, room: Room, studentId: string) {
  const rows = await roomCodingQuestionsStatement(db, room).all<{ id: string }>();
  return pickCodingQuestions(room, studentId, rows.results);
}

/** This student's 2 of the room's coding questions (`roomCodingQuestionsStatement`'s rows): a stable shuffle. */
export async function pickCodingQuestions(room: Room, studentId: string, rows: { id: string }[]) {
  if (rows.length < TEST_RULES.codingQuestions) {
    const names = { c: "C", cpp: "C++", python: "Python", java: "Java" } as const;
    throw new FormError(`Not enough ${names[room.language]} questions available`, 409);
  }
  return (await shuffleFor(`${studentId}:${room.id}`, rows.map((r) => r.id))).slice(0, TEST_RULES.codingQuestions);
}

/** What the coding test page may show: open cases only, never hidden inputs or outputs. */
export async function codingTestView(db: Db, env: Env, room: Room, test: StudentTest) {
  const ids = await codingQuestionIds(db, room, test.studentId);
  const [qs, cases, progress, subs] = await Promise.all([
    db
      .select(studentQuestionColumns)
      .from(questions)
      .where(inArray(questions.id, ids)),
    db
      .select({ id: testCases.id, questionId: testCases.questionId, input: testCases.input, expectedOutput: testCases.expectedOutput, isHidden: testCases.isHidden, position: testCases.position })
      .from(testCases)
      .where(inArray(testCases.questionId, ids))
      .orderBy(asc(testCases.position)),
    latestCode(db, env, room.id, test.id),
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
      limits: publicLimits(q),
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
export async function mcqTestView(db: Db, env: Env, room: Room, test: StudentTest) {
  const rows = await db
    .select({ id: questions.id, title: questions.title, mcqOptions: questions.mcqOptions })
    .from(roomQuestions)
    .innerJoin(questions, eq(questions.id, roomQuestions.questionId))
    .where(and(eq(roomQuestions.roomId, room.id), eq(questions.type, "mcq")));
  const order = await shuffleFor(`${test.studentId}:${room.id}`, rows.map((r) => r.id));
  const progress = (await latestCode(db, env, room.id, test.id)).find((p) => p.questionId === MCQ_PROGRESS);
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

// ------------------------------------------------------------------ state

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
