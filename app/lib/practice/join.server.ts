// Joining a practice room by its OTP (spec 2: the "join practice room" card).
// The one function every practice join goes through, so that throttling
// wrong codes has exactly one place to hook in.
import { and, eq, gt } from "drizzle-orm";
import { practiceParticipants, practiceRooms, user } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { FormError } from "~/lib/http/forms.server";
import { OTP_PATTERN } from "~/lib/rooms/otp";
import { InvalidOtpError } from "~/lib/rooms/rooms.server";

/**
 * The practice room a code opens: active, and the code not expired, checked
 * on the server's clock (spec README difference 6). Practice codes are a
 * separate space from test-room codes: the student chose the card.
 */
export async function findPracticeRoomByOtp(db: Db, otp: string, now = Date.now()) {
  if (!OTP_PATTERN.test(otp)) return null;
  return (
    (await db
      .select()
      .from(practiceRooms)
      .where(and(eq(practiceRooms.otp, otp), eq(practiceRooms.isActive, true), gt(practiceRooms.otpExpiresAt, new Date(now))))
      .get()) ?? null
  );
}

/**
 * Joins the student to the room the code opens, once (joining again just
 * re-enters). Answers the spec's messages as 4xx FormErrors: "Invalid or
 * expired OTP" for an unknown, expired or deactivated room's code, "User
 * profile not found" without a profile. `joined` is false on a re-entry.
 */
export async function joinPracticeRoom(db: Db, studentId: string, otp: string, now = Date.now()) {
  if (!OTP_PATTERN.test(otp)) throw new FormError("Please enter a valid 6-digit OTP").onField("otp");
  const room = await findPracticeRoomByOtp(db, otp, now);
  // The same answer as a wrong test-room code, so the caller's rate limit counts it the same way.
  if (!room) throw new InvalidOtpError();
  const profile = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, studentId)).get();
  if (!profile) throw new FormError("User profile not found", 404);
  const inserted = await db
    .insert(practiceParticipants)
    .values({ practiceRoomId: room.id, studentId, fullName: profile.name, email: profile.email, joinedAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ id: practiceParticipants.id });
  return { room, joined: inserted.length > 0 };
}
