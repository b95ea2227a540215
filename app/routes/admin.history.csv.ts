// GET /admin/history/csv?q=: the test history as CSV, with the page's filter
// and order, every page of it. Streamed in chunks of 500 rows, so a school's
// whole history never sits in memory; cells are formula-safe (toCsv).
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { HISTORY_MESSAGES, parseHistoryQuery } from "~/components/results/history-query";
import { requireRole } from "~/lib/accounts/session.server";
import { csvFileName } from "~/lib/results/csv-export";
import { historyCsvStream } from "~/lib/results/history.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const { q } = parseHistoryQuery(new URL(request.url).searchParams);
  let body: ReadableStream<Uint8Array>;
  try {
    body = await historyCsvStream(context.db, q);
  } catch (error) {
    console.error("history: export failed", error);
    throw data({ error: HISTORY_MESSAGES.loadFailed }, { status: 500 });
  }
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(q ? `test-history-${q}-${day}` : `test-history-${day}`)}"`,
      "Cache-Control": "no-store",
    },
  });
}
