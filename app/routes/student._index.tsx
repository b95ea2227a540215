import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { useActionToast } from "~/components/use-action-toast";
import { Button } from "~/components/ui/button";
import { PageTitle } from "~/components/ui/empty-state";
import { actionError, failure, parseValues, readFormValues } from "~/lib/forms.server";
import { publishParticipantsChanged } from "~/lib/party.server";
import { requireRole } from "~/lib/accounts/session.server";
import { guessJoinCode, passRetryAfter } from "~/lib/rate-limits/attempts.server";
import { InvalidOtpError } from "~/lib/rooms/rooms.server";
import { joinTestRoom } from "~/lib/student-tests/student-tests.server";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Dashboard — ProctorEdge" }];

const JoinSchema = z.object({
  intent: z.enum(["join-test", "join-practice"]),
  otp: z
    .string()
    .optional()
    .default("")
    .transform((v) => v.trim())
    .refine((v) => /^\d{6}$/.test(v), "Please enter a valid 6-digit OTP"),
});

export const headers = passRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const student = await requireRole(request, context, "student");
  const values = (await readFormValues(request)) ?? {};
  try {
    const { intent, otp } = parseValues(JoinSchema, values);
    if (intent === "join-practice") {
      // Practice rooms arrive with their own issue; the card already checks the code's shape.
      return failure("Practice rooms are not open yet", 501);
    }
    // The student's limit is asked before the code is looked up; only a wrong code counts.
    const room = await guessJoinCode(
      context.cloudflare.env,
      student.id,
      () => joinTestRoom(context.db, student, otp),
      (error) => error instanceof InvalidOtpError,
    );
    context.cloudflare.ctx.waitUntil(publishParticipantsChanged(context.cloudflare.env, room.id));
    return redirectWithToast(room.isActive ? `/test/${room.id}/terms` : `/waiting/${room.id}`, {
      type: "success",
      message: "Successfully joined the room!",
    });
  } catch (error) {
    return actionError(error, values.intent === "join-practice" ? "Failed to join practice room" : "Failed to join room");
  }
}

export async function loader() {
  return null;
}

export default function StudentDashboard() {
  return (
    <>
      <PageTitle title="Dashboard" description="Join a test room or a practice room with the 6-digit code your instructor gives you." />
      <div className="grid max-w-3xl gap-6 md:grid-cols-2">
        <JoinCard intent="join-test" title="Join test room" text="Timed and proctored. You wait in the room until the test starts." />
        <JoinCard intent="join-practice" title="Join practice room" text="Practise a category's questions. Nothing is saved or scored." />
      </div>
    </>
  );
}

function JoinCard({ intent, title, text }: { intent: "join-test" | "join-practice"; title: string; text: string }) {
  const fetcher = useFetcher<typeof action>();
  const [otp, setOtp] = useState("");
  useActionToast(fetcher.data);
  const inputId = `${intent}-otp`;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="mt-1 text-sm text-slate-500">{text}</p>
      <fetcher.Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value={intent} />
        <label htmlFor={inputId} className="block text-sm font-medium">
          6-digit OTP
        </label>
        <input
          id={inputId}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, "").slice(0, 6))}
          placeholder="••••••"
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-center font-mono text-2xl tracking-[0.5em] focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none dark:border-slate-700 dark:bg-slate-800"
        />
        <Button type="submit" className="w-full" disabled={otp.length !== 6} busy={fetcher.state !== "idle"}>
          {intent === "join-test" ? "Join Test Room" : "Join Practice Room"}
        </Button>
      </fetcher.Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
