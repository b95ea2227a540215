// The admin's practice rooms (spec 2: /admin/practice-rooms): create with a
// 24-hour OTP, activate or deactivate, delete, and who joined. Admin only: the
// route checks the role before calling any of these.
import { and, asc, count, desc, eq, gt, ne } from "drizzle-orm";
import { categories, practiceParticipants, practiceRooms, questions } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { FormError } from "~/lib/http/forms.server";
import { generateOtp } from "~/lib/rooms/otp";
import { PRACTICE_LIMITS, PRACTICE_MESSAGES } from "./validation";

export type PracticeRoom = typeof practiceRooms.$inferSelect;

/** Every practice room, newest first, with its participants (name, email, joined at) in the order they joined. */
export async function listPracticeRooms(db: Db) {
  const [rooms, participants, counts] = await Promise.all([
    db.select().from(practiceRooms).orderBy(desc(practiceRooms.createdAt)),
    db
      .select({
        id: practiceParticipants.id,
        roomId: practiceParticipants.practiceRoomId,
        fullName: practiceParticipants.fullName,
        email: practiceParticipants.email,
        joinedAt: practiceParticipants.joinedAt,
      })
      .from(practiceParticipants)
      .orderBy(asc(practiceParticipants.joinedAt)),
    codingQuestionCounts(db),
  ]);
  return rooms.map((room) => ({
    id: room.id,
    roomName: room.roomName,
    category: room.category,
    otp: room.otp,
    otpExpiresAt: room.otpExpiresAt?.getTime() ?? null,
    isActive: room.isActive,
    createdAt: room.createdAt.getTime(),
    questions: counts.get(room.category) ?? 0,
    participants: participants
      .filter((p) => p.roomId === room.id)
      .map((p) => ({ id: p.id, fullName: p.fullName, email: p.email, joinedAt: p.joinedAt.getTime() })),
  }));
}

/** Coding questions per category: what a practice room of that category offers. */
export async function codingQuestionCounts(db: Db) {
  const rows = await db
    .select({ category: questions.category, n: count() })
    .from(questions)
    .where(eq(questions.type, "coding"))
    .groupBy(questions.category);
  return new Map(rows.map((r) => [r.category, r.n]));
}

/** The create form's categories, with how many coding questions each holds. */
export async function practiceCategories(db: Db) {
  const [names, counts] = await Promise.all([
    db.select({ name: categories.name }).from(categories).orderBy(asc(categories.name)),
    codingQuestionCounts(db),
  ]);
  return names.map(({ name }) => ({ name, coding: counts.get(name) ?? 0 }));
}

/**
 * An OTP no other practice room holds while it is still valid. The space is
 * 900,000 codes, so a clash is rare; a few tries settle it.
 */
async function freshOtp(db: Db, now: number, exceptRoomId?: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const otp = generateOtp();
    const clash = await db
      .select({ id: practiceRooms.id })
      .from(practiceRooms)
      .where(
        and(
          eq(practiceRooms.otp, otp),
          gt(practiceRooms.otpExpiresAt, new Date(now)),
          exceptRoomId ? ne(practiceRooms.id, exceptRoomId) : undefined,
        ),
      )
      .get();
    if (!clash) return { otp, otpExpiresAt: new Date(now + PRACTICE_LIMITS.otpMs) };
  }
  throw new FormError(PRACTICE_MESSAGES.otpFailed, 503);
}

/** Creates an active practice room with a 6-digit OTP valid 24 hours. */
export async function createPracticeRoom(db: Db, adminId: string, input: { roomName: string; category: string }, now = Date.now()) {
  const known = await db.select({ name: categories.name }).from(categories).where(eq(categories.name, input.category)).get();
  if (!known) throw new FormError(PRACTICE_MESSAGES.unknownCategory);
  const code = await freshOtp(db, now);
  const [room] = await db
    .insert(practiceRooms)
    .values({ roomName: input.roomName, category: input.category, createdBy: adminId, isActive: true, ...code })
    .returning();
  return room!;
}

async function requirePracticeRoom(db: Db, roomId: string) {
  const room = await db.select().from(practiceRooms).where(eq(practiceRooms.id, roomId)).get();
  if (!room) throw new FormError(PRACTICE_MESSAGES.notFound, 404);
  return room;
}

/** Activate or Deactivate (spec 2 section 4): a deactivated room cannot be joined, opened or run. */
export async function setPracticeRoomActive(db: Db, roomId: string, isActive: boolean) {
  const room = await requirePracticeRoom(db, roomId);
  await db.update(practiceRooms).set({ isActive }).where(eq(practiceRooms.id, room.id));
  return room;
}

/** A new 24-hour OTP for a room whose code expired (the old one stops working at once). */
export async function renewPracticeOtp(db: Db, roomId: string, now = Date.now()) {
  const room = await requirePracticeRoom(db, roomId);
  const code = await freshOtp(db, now, room.id);
  await db.update(practiceRooms).set(code).where(eq(practiceRooms.id, room.id));
  return { otp: code.otp, otpExpiresAt: code.otpExpiresAt.getTime() };
}

/** Deletes the room and its participants in one batch (spec README difference 7). */
export async function deletePracticeRoom(db: Db, roomId: string) {
  const room = await requirePracticeRoom(db, roomId);
  await db.batch([
    db.delete(practiceParticipants).where(eq(practiceParticipants.practiceRoomId, room.id)),
    db.delete(practiceRooms).where(eq(practiceRooms.id, room.id)),
  ]);
  return room;
}
