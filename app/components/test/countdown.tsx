import { useEffect, useRef, useState } from "react";

/**
 * Seconds left until `endsAt` on the server's clock: Date.now() + offset,
 * where offset was measured against the server. Keeps ticking offline.
 */
export function useCountdown(endsAt: number | null, offsetMs: number, onZero?: () => void) {
  const [left, setLeft] = useState(() => (endsAt ? Math.max(0, Math.ceil((endsAt - Date.now() - offsetMs) / 1000)) : null));
  const fired = useRef(false);
  const zero = useRef(onZero);
  zero.current = onZero;
  useEffect(() => {
    fired.current = false;
  }, [endsAt]);
  useEffect(() => {
    if (!endsAt) return setLeft(null);
    const tick = () => {
      const s = Math.max(0, Math.ceil((endsAt - Date.now() - offsetMs) / 1000));
      setLeft(s);
      if (s === 0 && !fired.current) {
        fired.current = true;
        zero.current?.();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt, offsetMs]);
  return left;
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
