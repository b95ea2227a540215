// Run and Submit for the coding test. Hidden cases are judged here and only
// their pass/fail leaves the server: never their input, expected or actual output.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { questions } from "~/db/schema";
import { FormError } from "~/lib/http/forms.server";
import type { Room } from "~/lib/rooms/rooms.server";
import { judgeCases } from "~/lib/runner/judge.server";
import { gradingColumns, questionGrading, toGrading } from "~/lib/questions/grading.server";
import { recordRunnerUse } from "~/lib/monitor/activity.server";
import { shownCases, shownResult, studentSight } from "~/lib/results/release";
import { JournalRetry, type Judge } from "./journal.server";
import { assertCanAnswer, casesForJudging, type StudentTest } from "./student-tests.server";
import { caseResults, recordSubmission } from "./submissions.server";

export type { CaseResult } from "./submissions.server";

function assertUnlocked(test: StudentTest) {
  if (test.isLocked) throw new FormError("Enter the unlock code to continue", 423);
}

export async function runOpenCases(context: AppLoadContext, room: Room, test: StudentTest, questionId: string, code: string) {
  assertCanAnswer(room, test);
  assertUnlocked(test);
  const { cases } = await casesForJudging(context.db, room, test, questionId, true);
  if (cases.length === 0) throw new FormError("No open test cases available");
  const grading = await questionGrading(context.db, questionId);
  const result = await judgeCases(context, room.language, code, cases, "Failed to run code", { grading });
  await recordRunnerUse(context.db, test.id, { kind: "run", questionId, passed: result.passedCount, total: result.totalTestCases });
  return { compile: result.compile, cases: caseResults(result, cases, "student"), passed: result.passedCount, total: result.totalTestCases };
}

export async function submitCode(context: AppLoadContext, room: Room, test: StudentTest, questionId: string, code: string) {
  assertCanAnswer(room, test);
  assertUnlocked(test);
  // A Submit Code waits its turn in a full runner queue (the end of a test, a whole school at once) rather than failing.
  return judgeAndRecord(context, room, test, questionId, code, { waitWhileBusy: true });
}

/** Judges all cases of one question and stores the submission; the test total follows. */
async function judgeAndRecord(
  context: AppLoadContext,
  room: Room,
  test: StudentTest,
  questionId: string,
  code: string,
  { writtenAt = new Date(), waitWhileBusy = false }: { writtenAt?: Date; waitWhileBusy?: boolean } = {},
) {
  const { cases, marks: of } = await casesForJudging(context.db, room, test, questionId, false);
  const { timeLimitMs, memoryLimitMb, checker, ...question } = (await context.db
    .select({ id: questions.id, title: questions.title, ...gradingColumns })
    .from(questions)
    .where(eq(questions.id, questionId))
    .get())!;
  const grading = toGrading({ timeLimitMs, memoryLimitMb, checker });
  const result = await judgeCases(context, room.language, code, cases, "Failed to submit code", { waitWhileBusy, grading });
  const passedIds = result.testResults.filter((t) => t.passed).map((t) => String(t.testCaseId));
  const { marks, score } = await recordSubmission(context.db, test, { ...question, language: room.language }, code, passedIds, cases, of, writtenAt);
  const open = new Set(cases.filter((c) => !c.isHidden).map((c) => c.id));
  await recordRunnerUse(context.db, test.id, { kind: "submit", questionId, openPassed: passedIds.filter((id) => open.has(id)).length });
  // What the student may see of it (decision 041): nothing while the room's results are held, then the review options' part.
  const sight = studentSight(room);
  const passed = new Set(passedIds);
  const shown = shownResult(sight, { cases: cases.map((c) => ({ hidden: c.isHidden, passed: passed.has(c.id) })), marks, score });
  return { compile: sight.released ? result.compile : null, cases: shownCases(sight, caseResults(result, cases, "student")), ...shown };
}

/**
 * The judge for Submit Code entries queued offline: the journal has already
 * checked time, lock and question. A runner that cannot be reached makes the
 * journal stop and the client resend later, so the submission is never lost.
 */
export function journalJudge(context: AppLoadContext, room: Room, test: StudentTest): Judge {
  return async (questionId, code, writtenAt) => {
    try {
      const { passed, total, marks, score } = await judgeAndRecord(context, room, test, questionId, code, { writtenAt });
      return { passed, total, marks, score };
    } catch (error) {
      if (error instanceof FormError && error.status === 503) throw new JournalRetry(error.message);
      throw error;
    }
  };
}
