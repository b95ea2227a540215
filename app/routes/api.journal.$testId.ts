import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireRecentRole } from "~/lib/accounts/session.server";
import { getServerEnv } from "~/lib/env.server";
import { jsonError as error, readJsonBody, requireJsonWrite } from "~/lib/http/json-request.server";
import { publishCodeSaved, publishParticipantsChanged } from "~/lib/party.server";
import { recentAnchor } from "~/lib/student-tests/anchor.server";
import { journalJudge } from "~/lib/student-tests/coding-test.server";
import { isSizeIssue, JOURNAL_LIMITS, JournalBatchSchema } from "~/lib/student-tests/journal-protocol";
import { forgetJournalGates, roomJournal } from "~/lib/student-tests/code-journal.server";
import { issueCapability } from "~/lib/student-tests/capability.server";
import { applyJournal, isAutosave, JournalClosed, readJournalRequest } from "~/lib/student-tests/journal.server";
import { requireSeb } from "~/lib/seb/check.server";
import { RUNNER_BUSY_SAVED } from "~/lib/student-tests/submit-messages";

/** Entries that change what the admin's participants table shows. */
const VISIBLE_TO_ADMIN = new Set(["tab-switch", "unlock", "submit-code", "finish"]);

/**
 * The server half of the offline journal (README: offline-tolerant test
 * taking). Entries apply in seq order, each exactly once; the answer says
 * which ids are done so the client can prune, the test's state, the results
 * of Submit Code entries judged now, and a fresh time anchor (decision 019).
 *
 * Refusals, with nothing written: 415/403 for anything but JSON from our own
 * origin, 413 for a request or an entry over JOURNAL_LIMITS, 400 for a
 * malformed one, 404/410 for a test that is not (or no longer) there, 403
 * once the student was removed or disqualified, 403 with the SEB refusal in a
 * room that requires Safe Exam Browser when the request does not pass.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return error("Use POST", 405);
  const env = context.cloudflare.env;
  const serverEnv = getServerEnv(env);
  requireJsonWrite(request, [serverEnv.BETTER_AUTH_URL]);
  const student = await requireRecentRole(request, context, "student");
  const parsed = JournalBatchSchema.safeParse(await readJsonBody(request, JOURNAL_LIMITS.batchBytes));
  if (!parsed.success) {
    const issue = parsed.error.issues.find(isSizeIssue) ?? parsed.error.issues[0];
    return error(issue?.message ?? "Malformed journal", issue && isSizeIssue(issue) ? 413 : 400);
  }
  const body = parsed.data;
  // The test, its room, the student's place in it and what the entries need, in one D1 round trip.
  const { found, prefetched } = await readJournalRequest(context.db, params.testId ?? "", body.entries.map((e) => e.id));
  const test = found?.test;
  // Someone else's test looks exactly like a missing one.
  if (!test || test.studentId !== student.id) return error("Test not found", 404);
  const room = found.room;
  if (!room) return error("Room not found", 410);
  // A SEB room's journal takes entries only from SEB: anything else is refused, and the device keeps them (decision 042).
  await requireSeb(request, context, room, found.sebExempt === true);
  const closed =
    !found.participantStatus || found.participantStatus === "removed" ? "You have been removed from this room" : test.isDisqualified ? "The test was disqualified" : null;
  let result: Awaited<ReturnType<typeof applyJournal>>;
  try {
    result = await applyJournal(context.db, room, test, body.entries, roomJournal(env, room.id), {
      graceMs: serverEnv.GRACE_SECONDS * 1000,
      judge: journalJudge(context, room, test),
      anchorSecret: serverEnv.BETTER_AUTH_SECRET,
      closed,
      prefetched,
    });
  } catch (e) {
    if (e instanceof JournalClosed) return error(e.message, 403);
    throw e;
  }
  const done = new Set([...result.accepted, ...result.rejected.map((r) => r.id)]);
  if (body.entries.some((e) => VISIBLE_TO_ADMIN.has(e.kind) && done.has(e.id))) {
    // A lock, a disqualification, a finish: the fast path reads the room again before it answers this student next (decision 045).
    await forgetJournalGates(env, room.id, test.id);
    context.cloudflare.ctx.waitUntil(publishParticipantsChanged(env, room.id));
  }
  // One event per batch that saved code: the monitor's refetch reads the latest of them all.
  const accepted = new Set(result.accepted);
  if (body.entries.some((e) => isAutosave(e.kind) && accepted.has(e.id))) {
    context.cloudflare.ctx.waitUntil(publishCodeSaved(env, room.id, test.id));
  }
  // The runner is unreachable and nothing else could be settled: ask the client to come back.
  if (result.retry && done.size === 0) return error(RUNNER_BUSY_SAVED, 503, { "Retry-After": "5" });
  const secret = serverEnv.BETTER_AUTH_SECRET;
  // The session was read just now (or within RECENT_VIEWER_MS): the next autosaves can go the fast way (decision 045).
  const [anchor, capability] = await Promise.all([
    recentAnchor(secret),
    issueCapability(secret, { testId: test.id, roomId: room.id, studentId: student.id, sessionId: student.sessionId }),
  ]);
  return Response.json({ accepted: result.accepted, rejected: result.rejected, judged: result.judged, state: result.state, anchor, capability });
}

export function loader() {
  return error("Use POST", 405);
}
