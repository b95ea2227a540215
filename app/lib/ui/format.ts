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
