import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { useActionToast, useListDelete } from "~/components/use-action-toast";
import { useRoomParty } from "~/components/use-room-party";
import { useValidateOnSubmit } from "~/components/use-validate-on-submit";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";
import { SelectField, TextField } from "~/components/ui/field";
import { LANGUAGES } from "~/db/schema";
import { LANGUAGE_LABELS } from "~/lib/format";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/forms.server";
import { publish, publishRoomsChanged } from "~/lib/party.server";
import { idField } from "~/lib/input-limits";
import { CreateRoomSchema, ROOM_LIMITS, roomListLabel } from "~/lib/rooms/room-validation";
import { categoryCounts, createRoom, deleteRoom, listRooms } from "~/lib/rooms/rooms.server";
import { requireRole } from "~/lib/accounts/session.server";
import { LOBBY } from "../../party/protocol";

export const meta: MetaFunction = () => [{ title: "Test Rooms — ProctorEdge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const [rooms, categories] = await Promise.all([listRooms(context.db), categoryCounts(context.db)]);
  return { rooms, categories };
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
      await deleteRoom(context.db, roomId);
      context.cloudflare.ctx.waitUntil(
        Promise.all([publish(env, roomId, { type: "room-deleted", roomId }), publishRoomsChanged(env)]),
      );
      return success("Room deleted successfully");
    }
  } catch (error) {
    return actionError(error, intent === "delete" ? "Failed to delete room" : "Failed to create room");
  }
  return failure("Unknown action");
}

const TYPE_OPTIONS = [
  { value: "coding", label: "Coding" },
  { value: "mcq", label: "Multiple choice (20 questions)" },
] as const;

export default function TestRooms() {
  const { rooms, categories } = useLoaderData<typeof loader>();
  useRoomParty(LOBBY);
  const deletion = useListDelete("roomId");
  const toDelete = rooms.find((room) => room.id === deletion.confirming);
  return (
    <>
      <PageTitle title="Test Rooms" description="Create rooms, admit students with a one-time code, and run timed tests." />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <CreateRoomForm categories={categories} />
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
                <RoomRow key={room.id} room={room} deleting={deletion.removing === room.id} onDelete={() => deletion.ask(room.id)} />
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

function CreateRoomForm({ categories }: { categories: LoaderData["categories"] }) {
  const fetcher = useFetcher<typeof action>();
  const validate = useValidateOnSubmit();
  const [type, setType] = useState<"coding" | "mcq">("coding");
  const [category, setCategory] = useState("");
  const [formKey, setFormKey] = useState(0);
  useActionToast(fetcher.data, () => {
    setFormKey((k) => k + 1);
    setCategory("");
  });
  const chosen = categories.find((c) => c.name === category);
  const needed = type === "mcq" ? ROOM_LIMITS.mcqQuestions : ROOM_LIMITS.codingMinimum;
  const available = chosen ? chosen[type] : null;


  return (
    <section className="h-fit rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h3 className="mb-4 font-semibold">Create a room</h3>
      <fetcher.Form method="post" onSubmit={validate(CreateRoomSchema)} key={formKey} className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="create" />
        <TextField label="Room name" name="roomName" placeholder="Data Structures — Midterm" maxLength={120} required />
        <SelectField
          label="Category"
          name="category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          options={[{ value: "", label: "Select a category" }, ...categories.map((c) => ({ value: c.name, label: c.name }))]}
          hint={
            available === null
              ? undefined
              : available >= needed
                ? `${available} ${type === "mcq" ? "MCQs" : "coding questions"} in this category.`
                : `Only ${available} ${type === "mcq" ? "MCQs" : "coding questions"}: at least ${needed} are needed.`
          }
        />
        <fieldset>
          <legend className="mb-1 block text-sm font-medium">Question type</legend>
          <div className="flex gap-4">
            {TYPE_OPTIONS.map((o) => (
              <label key={o.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="questionType"
                  value={o.value}
                  checked={type === o.value}
                  onChange={() => setType(o.value)}
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
        {type === "coding" ? (
          <SelectField
            label="Language"
            name="language"
            defaultValue="python"
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
          />
        ) : null}
        <TextField
          label="Duration (minutes)"
          name="durationMinutes"
          type="number"
          min={1}
          max={1440}
          defaultValue={ROOM_LIMITS.defaultDuration}
        />
        <Button type="submit" busy={fetcher.state !== "idle"} className="w-full">
          Create Room
        </Button>
      </fetcher.Form>
    </section>
  );
}

function RoomRow({ room, deleting, onDelete }: { room: LoaderData["rooms"][number]; deleting: boolean; onDelete: () => void }) {
  const label = roomListLabel(room);
  return (
    <li
      className={`flex items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${deleting ? "opacity-50" : ""}`}
    >
      <Link to={`/admin/room/${room.id}`} className="min-w-0 flex-1 focus:outline-none" prefetch="intent">
        <p className="truncate font-medium hover:text-brand-600">{room.roomName}</p>
        <p className="mt-0.5 text-xs text-muted">
          {room.questionType === "mcq" ? "MCQ" : `Coding · ${LANGUAGE_LABELS[room.language]}`} · {room.category} ·{" "}
          {room.durationMinutes} min · {room.participants} participant{room.participants === 1 ? "" : "s"}
        </p>
      </Link>
      <Badge tone={label === "Test Running" ? "green" : label === "Disabled" ? "gray" : "blue"}>{label}</Badge>
      <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${room.roomName}`}>
        Delete
      </Button>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
