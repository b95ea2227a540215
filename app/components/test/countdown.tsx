import { useEffect, useRef, useState } from "react";
import { crossedWarning, type WarningAt } from "./time-warnings";

/**
 * Whole seconds left until `endsAt` (server time), on the server's clock:
 * Date.now() + offset(). Null before mount (the server does not render a time
 * that would be stale on arrival) and when there is no deadline. Keeps running
 * offline; `onZero` fires once when it reaches 0.
 */
export function useCountdown(endsAt: number | null, offset: () => number, onZero?: () => void) {
  const offsetRef = useRef(offset);
  offsetRef.current = offset;
  const zero = useRef(onZero);
  zero.current = onZero;
  const fired = useRef(false);
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    fired.current = false;
    if (endsAt === null) {
      setSeconds(null);
      return;
    }
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - (Date.now() + offsetRef.current())) / 1000));
      setSeconds((prev) => (prev === left ? prev : left));
      if (left === 0 && !fired.current) {
        fired.current = true;
        zero.current?.();
      }
    };
    tick();
    const timer = setInterval(tick, 250);
    // Background tabs throttle timers: catch up as soon as the tab is back.
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [endsAt]);
  return seconds;
}

export function formatClock(seconds: number) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h ? `${h}:` : ""}${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

export function Countdown({ left }: { left: number | null }) {
  if (left === null) return null;
  return (
    <span
      role="timer"
      aria-label="Time left"
      className={`rounded-md px-2 py-1 font-mono text-sm tabular-nums ${left <= 300 ? "bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300" : "bg-slate-100 dark:bg-slate-800"}`}
    >
      {formatClock(left)}
    </span>
  );
}

/**
 * Says "5 minutes remaining", "1 minute remaining" and "Time is up" to a
 * screen reader as the clock crosses each (the role=timer itself is silent:
 * it would speak every second). A live region present from the start, so the
 * change is announced. `skip` leaves out what the page already says in a toast.
 */
export function TimeAnnouncer({ left, skip = [] }: { left: number | null; skip?: WarningAt[] }) {
  const [message, setMessage] = useState("");
  const last = useRef<number | null>(null);
  const skipRef = useRef(skip);
  skipRef.current = skip;
  useEffect(() => {
    const warning = crossedWarning(last.current, left, skipRef.current);
    last.current = left;
    if (warning) setMessage(warning);
  }, [left]);
  return (
    <p role="status" className="sr-only" data-testid="time-announcer">
      {message}
    </p>
  );
}
