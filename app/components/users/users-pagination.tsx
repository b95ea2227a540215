import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { usersSearch, type RoleFilter } from "~/lib/accounts/user-validation";
import { USERS_PATH } from "./users-toolbar";

const linkClass =
  "inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800";
const disabledClass =
  "inline-flex cursor-not-allowed items-center rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-400 dark:border-slate-800 dark:text-slate-600";

/** "Page X of Y" with previous/next links that keep the search and filter. */
export function UsersPagination({
  page,
  pageCount,
  total,
  pageSize,
  q,
  role,
}: {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  q: string;
  role: RoleFilter;
}) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted" data-testid="users-range">
        {`Showing ${from}–${to} of ${total} ${total === 1 ? "user" : "users"}`}
      </p>
      <div className="flex items-center gap-3">
        <PageLink to={page > 1 ? `${USERS_PATH}${usersSearch({ q, role, page: page - 1 })}` : null} rel="prev">
          <span aria-hidden>←</span> Previous
        </PageLink>
        <span aria-current="page" aria-live="polite" className="font-medium" data-testid="users-page">
          {`Page ${page} of ${pageCount}`}
        </span>
        <PageLink to={page < pageCount ? `${USERS_PATH}${usersSearch({ q, role, page: page + 1 })}` : null} rel="next">
          Next <span aria-hidden>→</span>
        </PageLink>
      </div>
    </nav>
  );
}

function PageLink({ to, rel, children }: { to: string | null; rel: "prev" | "next"; children: ReactNode }) {
  if (!to) {
    return (
      <span aria-disabled="true" className={disabledClass}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} prefetch="intent" className={linkClass}>
      {children}
    </Link>
  );
}
