import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import type { Role } from "~/db/schema";
import { createDb, type Db } from "~/lib/d1/db.server";
import { configureD1Meter } from "~/lib/d1/meter.server";
import { getServerEnv } from "~/lib/env.server";

/**
 * better-auth, built from env (once per isolate: `authFor`). Its own sign-up endpoint
 * is off: accounts are only created by `createAccount`, which writes the user,
 * the credential and the role in one D1 batch so no user ever lacks a role.
 */
export function createAuth(env: Env, db: Db, origin?: string) {
  const serverEnv = getServerEnv(env);
  const baseURL = origin ?? serverEnv.BETTER_AUTH_URL;
  return betterAuth({
    baseURL,
    secret: serverEnv.BETTER_AUTH_SECRET,
    // Our own origin is the only one allowed to post forms that carry the session.
    trustedOrigins: [baseURL, serverEnv.BETTER_AUTH_URL],
    database: drizzleAdapter(db, {
      provider: "sqlite",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    advanced: { useSecureCookies: baseURL.startsWith("https:") },
    telemetry: { enabled: false },
    // A failed login is a user mistake, not something to log as a warning.
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * drizzle and better-auth hold no per-request state, and building better-auth
 * costs more CPU than a whole autosave's D1 work (issue 16: a class at once),
 * so each isolate builds them once per D1 binding and origin. The origin comes
 * from the Host header, so the cache keeps only the newest few.
 */
const built = new WeakMap<D1Database, Map<string, { db: Db; auth: Auth }>>();
const ORIGINS_KEPT = 4;

/** drizzle and better-auth for this isolate, D1 binding and origin. */
export function authFor(env: Env, origin: string): { db: Db; auth: Auth } {
  let byOrigin = built.get(env.DB);
  if (!byOrigin) {
    configureD1Meter(env as { D1_METER?: string });
    built.set(env.DB, (byOrigin = new Map()));
  }
  let pair = byOrigin.get(origin);
  if (!pair) {
    const db = createDb(env.DB);
    pair = { db, auth: createAuth(env, db, origin) };
    byOrigin.set(origin, pair);
    if (byOrigin.size > ORIGINS_KEPT) byOrigin.delete(byOrigin.keys().next().value!);
  }
  return pair;
}

export class EmailTakenError extends Error {
  constructor() {
    super("User already exists with this email");
  }
}

/**
 * Creates user + credential account + role atomically. `emailVerified`: an
 * administrator made the account and vouches for its address; a self-made
 * account's email is unproven (an LMS may link only a verified one, decision 035).
 */
export async function createAccount(
  auth: Auth,
  db: Db,
  input: { name: string; email: string; password: string; role: Role; emailVerified?: boolean },
) {
  const email = input.email.toLowerCase();
  const existing = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(schema.user.email, email))
    .get();
  if (existing) throw new EmailTakenError();
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const id = crypto.randomUUID();
  const now = new Date();
  try {
    await db.batch([
      db.insert(schema.user).values({
        id,
        name: input.name,
        email,
        emailVerified: input.emailVerified ?? false,
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(schema.account).values({
        id: crypto.randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: hash,
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(schema.userRoles).values({ userId: id, role: input.role }),
    ]);
  } catch (error) {
    // Lost a race with a concurrent sign-up for the same address.
    if (String(error).includes("UNIQUE")) throw new EmailTakenError();
    throw error;
  }
  return { id, email };
}

/**
 * Signs a user in without a password (an LMS launch whose token we verified):
 * a better-auth session, and its cookie signed as better-auth signs it. The
 * cookie is SameSite=None; Secure; Partitioned, so it works inside the LMS's
 * iframe; every action still requires our own Origin (http/json-request.server.ts).
 */
export async function crossSiteSessionCookie(auth: Auth, userId: string): Promise<{ cookie: string; maxAge: number }> {
  const ctx = await auth.$context;
  const session = await ctx.internalAdapter.createSession(userId);
  if (!session) throw new Error("The session could not be created");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(ctx.secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(session.token)));
  const value = encodeURIComponent(`${session.token}.${btoa(String.fromCharCode(...signature))}`);
  const maxAge = ctx.sessionConfig.expiresIn;
  return {
    cookie: `${ctx.authCookies.sessionToken.name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=None; Partitioned`,
    maxAge,
  };
}
