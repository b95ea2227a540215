import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
// The Remix server build must exist before this file is bundled (npm run build).
import * as build from "./build/server";
import { getServerEnv, productionConfigurationError } from "./app/lib/env.server";
import { foreignActionRefusal, requireJsonWrite } from "./app/lib/http/json-request.server";
import { recentAnchor } from "./app/lib/student-tests/anchor.server";
import { CAPABILITY_HEADER, readCapability } from "./app/lib/student-tests/capability.server";
import { JOURNAL_LIMITS, JournalBatchSchema } from "./app/lib/student-tests/journal-protocol";
import { fastPathTakes } from "./app/lib/student-tests/journal.server";
import { withSecurityHeaders } from "./app/lib/http/security-headers.server";
import { roomObject } from "./app/lib/party.server";
import { getLoadContext } from "./load-context";
import { authorizePartyRequest } from "./party/authorize.server";
import { handleLtiRequest, isLtiEndpoint } from "./app/lib/lti/endpoints.server";
import { frameAncestors } from "./app/lib/lti/frame.server";

export { RoomParty } from "./party/room";
export { RateLimiter } from "./app/lib/rate-limits/rate-limiter.server";
export { LtiGradeSync } from "./app/lib/lti/grade-sync.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

/**
 * The journal's POST, the hot path of a class autosaving (decision 024), goes
 * straight to its route's action: the same module Remix would call, without
 * Remix matching all the app's routes (twice) for every autosave. Thrown
 * responses are answered as Remix answers them; anything else is a logged 500.
 */
const JOURNAL_PATH = /^\/api\/journal\/([^/]+)$/;
const journalAction = (build as unknown as ServerBuild).routes["routes/api.journal.$testId"]?.module.action;

/** A path segment decoded, or null when its percent-encoding is broken (Remix then answers it). */
function safeDecode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The journal's fast path (issue 40, decision 045): a batch of autosaves, tab
 * switches and unlocks sent with a test capability is answered by the room's
 * Durable Object, which holds what it needs, with no load context and no
 * session lookup; autosaves make no D1 query, and a tab switch or an unlock one
 * batch (its entry and its effect).
 * Otherwise it answers the request to pass on to the full journal (no
 * capability, one that has ended or is for another test, a batch with
 * anything else in it, or one the object leaves to the full journal): the
 * original, or, once the body has been read, a copy carrying it (reading the
 * body once costs less than a clone of the request).
 */
async function fastJournal(request: Request, env: Env, testId: string): Promise<Response | Request> {
  const token = request.headers.get(CAPABILITY_HEADER);
  if (!token) return request;
  const { BETTER_AUTH_SECRET: secret, BETTER_AUTH_URL: origin } = getServerEnv(env);
  const capability = await readCapability(secret, token, testId);
  if (!capability) return request;
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  try {
    requireJsonWrite(request, [origin]);
  } catch {
    return request; // the full journal gives the refusal its status and message
  }
  // Only a body of a declared length within the cap is read here; the full journal refuses the rest with its message.
  if (!Number.isInteger(declared) || declared < 0 || declared > JOURNAL_LIMITS.batchBytes) return request;
  const text = await request.text();
  const passOn = () => new Request(request.url, { method: request.method, headers: request.headers, body: text });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return passOn();
  }
  const parsed = JournalBatchSchema.safeParse(body);
  if (!parsed.success || !parsed.data.entries.every((e) => fastPathTakes(e.kind))) return passOn();
  const answer = await roomObject(env, capability.roomId).fastJournal(testId, capability.studentId, parsed.data.entries);
  if (!answer) return passOn();
  return Response.json({ ...answer, judged: [], anchor: await recentAnchor(secret) });
}

/**
 * productionConfigurationError, once per Worker environment and host: the
 * secrets cannot change while an isolate lives, and the check (the LTI key's
 * comparison among them) would otherwise run on every request.
 */
const configurationChecks = new WeakMap<Env, Map<string, Promise<string | null>>>();
function configurationRefusal(env: Env, url: URL): Promise<string | null> {
  let byHost = configurationChecks.get(env);
  if (!byHost) configurationChecks.set(env, (byHost = new Map()));
  let check = byHost.get(url.host);
  if (!check) {
    check = productionConfigurationError(env, url.href);
    if (byHost.size < 16) byHost.set(url.host, check);
  }
  return check;
}

async function handleJournal(request: Request, context: AppLoadContext, testId: string): Promise<Response> {
  try {
    return (await journalAction!({ request, context, params: { testId } })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    console.error(thrown);
    return Response.json({ error: "Unexpected Server Error" }, { status: 500 });
  }
}

export default {
  async fetch(request, env, ctx) {
    return withSecurityHeaders(await handle(request, env, ctx));
  },
} satisfies ExportedHandler<Env>;

async function handle(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  // A deployment with a published secret answers nothing else (decision 021).
  const url = new URL(request.url);
  const refusal = await configurationRefusal(env, url);
  if (refusal) {
    console.error(refusal);
    return new Response(refusal, { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // Only /parties/… is a party's (partysocket's prefix): every other request skips partyserver's routing.
  const party = url.pathname.startsWith("/parties/")
    ? await routePartykitRequest(request, env, {
        onBeforeConnect: (req, lobby) => authorizePartyRequest(req, env, lobby.name),
        // Plain HTTP to a party is not part of our API.
        onBeforeRequest: () => new Response("Not found", { status: 404 }),
      })
    : null;
  if (party) return party;
  // The LMS posts its login and launch forms from its own origin (decision 025): answered before the Origin rule.
  if (isLtiEndpoint(url.pathname)) return handleLtiRequest(request, getLoadContext(request, { env, ctx, cf: request.cf as IncomingRequestCfProperties | undefined, caches }));
  const foreign = foreignActionRefusal(request);
  if (foreign) return foreign;
  const journal = request.method === "POST" && journalAction ? JOURNAL_PATH.exec(url.pathname) : null;
  const testId = journal ? safeDecode(journal[1]!) : null;
  if (testId !== null) {
    const fast = await fastJournal(request, env, testId);
    if (fast instanceof Response) return fast;
    request = fast;
  }
  const context = getLoadContext(request, { env, ctx, cf: request.cf as IncomingRequestCfProperties | undefined, caches });
  // Pages an LMS frames (an LTI launch's signed cookie names its origins) say so in their CSP.
  context.frameAncestors = await frameAncestors(env, request);
  if (testId !== null) return handleJournal(request, context, testId);
  return handleRemixRequest(request, context);
}
