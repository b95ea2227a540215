import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CreateRoomForm } from "~/components/rooms/create-room-form";
import { useListDelete } from "~/components/use-action-toast";
import { useRoomParty } from "~/components/use-room-party";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";
import { LANGUAGE_LABELS } from "~/lib/ui/format";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { publishRoomDeleted, publishRoomsChanged } from "~/lib/party.server";
import { idField } from "~/lib/http/input-limits";
import { CreateRoomSchema, roomListLabel } from "~/lib/rooms/room-validation";
import { categoryCounts, createRoom, deleteRoom, listRooms } from "~/lib/rooms/rooms.server";
import { requireRole } from "~/lib/accounts/session.server";
import { courseRoomIds, requireAdminArea } from "~/lib/rooms/room-access.server";
import { LOBBY } from "../../contracts/party-names";

export const meta: MetaFunction = () => [{ title: "Test Rooms — ProctorEdge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireAdminArea(request, context);
  if (viewer.courseOnly) {
    // An LMS instructor: their courses' rooms; new rooms come from the LMS's "add activity".
    return { rooms: await listRooms(context.db, courseRoomIds(context.db, viewer.id)), categories: [], courseOnly: true };
  }
  const [rooms, categories] = await Promise.all([listRooms(context.db), categoryCounts(context.db)]);
  return { rooms, categories, courseOnly: false };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireRole(request, context, "admin");
  const values = (await readFormValues(request)) ?? {};
  const intent = values.intent;
  const env = context.cloudflare.env;
  try {
    if (intent === "create") {
      const input = parseValues(CreateRoomSchema, values);
      const roomId = await createRoom(context.db, admin.id, input);
      context.cloudflare.ctx.waitUntil(publishRoomsChanged(env));
      return success("Room created successfully", { roomId });
    }
    if (intent === "delete") {
      const { roomId } = parseValues(z.object({ roomId: idField("Failed to delete room") }), values);
      await deleteRoom(context.db, context.cloudflare.env, roomId);
      context.cloudflare.ctx.waitUntil(publishRoomDeleted(env, roomId));
      return success("Room deleted successfully");
    }
  } catch (error) {
    return actionError(error, intent === "delete" ? "Failed to delete room" : "Failed to create room");
  }
  return failure("Unknown action");
}

export default function TestRooms() {
  const { rooms, categories, courseOnly } = useLoaderData<typeof loader>();
  useRoomParty(LOBBY);
  const deletion = useListDelete("roomId");
  const toDelete = rooms.find((room) => room.id === deletion.confirming);
  return (
    <>
      <PageTitle
        title={courseOnly ? "Course Rooms" : "Test Rooms"}
        description={
          courseOnly
            ? "The test rooms of the LMS courses you teach. Add a new one from your LMS with “add activity”."
            : "Create rooms, admit students with a one-time code, and run timed tests."
        }
      />
      <div className={courseOnly ? "" : "grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]"}>
        {courseOnly ? null : <CreateRoomForm categories={categories} />}
        <section aria-labelledby="rooms-heading">
          <h3 id="rooms-heading" className="mb-3 font-semibold">
            Rooms <span className="text-sm font-normal text-muted">({rooms.length})</span>
          </h3>
          {rooms.length === 0 ? (
            <EmptyState title="No test rooms found">
              Rooms appear here once you create one. You must be logged in as an admin to see them.
            </EmptyState>
          ) : (
            <ul className="space-y-3">
              {rooms.map((room) => (
                <RoomRow
                  key={room.id}
                  room={room}
                  deleting={deletion.removing === room.id}
                  onDelete={courseOnly ? undefined : () => deletion.ask(room.id)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={toDelete !== undefined}
        onClose={deletion.cancel}
        title="Delete this room?"
        description={
          <>
            <strong>{toDelete?.roomName}</strong> and all its participants, tests and submissions will be deleted. This
            cannot be undone.
          </>
        }
        busy={deletion.busy}
        onConfirm={() => toDelete && deletion.remove(toDelete.id)}
      />
    </>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function RoomRow({ room, deleting, onDelete }: { room: LoaderData["rooms"][number]; deleting: boolean; onDelete?: () => void }) {
  const label = roomListLabel(room);
  return (
    <li
      className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${deleting ? "opacity-50" : ""}`}
    >
      {/* At least 13rem for the name; on a phone the status and Delete wrap under it. */}
      <Link to={`/admin/room/${room.id}`} className="min-w-0 grow basis-52 focus:outline-none" prefetch="intent">
        <p className="truncate font-medium hover:text-brand-600 dark:hover:text-brand-300">{room.roomName}</p>
        <p className="mt-0.5 text-xs text-muted">
          {room.questionType === "mcq" ? "MCQ" : `Coding · ${LANGUAGE_LABELS[room.language]}`} · {room.category} ·{" "}
          {room.durationMinutes} min · {room.participants} participant{room.participants === 1 ? "" : "s"}
        </p>
      </Link>
      <Badge tone={label === "Test Running" ? "green" : label === "Disabled" ? "gray" : "blue"}>{label}</Badge>
      {onDelete ? (
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${room.roomName}`}>
          Delete
        </Button>
      ) : null}
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
