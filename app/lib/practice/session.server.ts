// The student's side of practice rooms: the rooms they joined, and the
// practice session (spec 2: /practice/{roomId}/coding). Nothing here writes:
// practice is never saved on the server. Hidden test cases are judged here and
// only their pass/fail leaves the server, never their input or expected output.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { practiceParticipants, practiceRooms, questions, testCases } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { selectInChunks } from "~/lib/d1/queries.server";
import { FormError } from "~/lib/http/forms.server";
import { judgeCases } from "~/lib/runner/judge.server";
import { gradingColumns, publicLimits, studentQuestionColumns, toGrading } from "~/lib/questions/grading.server";
import { codingMarks } from "~/lib/student-tests/coding-marks";
import { caseResults } from "~/lib/student-tests/submissions.server";
import type { PracticeRoom } from "./practice-rooms.server";
import { PRACTICE_MESSAGES } from "./validation";

/** The student may not open or run this room: not found, not a member, or deactivated. */
export class PracticeAccessError extends FormError {}

/** The room, if the student joined it and it is active; otherwise the reason as a 403/404. */
export async function requirePracticeAccess(db: Db, studentId: string, roomId: string): Promise<PracticeRoom> {
  const row = await db
    .select({ room: practiceRooms, memberId: practiceParticipants.id })
    .from(practiceRooms)
    .leftJoin(
      practiceParticipants,
      and(eq(practiceParticipants.practiceRoomId, practiceRooms.id), eq(practiceParticipants.studentId, studentId)),
    )
    .where(eq(practiceRooms.id, roomId))
    .get();
  if (!row) throw new PracticeAccessError(PRACTICE_MESSAGES.notFound, 404);
  if (!row.memberId) throw new PracticeAccessError(PRACTICE_MESSAGES.notMember, 403);
  if (!row.room.isActive) throw new PracticeAccessError(PRACTICE_MESSAGES.inactive, 403);
  return row.room;
}

/** The practice rooms this student joined that are still active, most recently joined first (/student/practice). */
export async function joinedPracticeRooms(db: Db, studentId: string) {
  const rows = await db
    .select({
      id: practiceRooms.id,
      roomName: practiceRooms.roomName,
      category: practiceRooms.category,
      joinedAt: practiceParticipants.joinedAt,
    })
    .from(practiceParticipants)
    .innerJoin(practiceRooms, eq(practiceRooms.id, practiceParticipants.practiceRoomId))
    .where(and(eq(practiceParticipants.studentId, studentId), eq(practiceRooms.isActive, true)))
    .orderBy(desc(practiceParticipants.joinedAt));
  return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.getTime() }));
}

/**
 * The category's coding questions as the practice page shows them: title,
 * description, language, the open cases in full and only the number of the
 * rest. Hidden cases' input and expected output are never even read here.
 */
export async function practiceQuestions(db: Db, room: PracticeRoom) {
  const qs = await db
    .select(studentQuestionColumns)
    .from(questions)
    .where(and(eq(questions.category, room.category), eq(questions.type, "coding")))
    .orderBy(asc(questions.createdAt), asc(questions.title));
  if (qs.length === 0) return [];
  const ids = qs.map((q) => q.id);
  // A category can hold any number of questions: the ids go in chunks (D1's 100 parameters).
  const [open, totals] = await Promise.all([
    selectInChunks(db, ids, (part) =>
      db
        .select({ id: testCases.id, questionId: testCases.questionId, input: testCases.input, expectedOutput: testCases.expectedOutput })
        .from(testCases)
        .where(and(inArray(testCases.questionId, part), eq(testCases.isHidden, false)))
        .orderBy(asc(testCases.position)),
    ),
    selectInChunks(db, ids, (part) =>
      db.select({ questionId: testCases.questionId, n: count() }).from(testCases).where(inArray(testCases.questionId, part)).groupBy(testCases.questionId),
    ),
  ]);
  return qs.map(({ timeLimitMs, memoryLimitMb, ...q }) => ({
    ...q,
    limits: publicLimits({ timeLimitMs, memoryLimitMb }),
    openCases: open.filter((c) => c.questionId === q.id).map(({ id, input, expectedOutput }) => ({ id, input, expectedOutput })),
    totalCases: totals.find((t) => t.questionId === q.id)?.n ?? 0,
  }));
}

/**
 * Run Tests: the student's code judged on the runner against every case of
 * one of the room's questions, in the question's language. Open cases come
 * back in full; hidden ones as pass/fail (and the verdict) only. The marks
 * and score are the test's (by the cases' points), for the summary only.
 */
export async function runPracticeQuestion(context: AppLoadContext, room: PracticeRoom, questionId: string, code: string) {
  const question = await context.db
    .select({ id: questions.id, language: questions.language, ...gradingColumns })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.category, room.category), eq(questions.type, "coding")))
    .get();
  if (!question) throw new FormError(PRACTICE_MESSAGES.notInRoom, 404);
  const cases = await context.db.select().from(testCases).where(eq(testCases.questionId, question.id)).orderBy(asc(testCases.position));
  if (cases.length === 0) throw new FormError(PRACTICE_MESSAGES.noCases);
  const result = await judgeCases(context, question.language, code, cases, PRACTICE_MESSAGES.runFailed, { grading: toGrading(question) });
  const shown = caseResults(result, cases, "student");
  const passedIds = shown.filter((c) => c.passed).map((c) => c.id);
  // What the run would score in a test (decision 037); shown, never stored.
  const { marks, score } = codingMarks({ passedIds, cases });
  return { questionId: question.id, compile: result.compile, cases: shown, passed: passedIds.length, total: cases.length, marks, score };
}
