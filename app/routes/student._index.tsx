import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { z } from "zod";
import { JoinCard } from "~/components/join-card";
import { PageTitle } from "~/components/ui/empty-state";
import { actionError, parseValues, readFormValues } from "~/lib/http/forms.server";
import { otpField } from "~/lib/rooms/otp";
import { publishParticipantsChanged, publishPracticeParticipantsChanged } from "~/lib/party.server";
import { requireRole } from "~/lib/accounts/session.server";
import { joinPracticeRoom } from "~/lib/practice/join.server";
import { PRACTICE_MESSAGES } from "~/lib/practice/validation";
import { guessJoinCode, passRetryAfter } from "~/lib/rate-limits/attempts.server";
import { InvalidOtpError } from "~/lib/rooms/rooms.server";
import { joinTestRoom } from "~/lib/student-tests/student-tests.server";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: MetaFunction = () => [{ title: "Dashboard — ProctorEdge" }];

const JoinSchema = z.object({
  intent: z.enum(["join-test", "join-practice"], { errorMap: () => ({ message: "Unknown action" }) }),
  otp: otpField,
});

export const headers = passRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const student = await requireRole(request, context, "student");
  const values = (await readFormValues(request)) ?? {};
  const env = context.cloudflare.env;
  try {
    const { intent, otp } = parseValues(JoinSchema, values);
    // The student's limit is asked before the code is looked up; only a wrong code counts
    // (test and practice codes share it: the 24-hour practice codes are the easiest to guess).
    const wrongCode = (error: unknown) => error instanceof InvalidOtpError;
    if (intent === "join-practice") {
      const { room, joined } = await guessJoinCode(env, student.id, () => joinPracticeRoom(context.db, student.id, otp), wrongCode);
      if (joined) context.cloudflare.ctx.waitUntil(publishPracticeParticipantsChanged(env, room.id));
      return redirectWithToast(`/practice/${room.id}/coding`, { type: "success", message: PRACTICE_MESSAGES.joined });
    }
    const room = await guessJoinCode(env, student.id, () => joinTestRoom(context.db, student, otp), wrongCode);
    context.cloudflare.ctx.waitUntil(publishParticipantsChanged(env, room.id));
    return redirectWithToast(room.isActive ? `/test/${room.id}/terms` : `/waiting/${room.id}`, {
      type: "success",
      message: "Successfully joined the room!",
    });
  } catch (error) {
    return actionError(error, values.intent === "join-practice" ? PRACTICE_MESSAGES.joinFailed : "Failed to join room");
  }
}

export async function loader() {
  return null;
}

export default function StudentDashboard() {
  return (
    <>
      <PageTitle title="Dashboard" description="Join a test room or a practice room with the 6-digit code your instructor gives you." />
      <div className="grid grid-cols-1 max-w-3xl gap-6 md:grid-cols-2">
        <JoinCard intent="join-test" title="Join test room" text="Timed and proctored. You wait in the room until the test starts." />
        <JoinCard intent="join-practice" title="Join practice room" text="Practise a category's questions. Nothing is saved or scored." />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
