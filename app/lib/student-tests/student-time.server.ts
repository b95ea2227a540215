// Time per student (issue 25, decision 028): extra time set for a student in a
// room or on their account, one-off additions, and outage time given back.
// Each change is one D1 batch with its trail row (student_time_changes), so
// nothing is ever half written. The deadline rule itself is in student-time.ts.
import { and, eq, sql } from "drizzle-orm";
import { accommodations, roomParticipants, studentTests, studentTimeChanges, testRooms, user, userRoles, type ExtraTimeUnit } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { FormError } from "~/lib/http/forms.server";
import { requireParticipant, RoomRuleError, type Room } from "~/lib/rooms/rooms.server";
import { quietOutages } from "./heard.server";
import {
  clock,
  effectiveExtraTime,
  extraTimeMs,
  ownExtraTime,
  studentDeadline,
  studentExtraMs,
  timeBeforeLaunch,
  type ExtraTimeSetting,
  type StudentTime,
} from "./student-time";
import { STUDENT_TIME_LIMITS, STUDENT_TIME_MESSAGES, type ExtraTimeInput } from "./student-time-validation";

/** Who made a change, for the trail. */
export type TimeAdmin = { id: string; name: string };

/** A change of one student's deadline, for their page (time-changed) and the admin's toast. */
export type DeadlineChange = { studentId: string; name: string; endsAt: number | null; extraMs: number };

// ------------------------------------------------------------------ the rule, for rows without a test

/**
 * The columns `deadlineOfRow` reads. Select them from test_rooms joined with
 * the student's room_participants row, and left joins of their student_tests
 * row and their account's accommodations row.
 */
export const deadlineColumns = {
  roomEndsAt: testRooms.endsAt,
  durationMinutes: testRooms.durationMinutes,
  testId: studentTests.id,
  accommodationMs: studentTests.accommodationMs,
  extraMs: studentTests.extraMs,
  creditedMs: studentTests.creditedMs,
  extraTimeUnit: roomParticipants.extraTimeUnit,
  extraTimeAmount: roomParticipants.extraTimeAmount,
  extraTimeReason: roomParticipants.extraTimeReason,
  accountUnit: accommodations.unit,
  accountAmount: accommodations.amount,
};

export type DeadlineRow = {
  roomEndsAt: Date | null;
  durationMinutes: number;
  testId: string | null;
  accommodationMs: number | null;
  extraMs: number | null;
  creditedMs: number | null;
  extraTimeUnit: ExtraTimeUnit | null;
  extraTimeAmount: number | null;
  extraTimeReason: string | null;
  accountUnit: ExtraTimeUnit | null;
  accountAmount: number | null;
};

/** The student's deadline from `deadlineColumns`: their test's time, or before Launch the extra time that will apply. */
export function deadlineOfRow(row: DeadlineRow): number | null {
  const time: StudentTime =
    row.testId !== null
      ? { accommodationMs: row.accommodationMs ?? 0, extraMs: row.extraMs ?? 0, creditedMs: row.creditedMs ?? 0 }
      : timeBeforeLaunch(effectiveExtraTime(ownExtraTime(row), accountSetting(row)), row.durationMinutes);
  return studentDeadline(row.roomEndsAt, time);
}

function accountSetting(row: { accountUnit: ExtraTimeUnit | null; accountAmount: number | null }): ExtraTimeSetting | null {
  return row.accountUnit ? { unit: row.accountUnit, amount: row.accountAmount ?? 0 } : null;
}

// ------------------------------------------------------------------ accounts

/** A student's profile-level accommodation, or null. */
export async function accountExtraTime(db: Db, studentId: string): Promise<ExtraTimeSetting | null> {
  const row = await db
    .select({ unit: accommodations.unit, amount: accommodations.amount, reason: accommodations.reason })
    .from(accommodations)
    .where(eq(accommodations.userId, studentId))
    .get();
  return row ?? null;
}

/**
 * Sets (or with 0, clears) a student account's accommodation. It applies to
 * each of their tests created from now on, in every room; a test already
 * created keeps its time (the room page's Extra time changes it).
 */
export async function setAccountExtraTime(db: Db, userId: string, input: ExtraTimeInput, admin: TimeAdmin) {
  const target = await db
    .select({ name: user.name, role: userRoles.role })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(eq(user.id, userId))
    .get();
  if (!target) throw new FormError(STUDENT_TIME_MESSAGES.user, 404);
  if (target.role !== "student") throw new FormError(STUDENT_TIME_MESSAGES.studentsOnly);
  if (input.amount === 0) {
    await db.delete(accommodations).where(eq(accommodations.userId, userId));
  } else {
    const row = { unit: input.unit, amount: input.amount, reason: input.reason, updatedBy: admin.id, updatedAt: new Date() };
    await db.insert(accommodations).values({ userId, ...row }).onConflictDoUpdate({ target: accommodations.userId, set: row });
  }
  return { name: target.name };
}

// ------------------------------------------------------------------ a student in a room

/** The student's test in this room, if they launched it. */
async function testOfParticipant(db: Db, room: Room, studentId: string) {
  return db
    .select()
    .from(studentTests)
    .where(and(eq(studentTests.roomId, room.id), eq(studentTests.studentId, studentId)))
    .get();
}

type TestRow = typeof studentTests.$inferSelect;

/** Submitted or disqualified: their time cannot change any more. */
function isOver(test: Pick<TestRow, "isCompleted" | "isDisqualified" | "status">) {
  return test.isCompleted || test.isDisqualified || test.status === "completed" || test.status === "disqualified";
}

function changeOf(room: Room, participant: { studentId: string; fullName: string }, time: StudentTime): DeadlineChange {
  return { studentId: participant.studentId, name: participant.fullName, endsAt: studentDeadline(room.endsAt, time), extraMs: studentExtraMs(time) };
}

/**
 * The room page's Extra time for one participant, before or during the test:
 * minutes or a percentage of the room's duration, with an optional reason. It
 * replaces what applied before (their account's accommodation included). With
 * a test running, their deadline moves at once; else it applies at Launch.
 */
export async function setParticipantExtraTime(db: Db, room: Room, participantId: string, input: ExtraTimeInput, admin: TimeAdmin) {
  const participant = await requireParticipant(db, room, participantId);
  const test = await testOfParticipant(db, room, participant.studentId);
  if (test && isOver(test)) throw new RoomRuleError(STUDENT_TIME_MESSAGES.over, 409);
  const ms = extraTimeMs(input, room.durationMinutes);
  await db.batch([
    db
      .update(roomParticipants)
      .set({ extraTimeUnit: input.unit, extraTimeAmount: input.amount, extraTimeReason: input.reason })
      .where(eq(roomParticipants.id, participant.id)),
    db.insert(studentTimeChanges).values({
      roomId: room.id,
      studentId: participant.studentId,
      kind: "extra-time",
      amountMs: ms,
      unit: input.unit,
      amount: input.amount,
      reason: input.reason,
      adminId: admin.id,
      adminName: admin.name,
    }),
    ...(test ? [db.update(studentTests).set({ accommodationMs: ms, accommodationReason: input.reason }).where(eq(studentTests.id, test.id))] : []),
  ]);
  const time = test ? { ...test, accommodationMs: ms } : timeBeforeLaunch(input, room.durationMinutes);
  return { ...changeOf(room, participant, time), ms, started: Boolean(test) };
}

/** "+N min" for one student who has started (README: offline); only their deadline moves. */
export async function grantExtraTime(db: Db, room: Room, participantId: string, minutes: number, admin: TimeAdmin) {
  const participant = await requireParticipant(db, room, participantId);
  if (!room.endsAt) throw new RoomRuleError("Cannot extend time for this test.");
  const test = await testOfParticipant(db, room, participant.studentId);
  if (!test) throw new RoomRuleError(STUDENT_TIME_MESSAGES.notStarted);
  const addedMs = minutes * 60_000;
  const [, updated] = await db.batch([
    db.insert(studentTimeChanges).values({ roomId: room.id, studentId: participant.studentId, kind: "grant", amountMs: addedMs, adminId: admin.id, adminName: admin.name }),
    db
      .update(studentTests)
      .set({ extraMs: sql`${studentTests.extraMs} + ${addedMs}` })
      .where(eq(studentTests.id, test.id))
      .returning({ accommodationMs: studentTests.accommodationMs, extraMs: studentTests.extraMs, creditedMs: studentTests.creditedMs }),
  ]);
  return changeOf(room, participant, updated[0] ?? test);
}

// ------------------------------------------------------------------ outage credit

/** A test whose time may still change. */
const OPEN_TEST = "t.is_completed = 0 AND t.is_disqualified = 0 AND t.status NOT IN ('completed', 'disqualified')";

/**
 * Gives back the quiet part of the recorded outages (decision 035: the time
 * in which the server heard nothing from the student) of one student, or of
 * every student in the room, each outage once, in one batch: the tests' open
 * state as it is now, the trail rows (one per student, its id
 * `${creditId}:${studentId}`, with the sum of their outages' quiet time), the
 * tests' credited time, and the outages marked with their credit. The quiet
 * times are computed first and sent as JSON; the batch itself checks that each
 * outage is still uncredited, so two admins crediting at once cannot give the
 * same outage back twice. With `capMs`, a student whose credited time would
 * pass it is left out (and returned in `overCap`) for a credit of their own.
 */
async function creditOutages(db: Db, env: Env, room: Room, admin: TimeAdmin, options: { studentId?: string; overMs: number; capMs?: number; now: number }) {
  const outages = (await quietOutages(db, env, room.id, options.studentId)).filter((o) => o.quietMs > options.overMs);
  if (outages.length === 0) return { credited: [], overCap: [] };
  const d1 = db.$client;
  const creditId = crypto.randomUUID();
  const amounts = JSON.stringify(Object.fromEntries(outages.map((o) => [o.id, o.quietMs])));
  const [open, inserted, updated] = await d1.batch<Record<string, unknown>>([
    d1.prepare(`SELECT t.student_id AS studentId, t.credited_ms AS creditedMs FROM student_tests t WHERE t.room_id = ? AND ${OPEN_TEST}`).bind(room.id),
    d1
      .prepare(
        `INSERT INTO student_time_changes (id, room_id, student_id, kind, amount_ms, admin_id, admin_name, created_at)
         SELECT ?1 || ':' || t.student_id, t.room_id, t.student_id, 'outage-credit', o.ms, ?2, ?3, ?4
         FROM student_tests t
         JOIN (SELECT d.student_id, SUM(q.value) AS ms FROM participant_disconnects d JOIN json_each(?5) q ON q.key = d.id
               WHERE d.room_id = ?6 AND d.ended_at IS NOT NULL AND d.credit_id IS NULL GROUP BY d.student_id) o ON o.student_id = t.student_id
         WHERE t.room_id = ?6 AND ${OPEN_TEST} AND o.ms > 0 AND t.credited_ms + o.ms <= ?7
         RETURNING student_id AS studentId, amount_ms AS amountMs`,
      )
      .bind(creditId, admin.id, admin.name, options.now, amounts, room.id, options.capMs ?? Number.MAX_SAFE_INTEGER),
    d1
      .prepare(
        `UPDATE student_tests AS t SET credited_ms = credited_ms + c.amount_ms
         FROM student_time_changes c WHERE c.id = ? || ':' || t.student_id AND t.room_id = ?
         RETURNING student_id AS studentId, accommodation_ms AS accommodationMs, extra_ms AS extraMs, credited_ms AS creditedMs`,
      )
      .bind(creditId, room.id),
    d1
      .prepare(
        `UPDATE participant_disconnects AS d SET credit_id = ?1 || ':' || d.student_id
         WHERE d.room_id = ?2 AND d.ended_at IS NOT NULL AND d.credit_id IS NULL AND d.id IN (SELECT key FROM json_each(?3))
         AND EXISTS (SELECT 1 FROM student_time_changes c WHERE c.id = ?1 || ':' || d.student_id)`,
      )
      .bind(creditId, room.id, amounts),
  ]);
  const amountsByStudent = new Map((inserted!.results as { studentId: string; amountMs: number }[]).map((r) => [r.studentId, r.amountMs]));
  const credited = (updated!.results as ({ studentId: string } & StudentTime)[]).map((time) => ({
    studentId: time.studentId,
    creditedMs: amountsByStudent.get(time.studentId) ?? 0,
    endsAt: studentDeadline(room.endsAt, time),
    extraMs: studentExtraMs(time),
  }));
  // Open tests that had quiet time to credit and were left out: over the cap.
  const quietByStudent = new Map<string, number>();
  for (const o of outages) quietByStudent.set(o.studentId, (quietByStudent.get(o.studentId) ?? 0) + o.quietMs);
  const overCap = (open!.results as { studentId: string; creditedMs: number }[])
    .filter((t) => quietByStudent.has(t.studentId) && !amountsByStudent.has(t.studentId))
    .map((t) => ({ studentId: t.studentId, quietMs: quietByStudent.get(t.studentId)! }));
  return { credited, overCap };
}

/**
 * "Credit m:ss": gives one student back the outage time the room party
 * recorded for them in this room (not what their device claims), less any
 * time in which the server heard from them anyway (decision 035), each
 * outage once: a second click credits only outages that ended since. No cap:
 * this is the click that credits a long outage after the admin looked at it.
 */
export async function creditOutage(db: Db, env: Env, room: Room, participantId: string, admin: TimeAdmin, now = Date.now()) {
  const participant = await requireParticipant(db, room, participantId);
  const test = await testOfParticipant(db, room, participant.studentId);
  if (!test) throw new RoomRuleError(STUDENT_TIME_MESSAGES.notStarted);
  if (isOver(test)) throw new RoomRuleError(STUDENT_TIME_MESSAGES.over, 409);
  const { credited: [credited] } = await creditOutages(db, env, room, admin, { studentId: participant.studentId, overMs: 0, now });
  if (!credited) throw new RoomRuleError(STUDENT_TIME_MESSAGES.nothingToCredit, 409);
  return { ...credited, name: participant.fullName };
}

/**
 * "Credit all outages over 1 minute": every student whose test is still open,
 * each outage once, and no student past STUDENT_TIME_LIMITS.bulkCreditCapMs of
 * credited time: those are returned by name in `overCap`, for their own click.
 */
export async function creditAllOutages(db: Db, env: Env, room: Room, admin: TimeAdmin, now = Date.now()) {
  const { credited, overCap } = await creditOutages(db, env, room, admin, {
    overMs: STUDENT_TIME_LIMITS.bulkCreditOverMs,
    capMs: STUDENT_TIME_LIMITS.bulkCreditCapMs,
    now,
  });
  const names = overCap.length
    ? await db
        .select({ studentId: roomParticipants.studentId, name: roomParticipants.fullName })
        .from(roomParticipants)
        .where(eq(roomParticipants.roomId, room.id))
    : [];
  const nameOf = new Map(names.map((n) => [n.studentId, n.name]));
  const flagged = overCap.map((o) => ({ ...o, name: nameOf.get(o.studentId) ?? "a student" }));
  if (credited.length === 0) {
    if (flagged.length) throw new RoomRuleError(`${STUDENT_TIME_MESSAGES.overBulkCap}: ${flagged.map((f) => `${f.name} (${clock(f.quietMs)})`).join(", ")}`, 409);
    throw new RoomRuleError(STUDENT_TIME_MESSAGES.nothingToCreditRoom, 409);
  }
  return { credited, overCap: flagged };
}

/** How many trail rows the room page shows (newest first). */
export const TIME_TRAIL_LIMIT = 200;

/** The room's time changes, newest first: who changed whose time, when, by how much and why. */
export async function timeTrail(db: Db, roomId: string) {
  const rows = await db
    .select({
      id: studentTimeChanges.id,
      kind: studentTimeChanges.kind,
      amountMs: studentTimeChanges.amountMs,
      unit: studentTimeChanges.unit,
      amount: studentTimeChanges.amount,
      reason: studentTimeChanges.reason,
      adminName: studentTimeChanges.adminName,
      createdAt: studentTimeChanges.createdAt,
      studentName: user.name,
    })
    .from(studentTimeChanges)
    .innerJoin(user, eq(user.id, studentTimeChanges.studentId))
    .where(eq(studentTimeChanges.roomId, roomId))
    .orderBy(sql`${studentTimeChanges.createdAt} DESC`)
    .limit(TIME_TRAIL_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
}
