import { ViewerTime } from "~/components/ui/viewer-time";
import type { RoomPageData } from "~/components/rooms/room-page";
import { timeChangeLabel } from "~/lib/student-tests/student-time";

/**
 * The room's time trail (issue 25, decision 028): every extra time, added
 * minute and outage credit, with who gave it and when, newest first. Folded
 * away: it is the record, not the work.
 */
export function TimeTrail({ changes }: { changes: RoomPageData["timeChanges"] }) {
  if (changes.length === 0) return null;
  const th = "px-3 py-2 text-left font-medium";
  const td = "px-3 py-2 align-top";
  return (
    <details className="mt-6 rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900" data-testid="time-trail">
      <summary className="cursor-pointer px-4 py-3 font-medium">
        Time changes ({changes.length})
      </summary>
      <div className="overflow-x-auto border-t border-slate-200 dark:border-slate-800">
        <table className="w-full">
          <caption className="sr-only">Time changes: who changed whose time, when, by how much and why</caption>
          <thead className="text-muted">
            <tr>
              <th className={th} scope="col">When</th>
              <th className={th} scope="col">Student</th>
              <th className={th} scope="col">Change</th>
              <th className={th} scope="col">By</th>
              <th className={th} scope="col">Reason</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {changes.map((c) => (
              <tr key={c.id}>
                <td className={`${td} whitespace-nowrap`}>
                  <ViewerTime ms={c.createdAt} style="day-time" />
                </td>
                <td className={td}>{c.studentName}</td>
                <td className={`${td} tabular-nums`}>{timeChangeLabel(c)}</td>
                <td className={td}>{c.adminName}</td>
                <td className={`${td} text-muted`}>{c.reason ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
