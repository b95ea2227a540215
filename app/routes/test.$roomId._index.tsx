import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CenteredNotice } from "~/components/ui/centered-notice";
import { requireRole } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "student");
  return null;
}

export default function Page() {
  return <CenteredNotice title="Test">Join a test room with its one-time code to take its test.</CenteredNotice>;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
