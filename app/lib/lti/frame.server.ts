// Which LMS pages may frame this browser's pages (decision 025). An LTI launch
// sets a signed, partitioned cookie naming the LMS's origins; documents then
// name them in CSP frame-ancestors instead of 'none'. Everyone else keeps
// X-Frame-Options DENY and frame-ancestors 'none'.
import { getServerEnv } from "~/lib/env.server";
import { frameOrigin } from "./lti";
import { crossSiteCookie } from "./oidc.server";

export const FRAME_COOKIE = "lti-frame";
const MAX_ORIGINS = 6;

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(`lti-frame:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromB64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

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
  const payload = b64url(new TextEncoder().encode(JSON.stringify(origins)));
  const key = await hmacKey(getServerEnv(env).BETTER_AUTH_SECRET);
  const signature = b64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(payload))));
  return crossSiteCookie(FRAME_COOKIE, `${payload}.${signature}`, { maxAge });
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
  const [payload, signature] = (value ?? "").split(".");
  if (!payload || !signature) return [];
  try {
    const key = await hmacKey(getServerEnv(env).BETTER_AUTH_SECRET);
    const valid = await crypto.subtle.verify("HMAC", key, fromB64url(signature), new TextEncoder().encode(payload));
    if (!valid) return [];
    const origins = JSON.parse(new TextDecoder().decode(fromB64url(payload))) as unknown;
    return Array.isArray(origins) ? frameOrigins(origins.filter((o): o is string => typeof o === "string")) : [];
  } catch {
    return [];
  }
}
