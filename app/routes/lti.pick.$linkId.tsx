import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CreateRoomForm } from "~/components/rooms/create-room-form";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { requireUser } from "~/lib/accounts/session.server";
import { LANGUAGE_LABELS } from "~/lib/ui/format";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { openDeepLink, pickerRooms, placeRoomInCourse } from "~/lib/lti/deep-linking.server";
import { CreateRoomSchema } from "~/lib/rooms/room-validation";
import { categoryCounts, createRoom } from "~/lib/rooms/rooms.server";

export const meta: MetaFunction = () => [{ title: "Add a test room — ProctorEdge" }];

/**
 * Deep linking's picker (decision 025): the instructor who opened "add
 * activity" in the LMS picks one of the course's rooms (an administrator: any
 * room) or creates one; "Add to course" answers the LMS with a signed link.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const link = await openDeepLink(context.db, params.linkId ?? "", viewer.id).catch((error: unknown) => {
    throw error instanceof Error && "status" in error ? new Response(error.message, { status: Number(error.status) }) : error;
  });
  const [rooms, categories] = await Promise.all([pickerRooms(context.db, link.contextId, viewer.role === "admin"), categoryCounts(context.db)]);
  return { linkId: link.id, course: link.contextTitle, rooms, categories, isAdmin: viewer.role === "admin" };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const values = await readFormValues(request);
  if (!values) return failure("The form could not be read");
  try {
    const link = await openDeepLink(context.db, params.linkId ?? "", viewer.id);
    if (values.intent !== "create") return failure("Unknown action");
    const input = parseValues(CreateRoomSchema, values);
    const roomId = await createRoom(context.db, viewer.id, input);
    await placeRoomInCourse(context.db, roomId, link.contextId);
    return success("Room created successfully", { roomId });
  } catch (error) {
    return actionError(error, "Failed to create room");
  }
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type PickerRoom = Data["rooms"]["course"][number];

export default function Picker() {
  const { linkId, course, rooms, categories, isAdmin } = useLoaderData<typeof loader>();
  const [chosen, setChosen] = useState<string>(rooms.course[0]?.id ?? "");
  const empty = rooms.course.length === 0 && rooms.others.length === 0;
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-semibold">Add a test room to {course}</h1>
      <p className="mt-1 text-sm text-muted">
        Learners who open this activity join the room without a code; their scores go to the course's gradebook (out of 100).
      </p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[1fr_22rem]">
        {/* A plain form post: the answer is a page that posts itself back to the LMS. */}
        <Form method="post" action={`/lti/pick/${linkId}/add`} reloadDocument className="space-y-4">
          {empty ? (
            <EmptyState title="No test rooms in this course yet">Create one with the form beside this list.</EmptyState>
          ) : (
            <>
              <RoomChoices legend="This course's rooms" rooms={rooms.course} chosen={chosen} onChoose={setChosen} empty="None yet." />
              {isAdmin ? (
                <RoomChoices legend="Other rooms (you are an administrator)" rooms={rooms.others} chosen={chosen} onChoose={setChosen} empty="None." />
              ) : null}
            </>
          )}
          <Button type="submit" disabled={!chosen}>
            Add to course
          </Button>
        </Form>
        <CreateRoomForm categories={categories} onCreated={setChosen} />
      </div>
    </main>
  );
}

function RoomChoices({
  legend,
  rooms,
  chosen,
  onChoose,
  empty,
}: {
  legend: string;
  rooms: PickerRoom[];
  chosen: string;
  onChoose: (id: string) => void;
  empty: string;
}) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <legend className="px-1 font-semibold">{legend}</legend>
      {rooms.length === 0 ? <p className="text-sm text-muted">{empty}</p> : null}
      <ul className="space-y-2">
        {rooms.map((room) => (
          <li key={room.id}>
            <label className="flex cursor-pointer items-start gap-3 rounded-md p-2 hover:bg-slate-50 dark:hover:bg-slate-800">
              <input type="radio" name="roomId" value={room.id} checked={chosen === room.id} onChange={() => onChoose(room.id)} className="mt-1" />
              <span>
                <span className="block font-medium">{room.roomName}</span>
                <span className="block text-xs text-muted">
                  {room.questionType === "mcq" ? "MCQ" : `Coding · ${LANGUAGE_LABELS[room.language]}`} · {room.category} · {room.durationMinutes} min
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
