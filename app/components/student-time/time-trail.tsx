import { Trail } from "~/components/ui/trail";
import { ViewerTime } from "~/components/ui/viewer-time";
import type { RoomPageData } from "~/components/rooms/room-page";
import { timeChangeLabel } from "~/lib/student-tests/student-time";

/**
 * The room's time trail (issue 25, decision 028): every extra time, added
 * minute and outage credit, with who gave it and when, newest first. Folded
 * away: it is the record, not the work.
 */
export function TimeTrail({ changes }: { changes: RoomPageData["timeChanges"] }) {
  return (
    <Trail
      testId="time-trail"
      summary="Time changes"
      caption="Time changes: who changed whose time, when, by how much and why"
      columns={["When", "Student", "Change", "By", "Reason"]}
      rows={changes.map((c) => ({
        id: c.id,
        cells: [
          <ViewerTime key="when" ms={c.createdAt} style="day-time" />,
          c.studentName,
          <span key="change" className="tabular-nums">
            {timeChangeLabel(c)}
          </span>,
          c.adminName,
          <span key="reason" className="text-muted">
            {c.reason ?? "—"}
          </span>,
        ],
      }))}
    />
  );
}
