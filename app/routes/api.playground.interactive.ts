import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getViewer } from "~/lib/accounts/session.server";
import { getServerEnv } from "~/lib/env.server";
import { mayUsePlayground, PLAYGROUND_CLOSED_DURING_TEST } from "~/lib/playground/access.server";
import { openInteractiveProxy } from "~/lib/playground/interactive.server";

const refuse = (error: string, status: number) => Response.json({ error }, { status });

/**
 * The playground's interactive runs (issue 14 item 6; docs/decisions/016): a
 * WebSocket upgrade, proxied to the runner's GET /v1/interactive. A plain GET
 * answers the same checks as JSON (426 when they pass), so the browser can
 * say why a socket was refused: a refused handshake shows it nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const upgrade = request.headers.get("Upgrade")?.toLowerCase() === "websocket";
  // A WebSocket is not bound by CORS: only this site's pages may open one with the user's cookie.
  if (upgrade && request.headers.get("Origin") !== new URL(request.url).origin) return refuse("Cross-site WebSocket refused", 403);
  const viewer = await getViewer(request, context.auth, context.db);
  if (!viewer) return refuse("Please log in first", 401);
  if (!(await mayUsePlayground(context.db, viewer))) return refuse(PLAYGROUND_CLOSED_DURING_TEST, 403);
  if (!upgrade) return refuse("Open this address as a WebSocket", 426);
  return openInteractiveProxy(getServerEnv(context.cloudflare.env));
}
