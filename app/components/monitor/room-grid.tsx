import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CreditButton } from "~/components/student-time/credit-buttons";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import type { GridTile } from "~/lib/monitor/monitor.server";
import { formatDuration } from "~/lib/results/results-view";

/** The server's clock, ticking each second after hydration (the first render uses the loader's time, as the server did). */
function useServerNow(serverNow: number) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const offset = serverNow - Date.now();
    setNow(serverNow);
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [serverNow]);
  return now;
}

/** The room's students at a glance, one tile each; a tile opens the student's monitor. */
export function RoomGrid({ tiles, serverNow, credits = {} }: { tiles: GridTile[]; serverNow: number; credits?: Record<string, number> }) {
  const now = useServerNow(serverNow);
  if (tiles.length === 0) return <EmptyState title="No participants yet...">Share an OTP with students, or add them by email.</EmptyState>;
  return (
    <ul aria-label="Participants grid" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {tiles.map((t) => (
        <li key={t.participantId}>
          <Tile tile={t} now={now} elapsed={now - serverNow} credit={credits[t.participantId] ?? 0} />
        </li>
      ))}
    </ul>
  );
}

/** `credit`: recorded outage time not given back yet, offered as "Credit m:ss" under the tile (outside its link). */
function Tile({ tile: t, now, elapsed, credit }: { tile: GridTile; now: number; elapsed: number; credit: number }) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{t.name}</p>
          <p className="truncate text-xs text-muted">{t.email}</p>
        </div>
        {t.online ? <Badge tone="green">online</Badge> : <Badge tone="red">{`offline ${formatDuration((t.offlineForMs ?? 0) + elapsed)}`}</Badge>}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted">Last edit</dt>
        <dd className="tabular-nums">{t.lastEditAt === null ? "—" : `${formatDuration(now - t.lastEditAt)} ago`}</dd>
        <dt className="text-muted">Runs · submits</dt>
        <dd className="tabular-nums">{`${t.runs} · ${t.submits}`}</dd>
        <dt className="text-muted">Open cases passed</dt>
        <dd className="tabular-nums">{t.openCasesPassed}</dd>
        <dt className="text-muted">Tab switches</dt>
        <dd className="tabular-nums">{t.tabSwitches}</dd>
      </dl>
      <div className="mt-2 flex flex-wrap gap-1">
        <Badge tone={t.status === "disqualified" ? "red" : "gray"}>{t.status.replace(/_/g, " ")}</Badge>
        {t.isLocked ? <Badge tone="yellow">locked</Badge> : null}
      </div>
    </>
  );
  const frame = "block h-full rounded-lg border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900";
  const tile = !t.testId ? (
    <div className={frame}>{body}</div>
  ) : (
    <Link to={`/admin/monitor/${t.testId}`} aria-label={`Open the monitor of ${t.name}`} className={`${frame} hover:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none`}>
      {body}
    </Link>
  );
  if (credit <= 0) return tile;
  return (
    <div className="flex h-full flex-col gap-1">
      {tile}
      <CreditButton participantId={t.participantId} name={t.name} ms={credit} />
    </div>
  );
}

/** Table or grid: a pair of toggle buttons beside the participants. */
export function ParticipantsView({ view, onChange }: { view: "table" | "grid"; onChange: (view: "table" | "grid") => void }) {
  return (
    <div role="group" aria-label="Participants view" className="mb-3 inline-flex rounded-lg border border-slate-200 p-0.5 dark:border-slate-700">
      {(["table", "grid"] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          onClick={() => onChange(v)}
          className={`rounded-md px-3 py-1 text-sm font-medium focus:ring-2 focus:ring-brand-500 focus:outline-none ${
            view === v ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          }`}
        >
          {v === "table" ? "Table" : "Grid"}
        </button>
      ))}
    </div>
  );
}
