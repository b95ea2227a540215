import { Link } from "@remix-run/react";
import { useId } from "react";
import { PASS_SCORE, REVIEW_SCORE } from "~/lib/results/student-status";
import type { HistogramBin } from "~/lib/results/stats";

// Hand-written SVG, not a charting library: eleven bars on a fixed 0–100
// scale need no scales or layout engine, and plain SVG renders the same on
// the server and in the browser (no measuring, no hydration mismatch), follows
// the theme through Tailwind classes, and adds no bytes to any bundle.
const W = 440;
const H = 230;
const PAD = { top: 40, right: 8, bottom: 36, left: 28 };

const BAR_CLASS = {
  below: "fill-slate-400 dark:fill-slate-500",
  near: "fill-amber-500 dark:fill-amber-400",
  pass: "fill-emerald-600 dark:fill-emerald-400",
} as const;

/** The room's scores: bars of 10 points, the 90–99 near-miss band shaded, and the pass line at 100. */
export function ScoreHistogram({ bins, tested, notStarted, nearMissHref, passHref }: { bins: HistogramBin[]; tested: number; notStarted: number; nearMissHref: string; passHref: string }) {
  const titleId = useId();
  const descId = useId();
  const max = Math.max(1, ...bins.map((b) => b.count));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / bins.length;
  const y = (count: number) => PAD.top + plotH - (count / max) * plotH;
  const nearIndex = bins.findIndex((b) => b.band === "near");
  const passIndex = bins.findIndex((b) => b.band === "pass");
  const near = bins[nearIndex]?.count ?? 0;
  const passed = bins[passIndex]?.count ?? 0;
  const ticks = [...new Set([0, Math.ceil(max / 2), max])];
  const summary = `${tested} student${tested === 1 ? "" : "s"} with a score: ${passed} at ${PASS_SCORE} (pass), ${near} in the near-miss band ${REVIEW_SCORE}–${PASS_SCORE - 1}, ${tested - passed - near} below ${REVIEW_SCORE}.${notStarted ? ` ${notStarted} not started.` : ""} ${bins.map((b) => `${b.label}: ${b.count}`).join(", ")}.`;
  return (
    <figure className="min-w-0">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full text-slate-600 dark:text-slate-300" role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>Score histogram</title>
        <desc id={descId}>{summary}</desc>
        {/* The near-miss band behind its bar, labelled above the plot (a row higher than the pass label, so they never collide). */}
        <rect x={PAD.left + nearIndex * slot} y={PAD.top - 8} width={slot} height={plotH + 8} className="fill-amber-100 dark:fill-amber-900/40" />
        <text x={PAD.left + nearIndex * slot + slot / 2} y={PAD.top - 26} textAnchor="middle" className="fill-amber-800 text-[11px] font-medium dark:fill-amber-200">
          near miss
        </text>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="stroke-slate-200 dark:stroke-slate-700" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="fill-current text-[11px]">
              {t}
            </text>
          </g>
        ))}
        {bins.map((b, i) => {
          const x = PAD.left + i * slot + slot * 0.15;
          const top = y(b.count);
          return (
            <g key={b.label}>
              <rect x={x} y={top} width={slot * 0.7} height={PAD.top + plotH - top} rx={2} className={BAR_CLASS[b.band]}>
                <title>{`${b.label}: ${b.count}`}</title>
              </rect>
              {b.count > 0 ? (
                <text x={x + slot * 0.35} y={top - 4} textAnchor="middle" className="fill-current text-[11px] font-medium">
                  {b.count}
                </text>
              ) : null}
              <text x={PAD.left + i * slot + slot / 2} y={H - PAD.bottom + 16} textAnchor="middle" className="fill-current text-[10px]">
                {b.label}
              </text>
            </g>
          );
        })}
        {/* The pass line: everything right of it reached 100. */}
        <line x1={PAD.left + passIndex * slot} x2={PAD.left + passIndex * slot} y1={PAD.top - 22} y2={PAD.top + plotH} className="stroke-emerald-700 dark:stroke-emerald-300" strokeWidth={2} strokeDasharray="4 3" />
        <text x={PAD.left + passIndex * slot + 4} y={PAD.top - 12} textAnchor="start" className="fill-emerald-800 text-[11px] font-medium dark:fill-emerald-200">
          pass
        </text>
        <text x={PAD.left + plotW / 2} y={H - 6} textAnchor="middle" className="fill-current text-[11px]">
          Score
        </text>
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <Link to={passHref} className="underline-offset-2 hover:underline">
          <span aria-hidden className="mr-1 inline-block h-2.5 w-2.5 rounded-sm bg-emerald-600 dark:bg-emerald-400" />
          {passed} passed ({PASS_SCORE})
        </Link>
        <Link to={nearMissHref} className="underline-offset-2 hover:underline">
          <span aria-hidden className="mr-1 inline-block h-2.5 w-2.5 rounded-sm bg-amber-500 dark:bg-amber-400" />
          {near} near miss ({REVIEW_SCORE}–{PASS_SCORE - 1})
        </Link>
        <span>
          <span aria-hidden className="mr-1 inline-block h-2.5 w-2.5 rounded-sm bg-slate-400 dark:bg-slate-500" />
          {tested - passed - near} below {REVIEW_SCORE}
        </span>
        {notStarted ? <span>{notStarted} not started</span> : null}
      </figcaption>
    </figure>
  );
}
