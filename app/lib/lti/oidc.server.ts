import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { base64url, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { z } from "zod";
import { ltiStates } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { sha256Base64 as sha256 } from "~/lib/http/signed.server";
import { CLAIM, LTI_PATHS } from "./lti";
import { isRegisteredDeployment, platformById, platformForLogin, type Platform } from "./platforms.server";

/** How long a login may take between our redirect and the platform's post back. */
export const STATE_TTL_MS = 10 * 60 * 1000;
/** Clock difference tolerated between the platform and us (exp, iat). */
export const CLOCK_TOLERANCE_S = 10;
/** A JWKS is kept this long; an unknown kid refetches it sooner (keys rotate), at most once a second. */
const JWKS_MAX_AGE_MS = 10 * 60 * 1000;
const JWKS_COOLDOWN_MS = 1000;

/** A refusal the launch answers with a readable page and no session. */
export class LtiError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    /** The login to start again in a new window, when only the frame's cookies failed. */
    readonly relaunch?: Record<string, string>,
  ) {
    super(message);
  }
}

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * The third-party-initiated login's parameters (GET query or POST form). Each
 * login stores its relaunch for 10 minutes, so the sizes are tight: an issuer
 * is a registered Platform ID (500 at most), and the hints real LMSs send are
 * short (Canvas's lti_message_hint, a JWT, is the longest at about 1 kB).
 */
export const LoginSchema = z.object({
  iss: text(500),
  login_hint: text(1000),
  target_link_uri: text(500),
  lti_message_hint: z.string().max(2000).optional(),
  client_id: z.string().max(255).optional(),
  lti_deployment_id: z.string().max(255).optional(),
});

export type LoginParams = z.infer<typeof LoginSchema>;

const stateCookieName = (state: string) => `lti-state-${state}`;

function randomToken(bytes = 32) {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(bytes)));
}


/**
 * Cookies that must survive the LMS's cross-site form posts and its iframe:
 * SameSite=None needs Secure (browsers accept Secure on http://localhost), and
 * Partitioned keeps them working where third-party cookies are blocked (CHIPS).
 */
export function crossSiteCookie(name: string, value: string, opts: { path?: string; maxAge: number }) {
  return `${name}=${value}; Path=${opts.path ?? "/"}; Max-Age=${opts.maxAge}; HttpOnly; Secure; SameSite=None; Partitioned`;
}

/** Starts a login: a state and nonce in D1, the state bound to this browser by a cookie, and the platform's auth URL. */
export async function startLogin(db: Db, params: LoginParams, toolOrigin: string): Promise<{ location: string; cookie: string }> {
  const found = await platformForLogin(db, params.iss, params.client_id, params.lti_deployment_id);
  if ("error" in found) throw new LtiError(found.error, 400);
  const platform = found;
  if (!isToolUrl(params.target_link_uri, toolOrigin)) {
    throw new LtiError("The launch's target_link_uri is not one of this tool's URLs.", 400);
  }
  const state = randomToken();
  const nonce = randomToken();
  const binding = randomToken();
  // Only what a relaunch needs beyond the platform (whose issuer and client id it takes from the registration).
  const login: Record<string, string> = { login_hint: params.login_hint, target_link_uri: toolUrl(params.target_link_uri) };
  if (params.lti_message_hint) login.lti_message_hint = params.lti_message_hint;
  if (params.lti_deployment_id) login.lti_deployment_id = params.lti_deployment_id;
  const now = Date.now();
  await db.batch([
    // Old, unused logins go as new ones arrive (bounded: the table never grows with abandoned logins).
    db.delete(ltiStates).where(lt(ltiStates.expiresAt, new Date(now - STATE_TTL_MS))),
    db.insert(ltiStates).values({
      state,
      nonce,
      platformId: platform.id,
      browserHash: await sha256(binding),
      login,
      expiresAt: new Date(now + STATE_TTL_MS),
    }),
  ]);
  const auth = new URL(platform.authLoginUrl);
  const query: Record<string, string> = {
    scope: "openid",
    response_type: "id_token",
    response_mode: "form_post",
    prompt: "none",
    client_id: platform.clientId,
    redirect_uri: `${toolOrigin}${LTI_PATHS.launch}`,
    login_hint: params.login_hint,
    state,
    nonce,
  };
  if (params.lti_message_hint) query.lti_message_hint = params.lti_message_hint;
  for (const [key, value] of Object.entries(query)) auth.searchParams.set(key, value);
  return {
    location: auth.toString(),
    cookie: crossSiteCookie(stateCookieName(state), binding, { path: "/lti", maxAge: STATE_TTL_MS / 1000 }),
  };
}

/** A tool URL without its query (nothing in it is ours to keep). */
const toolUrl = (value: string) => {
  const url = new URL(value);
  return `${url.origin}${url.pathname}`;
};

function isToolUrl(value: string, toolOrigin: string) {
  try {
    const url = new URL(value);
    return url.origin === toolOrigin && (url.pathname === LTI_PATHS.launch || url.pathname === LTI_PATHS.deepLink);
  } catch {
    return false;
  }
}

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function platformKeys(platform: Platform) {
  let keys = jwksCache.get(platform.jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(platform.jwksUrl), {
      cacheMaxAge: JWKS_MAX_AGE_MS,
      cooldownDuration: JWKS_COOLDOWN_MS,
      timeoutDuration: 5000,
    });
    jwksCache.set(platform.jwksUrl, keys);
    if (jwksCache.size > 100) jwksCache.delete(jwksCache.keys().next().value!);
  }
  return keys;
}

export const LaunchFormSchema = z.object({
  id_token: z.string().min(1).max(64_000),
  state: z.string().min(1).max(200),
});

export type VerifiedLaunch = { platform: Platform; claims: JWTPayload & Record<string, unknown>; login: Record<string, string> };

function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

/**
 * Verifies a launch completely: the state exists, is this browser's and is
 * used once; the id_token is signed by the platform's key (its JWKS, refetched
 * on an unknown kid), from its issuer, for our client id (aud, azp), fresh
 * (exp, iat), with this state's nonce, a registered deployment and LTI 1.3.0.
 * Every failure is an LtiError: no session is made.
 */
export async function verifyLaunch(db: Db, request: Request, form: { id_token: string; state: string }): Promise<VerifiedLaunch> {
  const now = Date.now();
  const row = await db.select().from(ltiStates).where(eq(ltiStates.state, form.state)).get();
  if (!row || row.usedAt || row.expiresAt.getTime() <= now) {
    throw new LtiError("This launch has expired or was already used. Open the activity again from your LMS.", 400);
  }
  const platform = await platformById(db, row.platformId);
  if (!platform) throw new LtiError("This LMS is no longer registered with this tool.", 400);
  const binding = readCookie(request, stateCookieName(form.state));
  if (!binding) {
    // The browser kept no cookie from the login (Safari in an iframe): the same login can start again in a window of its own.
    await consumeState(db, form.state);
    throw new LtiError("Your browser blocked this tool's cookies inside the LMS page.", 401, relaunchOf(platform, row.login));
  }
  if ((await sha256(binding)) !== row.browserHash) {
    throw new LtiError("This launch was started in another browser.", 401);
  }

  let claims: JWTPayload & Record<string, unknown>;
  try {
    const verified = await jwtVerify(form.id_token, platformKeys(platform), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ["RS256"],
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ["exp", "iat", "nonce", "sub"],
    });
    claims = verified.payload as JWTPayload & Record<string, unknown>;
  } catch (error) {
    throw new LtiError(tokenProblem(error), 401);
  }
  if (typeof claims.iat === "number" && claims.iat * 1000 > now + CLOCK_TOLERANCE_S * 1000) {
    throw new LtiError("The LMS's launch token was issued in the future (iat): check the LMS server's clock.", 401);
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== platform.clientId) {
    throw new LtiError("The launch token was issued for another tool (azp).", 401);
  }
  if (claims.nonce !== row.nonce) throw new LtiError("The launch token's nonce does not belong to this launch.", 401);
  if (!(await consumeState(db, form.state))) {
    throw new LtiError("This launch has expired or was already used. Open the activity again from your LMS.", 400);
  }
  if (claims[CLAIM.version] !== "1.3.0") throw new LtiError("Only LTI 1.3.0 launches are supported.", 400);
  const deploymentId = claims[CLAIM.deploymentId];
  if (typeof deploymentId !== "string" || !(await isRegisteredDeployment(db, platform.id, deploymentId))) {
    throw new LtiError("This deployment of the tool is not registered. An administrator adds its Deployment ID under Admin → LTI.", 403);
  }
  return { platform, claims, login: row.login };
}

/** The login to post again: the registration's issuer and client id, and what the state kept. */
function relaunchOf(platform: Platform, login: Record<string, string>): Record<string, string> {
  return { iss: platform.issuer, client_id: platform.clientId, ...login };
}

/** Marks a state used; false when it already was (a replay, or a race between two posts). */
async function consumeState(db: Db, state: string): Promise<boolean> {
  const used = await db
    .update(ltiStates)
    .set({ usedAt: new Date() })
    .where(and(eq(ltiStates.state, state), isNull(ltiStates.usedAt), gt(ltiStates.expiresAt, new Date())))
    .returning({ state: ltiStates.state });
  return used.length === 1;
}

function tokenProblem(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return "The LMS's launch token has expired. Open the activity again.";
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === "iss") return "The launch token comes from another LMS than the one this launch started with (iss).";
    if (error.claim === "aud") return "The launch token was issued for another tool (aud).";
    if (error.claim === "iat" || error.claim === "nbf") return "The LMS's launch token is not valid yet: check the LMS server's clock.";
    return `The launch token lacks a required claim (${error.claim}).`;
  }
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "The launch token is signed with a key the LMS does not publish.";
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return "The launch token's signature is not valid.";
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return "The launch token must be signed with RS256.";
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid) {
    return "The LMS's public keyset could not be read. Check its Public keyset URL under Admin → LTI.";
  }
  if (error instanceof joseErrors.JOSEError) return `The launch token is not valid (${error.code}).`;
  return "The LMS's public keyset could not be read. Check its Public keyset URL under Admin → LTI.";
}
