import type { ReactNode } from "react";
import { Table, TBody, Td, Th, THead } from "./table";

/**
 * A room's record of who changed what, newest first, folded away under its
 * summary (it is the record, not the work): the time trail, the SEB
 * exemptions. The first column is the time, kept on one line.
 */
export function Trail({ testId, summary, caption, columns, rows }: { testId: string; summary: string; caption: string; columns: string[]; rows: { id: string; cells: ReactNode[] }[] }) {
  if (rows.length === 0) return null;
  return (
    <details className="mt-6 rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900" data-testid={testId}>
      <summary className="cursor-pointer px-4 py-3 font-medium">
        {summary} ({rows.length})
      </summary>
      <Table caption={caption} scrollLabel={caption} className="border-t border-slate-200 dark:border-slate-800">
        <THead>
          {columns.map((c) => (
            <Th key={c}>{c}</Th>
          ))}
        </THead>
        <TBody>
          {rows.map((r) => (
            <tr key={r.id}>
              {r.cells.map((cell, i) => (
                <Td key={columns[i]} className={i === 0 ? "align-top whitespace-nowrap" : "align-top"}>
                  {cell}
                </Td>
              ))}
            </tr>
          ))}
        </TBody>
      </Table>
    </details>
  );
}
