import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/lib/accounts/session.server";
import { lateChange } from "~/lib/rooms/rooms.server";

/**
 * One late change the admin opened in the room page (README: offline): its
 * payload is read only here, one at a time, never with the room's list.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const roomId = new URL(request.url).searchParams.get("room") ?? "";
  const change = await lateChange(context.db, roomId, params.entryId ?? "");
  if (!change) return Response.json({ error: "This change no longer exists" }, { status: 404 });
  return Response.json(change, { headers: { "Cache-Control": "private, no-store" } });
}
