import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { studentTests, testRooms } from "~/db/schema";
import { journalJudge } from "~/lib/student-tests/coding-test.server";
import { getServerEnv } from "~/lib/env.server";
import { publishCodeSaved, publishParticipantsChanged } from "~/lib/party.server";
import { requireRole } from "~/lib/accounts/session.server";
import { JournalEntrySchema } from "~/lib/student-tests/journal-protocol";
import { applyJournal } from "~/lib/student-tests/journal.server";

const Body = z.object({ entries: z.array(JournalEntrySchema).max(100) });

const error = (message: string, status: number, headers?: HeadersInit) => Response.json({ error: message }, { status, headers });

/** Entries that change what the admin's participants table shows. */
const VISIBLE_TO_ADMIN = new Set(["tab-switch", "unlock", "submit-code", "finish"]);
/** Entries the admin's live monitor shows. */
const AUTOSAVES = new Set(["code", "mcq-progress"]);

/**
 * The server half of the offline journal (README: offline-tolerant test
 * taking). Entries apply in seq order, each exactly once; the answer says
 * which ids are done so the client can prune, the test's state, and the
 * results of Submit Code entries judged now.
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
  const env = context.cloudflare.env;
  const result = await applyJournal(context.db, room, test, body.entries, {
    graceMs: getServerEnv(env).GRACE_SECONDS * 1000,
    judge: journalJudge(context, room, test),
  });
  const done = new Set([...result.accepted, ...result.rejected.map((r) => r.id)]);
  if (body.entries.some((e) => VISIBLE_TO_ADMIN.has(e.kind) && done.has(e.id))) {
    context.cloudflare.ctx.waitUntil(publishParticipantsChanged(env, room.id));
  }
  // One event per batch that saved code: the monitor's refetch reads the latest of them all.
  const accepted = new Set(result.accepted);
  if (body.entries.some((e) => AUTOSAVES.has(e.kind) && accepted.has(e.id))) {
    context.cloudflare.ctx.waitUntil(publishCodeSaved(env, room.id, test.id));
  }
  // The runner is unreachable and nothing else could be settled: ask the client to come back.
  if (result.retry && done.size === 0) return error("The code runner is busy. Your submission is saved and will be judged shortly.", 503, { "Retry-After": "5" });
  return Response.json({ accepted: result.accepted, rejected: result.rejected, judged: result.judged, state: result.state });
}

export function loader() {
  return error("Use POST", 405);
}
