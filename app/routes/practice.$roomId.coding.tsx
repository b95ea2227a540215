import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CenteredNotice } from "~/components/ui/centered-notice";
import { requireRole } from "~/lib/accounts/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "student");
  return null;
}

export default function Page() {
  return <CenteredNotice title="Practice session">Join a practice room with its code to practise here.</CenteredNotice>;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
