import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PortalShell, type NavItem } from "~/components/portal-shell";
import { requireRole } from "~/lib/accounts/session.server";

export const ADMIN_NAV: NavItem[] = [
  { to: "/admin", label: "Test Rooms", end: true },
  { to: "/admin/practice-rooms", label: "Practice Rooms" },
  { to: "/admin/questions", label: "Questions" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/results", label: "Results" },
  { to: "/admin/history", label: "Test History" },
  { to: "/admin/evaluation", label: "Evaluation" },
  { to: "/admin/practice", label: "Practice" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  return { user: { id: viewer.id, name: viewer.name, email: viewer.email } };
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <PortalShell user={user} nav={ADMIN_NAV} area="Admin">
      <Outlet />
    </PortalShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
