import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { isSebRefusal } from "~/lib/seb/seb";

// Only a Safe Exam Browser room's refusal needs it (decision 042): its code stays out of every page's first load.
const SebRequired = lazy(() => import("./seb-required").then((m) => ({ default: m.SebRequired })));

export function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-6xl font-bold text-slate-500 dark:text-slate-400">404</h1>
      <p className="text-xl">Oops! Page not found</p>
      <Link to="/" className="text-link underline hover:text-brand-700 dark:hover:text-brand-100">
        Return to Home
      </Link>
    </main>
  );
}

/** The shared boundary: one branch per status, a generic message otherwise. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound />;
    if (error.status === 403 && isSebRefusal(error.data)) {
      return (
        <Suspense fallback={null}>
          <SebRequired refusal={error.data} />
        </Suspense>
      );
    }
    const message =
      typeof error.data === "object" && error.data && "error" in error.data
        ? String((error.data as { error: unknown }).error)
        : error.statusText || "Something went wrong";
    return <ErrorPanel title={error.status === 403 ? "Access denied" : `Error ${error.status}`} message={message} />;
  }
  console.error(error);
  return <ErrorPanel title="Something went wrong" message="Please try again. If it keeps happening, reload the page." />;
}

function ErrorPanel({ title, message }: { title: string; message: string }) {
  return (
    <main className="flex min-h-[50vh] flex-col items-center justify-center gap-3 p-8 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-400">{message}</p>
      <Link to="/" className="text-link underline hover:text-brand-700 dark:hover:text-brand-100">
        Return to Home
      </Link>
    </main>
  );
}
