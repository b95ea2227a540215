import { createAuth } from "~/lib/auth.server";
import { createDb } from "~/lib/db.server";
import { getViewer } from "~/lib/session.server";
import { VIEWER_HEADER, type PartyViewer } from "./protocol";

/**
 * onBeforeConnect for every party: refuses anonymous or role-less users with
 * 401, and forwards the checked identity in a header the client cannot forge
 * (any incoming value is overwritten).
 */
export async function authorizePartyRequest(request: Request, env: Env): Promise<Request | Response> {
  const db = createDb(env.DB);
  const auth = createAuth(env, db, new URL(request.url).origin);
  const viewer = await getViewer(request, auth, db);
  if (!viewer || !viewer.role) {
    return new Response("Unauthorized", { status: 401 });
  }
  const identity: PartyViewer = { id: viewer.id, name: viewer.name, role: viewer.role };
  const forwarded = new Request(request);
  forwarded.headers.set(VIEWER_HEADER, JSON.stringify(identity));
  return forwarded;
}
