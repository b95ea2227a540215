// The student's path through a test, with every rule enforced here: joining
// by OTP, launching, time, the questions a student may see (never hidden cases
// or correct answers) and the test's state. Recording and scoring live in
// submissions.server.ts, the offline journal in journal.server.ts.
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { TestState } from "./journal-protocol";
import {
  questions,
  roomParticipants,
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
import { drawFor, drawStatement, ensureDraw, storeDraw } from "~/lib/rooms/draws.server";
import { optionsInOrder } from "~/lib/rooms/sections";
import { selectInChunks } from "~/lib/d1/queries.server";
import { accountExtraTime } from "./student-time.server";
import { effectiveExtraTime, extraTimeMs, ownExtraTime, studentDeadline, type StudentTime } from "./student-time";
import { TEST_RULES } from "./test-rules";
import { codingShareOf } from "./coding-marks";
import { shownResult, studentSight, type StudentSight } from "~/lib/results/release";
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

/**
 * Launch (terms accepted): creates the student test once, with its draw
 * (decision 040), and the max score by type (spec 2 section 4; MCQ: 5 x the
 * questions drawn). A second launch, or one racing this, gets the stored draw.
 */
export async function launchTest(db: Db, studentId: string, roomId: string) {
  const { room, participant } = await requireMembership(db, studentId, roomId);
  if (!room.isActive) throw new FormError("The test has not started yet", 409);
  const existing = await findTest(db, studentId, roomId);
  if (existing) {
    await ensureDraw(db, room, existing);
    return { room, test: existing };
  }
  // Drawn before the test row exists, so a section too small refuses the launch and leaves nothing behind.
  const draw = await drawFor(db, room);
  const maxScore = room.questionType === "mcq" ? draw.length * TEST_RULES.mcqMarks : 100;
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
  const test = (await findTest(db, studentId, roomId))!;
  // INSERT OR IGNORE, then read: a launch that raced this one and stored first keeps its draw.
  await storeDraw(db, test.id, draw);
  return { room, test };
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

/** A test's drawn questions as a statement that can join a D1 batch before the test is read (the journal's hot path). */
export function testDrawStatement(db: Db, testId: string) {
  return drawStatement(db, testId);
}

/** The coding questions this student was given (their stored draw, decision 040), in the order shown. */
export async function codingQuestionIds(db: Db, room: Room, test: Pick<StudentTest, "id" | "studentId" | "legacyDraw">) {
  return (await ensureDraw(db, room, test)).map((d) => d.questionId);
}

/** What the coding test page may show: open cases only, never hidden inputs or outputs. */
export async function codingTestView(db: Db, env: Env, room: Room, test: StudentTest) {
  const sight = studentSight(room);
  const drawn = await codingQuestionIds(db, room, test);
  const [qs, cases, progress, subs] = await Promise.all([
    db
      .select(studentQuestionColumns)
      .from(questions)
      .where(inArray(questions.id, drawn)),
    db
      .select({ id: testCases.id, questionId: testCases.questionId, input: testCases.input, expectedOutput: testCases.expectedOutput, isHidden: testCases.isHidden, position: testCases.position })
      .from(testCases)
      .where(inArray(testCases.questionId, drawn))
      .orderBy(asc(testCases.position)),
    latestCode(db, env, room.id, test.id),
    db.select().from(submissions).where(eq(submissions.studentTestId, test.id)),
  ]);
  // A question deleted from the bank since the draw is not shown.
  const ids = drawn.filter((id) => qs.some((x) => x.id === id));
  return ids.map((id) => {
    const q = qs.find((x) => x.id === id)!;
    const own = cases.filter((c) => c.questionId === id);
    const sub = subs.find((s) => s.questionId === id);
    return {
      id,
      title: q.title,
      description: q.description,
      limits: publicLimits(q),
      /** Its marks in this test: 100 shared among the questions drawn (decision 040). */
      marks: codingShareOf(drawn, id),
      openCases: own.filter((c) => !c.isHidden).map((c) => ({ id: c.id, input: c.input, expectedOutput: c.expectedOutput })),
      totalCases: own.length,
      code: progress.find((p) => p.questionId === id)?.code ?? "",
      codeSavedAt: progress.find((p) => p.questionId === id)?.lastUpdated.getTime() ?? null,
      // What the student may see of it (decision 041): counts over the cases the review shows, marks with Score; nothing while held.
      submission: sub
        ? {
            ...shownResult(sight, {
              cases: own.map((c) => ({ hidden: c.isHidden, passed: sub.passedTestCaseIds.includes(c.id) })),
              marks: sub.marksObtained,
              score: sub.score,
            }),
            submittedAt: sub.submittedAt.getTime(),
          }
        : null,
    };
  });
}

/** All test cases of one of this student's questions, for judging on the server only. */
/** A question of the student's test: its cases to judge (open ones only for Run Code) and its marks in this test (`codingShareOf`). */
export async function casesForJudging(db: Db, room: Room, test: StudentTest, questionId: string, openOnly: boolean) {
  const ids = await codingQuestionIds(db, room, test);
  if (!ids.includes(questionId)) throw new FormError("This question is not part of your test", 403);
  const all = await db.select().from(testCases).where(eq(testCases.questionId, questionId)).orderBy(asc(testCases.position));
  return { cases: openOnly ? all.filter((c) => !c.isHidden) : all, marks: codingShareOf(ids, questionId) };
}

export type McqView = { id: string; title: string; options: string[] };

/**
 * The MCQ page's questions: this student's draw, in its order, each with its
 * options in the stored order (decision 040). Never the correct index.
 */
export async function mcqTestView(db: Db, env: Env, room: Room, test: StudentTest) {
  const draw = await ensureDraw(db, room, test);
  const rows = await selectInChunks(db, draw.map((d) => d.questionId), (ids) =>
    db
      .select({ id: questions.id, title: questions.title, mcqOptions: questions.mcqOptions })
      .from(questions)
      .where(and(inArray(questions.id, ids), eq(questions.type, "mcq"))),
  );
  const progress = (await latestCode(db, env, room.id, test.id)).find((p) => p.questionId === MCQ_PROGRESS);
  return {
    questions: draw.flatMap((d): McqView[] => {
      const r = rows.find((x) => x.id === d.questionId);
      // A question deleted from the bank since the draw is not shown (nor graded).
      if (!r) return [];
      return [{ id: r.id, title: r.title, options: optionsInOrder((r.mcqOptions as McqOptions | null)?.options ?? [], d.optionOrder) }];
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

/** The test's state for its student: the score only once they may see it (decision 041). */
export function testState(room: Room, test: StudentTest, sight: StudentSight = studentSight(room)): TestState {
  return {
    status: test.status,
    isDisqualified: test.isDisqualified,
    isLocked: test.isLocked,
    tabSwitchCount: test.tabSwitchCount,
    unlockAttemptsRemaining: test.unlockAttemptsRemaining,
    endsAt: deadline(room, test),
    serverNow: Date.now(),
    totalScore: sight.score ? test.totalScore : null,
    maxScore: sight.score ? test.maxScore : null,
    submittedAt: test.submittedAt?.getTime() ?? null,
  };
}
