// A student's own account (spec 2: /student/profile and /student/settings).
// The profile update is the admin's Edit User limited to one's own name and
// email; the password change asks for the current password, so a stolen
// session alone cannot take the account.
import { and, eq, ne, sql } from "drizzle-orm";
import { account, session } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import type { Auth } from "./auth.server";
import { updateUser, type MutationResult } from "./users.server";

/** The spec's messages (section 8), verbatim, plus ours for the cases it does not name. */
export const PROFILE_MESSAGES = {
  profileUpdated: "Profile updated successfully",
  profileFailed: "Failed to update profile",
  passwordChanged: "Password changed successfully",
  passwordFailed: "Failed to change password",
  wrongCurrentPassword: "Current password is incorrect",
  passwordChangedElsewhere: "Your password was changed at the same time from another session. Please try again.",
} as const;

export type PasswordResult = { ok: true } | { ok: false; status: 400 | 409 | 500; error: string };

/**
 * Name and email of the acting user, through the admin's updateUser (same
 * rules: an email used by another account is refused with 409, one batch).
 */
export function updateOwnProfile(
  auth: Auth,
  db: Db,
  userId: string,
  input: { full_name: string; email: string },
): Promise<MutationResult> {
  return updateUser(auth, db, { id: userId }, { userId, full_name: input.full_name, email: input.email });
}

/**
 * Changes the acting user's password. The current password is checked first
 * (one scrypt verify per attempt; the new one is hashed only after it
 * matched). Then, in ONE D1 batch, the credential gets the new hash, but only
 * if it still holds the hash that was verified (a concurrent change wins
 * once), and every other session of the user ends; `keepSessionId`, this
 * device, stays signed in.
 */
export async function changeOwnPassword(
  auth: Auth,
  db: Db,
  actor: { userId: string; keepSessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<PasswordResult> {
  const credential = await db
    .select({ id: account.id, password: account.password })
    .from(account)
    .where(and(eq(account.userId, actor.userId), eq(account.providerId, "credential")))
    .get();
  if (!credential?.password) return { ok: false, status: 400, error: PROFILE_MESSAGES.passwordFailed };
  const ctx = await auth.$context;
  const matches = await ctx.password.verify({ hash: credential.password, password: input.currentPassword });
  if (!matches) return { ok: false, status: 400, error: PROFILE_MESSAGES.wrongCurrentPassword };

  const hash = await ctx.password.hash(input.newPassword);
  const [updated] = await db.batch([
    db
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(account.id, credential.id), eq(account.password, credential.password)))
      .returning({ id: account.id }),
    // Runs in the same batch; ends the other sessions only if the new hash was written.
    db
      .delete(session)
      .where(
        and(
          eq(session.userId, actor.userId),
          ne(session.id, actor.keepSessionId),
          sql`exists (select 1 from ${account} where ${account.id} = ${credential.id} and ${account.password} = ${hash})`,
        ),
      ),
  ]);
  if (updated.length === 0) return { ok: false, status: 409, error: PROFILE_MESSAGES.passwordChangedElsewhere };
  return { ok: true };
}
