// Test rooms: every rule of spec 1 (sections 4, 5, 8), enforced here on the
// server. Multi-row changes are one D1 batch, so nothing is ever half done.
import { and, asc, count, desc, eq, inArray, ne, sql, type SQLWrapper } from "drizzle-orm";
import {
  accommodations,
  categories,
  codeRuns,
  evaluationRequests,
  journalEntries,
  journalPacks,
  liveCodeProgress,
  participantDisconnects,
  questions,
  roomParticipants,
  roomQuestions,
  roomSectionQuestions,
  roomSections,
  studentTests,
  sebExemptions,
  studentTimeChanges,
  submissions,
  testDraws,
  testRooms,
  user,
  userRoles,
  type QuestionType,
} from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { containsText, selectInChunks } from "~/lib/d1/queries.server";
import { chunk, rowsPerInsert, SEARCH_MAX } from "~/lib/d1/limits";
import { FormError } from "~/lib/http/forms.server";
import { generateOtp, OTP_PATTERN } from "~/lib/rooms/otp";
import { creditableOutageMs, effectiveExtraTime, ownExtraTime } from "~/lib/student-tests/student-time";
import { STUDENT_TIME_LIMITS } from "~/lib/student-tests/student-time-validation";
import { ROOM_LIMITS } from "./room-validation";
import { replaceSectionsStatements } from "./draws.server";
import { TEST_RULES } from "~/lib/student-tests/test-rules";
import { forgetHeldTests } from "~/lib/student-tests/code-journal.server";
import { quietOutages } from "~/lib/student-tests/heard.server";

/** A room rule the request broke (spec 1 section 5); answered as a 4xx with this message. */
export class RoomRuleError extends FormError {}

export type Room = typeof testRooms.$inferSelect;

/** Every room, newest first; or only those whose ids the subquery `within` gives (an LMS instructor's courses). */
export async function listRooms(db: Db, within?: SQLWrapper) {
  const participants = db
    .select({ roomId: roomParticipants.roomId, n: count().as("n") })
    .from(roomParticipants)
    .where(ne(roomParticipants.status, "removed"))
    .groupBy(roomParticipants.roomId)
    .as("p");
  return db
    .select({
      id: testRooms.id,
      roomName: testRooms.roomName,
      category: testRooms.category,
      questionType: testRooms.questionType,
      language: testRooms.language,
      durationMinutes: testRooms.durationMinutes,
      isActive: testRooms.isActive,
      isEnabled: testRooms.isEnabled,
      endsAt: testRooms.endsAt,
      createdAt: testRooms.createdAt,
      participants: sql<number>`coalesce(${participants.n}, 0)`,
    })
    .from(testRooms)
    .leftJoin(participants, eq(participants.roomId, testRooms.id))
    .where(within ? inArray(testRooms.id, within) : undefined)
    .orderBy(desc(testRooms.createdAt));
}

/** Categories with how many questions of each type they hold (for the create form). */
export async function categoryCounts(db: Db) {
  const [names, counts] = await Promise.all([
    db.select({ name: categories.name }).from(categories).orderBy(asc(categories.name)),
    db
      .select({ category: questions.category, type: questions.type, n: count() })
      .from(questions)
      .groupBy(questions.category, questions.type),
  ]);
  return names.map(({ name }) => ({
    name,
    mcq: counts.find((c) => c.category === name && c.type === "mcq")?.n ?? 0,
    coding: counts.find((c) => c.category === name && c.type === "coding")?.n ?? 0,
  }));
}

export async function createRoom(
  db: Db,
  adminId: string,
  input: { roomName: string; category: string; questionType: QuestionType; language: Room["language"]; durationMinutes: number; shuffleOptions?: boolean },
) {
  const known = await db.select({ name: categories.name }).from(categories).where(eq(categories.name, input.category)).get();
  if (!known) throw new RoomRuleError("Please fill all fields and select a category").onField("category");
  const needed = input.questionType === "mcq" ? ROOM_LIMITS.mcqQuestions : ROOM_LIMITS.codingMinimum;
  const inCategory = and(eq(questions.category, input.category), eq(questions.type, input.questionType));
  // MCQ rooms draw 20 at random; coding rooms take the whole category.
  const picked = await db
    .select({ id: questions.id })
    .from(questions)
    .where(inCategory)
    .orderBy(input.questionType === "mcq" ? sql`random()` : asc(questions.createdAt))
    .limit(input.questionType === "mcq" ? ROOM_LIMITS.mcqQuestions : ROOM_LIMITS.maxQuestions);
  if (picked.length < needed) {
    throw new RoomRuleError(`Selected category must have at least ${needed} questions for ${input.questionType} type.`).onField("category");
  }
  const id = crypto.randomUUID();
  // One section, "pick 20 (MCQ) or 2 (coding) of the category": each student draws their own at launch (decision 040).
  // room_questions keeps today's list for the pages that have not moved to the draw yet.
  const section = { pick: input.questionType === "mcq" ? ROOM_LIMITS.mcqQuestions : TEST_RULES.codingQuestions, category: input.category, questionIds: [] };
  await db.batch([
    db.insert(testRooms).values({ id, ...input, createdBy: adminId }),
    ...insertRoomQuestions(db, id, picked.map((q) => q.id)),
    ...replaceSectionsStatements(db, id, [section]),
  ]);
  return id;
}

export async function getRoom(db: Db, roomId: string) {
  return db.select().from(testRooms).where(eq(testRooms.id, roomId)).get();
}

export async function requireRoom(db: Db, roomId: string) {
  const room = await getRoom(db, roomId);
  if (!room) throw new RoomRuleError("Room not found", 404);
  return room;
}

export async function roomDetail(db: Db, env: Env, roomId: string, { bank }: { bank: boolean }) {
  const room = await getRoom(db, roomId);
  if (!room) return null;
  const [participants, selected, available] = await Promise.all([
    db
      .select({
        id: roomParticipants.id,
        studentId: roomParticipants.studentId,
        fullName: roomParticipants.fullName,
        email: roomParticipants.email,
        category: roomParticipants.category,
        status: roomParticipants.status,
        joinedAt: roomParticipants.joinedAt,
        testStatus: studentTests.status,
        totalScore: studentTests.totalScore,
        tabSwitchCount: studentTests.tabSwitchCount,
        isDisqualified: studentTests.isDisqualified,
        testId: studentTests.id,
        syncedAfterEnd: studentTests.syncedAfterEnd,
        // Time per student (decision 028).
        extraTimeUnit: roomParticipants.extraTimeUnit,
        extraTimeAmount: roomParticipants.extraTimeAmount,
        extraTimeReason: roomParticipants.extraTimeReason,
        accountUnit: accommodations.unit,
        accountAmount: accommodations.amount,
        accountReason: accommodations.reason,
        accommodationMs: studentTests.accommodationMs,
        accommodationReason: studentTests.accommodationReason,
        grantedMs: studentTests.extraMs,
        creditedMs: studentTests.creditedMs,
        // Allow without SEB (decision 042).
        sebExempt: roomParticipants.sebExempt,
      })
      .from(roomParticipants)
      .leftJoin(
        studentTests,
        and(eq(studentTests.roomId, roomParticipants.roomId), eq(studentTests.studentId, roomParticipants.studentId)),
      )
      .leftJoin(accommodations, eq(accommodations.userId, roomParticipants.studentId))
      .where(and(eq(roomParticipants.roomId, roomId), ne(roomParticipants.status, "removed")))
      .orderBy(asc(roomParticipants.joinedAt)),
    db.select({ questionId: roomQuestions.questionId }).from(roomQuestions).where(eq(roomQuestions.roomId, roomId)),
    // The bank is the administrators' (decision 025): nobody else gets its titles (an MCQ's title is its stem).
    bank
      ? db
          .select({ id: questions.id, title: questions.title, category: questions.category, language: questions.language })
          .from(questions)
          .where(eq(questions.type, room.questionType))
          .orderBy(asc(questions.category), asc(questions.title))
      : Promise.resolve([]),
  ]);
  const now = Date.now();
  const [periods, quiet] = await Promise.all([offlinePeriods(db, roomId), quietOutages(db, env, roomId)]);
  // What a credit would give back: only the time the server heard nothing from the student (decision 035).
  const quietById = new Map(quiet.map((o) => [o.id, o.quietMs]));
  // Answers that reached the server after the deadline and were not counted, kept for the admin.
  // Never their payloads (up to 64 KB each): the admin opens one at a time (lateChange).
  const late = await db
    .select({ id: journalEntries.id, testId: journalEntries.studentTestId, kind: journalEntries.kind, createdAt: journalEntries.clientCreatedAt })
    .from(journalEntries)
    .innerJoin(studentTests, eq(studentTests.id, journalEntries.studentTestId))
    .where(and(eq(studentTests.roomId, roomId), eq(journalEntries.outcome, "rejected"), eq(journalEntries.syncedAfterEnd, true)))
    .orderBy(asc(journalEntries.studentTestId), asc(journalEntries.seq))
    .limit(500);
  const withConnection = participants.map(({ extraTimeUnit, extraTimeAmount, extraTimeReason, accountUnit, accountAmount, accountReason, accommodationMs, accommodationReason, grantedMs, creditedMs, ...p }) => {
    const own = ownExtraTime({ extraTimeUnit, extraTimeAmount, extraTimeReason });
    const account = accountUnit ? { unit: accountUnit, amount: accountAmount ?? 0, reason: accountReason } : null;
    const setting = effectiveExtraTime(own, account);
    const outages = periods.get(p.studentId) ?? [];
    const creditable = outages.map((o) => ({ ...o, quietMs: quietById.get(o.id) }));
    const bulk = creditableOutageMs(creditable, STUDENT_TIME_LIMITS.bulkCreditOverMs);
    const overBulkCap = bulk > 0 && (creditedMs ?? 0) + bulk > STUDENT_TIME_LIMITS.bulkCreditCapMs;
    return {
      ...p,
      lateEntries: late.filter((l) => l.testId === p.testId).map(({ id, kind, createdAt }) => ({ id, kind, createdAt: Number(createdAt) })),
      ...(outages.length ? offlineTime(outages, now) : NEVER_OFFLINE),
      time: {
        /** What the admin set for this student (here, or on their account), as entered. */
        setting: setting ? { unit: setting.unit, amount: setting.amount, reason: setting.reason ?? null, fromAccount: !own } : null,
        /** Their test's time (null before Launch): the extra time fixed then, "+N min"s, and outages credited. */
        test: p.testId ? { accommodationMs: accommodationMs ?? 0, accommodationReason, extraMs: grantedMs ?? 0, creditedMs: creditedMs ?? 0 } : null,
        creditableMs: creditableOutageMs(creditable),
        /** What "Credit all" would give them: nothing past the bulk cap, which is flagged for a credit of their own. */
        bulkCreditableMs: overBulkCap ? 0 : bulk,
        overBulkCap,
      },
    };
  });
  return { room, participants: withConnection, selectedQuestionIds: selected.map((s) => s.questionId), availableQuestions: available };
}

/** One late change the admin opened: what it held, shortened for reading (a code, or how many answers). */
export async function lateChange(db: Db, roomId: string, entryId: string) {
  const row = await db
    .select({ id: journalEntries.id, kind: journalEntries.kind, payload: journalEntries.payload, createdAt: journalEntries.clientCreatedAt, reason: journalEntries.reason })
    .from(journalEntries)
    .innerJoin(studentTests, eq(studentTests.id, journalEntries.studentTestId))
    .where(and(eq(journalEntries.id, entryId), eq(studentTests.roomId, roomId)))
    .get();
  if (!row) return null;
  return { id: row.id, kind: row.kind, createdAt: row.createdAt.getTime(), reason: row.reason, preview: entryPreview(row.kind, row.payload) };
}

/** Entries stored before payloads were bounded can be 1 MB: the admin reads at most the runner's limit. */
const PREVIEW_CHARS = 64 * 1024;

export function entryPreview(kind: string, payload: unknown): string {
  const p = (payload && typeof payload === "object" ? payload : {}) as Record<string, unknown>;
  if (typeof p.code === "string" && kind !== "unlock") return p.code.length > PREVIEW_CHARS ? `${p.code.slice(0, PREVIEW_CHARS)}\n…` : p.code;
  if (p.answers && typeof p.answers === "object") return `${Object.keys(p.answers).length} answered`;
  return "";
}

export type OfflineTime = { offlineMs: number; offlineNow: boolean };
/** `credited`: an admin gave this outage back (decision 028). */
export type OfflinePeriod = { id: string; startedAt: number; endedAt: number | null; credited: boolean };
const NEVER_OFFLINE: OfflineTime = { offlineMs: 0, offlineNow: false };

/** Each student's disconnected periods in a room (the party records them while the test runs), in one query. */
export async function offlinePeriods(db: Db, roomId: string): Promise<Map<string, OfflinePeriod[]>> {
  const rows = await db
    .select({ id: participantDisconnects.id, studentId: participantDisconnects.studentId, startedAt: participantDisconnects.startedAt, endedAt: participantDisconnects.endedAt, creditId: participantDisconnects.creditId })
    .from(participantDisconnects)
    .where(eq(participantDisconnects.roomId, roomId));
  const periods = new Map<string, OfflinePeriod[]>();
  for (const d of rows) {
    const list = periods.get(d.studentId) ?? [];
    list.push({ id: d.id, startedAt: d.startedAt.getTime(), endedAt: d.endedAt?.getTime() ?? null, credited: d.creditId !== null });
    periods.set(d.studentId, list);
  }
  return periods;
}

/**
 * Time offline: a period still open counts up to `now`. With `until` (when the
 * student's test ended), only time before it counts, and a student whose test
 * is over is not "offline now".
 */
export function offlineTime(periods: readonly OfflinePeriod[], now: number, until: number | null = null): OfflineTime {
  const end = until ?? now;
  let offlineMs = 0;
  for (const p of periods) offlineMs += Math.max(0, Math.min(p.endedAt ?? now, end) - p.startedAt);
  return { offlineMs, offlineNow: until === null && periods.some((p) => p.endedAt === null) };
}

export async function setEnabled(db: Db, room: Room, enabled: boolean) {
  if (!enabled && room.isActive) throw new RoomRuleError("Stop the test before disabling the room");
  // Disabling clears the OTP and its expiry (spec 1 section 4).
  await db
    .update(testRooms)
    .set(enabled ? { isEnabled: true } : { isEnabled: false, otp: null, otpExpiresAt: null })
    .where(eq(testRooms.id, room.id));
}

export async function issueOtp(db: Db, room: Room, now = Date.now()) {
  if (!room.isEnabled) throw new RoomRuleError("Please enable the room first before generating OTP");
  const expiresAt = new Date(now + ROOM_LIMITS.otpSeconds * 1000);
  // A code must name one room: retry on the (rare) clash with a live code.
  for (let attempt = 0; attempt < 5; attempt++) {
    const otp = generateOtp();
    const clash = await db
      .select({ id: testRooms.id })
      .from(testRooms)
      .where(and(eq(testRooms.otp, otp), ne(testRooms.id, room.id), sql`${testRooms.otpExpiresAt} > ${now}`))
      .get();
    if (clash) continue;
    await db.update(testRooms).set({ otp, otpExpiresAt: expiresAt }).where(eq(testRooms.id, room.id));
    // validForMs lets the browser count down without trusting its own clock.
    return { otp, expiresAt: expiresAt.getTime(), validForMs: expiresAt.getTime() - now };
  }
  throw new RoomRuleError("Failed to generate OTP", 503);
}

export async function startTest(db: Db, room: Room, now = Date.now()) {
  if (room.isActive) throw new RoomRuleError("The test is already running");
  if (!room.isEnabled) throw new RoomRuleError("Please enable the room first before starting the test");
  const waiting = await db
    .select({ n: count() })
    .from(roomParticipants)
    .where(and(eq(roomParticipants.roomId, room.id), ne(roomParticipants.status, "removed")))
    .get();
  if (!waiting?.n) throw new RoomRuleError("Add at least one participant before starting the test");
  const endsAt = new Date(now + room.durationMinutes * 60_000);
  // Only a room that is not running starts (a scheduled start and Start Test Now at the same moment start it once);
  // starting clears any schedule, so Start Test Now cancels it.
  const [started] = await db.batch([
    db
      .update(testRooms)
      .set({ isActive: true, startedAt: new Date(now), endsAt, scheduledAt: null, scheduleError: null })
      .where(and(eq(testRooms.id, room.id), eq(testRooms.isActive, false)))
      .returning({ id: testRooms.id }),
    db
      .update(roomParticipants)
      .set({ status: "testing" })
      .where(and(eq(roomParticipants.roomId, room.id), eq(roomParticipants.status, "waiting"))),
  ]);
  if (!started.length) throw new RoomRuleError("The test is already running");
  return endsAt.getTime();
}

export async function stopTest(db: Db, room: Room, now = Date.now()) {
  if (!room.isActive) throw new RoomRuleError("The test is not running");
  // Ending the clock too means every timer (and the server's deadline) agrees the test is over.
  const endsAt = room.endsAt && room.endsAt.getTime() < now ? room.endsAt : new Date(now);
  await db.update(testRooms).set({ isActive: false, endsAt }).where(eq(testRooms.id, room.id));
}

export async function extendTime(db: Db, room: Room, minutes: number) {
  if (!room.endsAt) throw new RoomRuleError("Cannot extend time for this test.");
  const endsAt = new Date(room.endsAt.getTime() + minutes * 60_000);
  await db.update(testRooms).set({ endsAt }).where(eq(testRooms.id, room.id));
  return endsAt.getTime();
}

export async function setUnlockCode(db: Db, room: Room, unlockCode: string) {
  await db.update(testRooms).set({ unlockCode }).where(eq(testRooms.id, room.id));
}

export async function changeQuestions(db: Db, room: Room, questionIds: string[]) {
  if (room.isActive) throw new RoomRuleError("Questions cannot change while the test is running");
  const minimum = room.questionType === "mcq" ? 1 : ROOM_LIMITS.codingMinimum;
  if (questionIds.length < minimum) {
    throw new RoomRuleError(`Please select at least ${minimum} question${minimum > 1 ? "s" : ""}`);
  }
  const found = await selectInChunks(db, questionIds, (ids) =>
    db
      .select({ id: questions.id })
      .from(questions)
      .where(and(inArray(questions.id, ids), eq(questions.type, room.questionType))),
  );
  if (found.length !== questionIds.length) throw new RoomRuleError(`Every question must be an existing ${room.questionType} question`);
  // The room becomes one hand-picked section of these (decision 040): an MCQ room gives all of them, a coding room 2.
  const section = { pick: room.questionType === "mcq" ? questionIds.length : TEST_RULES.codingQuestions, category: null, questionIds };
  await db.batch([
    db.delete(roomQuestions).where(eq(roomQuestions.roomId, room.id)),
    ...insertRoomQuestions(db, room.id, questionIds),
    ...replaceSectionsStatements(db, room.id, [section]),
  ]);
}

const ROOM_QUESTION_PARAMS = 3; // id (generated), room_id, question_id

/** The room's question rows, as many INSERTs as D1's 100 parameters need. */
function insertRoomQuestions(db: Db, roomId: string, questionIds: readonly string[]) {
  return chunk(questionIds, rowsPerInsert(ROOM_QUESTION_PARAMS)).map((ids) => db.insert(roomQuestions).values(ids.map((questionId) => ({ roomId, questionId }))));
}

/**
 * Deletes the room and everything that hangs off it, atomically (spec README
 * difference 7); then the room's object forgets the code it holds.
 */
export async function deleteRoom(db: Db, env: Env, roomId: string) {
  const testsOfRoom = db.select({ id: studentTests.id }).from(studentTests).where(eq(studentTests.roomId, roomId));
  await db.batch([
    db.delete(roomQuestions).where(eq(roomQuestions.roomId, roomId)),
    db.delete(roomParticipants).where(eq(roomParticipants.roomId, roomId)),
    db.delete(submissions).where(inArray(submissions.studentTestId, testsOfRoom)),
    db.delete(liveCodeProgress).where(inArray(liveCodeProgress.studentTestId, testsOfRoom)),
    db.delete(evaluationRequests).where(inArray(evaluationRequests.studentTestId, testsOfRoom)),
    db.delete(journalEntries).where(inArray(journalEntries.studentTestId, testsOfRoom)),
    db.delete(journalPacks).where(inArray(journalPacks.studentTestId, testsOfRoom)),
    db.delete(codeRuns).where(inArray(codeRuns.studentTestId, testsOfRoom)),
    db.delete(testDraws).where(inArray(testDraws.studentTestId, testsOfRoom)),
    db.delete(studentTests).where(eq(studentTests.roomId, roomId)),
    db.delete(roomSectionQuestions).where(inArray(roomSectionQuestions.sectionId, db.select({ id: roomSections.id }).from(roomSections).where(eq(roomSections.roomId, roomId)))),
    db.delete(roomSections).where(eq(roomSections.roomId, roomId)),
    db.delete(participantDisconnects).where(eq(participantDisconnects.roomId, roomId)),
    db.delete(studentTimeChanges).where(eq(studentTimeChanges.roomId, roomId)),
    db.delete(sebExemptions).where(eq(sebExemptions.roomId, roomId)),
    db.delete(testRooms).where(eq(testRooms.id, roomId)),
  ]);
  await forgetHeldTests(env, roomId, null);
}

/** Students matching by email or name, from 2 characters, at most 10 (spec 1 section 5). */
export async function suggestStudents(db: Db, query: string) {
  const q = query.trim().slice(0, SEARCH_MAX);
  if (q.length < 2) return [];
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .innerJoin(userRoles, and(eq(userRoles.userId, user.id), eq(userRoles.role, "student")))
    .where(containsText([user.email, user.name], q))
    .orderBy(asc(user.name))
    .limit(10);
}

export async function addParticipant(db: Db, room: Room, email: string) {
  if (room.isActive || room.startedAt) throw new RoomRuleError("Cannot add participants after test has started");
  const profile = await db
    .select({ id: user.id, name: user.name, email: user.email, role: userRoles.role })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(eq(user.email, email))
    .get();
  if (!profile) throw new RoomRuleError("User not found with this email", 404).onField("email");
  if (profile.role !== "student") throw new RoomRuleError("Only students can be added to a test room");
  const existing = await db
    .select({ id: roomParticipants.id, status: roomParticipants.status })
    .from(roomParticipants)
    .where(and(eq(roomParticipants.roomId, room.id), eq(roomParticipants.studentId, profile.id)))
    .get();
  if (existing && existing.status !== "removed") throw new RoomRuleError("User is already in this room", 409).onField("email");
  if (existing) {
    // The admin may bring back a student they removed; the student cannot.
    await db.update(roomParticipants).set({ status: "waiting" }).where(eq(roomParticipants.id, existing.id));
  } else {
    await db.insert(roomParticipants).values({
      roomId: room.id,
      studentId: profile.id,
      fullName: profile.name,
      email: profile.email,
      category: room.category,
      status: "waiting",
    });
  }
  return { studentId: profile.id, name: profile.name };
}

export async function requireParticipant(db: Db, room: Room, participantId: string) {
  const participant = await db
    .select()
    .from(roomParticipants)
    .where(and(eq(roomParticipants.id, participantId), eq(roomParticipants.roomId, room.id)))
    .get();
  if (!participant || participant.status === "removed") throw new RoomRuleError("Participant not found", 404);
  return participant;
}

export async function editParticipant(db: Db, room: Room, input: { participantId: string; fullName: string; category: string }) {
  const participant = await requireParticipant(db, room, input.participantId);
  await db
    .update(roomParticipants)
    .set({ fullName: input.fullName, category: input.category })
    .where(eq(roomParticipants.id, participant.id));
  return participant;
}

/** Hidden from the list; disqualified too when the test is running (spec 1 section 4). */
export async function removeParticipant(db: Db, room: Room, participantId: string) {
  const participant = await requireParticipant(db, room, participantId);
  const remove = db.update(roomParticipants).set({ status: "removed" }).where(eq(roomParticipants.id, participant.id));
  if (room.isActive) {
    await db.batch([
      remove,
      db
        .insert(studentTests)
        .values({
          roomId: room.id,
          studentId: participant.studentId,
          status: "disqualified",
          isDisqualified: true,
          // Coding: 2 x 50; MCQ: 20 x 5 (spec 2 section 9).
          maxScore: 100,
        })
        .onConflictDoUpdate({
          target: [studentTests.roomId, studentTests.studentId],
          set: { status: "disqualified", isDisqualified: true },
        }),
    ]);
  } else {
    await remove;
  }
  return participant;
}


/**
 * A join code that opens no room. The only join failure that counts as a
 * guess against the student's limit (decision 018): practice rooms throw it too.
 */
export class InvalidOtpError extends FormError {
  constructor() {
    super("Invalid or expired OTP", 404);
    this.field = "otp";
  }
}

/**
 * The room a join code opens: enabled, and the code not expired (checked
 * here, on the server, against the server's clock: spec README difference 6).
 */
export async function findRoomByOtp(db: Db, otp: string, now = Date.now()) {
  if (!OTP_PATTERN.test(otp)) return null;
  return (
    (await db
      .select()
      .from(testRooms)
      .where(and(eq(testRooms.otp, otp), eq(testRooms.isEnabled, true), sql`${testRooms.otpExpiresAt} > ${now}`))
      .get()) ?? null
  );
}
