// Rejudge with a preview (issue 35, decision 039), the Worker's side: start a
// rejudge (its items are copied from the final submissions in one statement),
// cancel it, ask the room's Durable Object to judge or apply it, and read what
// the results page shows: the open rejudge, its preview, the trail, and which
// questions changed after their submissions were judged.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { questions, rejudgeItems, rejudges, roomParticipants, roomQuestions, studentTests, submissions, testCases, testRooms, user } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { native, runNativeBatch } from "~/lib/d1/queries.server";
import { FormError } from "~/lib/http/forms.server";
import { publish, roomEvents, roomObject } from "~/lib/party.server";
import { caseFlips, REJUDGE_MESSAGES, type RejudgePreviewRow, type RejudgeSummary } from "./rejudge";

const OPEN = ["previewing", "ready", "applying"] as const;

/** Tells the room's admins where a rejudge stands (the results page's progress and panel). */
export function publishRejudge(env: Env, roomId: string, r: { id: string; state: RejudgeSummary["state"]; done: number; total: number }) {
  return publish(env, roomId, roomEvents.rejudgeChanged(roomId, r));
}

/**
 * Starts a rejudge of the room's final coding submissions (of one question,
 * or all): copies each one's current result, then hands the rejudge to the
 * room's object, which judges it in the background. A second open rejudge of
 * the room is refused (409) by the database's one-open index.
 */
export async function startRejudge(
  db: Db,
  env: Env,
  input: { roomId: string; questionId: string | null; admin: { id: string; name: string } },
): Promise<RejudgeSummary> {
  const { roomId, questionId, admin } = input;
  const room = await db.select({ questionType: testRooms.questionType }).from(testRooms).where(eq(testRooms.id, roomId)).get();
  if (!room) throw new FormError(REJUDGE_MESSAGES.roomNotFound, 404);
  if (room.questionType !== "coding") throw new FormError(REJUDGE_MESSAGES.notCoding);
  let questionTitle: string | null = null;
  if (questionId !== null) {
    // A question of the room, or one a student of the room submitted (it may have left the room since).
    const q = await db
      .select({ title: questions.title })
      .from(questions)
      .where(
        and(
          eq(questions.id, questionId),
          eq(questions.type, "coding"),
          sql`(exists (select 1 from ${roomQuestions} where ${roomQuestions.roomId} = ${roomId} and ${roomQuestions.questionId} = ${questions.id})
            or exists (select 1 from ${submissions} join ${studentTests} on ${studentTests.id} = ${submissions.studentTestId}
              where ${studentTests.roomId} = ${roomId} and ${submissions.questionId} = ${questions.id}))`,
        ),
      )
      .get();
    if (!q) throw new FormError(REJUDGE_MESSAGES.notInRoom, 404);
    questionTitle = q.title;
  }
  const scope = sql`t.room_id = ${roomId} and q.type = 'coding'${questionId === null ? sql`` : sql` and s.question_id = ${questionId}`}`;
  const count = await db.get<{ n: number }>(
    sql`select count(*) as n from submissions s join student_tests t on t.id = s.student_test_id join questions q on q.id = s.question_id where ${scope}`,
  );
  if (!count || count.n === 0) throw new FormError(REJUDGE_MESSAGES.nothing);

  const id = crypto.randomUUID();
  try {
    await runNativeBatch(db, [
      db.insert(rejudges).values({ id, roomId, questionId, questionTitle, createdBy: admin.id, createdByName: admin.name }),
      // Every final submission's result as it is now, in one statement (no list of ids, however many students).
      native(sql`insert into rejudge_items (id, rejudge_id, student_test_id, question_id, submission_id, submitted_at, old_passed_ids, old_marks, old_score, old_test_score, override_kept)
        select lower(hex(randomblob(16))), ${id}, s.student_test_id, s.question_id, s.id, s.submitted_at, s.passed_test_case_ids, s.marks_obtained, s.score, t.total_score,
          (t.admin_override_status is not null or s.evaluated_at is not null)
        from submissions s join student_tests t on t.id = s.student_test_id join questions q on q.id = s.question_id
        where ${scope}`),
      native(sql`update rejudges set
          total = (select count(*) from rejudge_items where rejudge_id = ${id}),
          students = (select count(distinct student_test_id) from rejudge_items where rejudge_id = ${id})
        where id = ${id}`),
    ]);
  } catch (error) {
    if (isOneOpenViolation(error)) throw new FormError(REJUDGE_MESSAGES.busy, 409);
    throw error;
  }
  try {
    const stub = roomObject(env, roomId);
    await stub.startRejudge(id);
  } catch (error) {
    console.error("rejudge: the room's object could not start it", error);
    await db.update(rejudges).set({ state: "failed", error: REJUDGE_MESSAGES.failed }).where(eq(rejudges.id, id));
    throw new FormError(REJUDGE_MESSAGES.failed, 503);
  }
  return (await rejudgeSummary(db, roomId, id))!;
}

function isOneOpenViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof Error && /UNIQUE constraint failed: rejudges\.room_id/.test(e.message)) return true;
  }
  return false;
}

/** Cancel discards a preview (judging or ready): its items go, the trail keeps the rejudge as cancelled. */
export async function cancelRejudge(db: Db, env: Env, roomId: string, rejudgeId: string) {
  const [cancelled] = await runNativeBatch(db, [
    native(sql`update rejudges set state = 'cancelled'
      where id = ${rejudgeId} and room_id = ${roomId} and state in ('previewing', 'ready')
      returning id, done, total`),
    native(sql`delete from rejudge_items where rejudge_id = ${rejudgeId} and exists (select 1 from rejudges where id = ${rejudgeId} and room_id = ${roomId} and state = 'cancelled')`),
  ]);
  const done = (cancelled?.results ?? []) as { id: string; done: number; total: number }[];
  const row = done[0];
  if (!row) throw await refusal(db, roomId, rejudgeId);
  await publishRejudge(env, roomId, { id: row.id, state: "cancelled", done: row.done, total: row.total });
}

/**
 * Apply: the room's object writes the preview's results (decision 039) and
 * tells the room; the LMS grades follow. Refused unless the preview is ready.
 */
export async function applyRejudgeInRoom(db: Db, env: Env, roomId: string, rejudgeId: string, admin: { name: string }) {
  const row = await db.select({ state: rejudges.state }).from(rejudges).where(and(eq(rejudges.id, rejudgeId), eq(rejudges.roomId, roomId))).get();
  if (!row) throw new FormError(REJUDGE_MESSAGES.notFound, 404);
  if (row.state !== "ready") throw await refusal(db, roomId, rejudgeId);
  const stub = roomObject(env, roomId);
  const outcome = await stub.applyRejudge(rejudgeId, admin.name);
  if (outcome === "not-ready") throw await refusal(db, roomId, rejudgeId);
  const counts = await db.get<{ written: number; kept: number }>(sql`select
      count(distinct case when override_kept = 0 then student_test_id end) as written,
      count(distinct case when override_kept = 1 then student_test_id end) as kept
    from rejudge_items where rejudge_id = ${rejudgeId} and (changed = 1 or new_test_score <> old_test_score)`);
  return { summary: (await rejudgeSummary(db, roomId, rejudgeId))!, written: counts?.written ?? 0, kept: counts?.kept ?? 0 };
}

/** Apply's answer: "Rejudge applied: 12 students' results changed; 2 kept by an override". */
export function appliedMessage({ written, kept }: { written: number; kept: number }) {
  const changed = `${written} ${written === 1 ? "student's result" : "students' results"} changed`;
  return `Rejudge applied: ${changed}${kept > 0 ? `; ${kept} kept by an override` : ""}`;
}

async function refusal(db: Db, roomId: string, rejudgeId: string) {
  const row = await db.select({ state: rejudges.state }).from(rejudges).where(and(eq(rejudges.id, rejudgeId), eq(rejudges.roomId, roomId))).get();
  if (!row) return new FormError(REJUDGE_MESSAGES.notFound, 404);
  return new FormError(row.state === "previewing" ? REJUDGE_MESSAGES.notReady : REJUDGE_MESSAGES.notOpen, 409);
}

const summaryColumns = {
  id: rejudges.id,
  questionId: rejudges.questionId,
  questionTitle: rejudges.questionTitle,
  createdByName: rejudges.createdByName,
  createdAt: rejudges.createdAt,
  state: rejudges.state,
  total: rejudges.total,
  done: rejudges.done,
  students: rejudges.students,
  changed: rejudges.changed,
  error: rejudges.error,
  appliedAt: rejudges.appliedAt,
  appliedByName: rejudges.appliedByName,
};

type SummaryRow = Pick<
  typeof rejudges.$inferSelect,
  "id" | "questionTitle" | "createdByName" | "createdAt" | "state" | "total" | "done" | "students" | "changed" | "error" | "appliedAt" | "appliedByName"
>;

function toSummary(r: SummaryRow): RejudgeSummary {
  return {
    id: r.id,
    questionTitle: r.questionTitle,
    wholeRoom: r.questionTitle === null,
    createdByName: r.createdByName,
    createdAt: r.createdAt.getTime(),
    state: r.state,
    total: r.total,
    done: r.done,
    students: r.students,
    changed: r.changed,
    error: r.error,
    appliedAt: r.appliedAt?.getTime() ?? null,
    appliedByName: r.appliedByName,
  };
}

export async function rejudgeSummary(db: Db, roomId: string, rejudgeId: string): Promise<RejudgeSummary | null> {
  const row = await db.select(summaryColumns).from(rejudges).where(and(eq(rejudges.id, rejudgeId), eq(rejudges.roomId, roomId))).get();
  return row ? toSummary(row) : null;
}

/** The results page's rejudge data: the trail (newest first), the open rejudge, its preview once ready, and what is out of date. */
export async function roomRejudges(db: Db, roomId: string) {
  const [trail, outOfDate] = await Promise.all([
    db.select(summaryColumns).from(rejudges).where(eq(rejudges.roomId, roomId)).orderBy(desc(rejudges.createdAt)).limit(20),
    outOfDateQuestions(db, roomId),
  ]);
  const summaries = trail.map(toSummary);
  const open = summaries.find((r) => (OPEN as readonly string[]).includes(r.state)) ?? null;
  const preview = open?.state === "ready" ? await rejudgePreview(db, roomId, open.id) : null;
  return { trail: summaries, open, preview, outOfDate };
}

/** Each student whose rejudged result differs: old → new test score, and per question the cases that flip. */
export async function rejudgePreview(db: Db, roomId: string, rejudgeId: string): Promise<RejudgePreviewRow[]> {
  const changedTests = db
    .select({ id: rejudgeItems.studentTestId })
    .from(rejudgeItems)
    .where(and(eq(rejudgeItems.rejudgeId, rejudgeId), sql`(${rejudgeItems.changed} = 1 or ${rejudgeItems.newTestScore} <> ${rejudgeItems.oldTestScore})`));
  const [items, cases] = await Promise.all([
    db
      .select({
        testId: rejudgeItems.studentTestId,
        questionId: rejudgeItems.questionId,
        title: questions.title,
        oldPassedIds: rejudgeItems.oldPassedIds,
        newPassedIds: rejudgeItems.newPassedIds,
        oldMarks: rejudgeItems.oldMarks,
        newMarks: rejudgeItems.newMarks,
        oldTestScore: rejudgeItems.oldTestScore,
        newTestScore: rejudgeItems.newTestScore,
        overrideKept: rejudgeItems.overrideKept,
        name: sql<string>`coalesce(${roomParticipants.fullName}, ${user.name})`,
        email: user.email,
      })
      .from(rejudgeItems)
      .innerJoin(questions, eq(questions.id, rejudgeItems.questionId))
      .innerJoin(studentTests, eq(studentTests.id, rejudgeItems.studentTestId))
      .innerJoin(user, eq(user.id, studentTests.studentId))
      .leftJoin(roomParticipants, and(eq(roomParticipants.roomId, roomId), eq(roomParticipants.studentId, studentTests.studentId)))
      .where(and(eq(rejudgeItems.rejudgeId, rejudgeId), inArray(rejudgeItems.studentTestId, changedTests)))
      .orderBy(asc(sql`coalesce(${roomParticipants.fullName}, ${user.name})`), asc(questions.title)),
    db
      .select({ id: testCases.id, questionId: testCases.questionId })
      .from(testCases)
      .where(inArray(testCases.questionId, db.selectDistinct({ id: rejudgeItems.questionId }).from(rejudgeItems).where(eq(rejudgeItems.rejudgeId, rejudgeId))))
      .orderBy(asc(testCases.position), asc(testCases.createdAt)),
  ]);
  const caseIds = new Map<string, string[]>();
  for (const c of cases) caseIds.set(c.questionId, [...(caseIds.get(c.questionId) ?? []), c.id]);
  const rows = new Map<string, RejudgePreviewRow>();
  for (const i of items) {
    const row = rows.get(i.testId) ?? {
      testId: i.testId,
      name: i.name,
      email: i.email,
      oldScore: i.oldTestScore,
      newScore: i.newTestScore ?? i.oldTestScore,
      overrideKept: false,
      questions: [],
    };
    row.overrideKept ||= i.overrideKept;
    const flips = caseFlips(caseIds.get(i.questionId) ?? [], i.oldPassedIds, i.newPassedIds ?? i.oldPassedIds);
    if (flips.length > 0 || i.oldMarks !== i.newMarks) {
      row.questions.push({ questionId: i.questionId, title: i.title, oldMarks: i.oldMarks, newMarks: i.newMarks ?? i.oldMarks, flips });
    }
    rows.set(i.testId, row);
  }
  return [...rows.values()];
}

/**
 * The room's questions whose cases, points, limits or checker changed after a
 * final submission of theirs was judged ("Results may be out of date:
 * rejudge"). A submission an override or a hand evaluation keeps does not count.
 */
export async function outOfDateQuestions(db: Db, roomId: string): Promise<{ id: string; title: string }[]> {
  return db
    .selectDistinct({ id: questions.id, title: questions.title })
    .from(submissions)
    .innerJoin(studentTests, eq(studentTests.id, submissions.studentTestId))
    .innerJoin(questions, eq(questions.id, submissions.questionId))
    .where(
      and(
        eq(studentTests.roomId, roomId),
        eq(questions.type, "coding"),
        sql`${questions.gradingChangedAt} > coalesce(${submissions.judgedAt}, ${submissions.submittedAt})`,
        sql`${studentTests.adminOverrideStatus} is null and ${submissions.evaluatedAt} is null`,
      ),
    )
    .orderBy(asc(questions.title));
}
