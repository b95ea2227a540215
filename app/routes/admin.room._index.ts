import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/lib/accounts/session.server";

/** /admin/room/ with no room id: spec 1 section 2 sends the admin back to the rooms list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  throw redirect("/admin");
}
