import { Link } from "@remix-run/react";
import { isReleased } from "~/lib/results/release";
import { useEffect, useRef } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { hoverRow, Table, TBody, Td, Th, THead } from "~/components/ui/table";
import { ViewerTime } from "~/components/ui/viewer-time";
import { adminBadge, adminScoreTone, SCORE_TEXT } from "~/lib/results/student-status";
import type { HistoryRow } from "~/lib/results/history.server";
import { studentTimeLabels } from "~/lib/student-tests/student-time";

const checkboxClass =
  "h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-2 focus:ring-brand-500 dark:border-slate-600 dark:bg-slate-800";

/**
 * One page of the history: student, email, room, score (admin colours),
 * status (admin badge), tab switches, date, and View Test / Delete. The
 * checkboxes pick tests for Delete selected.
 */
export function HistoryTable({
  tests,
  busy,
  selected,
  onToggle,
  onToggleAll,
  onDelete,
}: {
  tests: HistoryRow[];
  busy: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  onDelete: (test: HistoryRow) => void;
}) {
  const picked = tests.filter((t) => selected.has(t.id)).length;
  return (
    <Table caption="Test history, newest first" density="normal" boxed busy={busy}>
      <THead>
        <Th className="w-10">
          <AllCheckbox checked={picked > 0 && picked === tests.length} mixed={picked > 0 && picked < tests.length} onChange={onToggleAll} />
        </Th>
        <Th className="whitespace-nowrap">Student</Th>
        <Th className="whitespace-nowrap">Email</Th>
        <Th className="whitespace-nowrap">Room</Th>
        <Th className="text-right whitespace-nowrap">Score</Th>
        <Th className="whitespace-nowrap">Status</Th>
        <Th className="text-right">Tab switches</Th>
        <Th className="whitespace-nowrap">Date</Th>
        <Th className="text-right whitespace-nowrap">Actions</Th>
      </THead>
      <TBody>
        {tests.map((t) => {
          const badge = adminBadge(t);
          return (
            <tr key={t.id} data-testid="history-row" className={hoverRow}>
              <Td>
                <input
                  type="checkbox"
                  checked={selected.has(t.id)}
                  onChange={(e) => onToggle(t.id, e.target.checked)}
                  aria-label={`Select the test of ${t.studentName} in ${t.roomName}`}
                  className={checkboxClass}
                />
              </Td>
              <Td className="min-w-32 font-medium">{t.studentName}</Td>
              <Td className="text-slate-600 dark:text-slate-300">
                <Email address={t.email} />
              </Td>
              <Td className="min-w-40">
                {t.roomName}
                {t.questionType === "mcq" ? <span className="ml-1.5 text-xs text-slate-500 dark:text-slate-400">MCQ</span> : null}
              </Td>
              <Td className={`text-right font-semibold tabular-nums whitespace-nowrap ${SCORE_TEXT[adminScoreTone(t.totalScore)]}`}>
                {t.totalScore}
                <span className="font-normal text-slate-500 dark:text-slate-400">/{t.maxScore}</span>
                {isReleased(t) ? null : (
                  <span className="mt-1 block text-xs font-normal whitespace-nowrap text-amber-800 dark:text-amber-200" data-testid="not-released">
                    Not released
                  </span>
                )}
              </Td>
              <Td>
                <Badge tone={badge.tone}>{badge.label}</Badge>
                {studentTimeLabels(t).map((label) => (
                  <span key={label} className="mt-1 block text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
                    {label}
                  </span>
                ))}
              </Td>
              <Td className="text-right tabular-nums">{t.tabSwitchCount}</Td>
              <Td className="whitespace-nowrap text-slate-600 dark:text-slate-300">
                <ViewerTime ms={t.createdAt} style="full" />
              </Td>
              <Td className="text-right whitespace-nowrap">
                <div className="flex items-center justify-end gap-1">
                  <Link
                    to={`/admin/submission/${t.id}`}
                    className="rounded-md px-2.5 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 hover:underline focus:ring-2 focus:ring-brand-500 focus:outline-none dark:text-brand-100 dark:hover:bg-slate-800"
                  >
                    View Test
                  </Link>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onDelete(t)}
                    aria-label={`Delete the test of ${t.studentName} in ${t.roomName}`}
                  >
                    Delete
                  </Button>
                </div>
              </Td>
            </tr>
          );
        })}
      </TBody>
    </Table>
  );
}

function AllCheckbox({ checked, mixed, onChange }: { checked: boolean; mixed: boolean; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      aria-label="Select every test on this page"
      className={checkboxClass}
    />
  );
}

/** An email that may wrap before its @, never inside a word. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return <span className="break-all">{address}</span>;
  return (
    <>
      <span className="whitespace-nowrap">{address.slice(0, at)}</span>
      <wbr />
      <span className="whitespace-nowrap">{address.slice(at)}</span>
    </>
  );
}


/**
 * A time in the viewer's own time zone. The server renders UTC (it cannot
 * know the zone) and the browser swaps in local time after hydration, so the
 * two renders never disagree.
 */
