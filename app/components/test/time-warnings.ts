/** The moments a test's clock is announced (seconds left), and what is said. */
export const TIME_WARNINGS = [
  { at: 300, message: "5 minutes remaining" },
  { at: 60, message: "1 minute remaining" },
  { at: 0, message: "Time is up" },
] as const;

export type WarningAt = (typeof TIME_WARNINGS)[number]["at"];

/**
 * The warning the clock crossed going from `prev` to `left` seconds, the most
 * urgent if a throttled tab jumped over several; null when it crossed none.
 * The first reading (prev null, as after a reload) crosses nothing: the page
 * shows the time, and an old warning would be stale.
 */
export function crossedWarning(prev: number | null, left: number | null, skip: readonly WarningAt[] = []): string | null {
  if (prev === null || left === null || left >= prev) return null;
  const crossed = TIME_WARNINGS.filter((w) => prev > w.at && left <= w.at && !skip.includes(w.at));
  return crossed.at(-1)?.message ?? null;
}
