// Submissions: recording a judged one, scoring (spec 2 section 9: the
// coding formulas, MCQ graded on the server), finishing, and what each
// audience may see of them (students never see hidden cases' input or
// expected output, nor which MCQ option was correct). Used by the test pages,
// the journal, the results and the evaluation pages.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import {
  liveCodeProgress,
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
import type { JudgeResult } from "~/lib/runner/client.server";
import type { Room } from "~/lib/rooms/rooms.server";
import { codingQuestionIds, type StudentTest } from "./student-tests.server";
import { ensureDraw, readDraw } from "~/lib/rooms/draws.server";
import { ownOptionIndex } from "~/lib/rooms/sections";
import { selectInChunks } from "~/lib/d1/queries.server";
import { codingMarks, codingShareOf, type WeightedCase } from "./coding-marks";
import { isReleased, shownCases, shownResult, type ShownResult, type StudentSight } from "~/lib/results/release";
import { TEST_RULES } from "./test-rules";
import { latestCode } from "./code-journal.server";

const ANSWER_MESSAGE = "Each answer must be exactly one of the options";
/** Question id -> chosen option 0-3 (spec 2 section 5: exactly one option). Unknown ids are ignored by the grader. */
export const McqAnswersSchema = z.record(
  z.string(),
  z.number({ invalid_type_error: ANSWER_MESSAGE }).int(ANSWER_MESSAGE).min(0, ANSWER_MESSAGE).max(3, ANSWER_MESSAGE),
);
export { ANSWER_MESSAGE };

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
  judged: string[],
  /** Every case of the question, with its points: marks and score weigh each by them (decision 037). */
  cases: readonly WeightedCase[],
  /** The question's marks in this test (`codingShareOf`: 100 shared among the questions drawn). */
  of: number,
  writtenAt: Date = new Date(),
) {
  // Only the question's own cases are kept; the count and the marks follow the same ids.
  const passedIds = cases.filter((c) => judged.includes(c.id)).map((c) => c.id);
  const total = cases.length;
  const { marks, score } = codingMarks({ passedIds, cases, of });
  const judgedAt = new Date();
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
        judgedAt,
      })
      .onConflictDoUpdate({
        target: [submissions.studentTestId, submissions.questionId],
        set: {
          code,
          testCasesPassed: passedIds.length,
          testCasesTotal: total,
          score,
          marksObtained: marks,
          passedTestCaseIds: passedIds,
          submittedAt: writtenAt,
          judgedAt,
          // A new Submit is judged by the runner again: no hand evaluation stands for it.
          evaluatedAt: null,
        },
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
    db.update(studentTests).set({ totalScore: testTotal }).where(eq(studentTests.id, test.id)),
  ]);
  return { marks, score };
}

/**
 * A coding test's total as an UPDATE of `student_tests` sets it: recomputed
 * from its stored submissions, capped at 100. Submit Code and a rejudge's
 * Apply both set it so.
 */
export const testTotal = sql<number>`min(100, (select coalesce(sum(${submissions.marksObtained}), 0) from ${submissions} where ${submissions.studentTestId} = ${studentTests.id}))`;

/** Finish Test (coding): completed if every question has a submission, attempted if some. */
export async function finishCodingTest(db: Db, room: Room, test: StudentTest) {
  const ids = await codingQuestionIds(db, room, test);
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

/**
 * MCQ submit: graded here, 5 marks per correct answer (README difference 4),
 * over this student's draw (decision 040). An answer is an index in the order
 * the student saw; it is mapped back through the stored option order, and the
 * submission keeps the question's own index (so results read one meaning).
 */
export async function submitMcqTest(db: Db, room: Room, test: StudentTest, answers: Record<string, number>) {
  const draw = await ensureDraw(db, room, test);
  const found = await selectInChunks(db, draw.map((d) => d.questionId), (ids) =>
    db
      .select({ id: questions.id, title: questions.title, mcqOptions: questions.mcqOptions })
      .from(questions)
      .where(and(inArray(questions.id, ids), eq(questions.type, "mcq"))),
  );
  // In the draw's order; a question deleted from the bank since is not graded.
  const rows = draw.flatMap((d) => {
    const q = found.find((f) => f.id === d.questionId);
    return q ? [{ ...q, optionOrder: d.optionOrder }] : [];
  });
  const now = new Date();
  let correct = 0;
  const perQuestion = rows.map((q) => {
    const options = q.mcqOptions as McqOptions | null;
    const shown = answers[q.id];
    const chosen = typeof shown === "number" ? ownOptionIndex(shown, q.optionOrder, options?.options.length ?? 0) : undefined;
    const right = chosen !== undefined && chosen === options?.correct_index;
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

// ------------------------------------------------------------------ what each audience sees

/** Who is looking: students see hidden cases as pass/fail only; admins see everything. */
export type Audience = "student" | "admin";

export type CaseResult = {
  id: string;
  hidden: boolean;
  passed: boolean;
  verdict: string;
  /** Open cases (and every case for an admin) only. */
  input?: string;
  expectedOutput?: string;
  actualOutput?: string;
  error?: string | null;
  /** Verdict "JE" (a custom checker failed), admins only: what the checker did. Students see "Not judged". */
  checkerError?: string;
};

/** A case the output checker could not judge (verdict "JE"): not a verdict on the student's program. */
export const NOT_JUDGED = "JE";

/**
 * A runner's verdicts per case, cut down to what this audience may see. A
 * "JE" case (the custom checker crashed) is "Not judged" for a student, with
 * no trace of the checker's message; an admin gets the message.
 */
export function caseResults(
  result: JudgeResult,
  cases: { id: string; input: string; expectedOutput: string; isHidden: boolean }[],
  audience: Audience,
): CaseResult[] {
  return cases.map((c) => {
    const r = result.testResults.find((t) => String(t.testCaseId) === c.id);
    const base = { id: c.id, hidden: c.isHidden, passed: r?.passed ?? false, verdict: r?.verdict ?? "RE" };
    if (c.isHidden && audience === "student") return base;
    const judgeError = r?.verdict === NOT_JUDGED;
    const shown = { ...base, input: c.input, expectedOutput: c.expectedOutput, actualOutput: r?.actualOutput ?? "" };
    if (audience === "student") return { ...shown, error: judgeError ? null : (r?.error ?? null) };
    return { ...shown, error: r?.error ?? null, ...(judgeError ? { checkerError: r?.checkerError ?? r?.error ?? "The output checker failed" } : {}) };
  });
}

export type SubmissionCase = {
  /** Admins only (the evaluation page ticks cases by id). */
  id?: string;
  number: number;
  hidden: boolean;
  points: number;
  passed: boolean;
  /** Open cases (and every case for an admin) only. */
  input?: string;
  expectedOutput?: string;
};

export type SubmittedQuestion = {
  id: string;
  title: string;
  language: Room["language"];
  /** The submitted code, or the last saved code when nothing was submitted. */
  code: string;
  submitted: boolean;
  passed: number;
  total: number;
  /** Marks of `maxMarks`, by the cases' points (decision 037), as stored when judged. */
  marks: number;
  /** The question's marks in this test: 100 shared among the questions drawn (`codingShareOf`; 50 of 2). */
  maxMarks: number;
  /** The same share in percent, rounded (the submission's score); the pass rate is `passed` of `total`. */
  score: number;
  submittedAt: number | null;
  cases: SubmissionCase[];
};

export type SubmissionView = {
  testId: string;
  roomId: string;
  roomName: string;
  questionType: Room["questionType"];
  language: Room["language"];
  student: { id: string; name: string; email: string };
  status: StudentTest["status"];
  isDisqualified: boolean;
  totalScore: number;
  maxScore: number;
  tabSwitchCount: number;
  submittedAt: number | null;
  createdAt: number;
  /** Coding tests: every question the student got, submitted or not. */
  questions: SubmittedQuestion[];
  /** Whether the room's results are released to its students (decision 041). */
  released: boolean;
  /** MCQ tests: how many were answered out of how many, and the questions as this student saw them. */
  mcq: { answered: number; total: number; questions: McqReviewQuestion[] } | null;
};

/**
 * An MCQ question as the student saw it (decision 040): their options in their
 * order, and their answer as a position in that order. `correct` (the same,
 * for the right option) is only ever set for an administrator.
 */
export type McqReviewQuestion = { id: string; title: string; options: string[]; chosen: number | null; correct?: number };

/**
 * An MCQ test's questions in the student's order with their options in the
 * student's order (decision 040). The draw as stored; a test that started
 * before sections and has none yet gets its own (the legacy order, stored);
 * a test with neither shows its submissions. Submissions store the question's
 * own option index, mapped here to the position the student saw. The right
 * option (`withKey`) only for those who may see a question's secrets.
 */
async function mcqReview(db: Db, room: Room, test: StudentTest, subs: (typeof submissions.$inferSelect)[], withKey: boolean): Promise<McqReviewQuestion[]> {
  let draw = await readDraw(db, test.id);
  if (draw.length === 0 && test.legacyDraw) draw = await ensureDraw(db, room, test).catch(() => []);
  if (draw.length === 0) draw = subs.map((s) => ({ questionId: s.questionId, sectionId: null, optionOrder: null }));
  const rows = await selectInChunks(db, draw.map((d) => d.questionId), (ids) =>
    db.select({ id: questions.id, title: questions.title, mcqOptions: questions.mcqOptions }).from(questions).where(inArray(questions.id, ids)),
  );
  return draw.map((d) => {
    const q = rows.find((r) => r.id === d.questionId);
    const sub = subs.find((s) => s.questionId === d.questionId);
    const own = (q?.mcqOptions as McqOptions | null | undefined) ?? null;
    const options = own?.options ?? [];
    const order = d.optionOrder && d.optionOrder.length === options.length ? d.optionOrder : options.map((_, i) => i);
    const chosenOwn = sub && /^\d+$/.test(sub.code) ? Number(sub.code) : null;
    const shown = (ownIndex: number | null) => (ownIndex === null || order.indexOf(ownIndex) < 0 ? null : order.indexOf(ownIndex));
    return {
      id: d.questionId,
      title: q?.title ?? sub?.questionTitle ?? "Question",
      options: order.map((i) => options[i] ?? ""),
      chosen: shown(chosenOwn),
      ...(withKey && own ? { correct: shown(own.correct_index) ?? undefined } : {}),
    };
  });
}

/**
 * A student test as its submission view shows it (spec 2: "Submission
 * view"). Students see hidden cases' status only; the caller checks who may
 * see which test (students only their own).
 */
export async function submissionView(
  db: Db,
  env: Env,
  testId: string,
  audience: Audience,
  /** A course instructor's admin view (decision 025): hidden cases as verdicts only, like a student's. */
  {
    hiddenCases = audience === "admin",
    mcqKey = audience === "admin" && hiddenCases,
  }: {
    hiddenCases?: boolean;
    /** The right MCQ options: a full administrator's, or a student's view that `showToStudent` reduces to what the room's review allows. */
    mcqKey?: boolean;
  } = {},
): Promise<SubmissionView | null> {
  const row = await db
    .select({ test: studentTests, room: testRooms, name: user.name, email: user.email })
    .from(studentTests)
    .innerJoin(testRooms, eq(testRooms.id, studentTests.roomId))
    .innerJoin(user, eq(user.id, studentTests.studentId))
    .where(eq(studentTests.id, testId))
    .get();
  if (!row) return null;
  const { test, room } = row;
  const subs = await db.select().from(submissions).where(eq(submissions.studentTestId, test.id));
  const base = {
    testId: test.id,
    roomId: room.id,
    roomName: room.roomName,
    questionType: room.questionType,
    language: room.language,
    student: { id: test.studentId, name: row.name, email: row.email },
    status: test.status,
    isDisqualified: test.isDisqualified,
    totalScore: test.totalScore,
    maxScore: test.maxScore,
    tabSwitchCount: test.tabSwitchCount,
    submittedAt: test.submittedAt?.getTime() ?? null,
    createdAt: test.createdAt.getTime(),
    released: isReleased(room),
  };
  if (room.questionType === "mcq") {
    // The right options go with the hidden cases: to a full administrator only, never a student or a course instructor (decision 025).
    const review = await mcqReview(db, room, test, subs, mcqKey);
    // An MCQ submission's code holds the chosen option; '' is unanswered.
    return { ...base, questions: [], mcq: { answered: subs.filter((s) => s.code !== "").length, total: Math.max(review.length, subs.length), questions: review } };
  }
  // The student's own questions (a stable per-student pick), plus any submitted
  // question no longer in the room: nothing submitted ever disappears.
  const assigned = await codingQuestionIds(db, room, test).catch(() => [] as string[]);
  const ids = [...assigned, ...subs.map((s) => s.questionId).filter((id) => !assigned.includes(id))];
  if (ids.length === 0) return { ...base, questions: [], mcq: null };
  const [qs, cases, saved] = await Promise.all([
    db.select({ id: questions.id, title: questions.title }).from(questions).where(inArray(questions.id, ids)),
    db.select().from(testCases).where(inArray(testCases.questionId, ids)).orderBy(asc(testCases.position)),
    latestCode(db, env, room.id, test.id),
  ]);
  return {
    ...base,
    mcq: null,
    questions: ids.map((id): SubmittedQuestion => {
      const sub = subs.find((s) => s.questionId === id);
      const passedIds = new Set(sub?.passedTestCaseIds ?? []);
      const own = cases.filter((c) => c.questionId === id);
      return {
        id,
        title: qs.find((q) => q.id === id)?.title ?? sub?.questionTitle ?? "Question",
        language: sub?.language ?? room.language,
        code: sub?.code ?? saved.find((p) => p.questionId === id)?.code ?? "",
        submitted: Boolean(sub),
        passed: sub?.testCasesPassed ?? 0,
        total: sub?.testCasesTotal ?? own.length,
        marks: sub?.marksObtained ?? 0,
        maxMarks: codingShareOf(assigned, id),
        score: sub?.score ?? 0,
        submittedAt: sub?.submittedAt.getTime() ?? null,
        cases: own.map((c, i) => {
          const shown = !c.isHidden || hiddenCases;
          return {
            ...(audience === "admin" ? { id: c.id } : {}),
            number: i + 1,
            hidden: c.isHidden,
            points: c.points,
            passed: passedIds.has(c.id),
            ...(shown ? { input: c.input, expectedOutput: c.expectedOutput } : {}),
          };
        }),
      };
    }),
  };
}

// ------------------------------------------------------------------ what a student sees (decision 041)

export type ShownCase = Omit<SubmissionCase, "passed"> & { passed?: boolean };
export type ShownQuestion = Omit<SubmittedQuestion, "passed" | "total" | "marks" | "score" | "cases"> & ShownResult & { cases: ShownCase[] };
export type ShownMcqQuestion = McqReviewQuestion & { right?: boolean };
/** The submission view as a student may see it: every figure null and every verdict absent that the room's release or review withholds. */
export type ShownSubmissionView = Omit<SubmissionView, "totalScore" | "maxScore" | "questions" | "mcq"> & {
  totalScore: number | null;
  maxScore: number | null;
  questions: ShownQuestion[];
  mcq: { answered: number; total: number; questions: ShownMcqQuestion[] } | null;
};

/** Reduces a student's submission view to what `sight` allows; the right MCQ options go only with Correct MCQ answers. */
export function showToStudent(view: SubmissionView, sight: StudentSight): ShownSubmissionView {
  return {
    ...view,
    totalScore: sight.score ? view.totalScore : null,
    maxScore: sight.score ? view.maxScore : null,
    questions: view.questions.map(({ passed, total, marks, score, cases, ...q }) => {
      const verdicts = cases.map((c, i) => ({ hidden: c.hidden, passed: c.passed, i }));
      const shown = new Set(shownCases(sight, verdicts).map((c) => c.i));
      return {
        ...q,
        ...shownResult(sight, { cases: verdicts, marks, score }),
        cases: cases.map(({ passed: casePassed, ...c }, i) => (shown.has(i) ? { ...c, passed: casePassed } : c)),
      };
    }),
    mcq: view.mcq && {
      answered: view.mcq.answered,
      total: view.mcq.total,
      questions: view.mcq.questions.map(({ correct, ...q }) => ({
        ...q,
        ...(sight.mcqRight && q.chosen !== null && correct !== undefined ? { right: q.chosen === correct } : {}),
        ...(sight.mcqAnswers && correct !== undefined ? { correct } : {}),
      })),
    },
  };
}
