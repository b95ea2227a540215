// The LMS's services, called with an OAuth 2 client-credentials token whose
// client assertion the tool signs (LTI Advantage): AGS scores and NRPS rosters.
import { signToolJwt } from "./keys.server";
import { isAllowedServiceUrl } from "./lti";
import type { Platform } from "./platforms.server";

const TIMEOUT_MS = 10_000;
const tokens = new Map<string, { token: string; until: number }>();

export class LtiServiceError extends Error {}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new LtiServiceError(`The LMS did not answer (${error instanceof Error ? error.name : "network error"})`);
  }
}

async function problem(response: Response, what: string) {
  const body = (await response.text().catch(() => "")).slice(0, 200).replace(/\s+/g, " ").trim();
  return new LtiServiceError(`${what}: HTTP ${response.status}${body ? ` ${body}` : ""}`);
}

/** An access token for these scopes, reused until a minute before it expires. */
export async function accessToken(env: Env, platform: Platform, scopes: readonly string[]): Promise<string> {
  const key = `${platform.id}|${platform.tokenUrl}|${platform.clientId}|${[...scopes].sort().join(" ")}`;
  const cached = tokens.get(key);
  if (cached && cached.until > Date.now()) return cached.token;
  const assertion = await signToolJwt(env, {
    iss: platform.clientId,
    sub: platform.clientId,
    aud: platform.tokenUrl,
    jti: crypto.randomUUID(),
  });
  const response = await call(platform.tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: assertion,
      scope: scopes.join(" "),
    }),
  });
  if (!response.ok) throw await problem(response, "The LMS refused an access token");
  const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (!body || typeof body.access_token !== "string") throw new LtiServiceError("The LMS's token answer has no access_token");
  const seconds = typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in : 3600;
  tokens.set(key, { token: body.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 });
  if (tokens.size > 200) tokens.delete(tokens.keys().next().value!);
  return body.access_token;
}

/** Forgets a token the LMS no longer accepts. */
export function forgetTokens(platform: Platform) {
  for (const key of tokens.keys()) if (key.startsWith(`${platform.id}|`)) tokens.delete(key);
}

/** `{lineitem}/scores`, the line item's query string (Moodle's ?type_id=) kept. */
export function scoresUrl(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/scores`;
  return url.toString();
}

/** An AGS score. While a room's results are held (decision 041): Submitted and Pending, with no score at all. */
export type Score =
  | { userId: string; scoreGiven: number; scoreMaximum: number; activityProgress: "Completed"; gradingProgress: "FullyGraded" | "PendingManual"; timestamp: string }
  | { userId: string; activityProgress: "Submitted"; gradingProgress: "Pending"; timestamp: string };

/** Posts one score to a line item (AGS). Throws LtiServiceError with the LMS's answer when it is refused. */
export async function postScore(env: Env, platform: Platform, lineItemUrl: string, score: Score, scope: string): Promise<void> {
  // Kept from a launch before launches checked it (decision 035).
  if (!isAllowedServiceUrl(lineItemUrl)) throw new LtiServiceError("The line item URL must be an https:// URL with a host name");
  const send = async () =>
    call(scoresUrl(lineItemUrl), {
      method: "POST",
      headers: {
        Authorization: `Bearer ${await accessToken(env, platform, [scope])}`,
        "Content-Type": "application/vnd.ims.lis.v1.score+json",
      },
      body: JSON.stringify(score),
    });
  let response = await send();
  if (response.status === 401) {
    // A token the LMS revoked early: one fresh token, once.
    forgetTokens(platform);
    response = await send();
  }
  if (!response.ok) throw await problem(response, "The LMS refused the score");
}

export type Member = { userId: string; name?: string; email?: string; roles: string[]; status: string };

const MEMBERSHIPS_TYPE = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json";
const MAX_PAGES = 100;
const MAX_MEMBERS = 10_000;

/** A course's members (NRPS), every page (Link rel="next"), within MAX_PAGES and MAX_MEMBERS. */
export async function fetchMembers(env: Env, platform: Platform, membershipsUrl: string, scope: string): Promise<Member[]> {
  if (!isAllowedServiceUrl(membershipsUrl)) throw new LtiServiceError("The roster URL must be an https:// URL with a host name");
  const members: Member[] = [];
  let next: string | null = membershipsUrl;
  for (let page = 0; next && page < MAX_PAGES && members.length < MAX_MEMBERS; page++) {
    const response = await call(next, {
      headers: { Authorization: `Bearer ${await accessToken(env, platform, [scope])}`, Accept: MEMBERSHIPS_TYPE },
    });
    if (!response.ok) throw await problem(response, "The LMS refused its roster");
    const body = (await response.json().catch(() => null)) as { members?: unknown } | null;
    if (!body || !Array.isArray(body.members)) throw new LtiServiceError("The LMS's roster answer has no members");
    for (const raw of body.members as Record<string, unknown>[]) {
      if (typeof raw?.user_id !== "string" || !raw.user_id) continue;
      members.push({
        userId: raw.user_id.slice(0, 255),
        name: typeof raw.name === "string" ? raw.name : undefined,
        email: typeof raw.email === "string" ? raw.email : undefined,
        roles: Array.isArray(raw.roles) ? raw.roles.filter((r): r is string => typeof r === "string") : [],
        status: typeof raw.status === "string" ? raw.status : "Active",
      });
    }
    next = nextLink(response.headers.get("Link"), next);
  }
  return members.slice(0, MAX_MEMBERS);
}

/** The rel="next" target of a Link header, resolved against the page's URL; only on the same origin. */
export function nextLink(header: string | null, base: string): string | null {
  if (!header) return null;
  for (const part of header.split(",")) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (!match || !/rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(match[2]!)) continue;
    try {
      const url = new URL(match[1]!, base);
      return url.origin === new URL(base).origin ? url.toString() : null;
    } catch {
      return null;
    }
  }
  return null;
}
