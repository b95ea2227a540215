import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToast, useToastOnce } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { actionError, failure } from "~/lib/http/forms.server";
import { publishParticipantsChanged } from "~/lib/party.server";
import { requireRole } from "~/lib/accounts/session.server";
import { requireRoomPage } from "~/lib/student-tests/student-pages.server";
import { launchTest, requireMembership } from "~/lib/student-tests/student-tests.server";
import { requireSeb } from "~/lib/seb/check.server";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: MetaFunction = () => [{ title: "Terms — ProctorEdge" }];

export const TERMS = [
  "I will take this test on my own, without help from anyone else.",
  "I will not switch tabs or windows: each switch is counted, and the third disqualifies me.",
  "I will not copy, cut or paste code; these are disabled during the test.",
  "I understand that my answers are saved as I work and submitted when time runs out.",
  "I will not use outside material, websites or AI tools unless my instructor allows it.",
  "I understand that breaking these rules can disqualify my test.",
] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { room } = await requireRoomPage(request, context, params.roomId ?? "");
  if (!room.isActive) throw redirect(`/waiting/${room.id}`);
  return { roomName: room.roomName, questionType: room.questionType, durationMinutes: room.durationMinutes };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const student = await requireRole(request, context, "student").catch(() => null);
  if (!student || !params.roomId) throw await redirectWithToast("/auth", { type: "error", message: "Invalid session" });
  // The launch is a request of the room's student side too: SEB, when the room requires it (decision 042).
  const membership = await requireMembership(context.db, student.id, params.roomId).catch(() => null);
  if (membership) await requireSeb(request, context, membership.room, membership.participant.sebExempt);
  const form = await request.formData().catch(() => new FormData());
  if (form.getAll("term").length !== TERMS.length) return failure("Please accept all terms and conditions");
  try {
    await launchTest(context.db, student.id, params.roomId);
    context.cloudflare.ctx.waitUntil(publishParticipantsChanged(context.cloudflare.env, params.roomId));
    return redirect(`/test/${params.roomId}`);
  } catch (error) {
    return actionError(error, "Unable to launch test. Please try again.");
  }
}

export default function Terms() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  const [accepted, setAccepted] = useState<boolean[]>(() => TERMS.map(() => false));
  useToastOnce(result && !result.ok ? { type: "error", message: result.error } : null);
  const count = accepted.filter(Boolean).length;
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <Form
        method="post"
        className="w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        onSubmit={(e) => {
          if (count !== TERMS.length) {
            e.preventDefault();
            toast({ type: "error", message: "Please accept all terms and conditions" });
          }
        }}
      >
        <p className="text-sm font-medium text-link">{data.roomName}</p>
        <h1 className="mt-1 text-2xl font-semibold">Before you start</h1>
        <p className="mt-1 text-sm text-muted">
          {data.questionType === "mcq" ? "Multiple-choice test" : "Coding test"} · {data.durationMinutes} minutes. Read and accept each term.
        </p>
        <fieldset className="mt-6 space-y-3">
          <legend className="sr-only">Terms</legend>
          {TERMS.map((term, i) => (
            <label key={term} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
              <input
                type="checkbox"
                name="term"
                value={i}
                checked={accepted[i]}
                onChange={(e) => setAccepted((all) => all.map((v, j) => (j === i ? e.target.checked : v)))}
                className="mt-0.5 h-4 w-4"
              />
              <span>{term}</span>
            </label>
          ))}
        </fieldset>
        <div className="mt-6 flex items-center justify-between">
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {count} of {TERMS.length} terms accepted
          </p>
          <Button type="submit" disabled={count !== TERMS.length} busy={navigation.state !== "idle"}>
            Launch Test
          </Button>
        </div>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
