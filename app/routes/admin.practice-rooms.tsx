import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PracticeRoomCard } from "~/components/practice/practice-room-card";
import { ConfirmDialog } from "~/components/ui/dialog";
import { useActionToast, useListDelete } from "~/components/use-action-toast";
import { useRoomParty } from "~/components/use-room-party";
import { useValidateOnSubmit } from "~/components/use-validate-on-submit";
import { Button } from "~/components/ui/button";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";
import { SelectField, TextField } from "~/components/ui/field";
import { requireRole } from "~/lib/accounts/session.server";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { publishPracticeRoomsChanged } from "~/lib/party.server";
import {
  createPracticeRoom,
  deletePracticeRoom,
  listPracticeRooms,
  practiceCategories,
  renewPracticeOtp,
  setPracticeRoomActive,
} from "~/lib/practice/practice-rooms.server";
import { CreatePracticeRoomSchema, PRACTICE_LIMITS, PRACTICE_MESSAGES, PracticeRoomActionSchema } from "~/lib/practice/validation";
import { PRACTICE_LOBBY } from "../../contracts/party-names";

export const meta: MetaFunction = () => [{ title: "Practice Rooms — ProctorEdge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const [rooms, categories] = await Promise.all([listPracticeRooms(context.db), practiceCategories(context.db)]);
  return { rooms, categories, serverNow: Date.now() };
}

const FAILURES: Record<string, string> = {
  create: PRACTICE_MESSAGES.createFailed,
  activate: PRACTICE_MESSAGES.statusFailed,
  deactivate: PRACTICE_MESSAGES.statusFailed,
  "new-otp": PRACTICE_MESSAGES.otpFailed,
  delete: PRACTICE_MESSAGES.deleteFailed,
};

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireRole(request, context, "admin");
  const values = await readFormValues(request);
  if (!values) return failure("The form could not be read");
  const intent = String(values.intent ?? "");
  if (!(intent in FAILURES)) return failure("Unknown action");
  const { db } = context;
  const changed = () => context.cloudflare.ctx.waitUntil(publishPracticeRoomsChanged(context.cloudflare.env));
  try {
    if (intent === "create") {
      const input = parseValues(CreatePracticeRoomSchema, values);
      const room = await createPracticeRoom(db, admin.id, input);
      changed();
      return success(PRACTICE_MESSAGES.created, { roomId: room.id });
    }
    const input = parseValues(PracticeRoomActionSchema, values);
    switch (input.intent) {
      case "activate":
      case "deactivate":
        await setPracticeRoomActive(db, input.roomId, input.intent === "activate");
        changed();
        return success(input.intent === "activate" ? PRACTICE_MESSAGES.activated : PRACTICE_MESSAGES.deactivated);
      case "new-otp":
        await renewPracticeOtp(db, input.roomId);
        changed();
        return success(PRACTICE_MESSAGES.newOtp);
      case "delete":
        await deletePracticeRoom(db, input.roomId);
        changed();
        return success(PRACTICE_MESSAGES.deleted);
    }
  } catch (error) {
    return actionError(error, FAILURES[intent]!);
  }
}

/** The clock the OTPs' time left is shown against: the server's at first (no hydration mismatch), then this browser's each minute. */
function useMinuteClock(serverNow: number) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [serverNow]);
  return now;
}

export default function PracticeRooms() {
  const { rooms, categories, serverNow } = useLoaderData<typeof loader>();
  // Joins, and other admins' changes, arrive as events: the loader refetches.
  useRoomParty(PRACTICE_LOBBY);
  const now = useMinuteClock(serverNow);
  const deletion = useListDelete("roomId");
  const toDelete = rooms.find((room) => room.id === deletion.confirming);
  return (
    <>
      <PageTitle title="Practice Rooms" description="Open practice rooms by category; nothing students do here is scored or saved." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_1fr]">
        <CreatePracticeRoomForm categories={categories} />
        <section aria-labelledby="practice-rooms-heading">
          <h3 id="practice-rooms-heading" className="mb-3 font-semibold">
            Rooms <span className="text-sm font-normal text-muted">({rooms.length})</span>
          </h3>
          {rooms.length === 0 ? (
            <EmptyState title="No practice rooms yet">Create a practice room to let students train on a category.</EmptyState>
          ) : (
            <ul className="space-y-4">
              {rooms.map((room) => (
                <PracticeRoomCard key={room.id} room={room} now={now} deleting={deletion.removing === room.id} onDelete={() => deletion.ask(room.id)} />
              ))}
            </ul>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={toDelete !== undefined}
        onClose={deletion.cancel}
        title="Delete this practice room?"
        description={
          <>
            <strong>{toDelete?.roomName}</strong> and its list of participants will be deleted. Students can no longer open it. This cannot be undone.
          </>
        }
        busy={deletion.busy}
        onConfirm={() => toDelete && deletion.remove(toDelete.id)}
      />
    </>
  );
}

function CreatePracticeRoomForm({ categories }: { categories: { name: string; coding: number }[] }) {
  const fetcher = useFetcher<typeof action>();
  const validate = useValidateOnSubmit(fetcher.data);
  const { errors } = validate;
  const [category, setCategory] = useState("");
  const [formKey, setFormKey] = useState(0);
  useActionToast(fetcher.data, () => {
    setFormKey((k) => k + 1);
    setCategory("");
  });
  const chosen = categories.find((c) => c.name === category);
  return (
    <section
      aria-labelledby="create-practice-room"
      className="h-fit rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id="create-practice-room" className="mb-4 font-semibold">
        Create a practice room
      </h3>
      <fetcher.Form method="post" key={formKey} onSubmit={validate(CreatePracticeRoomSchema)} className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="create" />
        <TextField label="Room name" name="roomName" placeholder="Loops — weekly practice" maxLength={PRACTICE_LIMITS.roomName} error={errors.roomName} />
        <SelectField
          label="Category"
          name="category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          error={errors.category}
          options={[{ value: "", label: "Select a category" }, ...categories.map((c) => ({ value: c.name, label: c.name }))]}
          hint={chosen ? `${chosen.coding} coding question${chosen.coding === 1 ? "" : "s"} in this category.` : undefined}
        />
        <p className="text-xs text-muted">The room opens at once with a 6-digit OTP that is valid for 24 hours.</p>
        <Button type="submit" busy={fetcher.state !== "idle"} className="w-full">
          Create Room
        </Button>
      </fetcher.Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
