import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { studentTests, testRooms } from "~/db/schema";
import { publishParticipantsChanged } from "~/lib/party.server";
import { requireRole } from "~/lib/session.server";
import { applyJournal } from "~/lib/student-tests.server";

const Entry = z.object({
  id: z.string().uuid(),
  seq: z.number().int().min(0),
  kind: z.enum(["code", "mcq-progress", "tab-switch", "unlock"]),
  payload: z.record(z.unknown()),
  createdAt: z.number().int().positive(),
});
const Body = z.object({ entries: z.array(Entry).max(100) });

const error = (message: string, status: number) => Response.json({ error: message }, { status });

/**
 * The server half of the offline journal (README: offline-tolerant test
 * taking). Entries apply in seq order, each exactly once; the answer says
 * which ids are done so the client can prune, and the test's state.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const student = await requireRole(request, context, "student");
  if (request.method !== "POST") return error("Use POST", 405);
  let body: z.infer<typeof Body>;
  try {
    const parsed = Body.safeParse(await request.json());
    if (!parsed.success) return error(parsed.error.issues[0]?.message ?? "Malformed journal", 400);
    body = parsed.data;
  } catch {
    return error("Body must be JSON", 400);
  }
  const test = await context.db.select().from(studentTests).where(eq(studentTests.id, params.testId ?? "")).get();
  // Someone else's test looks exactly like a missing one.
  if (!test || test.studentId !== student.id) return error("Test not found", 404);
  const room = await context.db.select().from(testRooms).where(eq(testRooms.id, test.roomId)).get();
  if (!room) return error("Room not found", 410);
  const result = await applyJournal(context.db, room, test, body.entries);
  const proctoring = body.entries.some((e) => e.kind === "tab-switch" || e.kind === "unlock");
  if (proctoring && result.accepted.length > 0) {
    context.cloudflare.ctx.waitUntil(publishParticipantsChanged(context.cloudflare.env, room.id));
  }
  return Response.json({ accepted: result.accepted, rejected: result.rejected, state: result.state });
}

export function loader() {
  return error("Use POST", 405);
}
