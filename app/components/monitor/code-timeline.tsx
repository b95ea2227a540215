import { useEffect, useState } from "react";
import type { Timeline, TimelineMark, TimelineVersion } from "~/lib/monitor/monitor.server";
import { ClockTime } from "./clock-time";

const MARK_LABEL: Record<TimelineMark["kind"], string> = {
  submit: "Submit",
  "tab-switch": "Tab switch (locked)",
  unlock: "Unlock attempt",
  finish: "Finished",
};
const MARK_COLOR: Record<TimelineMark["kind"], string> = {
  submit: "bg-emerald-500",
  "tab-switch": "bg-red-500",
  unlock: "bg-amber-500",
  finish: "bg-brand-600",
};

/**
 * Replays the autosaved versions one at a time. The slider steps through the
 * versions (its last step is the live code); submits, tab switches, unlocks
 * and offline periods sit on the track where they fell between versions.
 */
export function CodeTimeline({
  timeline,
  titles,
  onReplay,
}: {
  timeline: Timeline;
  titles: Record<string, string>;
  onReplay: (version: TimelineVersion | null) => void;
}) {
  const { versions, marks, offline } = timeline;
  const live = versions.length;
  const [position, setPosition] = useState(live);
  // New versions arrive while watching live: stay live. While replaying, stay on the chosen version.
  const [following, setFollowing] = useState(true);
  useEffect(() => {
    if (following) setPosition(live);
  }, [following, live]);

  if (versions.length === 0) return null;
  const chosen = position < live ? versions[position]! : null;
  // Where a moment falls on the track: after the versions saved before it.
  const place = (at: number) => `${(100 * versions.filter((v) => v.at <= at).length) / live}%`;
  const label = chosen ? `Version ${position + 1} of ${live}, ${titles[chosen.questionId] ?? "question"}` : "Live";

  return (
    <section aria-label="Code history" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">Code history</h3>
        <p className="text-sm text-slate-500" aria-live="polite" data-testid="timeline-position">
          {chosen ? (
            <>
              {label} · saved <ClockTime value={chosen.at} />
            </>
          ) : (
            `Live · ${live} saved version${live === 1 ? "" : "s"}`
          )}
        </p>
      </div>
      {timeline.capped ? <p className="mb-2 text-sm text-amber-700 dark:text-amber-300">{`Showing the latest ${timeline.cap} entries only; older versions are not replayed.`}</p> : null}
      <div className="relative h-3" aria-hidden="true">
        {offline.map((p, i) => (
          <span key={`off-${i}`} className="absolute top-1 h-1 bg-slate-400" style={{ left: place(p.startedAt), width: `calc(${place(p.endedAt ?? Date.now())} - ${place(p.startedAt)})` }} title="Offline" />
        ))}
        {marks.map((m, i) => (
          <span key={i} className={`absolute top-0 h-3 w-1 -translate-x-1/2 rounded ${MARK_COLOR[m.kind]}`} style={{ left: place(m.at) }} title={MARK_LABEL[m.kind]} />
        ))}
      </div>
      <input
        type="range"
        min={0}
        max={live}
        step={1}
        value={position}
        aria-label="Code version"
        aria-valuetext={label}
        className="w-full accent-brand-600"
        onChange={(event) => {
          const next = Number(event.target.value);
          setPosition(next);
          setFollowing(next === live);
          onReplay(next < live ? versions[next]! : null);
        }}
      />
      <Events marks={marks} offline={offline} titles={titles} />
    </section>
  );
}

function Events({ marks, offline, titles }: { marks: TimelineMark[]; offline: Timeline["offline"]; titles: Record<string, string> }) {
  const items = [
    ...marks.map((m) => ({ at: m.at, text: `${MARK_LABEL[m.kind]}${m.questionId && titles[m.questionId] ? ` · ${titles[m.questionId]}` : ""}` })),
    ...offline.map((p) => ({ at: p.startedAt, text: p.endedAt ? `Offline for ${Math.round((p.endedAt - p.startedAt) / 1000)}s` : "Went offline" })),
  ].sort((a, b) => a.at - b.at);
  if (items.length === 0) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-slate-600 dark:text-slate-300">{`${items.length} event${items.length === 1 ? "" : "s"} on the timeline`}</summary>
      <ol className="mt-1 space-y-0.5">
        {items.map((item, i) => (
          <li key={i}>
            <ClockTime value={item.at} /> · {item.text}
          </li>
        ))}
      </ol>
    </details>
  );
}
