import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
// The Remix server build must exist before this file is bundled (npm run build).
import * as build from "./build/server";
import { productionConfigurationError } from "./app/lib/env.server";
import { foreignActionRefusal } from "./app/lib/json-request.server";
import { withSecurityHeaders } from "./app/lib/security-headers.server";
import { getLoadContext } from "./load-context";
import { authorizePartyRequest } from "./party/authorize.server";

export { RoomParty } from "./party/room";
export { RateLimiter } from "./app/lib/rate-limits/rate-limiter.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    return withSecurityHeaders(await handle(request, env, ctx));
  },
} satisfies ExportedHandler<Env>;

async function handle(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  // A deployment with a published secret answers nothing else (decision 021).
  const refusal = productionConfigurationError(env, request.url);
  if (refusal) {
    console.error(refusal);
    return new Response(refusal, { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const party = await routePartykitRequest(request, env, {
    onBeforeConnect: (req, lobby) => authorizePartyRequest(req, env, lobby.name),
    // Plain HTTP to a party is not part of our API.
    onBeforeRequest: () => new Response("Not found", { status: 404 }),
  });
  if (party) return party;
  const foreign = foreignActionRefusal(request);
  if (foreign) return foreign;
  return handleRemixRequest(
    request,
    getLoadContext(request, { env, ctx, cf: request.cf as IncomingRequestCfProperties | undefined, caches }),
  );
}
