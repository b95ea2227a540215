import type { ChangeEvent } from "react";
import { Form, Link, useSubmit } from "@remix-run/react";
import { controlClass, SelectField } from "~/components/ui/field";
import { isDefaultView, SCORE_FILTERS, SORTS, STATUS_FILTERS, viewSearch, type ResultsView } from "~/lib/results/results-view";

/**
 * Filter, sort and search live in the URL: the loader applies them, so a
 * reload, a shared link and the CSV export all show exactly this view.
 */
export function ResultsToolbar({ roomId, view, shown, total }: { roomId: string; view: ResultsView; shown: number; total: number }) {
  const submit = useSubmit();
  // A filter's change applies it at once (the Apply button is for keyboards and no-JS).
  const applyNow = (e: ChangeEvent<HTMLSelectElement>) => e.currentTarget.form && submit(e.currentTarget.form, { replace: true, preventScrollReset: true });
  const search = viewSearch(view);
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-5 py-3 dark:border-slate-800">
      <Form method="get" role="search" aria-label="Filter results" className="flex flex-wrap items-end gap-2" key={search}>
        <label className="space-y-1 text-xs font-medium">
          <span className="block">Search</span>
          <input type="search" name="q" defaultValue={view.q} placeholder="Name or email" maxLength={100} className={`${controlClass} w-48`} />
        </label>
        <SelectField compact label="Status" name="status" defaultValue={view.status} options={STATUS_FILTERS} onChange={applyNow} />
        <SelectField compact label="Score" name="score" defaultValue={view.score} options={SCORE_FILTERS} onChange={applyNow} />
        <SelectField compact label="Sort by" name="sort" defaultValue={view.sort} options={SORTS} onChange={applyNow} />
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          Apply
        </button>
        {isDefaultView(view) ? null : (
          <Link to="." replace className="px-1 py-2 text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-100">
            Clear
          </Link>
        )}
      </Form>
      <div className="flex items-center gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {shown === total ? `${total} student${total === 1 ? "" : "s"}` : `Showing ${shown} of ${total}`}
        </p>
        {/* A plain link: the browser downloads the file; the CSV follows this view. */}
        <a
          href={`/admin/results/${roomId}/csv${search}`}
          download
          className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700 focus:ring-2 focus:ring-brand-500 focus:ring-offset-1 focus:outline-none"
        >
          Export CSV
        </a>
      </div>
    </div>
  );
}
