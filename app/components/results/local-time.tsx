import { useEffect, useState } from "react";

const FORMAT: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

function format(ms: number, timeZone?: string) {
  const parts = new Intl.DateTimeFormat("en-GB", { ...FORMAT, timeZone }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")} ${get("month")} ${get("hour")}:${get("minute")}`;
}

/**
 * "23 Nov 10:02" in the viewer's time zone (spec README: times stored in UTC,
 * shown in the viewer's zone). The server cannot know that zone, so the first
 * render (server and hydration alike) shows UTC, and the browser's own zone
 * replaces it once mounted: no hydration mismatch.
 */
export function LocalTime({ ms }: { ms: number }) {
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => setLocal(format(ms)), [ms]);
  return (
    <time dateTime={new Date(ms).toISOString()} title={new Date(ms).toISOString()}>
      {local ?? `${format(ms, "UTC")} UTC`}
    </time>
  );
}
