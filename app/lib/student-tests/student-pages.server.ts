import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { FormError } from "~/lib/http/forms.server";
import { requireRole } from "~/lib/accounts/session.server";
import { findTest, requireMembership } from "./student-tests.server";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { requireSeb } from "~/lib/seb/check.server";
import { getServerEnv } from "~/lib/env.server";
import { issueCapability } from "./capability.server";

type PageOptions = {
  /** Where an unknown room goes instead of /student with "Room not found" (the launcher: /not-found). */
  unknownRoom?: string;
};

/**
 * Every student test page starts here: a signed-in student who is a member of
 * the room (not removed). Anything else goes back to /student with the spec's
 * message ('Room not found', 'You have been removed from this room', ...).
 * In a room that requires Safe Exam Browser, any other browser (unless the
 * student is allowed without it) gets the 403 refusal instead (decision 042).
 */
export async function requireRoomPage(request: Request, context: AppLoadContext, roomId: string, options: PageOptions = {}) {
  const student = await requireRole(request, context, "student");
  let membership: Awaited<ReturnType<typeof requireMembership>>;
  try {
    membership = await requireMembership(context.db, student.id, roomId);
  } catch (error) {
    if (error instanceof FormError && error.status === 404 && options.unknownRoom) throw redirect(options.unknownRoom);
    if (error instanceof FormError) throw await redirectWithToast("/student", { type: "error", message: error.message });
    throw error;
  }
  // A room that requires Safe Exam Browser shows nothing of itself to any other browser (decision 042).
  await requireSeb(request, context, membership.room, membership.participant.sebExempt);
  return { student, ...membership };
}

/** As requireRoomPage, plus the launched student test (else back to the terms). */
export async function requireTestPage(request: Request, context: AppLoadContext, roomId: string, options: PageOptions = {}) {
  const page = await requireRoomPage(request, context, roomId, options);
  const test = await findTest(context.db, page.student.id, roomId);
  if (!test) throw await redirectWithToast(`/test/${roomId}/terms`, { type: "info", message: "Accept the terms to start the test" });
  if (test.isDisqualified) {
    throw await redirectWithToast("/student", { type: "error", message: "Test disqualified due to multiple tab switches" });
  }
  return { ...page, test };
}

/**
 * A test page's capability for its journal (issue 40): the page's loader has
 * just read the session, so its first autosaves can take the fast path.
 */
export function testPageCapability(context: AppLoadContext, page: Awaited<ReturnType<typeof requireTestPage>>) {
  const { room, test, student } = page;
  return issueCapability(getServerEnv(context.cloudflare.env).BETTER_AUTH_SECRET, {
    testId: test.id,
    roomId: room.id,
    studentId: student.id,
    sessionId: student.sessionId,
  });
}
