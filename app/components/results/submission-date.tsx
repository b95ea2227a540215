import { useEffect, useState } from "react";

const OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/**
 * A moment in the viewer's time zone (spec README difference 12: times are
 * stored in UTC). The server does not know the zone: it renders UTC, marked
 * as such, and the browser swaps in local time once mounted.
 */
export function LocalDateTime({ ms, className }: { ms: number; className?: string }) {
  const [text, setText] = useState(() => `${new Intl.DateTimeFormat("en-US", { ...OPTIONS, timeZone: "UTC" }).format(ms)} UTC`);
  useEffect(() => setText(new Intl.DateTimeFormat(undefined, OPTIONS).format(ms)), [ms]);
  return (
    <time dateTime={new Date(ms).toISOString()} className={className}>
      {text}
    </time>
  );
}
