import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { historyHref } from "./history-query";

const linkClass =
  "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800";
const disabledClass =
  "inline-flex cursor-not-allowed items-center gap-1 rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-400 dark:border-slate-800 dark:text-slate-500";

const n = (value: number) => value.toLocaleString("en-US");

/** "Showing a–b of N tests", "Page X of Y", and First / Previous / Next / Last links that keep the search. */
export function HistoryPagination({
  page,
  pageCount,
  total,
  pageSize,
  q,
}: {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  q: string;
}) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const at = (p: number) => historyHref({ q, page: p });
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600 dark:text-slate-400" data-testid="history-range">
        {`Showing ${n(from)}–${n(to)} of ${n(total)} ${total === 1 ? "test" : "tests"}`}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <PageLink to={page > 1 ? at(1) : null} label="First page">
          <span aria-hidden>«</span>
        </PageLink>
        <PageLink to={page > 1 ? at(page - 1) : null} rel="prev">
          <span aria-hidden>←</span> Previous
        </PageLink>
        <span aria-current="page" aria-live="polite" className="px-1 font-medium" data-testid="history-page">
          {`Page ${n(page)} of ${n(pageCount)}`}
        </span>
        <PageLink to={page < pageCount ? at(page + 1) : null} rel="next">
          Next <span aria-hidden>→</span>
        </PageLink>
        <PageLink to={page < pageCount ? at(pageCount) : null} label="Last page">
          <span aria-hidden>»</span>
        </PageLink>
      </div>
    </nav>
  );
}

function PageLink({ to, rel, label, children }: { to: string | null; rel?: "prev" | "next"; label?: string; children: ReactNode }) {
  if (!to) {
    return (
      // A disabled link: the role lets it keep its name ("First page") for a screen reader.
      <span role="link" aria-disabled="true" aria-label={label} className={disabledClass}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} aria-label={label} title={label} prefetch="intent" className={linkClass}>
      {children}
    </Link>
  );
}
