import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PortalShell, type NavItem } from "~/components/portal-shell";
import { FetcherToasts } from "~/components/use-action-toast";
import { requireUser } from "~/lib/accounts/session.server";
import { requireAdminArea } from "~/lib/rooms/room-access.server";

export const ADMIN_NAV: NavItem[] = [
  { to: "/admin", label: "Test Rooms", end: true },
  { to: "/admin/practice-rooms", label: "Practice Rooms" },
  { to: "/admin/questions", label: "Questions" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/results", label: "Results" },
  { to: "/admin/history", label: "Test History" },
  { to: "/admin/evaluation", label: "Evaluation" },
  { to: "/admin/practice", label: "Practice" },
  { to: "/admin/lti", label: "LTI" },
];

/** An LMS course's instructor (not an administrator) manages their courses' rooms only (decision 025). */
export const COURSE_NAV: NavItem[] = [{ to: "/admin", label: "Course Rooms", end: true }];

/** Spec 2: /admin/practice is "open to any user"; a student opening it (a shared link) gets the same page in their own area. */
const PLAYGROUND = { admin: "/admin/practice", student: "/student/playground" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // ".data": the same page reached by a client-side navigation.
  if (url.pathname.replace(/\.data$/, "") === PLAYGROUND.admin && (await requireUser(request, context)).role === "student") {
    // The query (the spec's ?code=&lang= links) goes along; the browser keeps the fragment (our share links) across the redirect.
    if (url.searchParams.has("_routes")) url.searchParams.delete("_routes"); // single fetch's own parameter
    throw redirect(PLAYGROUND.student + url.search);
  }
  const viewer = await requireAdminArea(request, context);
  return { user: { id: viewer.id, name: viewer.name, email: viewer.email }, courseOnly: viewer.courseOnly };
}

export default function AdminLayout() {
  const { user, courseOnly } = useLoaderData<typeof loader>();
  return (
    <PortalShell user={user} nav={courseOnly ? COURSE_NAV : ADMIN_NAV} area={courseOnly ? "Course" : "Admin"}>
      {/* Credit, Credit all and +5 min toast their answers from here (use-action-toast.tsx). */}
      <FetcherToasts>
        <Outlet />
      </FetcherToasts>
    </PortalShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
