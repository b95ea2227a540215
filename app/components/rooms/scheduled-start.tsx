import { useState } from "react";
import { formatClock, useCountdown } from "~/components/test/countdown";

// A room's scheduled start (issue 25; its dialog is in room-dialogs.tsx): shown to the admin on the room page and
// to waiting students, each in their own time zone, counting down on the
// server's clock.

/** "14:00", or "14:00 on Sat 28 Nov" when the start is not today, in this browser's time zone. */
export function startTimeLabel(at: number, now = Date.now()) {
  const time = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  if (new Date(at).toDateString() === new Date(now).toDateString()) return time;
  const day = new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric", month: "short" }).format(at);
  return `${time} on ${day}`;
}

/** How long until the start: "12:34", "1:02:03", or "3 days" from two days on. */
function untilLabel(seconds: number) {
  if (seconds < 2 * 86_400) return formatClock(seconds);
  const days = Math.round(seconds / 86_400);
  return `${days} days`;
}

/**
 * "Starts at 14:00 (in 12:34)". Rendered after mount only (the server does
 * not know the reader's time zone); `serverNow` is the loader's clock.
 */
export function StartsAt({ at, serverNow, prefix = "Starts at", className = "" }: { at: number | null; serverNow: number; prefix?: string; className?: string }) {
  const [offset] = useState(() => (typeof window === "undefined" ? 0 : serverNow - Date.now()));
  const left = useCountdown(at, () => offset);
  if (at === null || left === null) return null;
  return (
    <p className={className} data-testid="starts-at">
      {prefix} {startTimeLabel(at, Date.now() + offset)} ({left > 0 ? `in ${untilLabel(left)}` : "starting now"})
    </p>
  );
}
