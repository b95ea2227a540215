// Which LMS pages may frame this browser's pages (decision 025). An LTI launch
// sets a signed, partitioned cookie naming the LMS's origins; documents then
// name them in CSP frame-ancestors instead of 'none'. Everyone else keeps
// X-Frame-Options DENY and frame-ancestors 'none'.
import { base64url } from "jose";
import { getServerEnv } from "~/lib/env.server";
import { fromB64url, signPayload, verifyPayload } from "~/lib/http/signed.server";
import { frameOrigin } from "./lti";
import { crossSiteCookie } from "./oidc.server";

export const FRAME_COOKIE = "lti-frame";
const MAX_ORIGINS = 6;

const frameKey = (env: Env) => `lti-frame:${getServerEnv(env).BETTER_AUTH_SECRET}`;

/** Origins an LMS frame may have: https ones, or http on this machine; host names of [a-z0-9.-] only (they reach CSP frame-ancestors). */
export function frameOrigins(candidates: readonly (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const candidate of candidates) {
    const origin = candidate ? frameOrigin(candidate) : null;
    if (origin) out.add(origin);
  }
  return [...out].slice(0, MAX_ORIGINS);
}

/** The Set-Cookie that lets these origins frame this browser's pages for maxAge seconds. */
export async function frameCookie(env: Env, origins: readonly string[], maxAge: number): Promise<string> {
  const token = await signPayload(frameKey(env), base64url.encode(JSON.stringify(origins)));
  return crossSiteCookie(FRAME_COOKIE, token, { maxAge });
}

/** The origins this request's frame cookie names, or none when it has no valid one. */
export async function frameAncestors(env: Env, request: Request): Promise<string[]> {
  const cookie = request.headers.get("Cookie");
  if (!cookie || !cookie.includes(`${FRAME_COOKIE}=`)) return [];
  const value = cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${FRAME_COOKIE}=`))
    ?.slice(FRAME_COOKIE.length + 1);
  try {
    const payload = await verifyPayload(frameKey(env), value);
    const bytes = payload === null ? null : fromB64url(payload);
    if (!bytes) return [];
    const origins = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return Array.isArray(origins) ? frameOrigins(origins.filter((o): o is string => typeof o === "string")) : [];
  } catch {
    return [];
  }
}
