import { Form, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button, Spinner } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { HISTORY_CSV_PATH, HISTORY_MESSAGES, HISTORY_PATH, HISTORY_QUERY_MAX, historyHref, historySearch } from "./history-query";

const linkButton =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:ring-2 focus:ring-brand-500 focus:ring-offset-1 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";
const disabledLink =
  "inline-flex cursor-not-allowed items-center justify-center gap-2 rounded-md border border-slate-200 px-3.5 py-2 text-sm font-medium text-slate-400 dark:border-slate-800 dark:text-slate-500";

/**
 * One search box (name, email or room), Refresh, Export CSV and, with tests
 * ticked, Delete selected. The search lives in the URL (?q=), so a view can be
 * shared and Back works: typing replaces the history entry, and any change
 * goes back to page 1. Without JavaScript it is a plain GET form.
 */
export function HistoryToolbar({
  q,
  total,
  truncated,
  searching,
  refreshing,
  selected,
  onRefresh,
  onDeleteSelected,
}: {
  q: string;
  total: number;
  truncated: boolean;
  searching: boolean;
  refreshing: boolean;
  selected: number;
  onRefresh: () => void;
  onDeleteSelected: () => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // Follow the URL when it changes from outside (Back, a shared link).
  useEffect(() => setText(q), [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function go(next: string, replace: boolean) {
    clearTimeout(timer.current);
    navigate(historyHref({ q: next.trim() }), { replace, preventScrollReset: true });
  }

  return (
    <div className="mb-4 space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Form
          method="get"
          action={HISTORY_PATH}
          role="search"
          aria-label="Search test history"
          onSubmit={(event) => {
            event.preventDefault();
            go(text, false);
          }}
          className="relative min-w-60 flex-1"
        >
          <label htmlFor="history-search" className="sr-only">
            Search by name, email or room
          </label>
          <input
            id="history-search"
            type="search"
            name="q"
            value={text}
            maxLength={HISTORY_QUERY_MAX}
            autoComplete="off"
            placeholder="Search by name, email or room"
            onChange={(event) => {
              const value = event.target.value;
              setText(value);
              clearTimeout(timer.current);
              // The first search pushes a history entry; refinements replace it.
              timer.current = setTimeout(() => go(value, q !== ""), 300);
            }}
            className={`${controlClass} pr-9`}
          />
          {searching ? (
            <span className="absolute inset-y-0 right-3 flex items-center text-slate-400" role="status" aria-label="Loading test history">
              <Spinner />
            </span>
          ) : null}
        </Form>
        <Button variant="secondary" onClick={onRefresh} busy={refreshing}>
          Refresh
        </Button>
        {total > 0 ? (
          <a
            href={`${HISTORY_CSV_PATH}${historySearch({ q })}`}
            download
            title={`All ${total.toLocaleString("en-US")} ${q ? "matching " : ""}test${total === 1 ? "" : "s"}, every page, as CSV`}
            className={linkButton}
          >
            Export CSV
          </a>
        ) : (
          <span aria-disabled="true" className={disabledLink}>
            Export CSV
          </span>
        )}
        {selected > 0 ? (
          <Button variant="danger" onClick={onDeleteSelected}>
            {`Delete selected (${selected})`}
          </Button>
        ) : null}
      </div>
      {truncated ? (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
          {HISTORY_MESSAGES.queryTooLong}
        </p>
      ) : null}
    </div>
  );
}
