// GET /admin/api/d1-meter: what D1 did in this isolate so far (issue 26,
// decision 029), for `npm run bench:load`. Admins only; 404 unless the
// Worker's D1_METER setting is "1" (local development).
//
// POST {"flush": [roomId, ...]}: the rooms' objects first write the code they
// hold (decision 031), so that a reading counts the D1 rows that code costs
// even when the run ends between two of their alarms.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireRole } from "~/lib/accounts/session.server";
import { d1MeterOn, readD1Meter } from "~/lib/d1/meter.server";
import { getServerEnv } from "~/lib/env.server";
import { jsonError, readJsonBody, requireJsonWrite } from "~/lib/http/json-request.server";
import { flushRoomJournal } from "~/lib/student-tests/code-journal.server";

const FlushSchema = z.object({ flush: z.array(z.string().min(1).max(100)).max(100) });

async function requireMeter(request: Request, context: LoaderFunctionArgs["context"]) {
  await requireRole(request, context, "admin");
  if (!d1MeterOn()) throw jsonError("The D1 meter is off: set D1_METER=1 in .dev.vars", 404);
}

const reading = () => Response.json(readD1Meter(), { headers: { "Cache-Control": "no-store" } });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMeter(request, context);
  return reading();
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireJsonWrite(request, [getServerEnv(context.cloudflare.env).BETTER_AUTH_URL]);
  await requireMeter(request, context);
  const parsed = FlushSchema.safeParse(await readJsonBody(request, 16 * 1024));
  if (!parsed.success) return jsonError("Send {\"flush\": [room ids]} (at most 100)", 400);
  await Promise.all(parsed.data.flush.map((roomId) => flushRoomJournal(context.cloudflare.env, roomId)));
  return reading();
}
