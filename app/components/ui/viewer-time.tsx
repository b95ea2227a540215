import { useEffect, useState } from "react";

/**
 * How a moment reads:
 * - "day-time": "23 Nov 10:02"
 * - "date-time": "Nov 23, 2026, 10:02 AM" (the viewer's locale, medium date, short time)
 * - "full": "23 Nov 2026, 10:02" (the viewer's locale, day month year and time)
 * - "clock": "10:02:07" (a time of day to the second)
 */
export type TimeStyle = "day-time" | "date-time" | "full" | "clock";

const DAY_TIME: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

function dayTime(ms: number, timeZone?: string) {
  const parts = new Intl.DateTimeFormat("en-GB", { ...DAY_TIME, timeZone }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")} ${get("month")} ${get("hour")}:${get("minute")}`;
}

/** The text in the viewer's zone (browser only), and the UTC text the server renders. */
const STYLES: Record<TimeStyle, { local: (ms: number) => string; utc: (ms: number) => string }> = {
  "day-time": { local: (ms) => dayTime(ms), utc: (ms) => `${dayTime(ms, "UTC")} UTC` },
  "date-time": {
    local: (ms) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(ms),
    utc: (ms) => `${new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(ms)} UTC`,
  },
  full: {
    local: (ms) => new Date(ms).toLocaleString(undefined, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }),
    utc: (ms) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`,
  },
  clock: {
    local: (ms) => new Date(ms).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" }),
    utc: (ms) => `${new Date(ms).toISOString().slice(11, 19)} UTC`,
  },
};

/**
 * A moment in the viewer's time zone (spec README difference 12: times are
 * stored in UTC and shown in the viewer's zone). The server cannot know that
 * zone, so the server and the hydrating render show UTC, marked as such, and
 * the browser swaps in local time once mounted: the two renders agree.
 */
export function ViewerTime({ ms, style, className }: { ms: number | Date | string; style: TimeStyle; className?: string }) {
  const time = typeof ms === "number" ? ms : new Date(ms).getTime();
  const format = STYLES[style];
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => setLocal(format.local(time)), [format, time]);
  const iso = new Date(time).toISOString();
  return (
    <time dateTime={iso} title={format.utc(time)} className={className}>
      {local ?? format.utc(time)}
    </time>
  );
}
