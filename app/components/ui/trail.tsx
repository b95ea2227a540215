import type { ReactNode } from "react";
import { ScrollBox } from "./scroll-box";

/**
 * A room's record of who changed what, newest first, folded away under its
 * summary (it is the record, not the work): the time trail, the SEB
 * exemptions. The first column is the time, kept on one line.
 */
export function Trail({ testId, summary, caption, columns, rows }: { testId: string; summary: string; caption: string; columns: string[]; rows: { id: string; cells: ReactNode[] }[] }) {
  if (rows.length === 0) return null;
  const th = "px-3 py-2 text-left font-medium";
  const td = "px-3 py-2 align-top";
  return (
    <details className="mt-6 rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900" data-testid={testId}>
      <summary className="cursor-pointer px-4 py-3 font-medium">
        {summary} ({rows.length})
      </summary>
      <ScrollBox label={caption} className="border-t border-slate-200 dark:border-slate-800">
        <table className="w-full">
          <caption className="sr-only">{caption}</caption>
          <thead className="text-muted">
            <tr>
              {columns.map((c) => (
                <th key={c} className={th} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((r) => (
              <tr key={r.id}>
                {r.cells.map((cell, i) => (
                  <td key={columns[i]} className={i === 0 ? `${td} whitespace-nowrap` : td}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </details>
  );
}
