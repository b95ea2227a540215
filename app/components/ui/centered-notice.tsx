import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** Full-page message for the focused test screens, which have no portal shell. */
export function CenteredNotice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-8 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children ? <div className="max-w-md text-slate-600 dark:text-slate-400">{children}</div> : null}
      <Link to="/student" className="text-link underline hover:text-brand-700 dark:hover:text-brand-100">
        Back to dashboard
      </Link>
    </main>
  );
}
