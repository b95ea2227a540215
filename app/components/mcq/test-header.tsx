import { useEffect, useState, type ReactNode } from "react";
import { NetworkIndicator } from "~/components/network-indicator";
import { SyncStatus } from "~/components/test/sync-status";
import type { JournalStatus } from "~/offline/journal";
import { CheckIcon, ClockIcon, ExpandIcon, EyeOffIcon, FlagIcon, ShrinkIcon } from "./icons";
import { formatRemaining, WARNING_AT_SECONDS } from "./progress";

export function TestHeader({
  roomName,
  seconds,
  answered,
  total,
  marked,
  tabSwitches,
  journal,
}: {
  roomName: string;
  /** Whole seconds left; null before mount or without a deadline. */
  seconds: number | null;
  answered: number;
  total: number;
  marked: number;
  tabSwitches: number;
  journal: JournalStatus | null;
}) {
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium tracking-wide text-muted uppercase">Multiple-choice test</p>
          <h1 className="truncate text-base font-semibold sm:text-lg" title={roomName}>
            {roomName}
          </h1>
        </div>
        <Countdown seconds={seconds} />
        <div className="flex flex-wrap items-center gap-2">
          <Stat label="Answered" value={`${answered}/${total}`} tone="green" icon={<CheckIcon />} />
          <Stat label="Marked" value={marked} tone="yellow" icon={<FlagIcon />} />
          <Stat label="Tab switches" value={tabSwitches} tone={tabSwitches > 0 ? "red" : "gray"} icon={<EyeOffIcon />} />
        </div>
        <div className="flex items-center gap-2">
          <SyncStatus status={journal} />
          <NetworkIndicator />
          <FullscreenToggle />
        </div>
      </div>
    </header>
  );
}

function Countdown({ seconds }: { seconds: number | null }) {
  const tone =
    seconds === null
      ? "border-slate-200 bg-slate-50 text-slate-600 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300"
      : seconds <= 60
        ? "animate-pulse border-red-300 bg-red-50 text-red-700 dark:border-red-800 dark:bg-red-950 dark:text-red-300"
        : seconds <= WARNING_AT_SECONDS
          ? "border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-300"
          : "border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100";
  return (
    <div
      role="timer"
      aria-label="Time remaining"
      data-testid="mcq-timer"
      className={`flex items-center gap-2 rounded-lg border px-3 py-1.5 font-mono text-lg font-semibold tabular-nums ${tone}`}
    >
      <ClockIcon className="h-5 w-5" />
      <span>{seconds === null ? "--:--" : formatRemaining(seconds * 1000)}</span>
    </div>
  );
}

const STAT_TONES = {
  green: "text-emerald-700 dark:text-emerald-300",
  yellow: "text-amber-700 dark:text-amber-300",
  red: "text-red-700 dark:text-red-300",
  gray: "text-slate-500 dark:text-slate-400",
} as const;

function Stat({ label, value, tone, icon }: { label: string; value: ReactNode; tone: keyof typeof STAT_TONES; icon: ReactNode }) {
  return (
    <div
      className="flex items-center gap-1.5 rounded-md border border-slate-200 px-2.5 py-1 text-sm dark:border-slate-700"
      title={label}
      data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}
    >
      <span className={STAT_TONES[tone]}>{icon}</span>
      <span className="sr-only text-slate-500 sm:not-sr-only dark:text-slate-400">{label}</span>
      <span className="font-semibold tabular-nums">{value}</span>
    </div>
  );
}

function FullscreenToggle() {
  const [active, setActive] = useState(false);
  const [supported, setSupported] = useState(true);
  useEffect(() => {
    setSupported(typeof document.documentElement.requestFullscreen === "function");
    const sync = () => setActive(Boolean(document.fullscreenElement));
    sync();
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);
  if (!supported) return null;
  const label = active ? "Exit fullscreen" : "Enter fullscreen";
  return (
    <button
      type="button"
      onClick={() => {
        const done = active ? document.exitFullscreen() : document.documentElement.requestFullscreen();
        done.catch(() => {});
      }}
      aria-label={label}
      aria-pressed={active}
      title={label}
      className="rounded-md border border-slate-200 p-2 text-slate-600 hover:bg-slate-100 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {active ? <ShrinkIcon /> : <ExpandIcon />}
    </button>
  );
}
