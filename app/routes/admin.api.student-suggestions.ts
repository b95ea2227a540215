import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { suggestStudents } from "~/lib/rooms/rooms.server";
import { requireRole } from "~/lib/accounts/session.server";

/** Add-user suggestions: students by email or name, from 2 characters, 10 at most. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return Response.json({ students: await suggestStudents(context.db, q) });
}
