import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
// The Remix server build must exist before this file is bundled (npm run build).
import * as build from "./build/server";
import { productionConfigurationError } from "./app/lib/env.server";
import { foreignActionRefusal } from "./app/lib/http/json-request.server";
import { withSecurityHeaders } from "./app/lib/http/security-headers.server";
import { handleLtiRequest, isLtiEndpoint } from "./app/lib/lti/endpoints.server";
import { fastJournal } from "./app/lib/student-tests/journal-fast.server";
import { getLoadContext } from "./load-context";
import { authorizePartyRequest } from "./party/authorize.server";

export { RoomParty } from "./party/room";
export { RateLimiter } from "./app/lib/rate-limits/rate-limiter.server";
export { LtiGradeSync } from "./app/lib/lti/grade-sync.server";

/** One request on its way through the steps. A step may pass on a replacement of the request; the load context is built on first use, once. */
type Visit = { request: Request; readonly url: URL; readonly env: Env; context(): AppLoadContext };
/** A step answers (a Response) or passes on (null, or the request to go on with). */
type Step = (visit: Visit) => Response | Request | null | Promise<Response | Request | null>;

/** In order; Remix answers whatever none of them does. */
const STEPS: Step[] = [refuseMisconfigured, party, lti, refuseForeignAction, journalFastPath, journal];

export default {
  async fetch(request, env, ctx) {
    return withSecurityHeaders(await handle(request, env, ctx));
  },
} satisfies ExportedHandler<Env>;

async function handle(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  let context: AppLoadContext | undefined;
  const visit: Visit = {
    request,
    url: new URL(request.url),
    env,
    context: () => (context ??= getLoadContext(visit.request, { env, ctx, cf: request.cf as IncomingRequestCfProperties | undefined, caches })),
  };
  for (const step of STEPS) {
    const out = await step(visit);
    if (out instanceof Response) return out;
    if (out) visit.request = out;
  }
  return remix(visit);
}

/**
 * A deployment with a published secret answers nothing else (decision 021).
 * The check runs once per Worker environment and host: the secrets cannot
 * change while an isolate lives, and it (the LTI key's comparison among
 * them) would otherwise run on every request.
 */
const configurationChecks = new WeakMap<Env, Map<string, Promise<string | null>>>();
async function refuseMisconfigured({ env, url }: Visit): Promise<Response | null> {
  let byHost = configurationChecks.get(env);
  if (!byHost) configurationChecks.set(env, (byHost = new Map()));
  let check = byHost.get(url.host);
  if (!check) {
    check = productionConfigurationError(env, url.href);
    if (byHost.size < 16) byHost.set(url.host, check);
  }
  const refusal = await check;
  if (!refusal) return null;
  console.error(refusal);
  return new Response(refusal, { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Only /parties/… is a party's (partysocket's prefix): every other request skips partyserver's routing. */
async function party({ request, env, url }: Visit): Promise<Response | null> {
  if (!url.pathname.startsWith("/parties/")) return null;
  return routePartykitRequest(request, env, {
    onBeforeConnect: (req, lobby) => authorizePartyRequest(req, env, lobby.name),
    // Plain HTTP to a party is not part of our API.
    onBeforeRequest: () => new Response("Not found", { status: 404 }),
  });
}

/** The LMS posts its login and launch forms from its own origin (decision 025): answered before the Origin rule. */
function lti({ request, url, context }: Visit): Promise<Response> | null {
  return isLtiEndpoint(url.pathname) ? handleLtiRequest(request, context()) : null;
}

/** A write from another origin: our 403, where Remix would throw a 500. */
function refuseForeignAction({ request }: Visit): Response | null {
  return foreignActionRefusal(request);
}

/**
 * The journal's POST, the hot path of a class autosaving (decision 024), goes
 * straight to its route's action: the same module Remix would call, without
 * Remix matching all the app's routes (twice) for every autosave.
 */
const JOURNAL_PATH = /^\/api\/journal\/([^/]+)$/;
const journalAction = (build as unknown as ServerBuild).routes["routes/api.journal.$testId"]?.module.action;

/** The test a journal POST is for, or null for any other request (and for a broken percent-encoding, which Remix then answers). */
function journalTestId({ request, url }: Visit): string | null {
  const match = request.method === "POST" && journalAction ? JOURNAL_PATH.exec(url.pathname) : null;
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** Autosaves, tab switches and unlocks with a test capability: the room's object answers them (decision 045), with no load context. */
async function journalFastPath(visit: Visit): Promise<Response | Request | null> {
  const testId = journalTestId(visit);
  return testId === null ? null : fastJournal(visit.request, visit.env, testId);
}

/** The full journal: its route's action. Thrown responses are answered as Remix answers them; anything else is a logged 500. */
async function journal(visit: Visit): Promise<Response | null> {
  const testId = journalTestId(visit);
  if (testId === null) return null;
  try {
    return (await journalAction!({ request: visit.request, context: visit.context(), params: { testId } })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    console.error(thrown);
    return Response.json({ error: "Unexpected Server Error" }, { status: 500 });
  }
}

/** Everything else: pages, data requests, resource routes. */
const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);
function remix({ request, context }: Visit): Promise<Response> {
  return handleRemixRequest(request, context());
}
