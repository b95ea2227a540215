import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadErrorPanel, LOAD_FAILED } from "~/components/results/submission-load-error";
import { SubmissionView } from "~/components/results/submission-view";
import { requireTestAdmin } from "~/lib/rooms/room-access.server";
import { submissionView } from "~/lib/student-tests/submissions.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.view.student.name} · ${data.view.roomName} — ` : ""}Submission — ProctorEdge` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const manager = await requireTestAdmin(request, context, params.testId ?? "");
  let view;
  try {
    // The admin's audience: hidden cases come with their input and expected output, for
    // administrators only. A course instructor sees them as verdicts (the bank is the
    // administrators', decision 025), even on a test taken by an account of their own.
    view = await submissionView(context.db, context.cloudflare.env, params.testId ?? "", "admin", { hiddenCases: !manager.courseOnly });
  } catch (error) {
    console.error("admin submission view: load failed", error);
    throw data({ error: LOAD_FAILED }, { status: 500 });
  }
  if (!view) throw new Response("Not Found", { status: 404 });
  return { view };
}

export default function AdminSubmissionPage() {
  const { view } = useLoaderData<typeof loader>();
  return <SubmissionView view={view} audience="admin" back={{ to: `/admin/results/${view.roomId}`, label: "Back to Results" }} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <GeneralErrorBoundary />;
  return <LoadErrorPanel />;
}
