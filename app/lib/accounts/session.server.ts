import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { userRoles, type Role } from "~/db/schema";
import type { Auth } from "./auth.server";
import type { Db } from "~/lib/db.server";

export type Viewer = {
  id: string;
  name: string;
  email: string;
  role: Role | null;
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
  const row = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, result.user.id))
    .get();
  return {
    id: result.user.id,
    name: result.user.name,
    email: result.user.email,
    role: row?.role ?? null,
  };
}

function deny(request: Request, status: 401 | 403): never {
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
  const viewer = await getViewer(request, context.auth, context.db);
  if (!viewer) deny(request, 401);
  if (viewer.role !== role) deny(request, 403);
  return viewer as Viewer & { role: Role };
}


