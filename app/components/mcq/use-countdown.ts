import { useEffect, useRef, useState } from "react";

/**
 * Whole seconds left until `endsAt` (server time), measured with the server
 * clock: Date.now() + offset(). Null before mount (the server does not render
 * a time that would be stale on arrival) and when there is no deadline.
 * Re-renders once per displayed second; keeps running offline.
 */
export function useCountdown(endsAt: number | null, offset: () => number) {
  const offsetRef = useRef(offset);
  offsetRef.current = offset;
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    if (endsAt === null) {
      setSeconds(null);
      return;
    }
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - (Date.now() + offsetRef.current())) / 1000));
      setSeconds((prev) => (prev === left ? prev : left));
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
