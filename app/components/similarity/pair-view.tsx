import { useRef, useState } from "react";
import { CodeTimeline } from "~/components/monitor/code-timeline";
import { Button } from "~/components/ui/button";
import { Table, TBody, Td, Th, THead } from "~/components/ui/table";
import { ViewerTime } from "~/components/ui/viewer-time";
import type { Timeline, TimelineVersion } from "~/lib/monitor/monitor.server";
import type { FragmentEvidence } from "~/lib/similarity/evidence";

type Span = { startLine: number; startCol: number; endLine: number; endCol: number };
export type PairFragment = { a: Span; b: Span; tokens: number; evidenceA: FragmentEvidence | null; evidenceB: FragmentEvidence | null };
type Side = { name: string; code: string };

/** Fragment colours: the same on both sides; each also carries its number, so colour is never the only cue. */
const COLOURS = [
  "bg-amber-200 dark:bg-amber-700/60",
  "bg-sky-200 dark:bg-sky-700/60",
  "bg-emerald-200 dark:bg-emerald-700/60",
  "bg-rose-200 dark:bg-rose-700/60",
  "bg-violet-200 dark:bg-violet-700/60",
  "bg-lime-200 dark:bg-lime-700/60",
  "bg-orange-200 dark:bg-orange-700/60",
  "bg-cyan-200 dark:bg-cyan-700/60",
];
export const fragmentColour = (i: number) => COLOURS[i % COLOURS.length]!;

type Segment = { text: string; fragment: number | null };

/** Each line of the code cut into segments, each inside one fragment (the first that covers it) or none. */
function segments(code: string, spans: Span[]): Segment[][] {
  const lines = code.replace(/\r\n?/g, "\n").split("\n");
  return lines.map((text, index) => {
    const line = index + 1;
    const owner: (number | null)[] = Array.from({ length: text.length }, () => null);
    spans.forEach((s, f) => {
      if (line < s.startLine || line > s.endLine) return;
      const from = line === s.startLine ? s.startCol : 0;
      const to = line === s.endLine ? Math.min(s.endCol, text.length) : text.length;
      for (let c = from; c < to; c++) if (owner[c] === null) owner[c] = f;
    });
    const out: Segment[] = [];
    for (let c = 0; c < text.length; c++) {
      const last = out[out.length - 1];
      if (last && last.fragment === owner[c]) last.text += text[c];
      else out.push({ text: text[c]!, fragment: owner[c]! });
    }
    return out;
  });
}

function CodePane({ side, spans, current, label, paneRef }: { side: Side; spans: Span[]; current: number; label: string; paneRef: React.RefObject<HTMLDivElement> }) {
  const lines = segments(side.code, spans);
  return (
    <div ref={paneRef} className="max-h-[32rem] overflow-auto rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-950" role="region" aria-label={label} tabIndex={0}>
      <pre className="p-3 font-mono text-xs leading-5">
        {lines.map((line, i) => (
          <div key={i} className="flex">
            <span aria-hidden className="mr-3 w-8 shrink-0 text-right text-slate-500 select-none dark:text-slate-400">
              {i + 1}
            </span>
            <code className="whitespace-pre">
              {line.length === 0 ? " " : null}
              {line.map((seg, j) =>
                seg.fragment === null ? (
                  <span key={j}>{seg.text}</span>
                ) : (
                  <mark
                    key={j}
                    data-fragment={seg.fragment}
                    title={`Fragment ${seg.fragment + 1}`}
                    className={`rounded-sm text-inherit ${fragmentColour(seg.fragment)} ${seg.fragment === current ? "ring-2 ring-slate-900 dark:ring-white" : ""}`}
                  >
                    {seg.text}
                  </mark>
                ),
              )}
            </code>
          </div>
        ))}
      </pre>
    </div>
  );
}

function evidenceText(e: FragmentEvidence | null) {
  if (!e) return "not in the saved timeline";
  return e.oneStep ? `appeared in one step of ${e.stepChars} characters` : "written over several saves";
}

/** Both programs side by side, fragments in matching colours, with a jump between fragments and each fragment's evidence. */
export function PairCode({ a, b, fragments }: { a: Side; b: Side; fragments: PairFragment[] }) {
  const [current, setCurrent] = useState(0);
  const left = useRef<HTMLDivElement>(null);
  const right = useRef<HTMLDivElement>(null);
  const go = (next: number) => {
    setCurrent(next);
    for (const pane of [left.current, right.current]) {
      const mark = pane?.querySelector<HTMLElement>(`mark[data-fragment="${next}"]`);
      if (pane && mark) pane.scrollTo({ top: Math.max(0, mark.offsetTop - 48), behavior: "smooth" });
    }
  };
  return (
    <section aria-label="The two programs" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm" aria-live="polite" data-testid="fragment-position">
          {fragments.length ? `Fragment ${current + 1} of ${fragments.length} · ${fragments[current]!.tokens} tokens` : "No matching fragment in order (the programs share code that was moved around)."}
        </p>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" disabled={fragments.length < 2} onClick={() => go((current - 1 + fragments.length) % fragments.length)}>
            Previous fragment
          </Button>
          <Button size="sm" variant="secondary" disabled={fragments.length < 2} onClick={() => go((current + 1) % fragments.length)}>
            Next fragment
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <div>
          <h3 className="mb-1 text-sm font-semibold">{a.name}</h3>
          <CodePane side={a} spans={fragments.map((f) => f.a)} current={current} label={`${a.name}'s code`} paneRef={left} />
        </div>
        <div>
          <h3 className="mb-1 text-sm font-semibold">{b.name}</h3>
          <CodePane side={b} spans={fragments.map((f) => f.b)} current={current} label={`${b.name}'s code`} paneRef={right} />
        </div>
      </div>
      {fragments.length ? (
        <Table caption="Matching fragments and when they appeared">
          <THead>
            <Th>Fragment</Th>
            <Th>{a.name}</Th>
            <Th>{b.name}</Th>
          </THead>
          <TBody>
            {fragments.map((f, i) => (
              <tr key={i} data-testid="fragment-row">
                <Td>
                  <button type="button" onClick={() => go(i)} className="inline-flex items-center gap-2 rounded px-1 hover:underline focus:ring-2 focus:ring-brand-500 focus:outline-none">
                    <span aria-hidden className={`inline-block h-3 w-3 rounded-sm ${fragmentColour(i)}`} />
                    {i + 1} · lines {f.a.startLine}–{f.a.endLine} / {f.b.startLine}–{f.b.endLine}
                  </button>
                </Td>
                {[f.evidenceA, f.evidenceB].map((e, side) => (
                  <Td key={side} className={e?.oneStep ? "font-semibold text-red-700 dark:text-red-300" : "text-muted"}>
                    {e ? (
                      <>
                        first at <ViewerTime ms={e.firstAt} style="clock" />, {evidenceText(e)}
                      </>
                    ) : (
                      evidenceText(e)
                    )}
                  </Td>
                ))}
              </tr>
            ))}
          </TBody>
        </Table>
      ) : null}
    </section>
  );
}

/** Both students' code timelines (the monitor's replay) side by side, each replaying its own versions. */
export function PairTimelines({ a, b, title }: { a: { name: string; timeline: Timeline }; b: { name: string; timeline: Timeline }; title: string }) {
  return (
    <section aria-label="Code timelines" className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {[a, b].map((side) => (
        <SideTimeline key={side.name} name={side.name} timeline={side.timeline} title={title} />
      ))}
    </section>
  );
}

function SideTimeline({ name, timeline, title }: { name: string; timeline: Timeline; title: string }) {
  const [replay, setReplay] = useState<TimelineVersion | null>(null);
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold">{name}'s timeline</h3>
      {timeline.versions.length === 0 ? (
        <p className="text-sm text-muted">No saved versions of this question.</p>
      ) : (
        <>
          <CodeTimeline timeline={timeline} titles={{ [timeline.versions[0]!.questionId]: title }} onReplay={setReplay} />
          <pre className="max-h-64 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-xs dark:border-slate-700 dark:bg-slate-950" aria-label={`${name}'s code at the chosen version`}>
            {replay ? replay.code : timeline.versions[timeline.versions.length - 1]!.code}
          </pre>
        </>
      )}
    </div>
  );
}
