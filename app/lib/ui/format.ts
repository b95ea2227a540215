/** First letters of the words of the name, at most 2 (spec 1: portal header). */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

/** Spec 2: first 13 characters of the user id, uppercased. */
export function shortId(id: string): string {
  return id.slice(0, 13).toUpperCase();
}

export const LANGUAGE_LABELS = { c: "C", cpp: "C++", python: "Python", java: "Java" } as const;

// A coding question's limits as students see them (issue 35): never its checker.
// Here, not in questions/grading.ts (zod and the runner contract), so the
// coding test and practice pages load a few lines beside the labels above.

/** What students may see: the limits, never the checker (a custom one's source is the answer key's kin). */
export type PublicLimits = { timeLimitMs: number | null; memoryLimitMb: number | null };

/** Seconds without trailing zeros: 2000 → "2", 500 → "0.5", 1250 → "1.25". */
export function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(3)));
}

/** "Time limit 2 s · Memory 256 MB", only the parts that are set; null when neither is. */
export function limitsText(limits: Partial<PublicLimits> | null | undefined): string | null {
  const parts: string[] = [];
  if (limits?.timeLimitMs != null) parts.push(`Time limit ${formatSeconds(limits.timeLimitMs)} s`);
  if (limits?.memoryLimitMb != null) parts.push(`Memory ${limits.memoryLimitMb} MB`);
  return parts.length ? parts.join(" · ") : null;
}

/** The value a datetime-local input takes for `at` in this browser's time zone. */
export function localInputValue(at: number) {
  const d = new Date(at - new Date(at).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** A datetime-local input's value as an instant (ISO), read in this browser's time zone; "" when it is not a time. */
export function localInputInstant(local: string) {
  const parsed = local ? new Date(local).getTime() : NaN;
  return Number.isNaN(parsed) ? "" : new Date(parsed).toISOString();
}
