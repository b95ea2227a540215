import { useEffect, useState } from "react";
import type { Timeline, TimelineMark, TimelineMarkKind, TimelineVersion } from "~/lib/monitor/monitor.server";
import { ViewerTime } from "~/components/ui/viewer-time";

const MARK_LABEL: Record<TimelineMarkKind, string> = {
  run: "Run",
  submit: "Submit",
  "tab-switch": "Tab switch (locked)",
  unlock: "Unlock attempt",
  finish: "Finished",
};
// Runs are dots, everything else a bar: told apart by shape as well as by colour.
const BAR = "h-3 w-1 rounded";
const MARK_SWATCH: Record<TimelineMarkKind, string> = {
  run: "h-2 w-2 rounded-full bg-sky-500 ring-1 ring-white dark:ring-slate-900",
  submit: `${BAR} bg-emerald-500`,
  "tab-switch": `${BAR} bg-red-500`,
  unlock: `${BAR} bg-amber-500`,
  finish: `${BAR} bg-brand-600`,
};
const OFFLINE_SWATCH = "h-1 w-3 bg-slate-400";

/** What a mark says, wherever it is named: "Run · 3/5 open cases". */
export function markText(mark: TimelineMark) {
  return mark.kind === "run" ? `${MARK_LABEL.run} · ${mark.passed}/${mark.total} open cases` : MARK_LABEL[mark.kind];
}

/** How many of the versions (oldest first) were saved by `at`. */
function savedBy(versions: TimelineVersion[], at: number) {
  let lo = 0;
  let hi = versions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (versions[mid]!.at <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Replays the autosaved versions one at a time. The slider steps through the
 * versions (its last step is the live code); runs, submits, tab switches,
 * unlocks and offline periods sit on the track where they fell between
 * versions. The track is drawn for the eye only: the slider's value text names
 * the marks just before the chosen version, and the event list names them all.
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

  if (versions.length === 0 && marks.length === 0 && offline.length === 0) return null;
  const chosen = position < live ? versions[position]! : null;
  // A moment sits on the track after the versions saved by then, so just before the next step.
  const place = (at: number) => (live === 0 ? "0%" : `${(100 * savedBy(versions, at)) / live}%`);
  // What happened between the version before the chosen one and the chosen one (live: since the last version).
  const between = marks.filter((m) => savedBy(versions, m.at) === position).map(markText);
  const after = between.length ? ` · after ${between.join(", ")}` : "";
  const label = chosen ? `Version ${position + 1} of ${live}, ${titles[chosen.questionId] ?? "question"}` : "Live";

  return (
    <section aria-label="Code history" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">Code history</h3>
        <p className="text-sm text-muted" aria-live="polite" data-testid="timeline-position">
          {chosen ? (
            <>
              {label} · saved <ViewerTime ms={chosen.at} style="clock" />
              {after}
            </>
          ) : (
            `Live · ${live} saved version${live === 1 ? "" : "s"}${after}`
          )}
        </p>
      </div>
      {timeline.capped ? <p className="mb-2 text-sm text-amber-700 dark:text-amber-300">{`Showing the latest ${timeline.cap} entries only; older versions are not replayed.`}</p> : null}
      <div className="relative h-3" aria-hidden="true">
        {offline.map((p, i) => (
          <span key={`off-${i}`} className="absolute top-1 h-1 bg-slate-400" style={{ left: place(p.startedAt), width: `calc(${place(p.endedAt ?? Date.now())} - ${place(p.startedAt)})` }} title="Offline" />
        ))}
        {marks.map((m, i) => (
          <span key={i} className={`absolute -translate-x-1/2 ${m.kind === "run" ? "top-0.5" : "top-0"} ${MARK_SWATCH[m.kind]}`} style={{ left: place(m.at) }} title={markText(m)} />
        ))}
      </div>
      <input
        type="range"
        min={0}
        max={live}
        step={1}
        value={position}
        aria-label="Code version"
        aria-valuetext={`${label}${after}`}
        className="w-full accent-brand-600"
        disabled={live === 0}
        onChange={(event) => {
          const next = Number(event.target.value);
          setPosition(next);
          setFollowing(next === live);
          onReplay(next < live ? versions[next]! : null);
        }}
      />
      <Legend kinds={new Set(marks.map((m) => m.kind))} offline={offline.length > 0} />
      <Events marks={marks} offline={offline} titles={titles} />
    </section>
  );
}

/** The kinds of mark this timeline holds, each beside its swatch. */
function Legend({ kinds, offline }: { kinds: Set<TimelineMarkKind>; offline: boolean }) {
  const shown = (Object.keys(MARK_LABEL) as TimelineMarkKind[]).filter((kind) => kinds.has(kind));
  if (shown.length === 0 && !offline) return null;
  return (
    <ul aria-label="Legend" className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
      {shown.map((kind) => (
        <li key={kind} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block ${MARK_SWATCH[kind]}`} />
          {MARK_LABEL[kind]}
        </li>
      ))}
      {offline ? (
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block ${OFFLINE_SWATCH}`} />
          Offline
        </li>
      ) : null}
    </ul>
  );
}

function Events({ marks, offline, titles }: { marks: TimelineMark[]; offline: Timeline["offline"]; titles: Record<string, string> }) {
  const items = [
    ...marks.map((m) => ({ at: m.at, text: `${markText(m)}${m.questionId && titles[m.questionId] ? ` · ${titles[m.questionId]}` : ""}` })),
    ...offline.map((p) => ({ at: p.startedAt, text: p.endedAt ? `Offline for ${Math.round((p.endedAt - p.startedAt) / 1000)}s` : "Went offline" })),
  ].sort((a, b) => a.at - b.at);
  if (items.length === 0) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-slate-600 dark:text-slate-300">{`${items.length} event${items.length === 1 ? "" : "s"} on the timeline`}</summary>
      <ol className="mt-1 space-y-0.5">
        {items.map((item, i) => (
          <li key={i}>
            <ViewerTime ms={item.at} style="clock" /> · {item.text}
          </li>
        ))}
      </ol>
    </details>
  );
}
