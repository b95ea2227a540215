import { useEffect, useState } from "react";

const utc = (time: number) => `${new Date(time).toISOString().slice(11, 19)} UTC`;

/**
 * A time of day to the second, in the viewer's zone. The server renders UTC
 * and the browser swaps in local time after hydration, so the renders agree.
 */
export function ClockTime({ value }: { value: number }) {
  const [text, setText] = useState(() => utc(value));
  useEffect(() => setText(new Date(value).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" })), [value]);
  return (
    <time dateTime={new Date(value).toISOString()} title={utc(value)}>
      {text}
    </time>
  );
}
