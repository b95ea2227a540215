import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadErrorPanel, LOAD_FAILED } from "~/components/results/submission-load-error";
import { SubmissionView } from "~/components/results/submission-view";
import { requireRole } from "~/lib/accounts/session.server";
import { ownSubmissionView } from "~/lib/results/student-history.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.view.roomName} — ` : ""}Submission — ProctorEdge` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const student = await requireRole(request, context, "student");
  let view;
  try {
    view = await ownSubmissionView(context.db, context.cloudflare.env, params.testId ?? "", student.id);
  } catch (error) {
    console.error("submission view: load failed", error);
    throw data({ error: LOAD_FAILED }, { status: 500 });
  }
  // Someone else's test answers exactly like a missing one.
  if (!view) throw new Response("Not Found", { status: 404 });
  return { view };
}

export default function StudentSubmissionPage() {
  const { view } = useLoaderData<typeof loader>();
  return <SubmissionView view={view} audience="student" back={{ to: "/student/history", label: "Back to History" }} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <GeneralErrorBoundary />;
  return <LoadErrorPanel />;
}
