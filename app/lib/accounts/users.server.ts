// Admin user management: the list query and the three mutations behind
// /admin/users (spec 1 sections 2, 5, 7; spec README difference 8). Callers
// must have checked `requireRole(request, context, "admin")` first.
import { and, count, eq, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { accommodations, account, session, user, userRoles, type Role } from "~/db/schema";
import { createAccount, EmailTakenError, type Auth } from "./auth.server";
import type { Db } from "~/lib/d1/db.server";
import { containsText } from "~/lib/d1/queries.server";
import {
  USER_CONFLICTS,
  USER_MESSAGES,
  USERS_PAGE_SIZE,
  type CreateUserInput,
  type ResetPasswordInput,
  type UpdateUserInput,
  type UserRow,
  type UsersQuery,
} from "./user-validation";

export type MutationResult = { ok: true } | { ok: false; status: 404 | 409; error: string };

const refuse = (status: 404 | 409, error: string): MutationResult => ({ ok: false, status, error });

export type UsersPage = {
  users: UserRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/**
 * One page of users, ordered by name: search on name or email (ignoring ASCII
 * case), role filter, and the total count, in one round trip.
 */
export async function listUsers(db: Db, query: UsersQuery): Promise<UsersPage> {
  const conditions: SQL[] = [];
  const matches = containsText([user.name, user.email], query.q);
  if (matches) conditions.push(matches);
  if (query.role !== "all") conditions.push(eq(userRoles.role, query.role));
  const where = conditions.length ? and(...conditions) : undefined;

  const [rows, totals] = await db.batch([
    db
      .select({ id: user.id, name: user.name, email: user.email, role: userRoles.role, unit: accommodations.unit, amount: accommodations.amount, reason: accommodations.reason })
      .from(user)
      .leftJoin(userRoles, eq(userRoles.userId, user.id))
      .leftJoin(accommodations, eq(accommodations.userId, user.id))
      .where(where)
      // id last, so pages never overlap when names and emails repeat.
      .orderBy(sql`${user.name} COLLATE NOCASE`, user.email, user.id)
      .limit(USERS_PAGE_SIZE)
      .offset((query.page - 1) * USERS_PAGE_SIZE),
    db.select({ total: count() }).from(user).leftJoin(userRoles, eq(userRoles.userId, user.id)).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    users: rows.map(({ unit, amount, reason, ...row }) => ({ ...row, accommodation: unit ? { unit, amount: amount ?? 0, reason } : null })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
    pageSize: USERS_PAGE_SIZE,
  };
}

/** admin-create-user: user + credential + role in one batch (createAccount). */
export async function createUser(auth: Auth, db: Db, input: CreateUserInput): Promise<MutationResult & { id?: string }> {
  try {
    const created = await createAccount(auth, db, {
      name: input.full_name,
      email: input.email,
      password: input.password,
      role: input.role,
      // Made by an administrator, who vouches for the address (decision 035).
      emailVerified: true,
    });
    return { ok: true, id: created.id };
  } catch (error) {
    if (error instanceof EmailTakenError) return refuse(409, USER_CONFLICTS.emailTaken);
    throw error;
  }
}

/**
 * Edit User: name, email, optional role and optional new password, written in
 * ONE D1 batch, so a refused or failed part leaves the user exactly as before.
 */
export async function updateUser(
  auth: Auth,
  db: Db,
  actor: { id: string; keepSessionId?: string },
  input: UpdateUserInput,
): Promise<MutationResult> {
  const target = await db
    .select({ id: user.id, email: user.email, role: userRoles.role })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(eq(user.id, input.userId))
    .get();
  if (!target) return refuse(404, USER_MESSAGES.updateFailed);

  const newRole = input.role && input.role !== target.role ? input.role : undefined;
  // An admin cannot demote (lock out) themselves.
  if (newRole && target.id === actor.id) return refuse(409, USER_CONFLICTS.ownRole);
  if (input.email !== target.email && (await emailUsedByOther(db, input.email, target.id))) {
    return refuse(409, USER_CONFLICTS.emailInUse);
  }

  const now = new Date();
  const statements: BatchItem<"sqlite">[] = [];
  if (newRole) statements.push(roleStatement(db, actor.id, target.id, target.role, newRole));
  // A new address is verified only when an administrator sets it for someone else; one set by its owner is unproven (decision 035).
  const emailChange = input.email !== target.email ? { email: input.email, emailVerified: actor.id !== target.id } : { email: input.email };
  statements.push(db.update(user).set({ name: input.full_name, ...emailChange, updatedAt: now }).where(eq(user.id, target.id)));
  if (input.password) {
    statements.push(...(await passwordStatements(auth, db, target.id, input.password, now, actor.keepSessionId)));
  }
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    const text = errorText(error);
    // Lost a race with another write of the same email, or with another admin's demotion.
    if (text.includes("UNIQUE")) return refuse(409, USER_CONFLICTS.emailInUse);
    if (text.includes("NOT NULL") && text.includes("role")) return refuse(409, USER_CONFLICTS.lastAdmin);
    throw error;
  }
  return { ok: true };
}

/** admin-reset-password: new hash and the user's sessions revoked, in one batch. */
export async function resetPassword(
  auth: Auth,
  db: Db,
  actor: { id: string; keepSessionId?: string },
  input: ResetPasswordInput,
): Promise<MutationResult> {
  const target = await db.select({ id: user.id }).from(user).where(eq(user.id, input.userId)).get();
  if (!target) return refuse(404, USER_MESSAGES.resetFailed);
  const statements = await passwordStatements(auth, db, target.id, input.newPassword, new Date(), actor.keepSessionId);
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { ok: true };
}

async function emailUsedByOther(db: Db, email: string, userId: string) {
  const row = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, email), ne(user.id, userId)))
    .get();
  return Boolean(row);
}

/**
 * Sets the credential password (adding the credential if the user has none)
 * and revokes the user's sessions. The session delete is part of the same
 * batch as the new hash: anyone holding the old password's session is signed
 * out at the moment the password changes, never before or after. When admins
 * reset their own password, `keepSessionId` (their current session) survives.
 */
async function passwordStatements(
  auth: Auth,
  db: Db,
  userId: string,
  password: string,
  now: Date,
  keepSessionId?: string,
): Promise<BatchItem<"sqlite">[]> {
  const hash = await (await auth.$context).password.hash(password);
  const credential = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .get();
  const write = credential
    ? db.update(account).set({ password: hash, updatedAt: now }).where(eq(account.id, credential.id))
    : db.insert(account).values({
        id: crypto.randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: hash,
        createdAt: now,
        updatedAt: now,
      });
  const revoke = db
    .delete(session)
    .where(keepSessionId ? and(eq(session.userId, userId), ne(session.id, keepSessionId)) : eq(session.userId, userId));
  return [write, revoke];
}

/**
 * The role write. Demoting an admin is guarded inside the statement itself:
 * unless the acting admin is still an admin and another admin remains, the
 * CASE yields NULL, the NOT NULL constraint fails and D1 rolls the whole batch
 * back. Two admins demoting each other at once therefore cannot leave none.
 */
function roleStatement(db: Db, actorId: string, targetId: string, current: Role | null, next: Role) {
  if (current === "admin" && next !== "admin") {
    return db
      .update(userRoles)
      .set({
        role: sql`CASE WHEN EXISTS (SELECT 1 FROM user_roles WHERE user_id = ${actorId} AND role = 'admin')
          AND EXISTS (SELECT 1 FROM user_roles WHERE role = 'admin' AND user_id <> ${targetId})
          THEN ${next} ELSE NULL END`,
      })
      .where(eq(userRoles.userId, targetId));
  }
  return db
    .insert(userRoles)
    .values({ userId: targetId, role: next })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role: next } });
}

/** The message of an error and of its causes (drizzle wraps D1's error). */
function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(" | ");
}
