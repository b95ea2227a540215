import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRoomAdmin } from "~/lib/rooms/room-access.server";
import { csvResponse, toCsv } from "~/lib/results/csv-export";
import { roomResults } from "~/lib/results/room-results.server";
import { applyResultsView, parseResultsView, resultsCsvRows } from "~/lib/results/results-view";

/**
 * GET /admin/results/{roomId}/csv?{view}: the room's results as the screen
 * shows them (same filter, same order), one row per student.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRoomAdmin(request, context, params.roomId ?? "");
  const view = parseResultsView(new URL(request.url).searchParams);
  let results: Awaited<ReturnType<typeof roomResults>>;
  try {
    results = await roomResults(context.db, params.roomId ?? "");
  } catch (error) {
    console.error(error);
    return Response.json({ error: "Failed to load results" }, { status: 500 });
  }
  if (!results) return Response.json({ error: "Room not found" }, { status: 404 });
  const rows = applyResultsView(results.rows, view);
  return csvResponse(toCsv(resultsCsvRows(results.questions, rows)), `${results.room.roomName} results`);
}
