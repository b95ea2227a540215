import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CenteredNotice } from "~/components/ui/centered-notice";
import { requireRole } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "student");
  return null;
}

export default function Page() {
  return <CenteredNotice title="Waiting room">Join a test room with its one-time code to wait here for the test to start.</CenteredNotice>;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
