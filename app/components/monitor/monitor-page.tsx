import { Link } from "@remix-run/react";
import { useState } from "react";
import { useRoomParty } from "~/components/use-room-party";
import { Badge } from "~/components/ui/badge";
import { LANGUAGE_LABELS } from "~/lib/ui/format";
import type { MonitorView } from "~/lib/monitor/monitor.server";
import { formatDuration } from "~/lib/results/results-view";
import { ViewerTime } from "~/components/ui/viewer-time";
import { CodeTimeline } from "./code-timeline";
import { MonitoredCode } from "./monitored-code";

/** The admin's live, read-only view of one student's test (spec 2: /admin/monitor/{studentTestId}). */
export function MonitorPage({ view }: { view: MonitorView }) {
  // Only this student's autosaves matter here; every other event (lock, status, room) refetches too.
  useRoomParty(view.roomId, (event) => (event.type === "code-saved" && event.studentTestId !== view.testId ? "handled" : undefined));
  return (
    <>
      <div className="mb-6">
        <Link to={`/admin/room/${view.roomId}`} className="text-sm text-link hover:underline">
          ← Back to {view.roomName}
        </Link>
        <h2 className="mt-2 flex flex-wrap items-center gap-3 text-2xl font-semibold">
          {view.student.name}
          <Badge tone={view.status === "disqualified" ? "red" : view.status === "completed" ? "green" : "blue"}>{view.status.replace(/_/g, " ")}</Badge>
          {view.isLocked ? <Badge tone="yellow">locked</Badge> : null}
          {view.offlineNow ? <Badge tone="red">offline now</Badge> : <Badge tone="green">online</Badge>}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {view.student.email} · {view.questionType === "mcq" ? "Multiple choice" : `Coding · ${LANGUAGE_LABELS[view.language]}`} · Tab switches:{" "}
          {view.tabSwitchCount}
          {view.offlineMs > 0 ? ` · Offline ${formatDuration(view.offlineMs)} in total` : ""}
        </p>
      </div>
      {view.mcq ? <McqMonitor mcq={view.mcq} /> : <CodingMonitor view={view} />}
    </>
  );
}

function CodingMonitor({ view }: { view: MonitorView }) {
  const [active, setActive] = useState(view.questions[0]?.id ?? "");
  // The timeline's chosen version, or null for the live code.
  const [replay, setReplay] = useState<{ questionId: string; code: string; at: number } | null>(null);
  const shownId = replay?.questionId ?? active;
  return (
    <div className="space-y-4">
      <MonitoredCode
        questions={view.questions}
        language={view.language}
        activeId={shownId}
        onSelect={(id) => {
          setReplay(null);
          setActive(id);
        }}
        replay={replay}
      />
      {view.timeline ? (
        <CodeTimeline
          timeline={view.timeline}
          titles={Object.fromEntries(view.questions.map((q) => [q.id, q.title]))}
          onReplay={(version) => {
            setReplay(version);
            if (version) setActive(version.questionId);
          }}
        />
      ) : null}
    </div>
  );
}

function McqMonitor({ mcq }: { mcq: NonNullable<MonitorView["mcq"]> }) {
  if (mcq.lastUpdated === null) return <p className="rounded-lg border border-slate-200 p-6 text-center text-muted dark:border-slate-700">Not started</p>;
  const items = [
    ["Answered", `${mcq.answered} of ${mcq.total}`],
    ["Marked for review", String(mcq.marked)],
    ["Current question", mcq.currentQuestion === null ? "—" : `${mcq.currentQuestion} of ${mcq.total}`],
  ] as const;
  return (
    <section aria-label="Multiple-choice progress" className="rounded-lg border border-slate-200 p-5 dark:border-slate-700">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-muted">
        Last updated <ViewerTime ms={mcq.lastUpdated} style="clock" />
      </p>
    </section>
  );
}
