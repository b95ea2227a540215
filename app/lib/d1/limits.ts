// D1 binds at most 100 parameters per statement, and refuses a LIKE pattern
// over 50 bytes. Every statement built from a list, and every search built
// from user text, goes through these helpers (decision 020).

/** D1's cap on bound parameters in one statement. */
export const D1_MAX_PARAMS = 100;

/** Ids per `IN (...)`: a little under the cap, so a statement's other binds still fit. */
export const PARAMS_PER_STATEMENT = 90;

export function chunk<T>(items: readonly T[], size = PARAMS_PER_STATEMENT): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

/** Rows of a multi-row INSERT that fit in one statement, for a row of `paramsPerRow` columns. */
export function rowsPerInsert(paramsPerRow: number) {
  return Math.floor(D1_MAX_PARAMS / paramsPerRow);
}

/** The longest search query any list takes; longer text is cut here (the inputs say so with maxLength). */
export const SEARCH_MAX = 100;
