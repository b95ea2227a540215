// The LTI endpoints a platform calls (decision 025). They are answered before
// Remix: the login initiation and the launch are the only requests a foreign
// origin may post (the LMS's own form), and each carries its own proof (the
// registered issuer, then the signed token and this browser's state).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { crossSiteSessionCookie } from "~/lib/accounts/auth.server";

import { publishParticipantsChanged } from "~/lib/party.server";
import { frameCookie, frameOrigins } from "./frame.server";
import { LtiNotConfiguredError, toolJwks } from "./keys.server";
import { performLaunch } from "./launch.server";
import { CLAIM, LTI_PATHS } from "./lti";
import { LaunchFormSchema, LoginSchema, LtiError, startLogin, verifyLaunch } from "./oidc.server";
import { autoPostPage, landingPage, ltiMessagePage } from "./pages.server";
import { deepLinkResponse, isCourseRoom, openDeepLink, PICKER_MESSAGES, placeRoomInCourse } from "./deep-linking.server";
import { z } from "zod";
import { forgetRecentViewer, getViewer } from "~/lib/accounts/session.server";
import { FormError } from "~/lib/http/forms.server";
import { getRoom } from "~/lib/rooms/rooms.server";
import { consumeHandoff, createHandoff, peekHandoff } from "./handoff.server";
import { getServerEnv } from "~/lib/env.server";
import { requireSameOrigin } from "~/lib/http/json-request.server";
import { countRequest, ltiLoginLimits, TooManyAttemptsError } from "~/lib/rate-limits/attempts.server";
import { MESSAGES } from "~/lib/rate-limits/limits";

const MAX_FORM_BYTES = 128 * 1024;

/** Paths handled here, and whether a foreign origin may post to them. */
export function isLtiEndpoint(pathname: string): boolean {
  return (
    pathname === LTI_PATHS.login ||
    pathname === LTI_PATHS.launch ||
    pathname === LTI_PATHS.jwks ||
    pathname === LTI_PATHS.deepLink ||
    pathname === HANDOFF_PATH ||
    pathname.startsWith(LAND_PREFIX) ||
    ADD_TO_COURSE.test(pathname)
  );
}

const ADD_TO_COURSE = /^\/lti\/pick\/([^/]{1,100})\/add$/;
const PickSchema = z.object({ roomId: z.string().min(1, "Pick a test room first").max(100, "Pick a test room first") });

/**
 * The picker's "Add to course" (deep linking): the picked room goes back to the
 * LMS as a signed LtiDeepLinkingResponse, posted by a page of its own whose CSP
 * lets exactly the LMS's return URL be the form's target. An instructor who is
 * not an administrator may only pick a room of this course.
 */
async function addToCourse(request: Request, context: AppLoadContext, linkId: string): Promise<Response> {
  if (request.method !== "POST") return ltiMessagePage({ title: "Start from your LMS", message: "Pick a room on the previous page.", status: 405 });
  // A plain form post from our own picker page, never from another site.
  requireSameOrigin(request, [getServerEnv(context.cloudflare.env).BETTER_AUTH_URL]);
  const viewer = await getViewer(request, context.auth, context.db);
  if (!viewer) return ltiMessagePage({ title: "The room could not be added", message: "Please log in first", status: 401 });
  try {
    const link = await openDeepLink(context.db, linkId, viewer.id);
    const parsed = PickSchema.safeParse((await readParams(request)) ?? {});
    if (!parsed.success) throw new FormError(parsed.error.issues[0]!.message);
    const room = await getRoom(context.db, parsed.data.roomId);
    if (!room) throw new FormError("Room not found", 404);
    if (viewer.role !== "admin" && !(await isCourseRoom(context.db, room.id, link.contextId))) {
      throw new FormError(PICKER_MESSAGES.roomNotInCourse, 403);
    }
    await placeRoomInCourse(context.db, room.id, link.contextId);
    const { returnUrl, jwt } = await deepLinkResponse(context.cloudflare.env, context.db, link, room, new URL(request.url).origin);
    return autoPostPage({ title: `Adding “${room.roomName}” to your course`, action: returnUrl, fields: { JWT: jwt } });
  } catch (error) {
    if (error instanceof FormError) return ltiMessagePage({ title: "The room could not be added", message: error.message, status: error.status });
    throw error;
  }
}

const HANDOFF_PATH = "/lti/handoff";
const LAND_PREFIX = "/lti/land/";

/**
 * A handoff posted from our own landing page, used once. "Open in a new window"
 * signs the learner in there. Continuing in the frame (`stay`) signs no one in:
 * the frame has the launch's session already, and a landing page opened
 * anywhere else (a link sent to someone) must not sign its browser in.
 */
async function handoff(request: Request, context: AppLoadContext): Promise<Response> {
  if (request.method !== "POST") return notFromLms();
  // Only our own page may post it: a foreign one could otherwise sign a browser in as someone else.
  requireSameOrigin(request, [getServerEnv(context.cloudflare.env).BETTER_AUTH_URL]);
  const params = await readParams(request);
  const token = params?.token;
  const found = token && token.length <= 100 ? await consumeHandoff(context.db, token) : null;
  if (!found) throw new LtiError("This link to your test has expired or was already used. Open the activity again from your LMS.", 410);
  const headers = new Headers({ Location: found.location, "Cache-Control": "no-store" });
  if (params?.stay !== "1") {
    headers.set("Set-Cookie", (await crossSiteSessionCookie(context.auth, found.userId)).cookie);
    forgetRecentViewer(request);
  }
  return new Response(null, { status: 302, headers });
}

async function land(url: URL, context: AppLoadContext): Promise<Response> {
  const token = safeDecode(url.pathname.slice(LAND_PREFIX.length));
  const valid = token !== null && token.length <= 100 && (await peekHandoff(context.db, token)) !== null;
  if (!valid) throw new LtiError("This link to your test has expired or was already used. Open the activity again from your LMS.", 410);
  return landingPage({ token, frameAncestors: await context.frameAncestors() });
}

function safeDecode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

async function readParams(request: Request): Promise<Record<string, string> | null> {
  if (request.method === "GET" || request.method === "HEAD") return Object.fromEntries(new URL(request.url).searchParams);
  const length = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(length) && length > MAX_FORM_BYTES) return null;
  try {
    const text = await request.text();
    if (text.length > MAX_FORM_BYTES) return null;
    const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
    if (type.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
    if (type.startsWith("multipart/form-data")) {
      const form = await new Response(text, { headers: { "Content-Type": request.headers.get("Content-Type")! } }).formData();
      return Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
    }
    return null;
  } catch {
    return null;
  }
}

function refused(error: LtiError) {
  return ltiMessagePage({
    title: error.relaunch ? "Open this test in a new window" : "This launch was refused",
    message: error.message,
    status: error.status,
    relaunch: error.relaunch,
  });
}

const notFromLms = () =>
  ltiMessagePage({
    title: "Start from your LMS",
    message: "This address is for your LMS (Moodle, Canvas, …). Open the activity in your course instead.",
    status: 405,
  });

export async function handleLtiRequest(request: Request, context: AppLoadContext): Promise<Response> {
  const url = new URL(request.url);
  const env = context.cloudflare.env;
  try {
    if (url.pathname === LTI_PATHS.jwks) {
      return Response.json(await toolJwks(env), { headers: { "Cache-Control": "public, max-age=300" } });
    }
    if (url.pathname === LTI_PATHS.deepLink) return notFromLms();
    if (url.pathname === HANDOFF_PATH) return await handoff(request, context);
    const adding = ADD_TO_COURSE.exec(url.pathname);
    if (adding) return await addToCourse(request, context, decodeURIComponent(adding[1]!));
    if (url.pathname.startsWith(LAND_PREFIX)) return await land(url, context);
    if (url.pathname === LTI_PATHS.login) {
      if (!["GET", "POST"].includes(request.method)) return notFromLms();
      const params = await readParams(request);
      const parsed = LoginSchema.safeParse(params ?? {});
      if (!parsed.success) {
        const tooLong = parsed.error.issues.find((issue) => issue.code === "too_big");
        if (tooLong) throw new LtiError(`The LMS's login request has a field that is too long (${tooLong.path.join(".")}).`, 400);
        throw new LtiError("The LMS's login request is incomplete: it needs iss, login_hint and target_link_uri.", 400);
      }
      // Every login stores a state for 10 minutes: limited per client address (decision 018's limiter).
      await countRequest(env, ltiLoginLimits(request), MESSAGES.ltiLogin);
      const { location, cookie } = await startLogin(context.db, parsed.data, url.origin);
      return new Response(null, { status: 302, headers: { Location: location, "Set-Cookie": cookie, "Cache-Control": "no-store" } });
    }
    // The launch: the platform posts the id_token and our state.
    if (request.method !== "POST") return notFromLms();
    const parsed = LaunchFormSchema.safeParse((await readParams(request)) ?? {});
    if (!parsed.success) throw new LtiError("The launch lacks its id_token and state.", 400);
    const verified = await verifyLaunch(context.db, request, parsed.data);
    const outcome = await performLaunch(context.db, verified);
    if (outcome.joined) context.cloudflare.ctx.waitUntil(publishParticipantsChanged(env, outcome.joined));
    const { cookie, maxAge } = await crossSiteSessionCookie(context.auth, outcome.userId);
    forgetRecentViewer(request);
    const presentation = verified.claims[CLAIM.launchPresentation] as { return_url?: unknown } | undefined;
    // The LMS pages that may frame ours: where the launch came from, the LMS's return page, its issuer.
    const origins = frameOrigins([
      request.headers.get("Origin"),
      typeof presentation?.return_url === "string" ? presentation.return_url : null,
      outcome.returnUrl,
      verified.platform.issuer,
      verified.platform.authLoginUrl,
    ]);
    // A learner lands on the storage check first (the test's offline journal needs IndexedDB in this frame).
    const location = outcome.joined ? `${LAND_PREFIX}${await createHandoff(context.db, outcome.userId, outcome.location)}` : outcome.location;
    const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
    headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await frameCookie(env, origins, maxAge));
    headers.append("Set-Cookie", `lti-state-${parsed.data.state}=; Path=/lti; Max-Age=0; HttpOnly; Secure; SameSite=None; Partitioned`);
    return new Response(null, { status: 302, headers });
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof LtiError) return refused(error);
    if (error instanceof TooManyAttemptsError) {
      return ltiMessagePage({ title: "Please wait a moment", message: error.message, status: 429, headers: error.headers });
    }
    if (error instanceof LtiNotConfiguredError) return ltiMessagePage({ title: "LTI is not set up", message: error.message, status: 503 });
    console.error("LTI request failed", error);
    return ltiMessagePage({
      title: "This launch could not be completed",
      message: "Something went wrong on our side. Open the activity again from your LMS in a minute.",
      status: 500,
    });
  }
}
