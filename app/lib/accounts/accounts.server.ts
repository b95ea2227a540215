import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { userRoles } from "~/db/schema";

/** Constant-time string comparison, so the admin code cannot be guessed by timing. */
export function safeEqual(a: string, b: string): boolean {
  const enc = new TextEncoder();
  const x = enc.encode(a);
  const y = enc.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/**
 * Signs in through better-auth. Returns the Set-Cookie headers and the user id,
 * or the backend's message on failure (spec 1 section 8).
 */
export async function signIn(
  request: Request,
  context: AppLoadContext,
  email: string,
  password: string,
): Promise<{ ok: true; userId: string; cookies: string[] } | { ok: false; message: string }> {
  let response: Response;
  try {
    response = await context.auth.api.signInEmail({
      body: { email: email.toLowerCase(), password },
      headers: request.headers,
      asResponse: true,
    });
  } catch {
    return { ok: false, message: "Authentication failed" };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return { ok: false, message: body?.message || "Authentication failed" };
  }
  const body = (await response.json()) as { user: { id: string } };
  return { ok: true, userId: body.user.id, cookies: response.headers.getSetCookie() };
}

export async function roleOf(context: AppLoadContext, userId: string) {
  const row = await context.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .get();
  return row?.role ?? null;
}
