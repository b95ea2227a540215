// The accounts that hold LMS users' emails, with what the linking rule
// (account-linking.ts) needs to know of each: one query for launches and
// roster syncs, chunked under D1's bound-parameter cap.
import { eq, inArray, sql } from "drizzle-orm";
import { ltiUsers, user, userRoles } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { chunk } from "~/lib/d1/limits";
import type { EmailMatch } from "./account-linking";

export type AccountByEmail = EmailMatch & { id: string };

/** email -> the account that has it (emails as stored: trimmed, lower case). */
export async function accountsByEmail(db: Db, emails: readonly string[]): Promise<Map<string, AccountByEmail>> {
  const found = new Map<string, AccountByEmail>();
  for (const part of chunk([...new Set(emails)])) {
    const rows = await db
      .select({
        id: user.id,
        email: user.email,
        role: userRoles.role,
        emailVerified: user.emailVerified,
        hasLmsLink: sql<number>`exists (select 1 from ${ltiUsers} where ${ltiUsers.userId} = ${user.id})`,
      })
      .from(user)
      .leftJoin(userRoles, eq(userRoles.userId, user.id))
      .where(inArray(user.email, part))
      .all();
    for (const { email, ...row } of rows) found.set(email, { ...row, hasLmsLink: Boolean(row.hasLmsLink) });
  }
  return found;
}
