// GET /admin/api/d1-meter: what D1 did in this isolate so far (issue 26,
// decision 029), for `npm run bench:load`. Admins only; 404 unless the
// Worker's D1_METER setting is "1" (local development).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/lib/accounts/session.server";
import { d1MeterOn, readD1Meter } from "~/lib/d1-meter.server";
import { jsonError } from "~/lib/json-request.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  if (!d1MeterOn()) return jsonError("The D1 meter is off: set D1_METER=1 in .dev.vars", 404);
  return Response.json(readD1Meter(), { headers: { "Cache-Control": "no-store" } });
}
