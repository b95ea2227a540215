// The admin's test history (spec 2 sections 2 and 8): its URL, its query
// (?q=&page=) and its messages. Isomorphic: the page builds its links with
// these, the loader and the CSV export parse the same query.
import { z } from "zod";
import { SEARCH_MAX } from "~/lib/d1/limits";

export const HISTORY_PATH = "/admin/history";
/** The export: a resource route beside the page, with the page's filter. */
export const HISTORY_CSV_PATH = "/admin/history/csv";
export const HISTORY_PAGE_SIZE = 50;
/** Longer searches are cut to this (the search box stops there too). */
export const HISTORY_QUERY_MAX = SEARCH_MAX;
/** The most tests one delete may name (the page offers at most one page of them). */
export const HISTORY_DELETE_MAX = 500;

/** The spec's texts (section 8) verbatim, and our success texts. */
export const HISTORY_MESSAGES = {
  loadFailed: "Failed to load test history",
  deleteFailed: "Failed to delete test history",
  deleted: "Test history deleted successfully",
  deletedMany: (n: number) => `${n} tests deleted from the history`,
  queryTooLong: `Searches are limited to ${HISTORY_QUERY_MAX} characters: showing matches for the first ${HISTORY_QUERY_MAX}.`,
} as const;

export type HistoryQuery = { q: string; page: number; truncated: boolean };

const QuerySchema = z.object({
  q: z.string().catch(""),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

/** Lenient, so a hand-edited or stale link still shows something sensible. */
export function parseHistoryQuery(searchParams: URLSearchParams): HistoryQuery {
  const { q, page } = QuerySchema.parse({ q: searchParams.get("q") ?? "", page: searchParams.get("page") ?? "1" });
  const trimmed = q.trim();
  const truncated = trimmed.length > HISTORY_QUERY_MAX;
  // Cut by code points, so an emoji at the edge is not split in half.
  const cut = truncated ? Array.from(trimmed).slice(0, HISTORY_QUERY_MAX).join("").trim() : trimmed;
  return { q: cut, page, truncated };
}

/** The query string of a history view, leaving out defaults so links stay short. */
export function historySearch({ q = "", page = 1 }: { q?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

export const historyHref = (query: { q?: string; page?: number }) => `${HISTORY_PATH}${historySearch(query)}`;
