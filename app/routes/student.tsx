import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PortalShell, type NavItem } from "~/components/portal-shell";
import { requireRole } from "~/lib/accounts/session.server";

const STUDENT_NAV: NavItem[] = [
  { to: "/student", label: "Dashboard", end: true },
  { to: "/student/practice", label: "Practice" },
  { to: "/student/playground", label: "Compiler" },
  { to: "/student/history", label: "My Test History" },
  { to: "/student/profile", label: "Profile" },
  { to: "/student/settings", label: "Settings" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "student");
  return { user: { id: viewer.id, name: viewer.name, email: viewer.email } };
}

export default function StudentLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <PortalShell user={user} nav={STUDENT_NAV} area="Student">
      <Outlet />
    </PortalShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
