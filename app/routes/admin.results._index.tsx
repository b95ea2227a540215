import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToastOnce } from "~/components/toaster";
import { useRoomParty } from "~/components/use-room-party";
import { Badge } from "~/components/ui/badge";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";
import { hoverRow, Table, TBody, Td, Th, THead } from "~/components/ui/table";
import { requireRole } from "~/lib/accounts/session.server";
import { LANGUAGE_LABELS } from "~/lib/ui/format";
import { resultsRooms } from "~/lib/results/room-results.server";
import { adminScoreTone, SCORE_TEXT } from "~/lib/results/student-status";
import { LOBBY } from "../../contracts/party-names";

export const meta: MetaFunction = () => [{ title: "Results — ProctorEdge" }];

const LOAD_FAILED = "Failed to load results";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  try {
    return { rooms: await resultsRooms(context.db), error: null };
  } catch (error) {
    console.error(error);
    return data({ rooms: [], error: LOAD_FAILED }, { status: 500 });
  }
}

const BADGE_TONE = { Active: "green", Ended: "gray", Scheduled: "blue" } as const;

export default function Results() {
  const { rooms, error } = useLoaderData<typeof loader>();
  // Joins, launches, submits and new rooms all publish rooms-changed on the lobby.
  useRoomParty(LOBBY);
  useToastOnce(useMemo(() => (error ? { type: "error" as const, message: error } : null), [error]));
  return (
    <>
      <PageTitle title="Results" description="Every test room with its participants and average score. Open one for its results table." />
      {rooms.length === 0 ? (
        <EmptyState title={error ?? "No results yet"}>
          {error ? "Please try again in a moment." : "Results appear here once you create a test room and students join it."}
        </EmptyState>
      ) : (
        <section aria-labelledby="results-rooms" className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h3 id="results-rooms" className="border-b border-slate-200 px-5 py-3 font-semibold dark:border-slate-800">
            Rooms <span className="text-sm font-normal text-slate-600 dark:text-slate-400">({rooms.length})</span>
          </h3>
          <Table inset>
            <THead>
              <Th>Room</Th>
              <Th>Status</Th>
              <Th>Participants</Th>
              <Th>Average</Th>
            </THead>
            <TBody>
              {rooms.map((room) => (
                <tr key={room.id} className={hoverRow}>
                  <Td>
                    <Link to={`/admin/results/${room.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100" prefetch="intent">
                      {room.roomName}
                    </Link>
                    <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                      {room.questionType === "mcq" ? "MCQ" : `Coding · ${LANGUAGE_LABELS[room.language]}`} · {room.category}
                    </p>
                  </Td>
                  <Td>
                    <Badge tone={BADGE_TONE[room.badge]}>{room.badge}</Badge>
                  </Td>
                  <Td className="tabular-nums">{room.participants}</Td>
                  <Td className={`font-semibold tabular-nums ${room.participants ? SCORE_TEXT[adminScoreTone(room.average)] : "text-slate-600 dark:text-slate-400"}`}>
                    {room.participants ? room.average : "—"}
                  </Td>
                </tr>
              ))}
            </TBody>
          </Table>
        </section>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
