import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceContext } from "~/lib/http/nonce";
import { contentSecurityPolicy } from "~/lib/http/security-headers.server";

const ABORT_DELAY = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The real Worker (server.ts) always has a nonce; a load context without one
  // (remix vite:dev's proxy) gets neither nonces nor a policy.
  const nonce = loadContext.cspNonce as string | undefined;
  if (nonce) {
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy({
        nonce,
        url: request.url,
        extraScriptHashes: devScriptHashes(loadContext),
        frameAncestors: await loadContext.frameAncestors(),
      }),
    );
  }
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce ?? ""}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * `npm run dev` passes the hash of the live-reload script wrangler appends to
 * every page (scripts/dev.mjs); nothing else sets it.
 */
function devScriptHashes(loadContext: AppLoadContext): string[] {
  const hash = (loadContext.cloudflare?.env as { DEV_LIVE_RELOAD_SCRIPT_HASH?: string } | undefined)?.DEV_LIVE_RELOAD_SCRIPT_HASH;
  return hash ? [hash] : [];
}
