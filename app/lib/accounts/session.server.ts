import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { userRoles, type Role } from "~/db/schema";
import type { Auth } from "./auth.server";
import { prepared, type Db } from "~/lib/d1/db.server";
import { CODE_SEND_MS } from "~/lib/student-tests/journal-limits";

export type Viewer = {
  id: string;
  name: string;
  email: string;
  role: Role | null;
  /** The better-auth session this request came with (a journal capability names it, issue 40). */
  sessionId: string;
};

const cache = new WeakMap<Request, Promise<Viewer | null>>();

/** Who is asking: the session's user plus their role, read once per request. */
export function getViewer(request: Request, auth: Auth, db: Db): Promise<Viewer | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = readViewer(request, auth, db);
    cache.set(request, pending);
  }
  return pending;
}

async function readViewer(request: Request, auth: Auth, db: Db): Promise<Viewer | null> {
  if (!request.headers.get("cookie")) return null;
  const result = await auth.api.getSession({ headers: request.headers });
  if (!result) return null;
  const row = await prepared(db, "userRole", (db) =>
    db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, sql.placeholder("userId")))
      .prepare(),
  ).get({ userId: result.user.id });
  return {
    id: result.user.id,
    name: result.user.name,
    email: result.user.email,
    role: row?.role ?? null,
    sessionId: result.session.id,
  };
}

export function deny(request: Request, status: 401 | 403): never {
  // Pages redirect to sign-in (spec 1 section 2); mutations get a plain status.
  if (request.method === "GET" || request.method === "HEAD") {
    // An anonymous visitor comes back here after signing in.
    const url = new URL(request.url);
    const back = url.pathname.replace(/\.data$/, "") + url.search;
    throw redirect(status === 401 && back !== "/" ? `/auth?redirectTo=${encodeURIComponent(back)}` : "/auth");
  }
  throw Response.json(
    { error: status === 401 ? "Please log in first" : "You do not have access to this action" },
    { status },
  );
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await getViewer(request, context.auth, context.db);
  if (!viewer) deny(request, 401);
  return viewer;
}

export async function requireRole(
  request: Request,
  context: AppLoadContext,
  role: Role,
): Promise<Viewer & { role: Role }> {
  return withRole(request, await getViewer(request, context.auth, context.db), role);
}

/** The viewer when they hold `role`; otherwise 401 (nobody) or 403 (another role). */
function withRole(request: Request, viewer: Viewer | null, role: Role): Viewer & { role: Role } {
  if (!viewer) deny(request, 401);
  if (viewer.role !== role) deny(request, 403);
  return viewer as Viewer & { role: Role };
}

/**
 * How long the journal may reuse who a session cookie belonged to, in this
 * isolate (decision 024). A class autosaves; each request otherwise costs
 * better-auth's session read (three D1 reads and its bookkeeping) before its
 * own. The page sends code every CODE_SEND_MS (5 s, issue 26), so the reuse
 * must outlast a few of those or every request misses it (decision 030). The
 * journal checks the test, the room and the participant on every request
 * anyway, so a removed or disqualified student is refused at once; only a
 * sign-out elsewhere or a role change reaches the journal up to this late
 * (the sign-out itself forgets its entry in the isolate that ran it).
 */
export const RECENT_VIEWER_MS = 3 * CODE_SEND_MS;
const RECENT_VIEWERS_KEPT = 5000;
const recentViewers = new Map<string, { viewer: Viewer; until: number }>();

/** `requireRole` for the journal's hot path: a viewer read in the last RECENT_VIEWER_MS is reused. */
export async function requireRecentRole(request: Request, context: AppLoadContext, role: Role): Promise<Viewer & { role: Role }> {
  const key = request.headers.get("cookie");
  const now = Date.now();
  const hit = key ? recentViewers.get(key) : undefined;
  if (hit && hit.until > now) return withRole(request, hit.viewer, role);
  const viewer = await getViewer(request, context.auth, context.db);
  if (viewer && key) {
    recentViewers.delete(key);
    recentViewers.set(key, { viewer, until: now + RECENT_VIEWER_MS });
    if (recentViewers.size > RECENT_VIEWERS_KEPT) recentViewers.delete(recentViewers.keys().next().value!);
  }
  return withRole(request, viewer, role);
}

/** Sign-out: this isolate stops reusing the session at once. */
export function forgetRecentViewer(request: Request) {
  const key = request.headers.get("cookie");
  if (key) recentViewers.delete(key);
}
