import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type MutableRefObject } from "react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToast } from "~/components/toaster";
import { useActionToast } from "~/components/use-action-toast";
import { useRoomParty } from "~/components/use-room-party";
import { useValidateOnSubmit } from "~/components/use-validate-on-submit";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog, FormActions } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { controlClass, TextField } from "~/components/ui/field";
import { LANGUAGE_LABELS } from "~/lib/format";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/forms.server";
import { publish, publishRoomsChanged } from "~/lib/party.server";
import {
  AddParticipantSchema,
  ChangeQuestionsSchema,
  EditParticipantSchema,
  ExtendSchema,
  ROOM_LIMITS,
  roomBadge,
  UnlockCodeSchema,
} from "~/lib/rooms/room-validation";
import {
  addParticipant,
  categoryCounts,
  changeQuestions,
  deleteRoom,
  editParticipant,
  extendTime,
  grantExtraTime,
  issueOtp,
  removeParticipant,
  requireRoom,
  roomDetail,
  RoomRuleError,
  setEnabled,
  setUnlockCode,
  startTest,
  stopTest,
  type Room,
} from "~/lib/rooms/rooms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireRole } from "~/lib/accounts/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.room.roomName ?? "Room"} — ProctorEdge` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const detail = await roomDetail(context.db, params.roomId ?? "");
  if (!detail) throw await redirectWithToast("/admin", { type: "error", message: "Room not found" });
  const categories = await categoryCounts(context.db);
  const { room } = detail;
  return {
    ...detail,
    categories: categories.map((c) => c.name),
    room: {
      id: room.id,
      roomName: room.roomName,
      category: room.category,
      questionType: room.questionType,
      language: room.language,
      durationMinutes: room.durationMinutes,
      isActive: room.isActive,
      isEnabled: room.isEnabled,
      startedAt: room.startedAt?.getTime() ?? null,
      endsAt: room.endsAt?.getTime() ?? null,
      otp: room.otp,
      otpExpiresAt: room.otpExpiresAt?.getTime() ?? null,
      unlockCode: room.unlockCode,
    },
    serverNow: Date.now(),
  };
}

const FAILURES: Record<string, string> = {
  enable: "Failed to enable room",
  disable: "Failed to disable room",
  "generate-otp": "Failed to generate OTP",
  start: "Failed to start test",
  stop: "Failed to stop room",
  extend: "Failed to extend time",
  "change-questions": "Failed to update questions",
  "unlock-code": "Failed to update unlock code",
  delete: "Failed to delete room",
  "add-participant": "Failed to add user",
  "edit-participant": "Failed to update participant",
  "remove-participant": "Failed to remove participant",
  "grant-time": "Failed to extend time",
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "admin");
  const values = await readFormValues(request);
  if (!values) return failure("The form could not be read");
  const intent = String(values.intent ?? "");
  const { db } = context;
  const env = context.cloudflare.env;
  const after = (work: Promise<unknown>) => context.cloudflare.ctx.waitUntil(work);
  const roomChanged = (room: Room, patch: Partial<{ isEnabled: boolean; isActive: boolean; endsAt: number | null }> = {}) =>
    after(
      Promise.all([
        publish(env, room.id, {
          type: "room-changed",
          roomId: room.id,
          isEnabled: patch.isEnabled ?? room.isEnabled,
          isActive: patch.isActive ?? room.isActive,
          endsAt: patch.endsAt !== undefined ? patch.endsAt : (room.endsAt?.getTime() ?? null),
        }),
        publishRoomsChanged(env),
      ]),
    );
  const participantsChanged = (roomId: string) =>
    after(Promise.all([publish(env, roomId, { type: "participants-changed", roomId }, { to: "admins" }), publishRoomsChanged(env)]));

  try {
    const room = await requireRoom(db, params.roomId ?? "");
    switch (intent) {
      case "enable":
        await setEnabled(db, room, true);
        roomChanged(room, { isEnabled: true });
        return success("Room enabled");
      case "disable":
        await setEnabled(db, room, false);
        roomChanged(room, { isEnabled: false });
        return success("Room disabled");
      case "generate-otp": {
        const otp = await issueOtp(db, room);
        return success("OTP generated", otp);
      }
      case "start": {
        const endsAt = await startTest(db, room);
        roomChanged(room, { isActive: true, endsAt });
        participantsChanged(room.id);
        return success("Test started successfully");
      }
      case "stop":
        await stopTest(db, room);
        roomChanged(room, { isActive: false, endsAt: Math.min(room.endsAt?.getTime() ?? Date.now(), Date.now()) });
        return success("Test room stopped");
      case "extend": {
        const { minutes } = parseValues(ExtendSchema, values);
        const endsAt = await extendTime(db, room, minutes);
        roomChanged(room, { endsAt });
        return success(`Added ${minutes} minutes`);
      }
      case "change-questions": {
        const { questionIds } = parseValues(ChangeQuestionsSchema, values);
        await changeQuestions(db, room, questionIds);
        roomChanged(room);
        return success("Questions updated successfully");
      }
      case "unlock-code": {
        const { unlockCode } = parseValues(UnlockCodeSchema, values);
        await setUnlockCode(db, room, unlockCode);
        return success("Unlock code updated successfully");
      }
      case "delete":
        await deleteRoom(db, room.id);
        after(Promise.all([publish(env, room.id, { type: "room-deleted", roomId: room.id }), publishRoomsChanged(env)]));
        return redirectWithToast("/admin", { type: "success", message: "Room deleted successfully" });
      case "add-participant": {
        const { email } = parseValues(AddParticipantSchema, values);
        const added = await addParticipant(db, room, email);
        participantsChanged(room.id);
        return success(`Added ${added.name} to the room`);
      }
      case "edit-participant": {
        const input = parseValues(EditParticipantSchema, values);
        await editParticipant(db, room, input);
        participantsChanged(room.id);
        return success("Participant updated");
      }
      case "grant-time": {
        const { participantId, minutes } = parseValues(
          z.object({ participantId: z.string().min(1, "Failed to extend time") }).merge(ExtendSchema),
          values,
        );
        const granted = await grantExtraTime(db, room, participantId, minutes);
        participantsChanged(room.id);
        after(publish(env, room.id, { type: "time-changed", roomId: room.id, endsAt: granted.endsAt }, { to: "user", userId: granted.studentId }));
        return success(`Added ${minutes} minutes for ${granted.name}`);
      }
      case "remove-participant": {
        const { participantId } = parseValues(z.object({ participantId: z.string().min(1, "Failed to remove participant") }), values);
        const removed = await removeParticipant(db, room, participantId);
        participantsChanged(room.id);
        after(publish(env, room.id, { type: "participant-removed", roomId: room.id }, { to: "user", userId: removed.studentId }));
        return success("Participant removed");
      }
      default:
        return failure("Unknown action");
    }
  } catch (error) {
    if (error instanceof RoomRuleError && error.status === 404 && error.message === "Room not found") {
      throw await redirectWithToast("/admin", { type: "error", message: "Room not found" });
    }
    return actionError(error, FAILURES[intent] ?? "Something went wrong");
  }
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type DialogName = "otp" | "extend" | "questions" | "unlock" | "delete" | "add" | null;

export default function RoomDetail() {
  const data = useLoaderData<typeof loader>();
  const { room } = data;
  const navigate = useNavigate();
  const toast = useToast();
  const [dialog, setDialog] = useState<DialogName>(null);
  // Set when this tab deletes the room: its own deletion event is then no news (the action's redirect says "Room deleted successfully").
  const deleting = useRef(false);
  useRoomParty(room.id, (event) => {
    if (event.type === "room-deleted") {
      if (!deleting.current) {
        toast({ type: "error", message: "This room was deleted" });
        navigate("/admin");
      }
      return "handled";
    }
  });
  const badge = roomBadge(room);
  return (
    <>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link to="/admin" className="text-sm text-brand-600 hover:underline">
            ← Back to Rooms
          </Link>
          <h2 className="mt-2 flex items-center gap-3 text-2xl font-semibold">
            {room.roomName}
            <Badge tone={badge === "Active" ? "green" : badge === "Enabled" ? "blue" : "gray"}>{badge}</Badge>
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            {room.questionType === "mcq" ? "Multiple choice" : `Coding · ${LANGUAGE_LABELS[room.language]}`} · {room.category} ·{" "}
            {room.durationMinutes} minutes · {data.selectedQuestionIds.length} question{data.selectedQuestionIds.length === 1 ? "" : "s"}
          </p>
          <Countdown endsAt={room.endsAt} isActive={room.isActive} serverNow={data.serverNow} />
        </div>
        <RoomActions room={room} participants={data.participants.length} open={setDialog} />
      </div>

      <ParticipantsTable data={data} onAdd={() => setDialog("add")} />

      {/* Mounted only while open: every opening issues a fresh code, never a stale one. */}
      {dialog === "otp" ? <OtpDialog open onClose={() => setDialog(null)} room={room} /> : null}
      <ExtendDialog open={dialog === "extend"} onClose={() => setDialog(null)} />
      <QuestionsDialog open={dialog === "questions"} onClose={() => setDialog(null)} data={data} />
      <UnlockDialog open={dialog === "unlock"} onClose={() => setDialog(null)} current={room.unlockCode} />
      <DeleteRoomDialog open={dialog === "delete"} onClose={() => setDialog(null)} name={room.roomName} deleting={deleting} />
      <AddUserDialog open={dialog === "add"} onClose={() => setDialog(null)} />
    </>
  );
}

function Countdown({ endsAt, isActive, serverNow }: { endsAt: number | null; isActive: boolean; serverNow: number }) {
  // Offset between this browser's clock and the server's, measured at load.
  const [offset] = useState(() => (typeof window === "undefined" ? 0 : serverNow - Date.now()));
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!isActive || !endsAt) return;
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [isActive, endsAt, offset]);
  if (!isActive || !endsAt) return null;
  const left = Math.max(0, Math.round((endsAt - now) / 1000));
  const text = `${Math.floor(left / 3600) ? `${Math.floor(left / 3600)}:` : ""}${String(Math.floor((left % 3600) / 60)).padStart(2, "0")}:${String(left % 60).padStart(2, "0")}`;
  return (
    <p className="mt-2 font-mono text-sm" role="timer" aria-label="Time left">
      {left > 0 ? `Time left ${text}` : "Time is up"}
    </p>
  );
}

function RoomActions({ room, participants, open }: { room: Data["room"]; participants: number; open: (d: DialogName) => void }) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data);
  const busyIntent = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent")) : null;
  const act = (intent: string) => fetcher.submit({ intent }, { method: "post" });
  return (
    <div className="flex flex-wrap gap-2">
      {room.isEnabled ? (
        <Button variant="secondary" onClick={() => act("disable")} busy={busyIntent === "disable"} disabled={room.isActive}>
          Disable Room
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => act("enable")} busy={busyIntent === "enable"}>
          Enable Room
        </Button>
      )}
      <Button variant="secondary" onClick={() => open("otp")} disabled={!room.isEnabled}>
        Generate OTP
      </Button>
      {room.isActive ? (
        <Button variant="danger" onClick={() => act("stop")} busy={busyIntent === "stop"}>
          Stop Test
        </Button>
      ) : (
        <Button
          onClick={() => act("start")}
          busy={busyIntent === "start"}
          disabled={!room.isEnabled || participants === 0}
          title={participants === 0 ? "Add at least one participant first" : undefined}
        >
          Start Test Now
        </Button>
      )}
      <Button variant="secondary" onClick={() => open("extend")} disabled={!room.endsAt}>
        Extend Time
      </Button>
      <Button variant="secondary" onClick={() => open("questions")} disabled={room.isActive}>
        Change Questions
      </Button>
      <Button variant="secondary" onClick={() => open("unlock")}>
        Unlock Code
      </Button>
      <Button variant="ghost" onClick={() => open("delete")} className="text-red-600">
        Delete
      </Button>
    </div>
  );
}

function OtpDialog({ open, onClose, room }: { open: boolean; onClose: () => void; room: Data["room"] }) {
  const fetcher = useFetcher<typeof action>();
  const toast = useToast();
  const [now, setNow] = useState(() => Date.now());
  const issuedData = fetcher.data && fetcher.data.ok && "otp" in fetcher.data ? (fetcher.data as { otp: string; validForMs: number }) : null;
  // Expiry on this browser's clock: when the answer arrived plus what the server granted.
  const [issued, setIssued] = useState<{ otp: string; expiresAt: number } | null>(null);
  useEffect(() => {
    if (!issuedData) return;
    const arrived = Date.now();
    setIssued({ otp: issuedData.otp, expiresAt: arrived + Math.min(issuedData.validForMs, ROOM_LIMITS.otpSeconds * 1000) });
    // The clock starts now, not at the last tick before the answer (which showed 31 s first).
    setNow(arrived);
  }, [issuedData]);
  useEffect(() => {
    if (open && fetcher.state === "idle" && !fetcher.data) fetcher.submit({ intent: "generate-otp" }, { method: "post" });
  }, [open, fetcher]);
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) {
      toast({ type: "error", message: fetcher.data.error });
      onClose();
    }
  }, [fetcher.data, toast, onClose]);
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [open]);
  const left = issued ? Math.max(0, Math.ceil((issued.expiresAt - now) / 1000)) : 0;
  async function copy() {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.otp);
      toast({ type: "success", message: "OTP copied to clipboard" });
    } catch {
      toast({ type: "error", message: "Copy failed: select the code and copy it by hand" });
    }
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Room OTP"
      description={`Students join ${room.roomName} with this one-time code. It is valid for ${ROOM_LIMITS.otpSeconds} seconds.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {issued && left > 0 ? (
            <Button onClick={copy}>Copy OTP</Button>
          ) : (
            <Button onClick={() => fetcher.submit({ intent: "generate-otp" }, { method: "post" })} busy={fetcher.state !== "idle"}>
              Generate new OTP
            </Button>
          )}
        </>
      }
    >
      {issued && left > 0 ? (
        <div className="text-center">
          <p className="font-mono text-5xl font-bold tracking-[0.3em]" data-testid="otp">
            {issued.otp}
          </p>
          <div className="mx-auto mt-4 h-1.5 w-48 overflow-hidden rounded bg-slate-200 dark:bg-slate-700" aria-hidden>
            <div className="h-full bg-brand-500 transition-all" style={{ width: `${(left / ROOM_LIMITS.otpSeconds) * 100}%` }} />
          </div>
          <p className="mt-2 text-sm text-slate-500" role="timer">
            Expires in {left} s
          </p>
        </div>
      ) : issued ? (
        <p className="text-center text-sm font-medium text-red-600">This OTP has expired. Generate a new one.</p>
      ) : (
        <p className="text-center text-sm text-slate-500">Generating...</p>
      )}
    </Dialog>
  );
}

function useDialogForm(onClose: () => void) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data, onClose);
  return fetcher;
}

function ExtendDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useDialogForm(onClose);
  const validate = useValidateOnSubmit();
  return (
    <Dialog open={open} onClose={onClose} title="Extend time" description="Adds minutes to the test's end time for everyone.">
      <fetcher.Form
        method="post"
        className="space-y-4"
        noValidate
        onSubmit={validate(ExtendSchema)}
      >
        <input type="hidden" name="intent" value="extend" />
        <TextField label="Minutes to add" name="minutes" type="number" min={1} defaultValue={ROOM_LIMITS.defaultExtend} autoFocus />
        <FormActions onCancel={onClose} busy={fetcher.state !== "idle"} submitLabel="Extend" />
      </fetcher.Form>
    </Dialog>
  );
}

function UnlockDialog({ open, onClose, current }: { open: boolean; onClose: () => void; current: string | null }) {
  const fetcher = useDialogForm(onClose);
  const validate = useValidateOnSubmit();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Unlock code"
      description="Students type this code to unlock a coding test after a tab switch. It is checked on the server and never sent to students."
    >
      <fetcher.Form
        method="post"
        className="space-y-4"
        noValidate
        onSubmit={validate(UnlockCodeSchema)}
      >
        <input type="hidden" name="intent" value="unlock-code" />
        <TextField label="Unlock code" name="unlockCode" defaultValue={current ?? ""} autoComplete="off" autoFocus />
        <FormActions onCancel={onClose} busy={fetcher.state !== "idle"} submitLabel="Save" />
      </fetcher.Form>
    </Dialog>
  );
}

function DeleteRoomDialog({ open, onClose, name, deleting }: { open: boolean; onClose: () => void; name: string; deleting: MutableRefObject<boolean> }) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data);
  useEffect(() => {
    // A refused delete leaves the room here: news of its deletion by someone else counts again.
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) deleting.current = false;
  }, [fetcher.state, fetcher.data, deleting]);
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Delete this room?"
      description={
        <>
          <strong>{name}</strong>, its participants, tests, submissions and live progress will be deleted. This cannot be
          undone.
        </>
      }
      busy={fetcher.state !== "idle"}
      onConfirm={() => {
        deleting.current = true;
        fetcher.submit({ intent: "delete" }, { method: "post" });
      }}
    />
  );
}

function QuestionsDialog({ open, onClose, data }: { open: boolean; onClose: () => void; data: Data }) {
  const fetcher = useDialogForm(onClose);
  const [selected, setSelected] = useState<Set<string>>(new Set(data.selectedQuestionIds));
  const [filter, setFilter] = useState("");
  useEffect(() => {
    if (open) setSelected(new Set(data.selectedQuestionIds));
  }, [open, data.selectedQuestionIds]);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return data.availableQuestions.filter((q) => !f || q.title.toLowerCase().includes(f) || q.category.toLowerCase().includes(f));
  }, [data.availableQuestions, filter]);
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="Change questions"
      description={`${selected.size} selected. ${data.room.questionType === "mcq" ? "Each MCQ is worth 5 marks." : "Students get 2 questions in the room's language."}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            busy={fetcher.state !== "idle"}
            onClick={() => fetcher.submit({ intent: "change-questions", questionIds: [...selected].join(",") }, { method: "post" })}
          >
            Save questions
          </Button>
        </>
      }
    >
      <input
        className={controlClass}
        placeholder="Filter by title or category"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        aria-label="Filter questions"
      />
      <ul className="mt-3 max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
        {shown.length === 0 ? <li className="p-3 text-sm text-slate-500">No questions match.</li> : null}
        {shown.map((q) => (
          <li key={q.id}>
            <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
              <input type="checkbox" checked={selected.has(q.id)} onChange={() => toggle(q.id)} />
              <span className="flex-1">{q.title}</span>
              <span className="text-xs text-slate-500">
                {q.category}
                {data.room.questionType === "coding" ? ` · ${LANGUAGE_LABELS[q.language]}` : ""}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

type Suggestion = { id: string; name: string; email: string };

function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useDialogForm(onClose);
  const suggestions = useFetcher<{ students: Suggestion[] }>();
  const [email, setEmail] = useState("");
  useEffect(() => {
    if (!open) setEmail("");
  }, [open]);
  useEffect(() => {
    if (email.trim().length < 2) return;
    const timer = setTimeout(() => suggestions.load(`/admin/api/student-suggestions?q=${encodeURIComponent(email.trim())}`), 150);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load is stable enough; reruns only on input
  }, [email]);
  const list = email.trim().length >= 2 ? (suggestions.data?.students ?? []) : [];
  return (
    <Dialog open={open} onClose={onClose} title="Add user to room" description="Type at least 2 characters of a student's email or name.">
      <fetcher.Form method="post" className="space-y-3" noValidate>
        <input type="hidden" name="intent" value="add-participant" />
        <TextField
          label="Student email"
          name="email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
          autoFocus
          list="student-suggestions"
        />
        {list.length > 0 ? (
          <ul className="max-h-56 overflow-y-auto rounded-md border border-slate-200 text-sm dark:border-slate-700" aria-label="Suggestions">
            {list.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="flex w-full justify-between gap-2 px-3 py-2 text-left hover:bg-slate-50 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800"
                  onClick={() => setEmail(s.email)}
                >
                  <span>{s.name}</span>
                  <span className="text-slate-500">{s.email}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <FormActions onCancel={onClose} busy={fetcher.state !== "idle"} submitLabel="Add User" className="pt-2" />
      </fetcher.Form>
    </Dialog>
  );
}

const STATUS_TONE = { waiting: "yellow", testing: "green", in_progress: "green", attempted: "blue", completed: "blue", removed: "red" } as const;

function ParticipantsTable({ data, onAdd }: { data: Data; onAdd: () => void }) {
  const [editing, setEditing] = useState<Data["participants"][number] | null>(null);
  const [removing, setRemoving] = useState<Data["participants"][number] | null>(null);
  const started = data.room.isActive || data.room.startedAt !== null;
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3 dark:border-slate-800">
        <h3 className="font-semibold">
          Participants <span className="text-sm font-normal text-slate-500">({data.participants.length})</span>
        </h3>
        <Button size="sm" onClick={onAdd} disabled={started} title={started ? "Cannot add participants after test has started" : undefined}>
          Add User
        </Button>
      </div>
      {data.participants.length === 0 ? (
        <div className="p-5">
          <EmptyState title="No participants yet...">Share an OTP with students, or add them by email.</EmptyState>
        </div>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-5 py-2 font-medium">Name</th>
                <th className="px-5 py-2 font-medium">Email</th>
                <th className="px-5 py-2 font-medium">Category</th>
                <th className="px-5 py-2 font-medium">Status</th>
                <th className="px-5 py-2 font-medium">Tab switches</th>
                <th className="px-5 py-2 font-medium">Connection</th>
                <th className="px-5 py-2 font-medium">Score</th>
                <th className="px-5 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.participants.map((p) => (
                <tr key={p.id}>
                  <td className="px-5 py-2.5 font-medium">{p.fullName}</td>
                  <td className="px-5 py-2.5 text-slate-600 dark:text-slate-300">{p.email}</td>
                  <td className="px-5 py-2.5">{p.category}</td>
                  <td className="px-5 py-2.5">
                    {p.isDisqualified ? <Badge tone="red">disqualified</Badge> : <Badge tone={STATUS_TONE[p.status]}>{p.testStatus ?? p.status}</Badge>}
                  </td>
                  <td className="px-5 py-2.5 tabular-nums">{p.tabSwitchCount ?? 0}</td>
                  <td className="px-5 py-2.5">
                    <Connection offlineMs={p.offlineMs} offlineNow={p.offlineNow} syncedAfterEnd={p.syncedAfterEnd ?? false} extraMinutes={p.extraMinutes ?? 0} />
                    <LateEntries name={p.fullName} entries={p.lateEntries} />
                  </td>
                  <td className="px-5 py-2.5 tabular-nums">{p.totalScore ?? "—"}</td>
                  <td className="px-5 py-2.5 text-right whitespace-nowrap">
                    {data.room.isActive && p.testId ? <GrantTimeButton participantId={p.id} name={p.fullName} /> : null}
                    <Button size="sm" variant="ghost" onClick={() => setEditing(p)} aria-label={`Edit ${p.fullName}`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="ghost" className="text-red-600" onClick={() => setRemoving(p)} aria-label={`Remove ${p.fullName}`}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <EditParticipantDialog participant={editing} categories={data.categories} onClose={() => setEditing(null)} />
      <RemoveParticipantDialog participant={removing} active={data.room.isActive} onClose={() => setRemoving(null)} />
    </section>
  );
}

/** "offline for m:ss" and "synced after end" (README: offline-tolerant test taking). */
function Connection({ offlineMs, offlineNow, syncedAfterEnd, extraMinutes }: { offlineMs: number; offlineNow: boolean; syncedAfterEnd: boolean; extraMinutes: number }) {
  // Any recorded disconnect shows, however short: round up.
  const seconds = Math.ceil(offlineMs / 1000);
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return (
    <div className="flex flex-wrap gap-1">
      {offlineNow ? <Badge tone="red">offline now</Badge> : null}
      {seconds > 0 ? <Badge tone="yellow">{`offline for ${clock}`}</Badge> : null}
      {syncedAfterEnd ? <Badge tone="blue">synced after end</Badge> : null}
      {extraMinutes > 0 ? <Badge tone="gray">{`+${extraMinutes} min`}</Badge> : null}
      {!offlineNow && seconds === 0 && !syncedAfterEnd && extraMinutes === 0 ? <span className="text-slate-400">—</span> : null}
    </div>
  );
}

type LateEntry = Data["participants"][number]["lateEntries"][number];

const LATE_KIND_LABELS: Record<string, string> = {
  code: "Code saved",
  "mcq-progress": "Answers saved",
  "tab-switch": "Tab switch",
  unlock: "Unlock attempt",
  "submit-code": "Submit Code",
  finish: "Finish / Submit Test",
};

function latePreview(entry: LateEntry) {
  const payload = (entry.payload ?? {}) as Record<string, unknown>;
  if (typeof payload.code === "string" && entry.kind !== "unlock") return payload.code;
  if (payload.answers && typeof payload.answers === "object") return `${Object.keys(payload.answers).length} answered`;
  return "";
}

/** Answers that reached the server after the grace window: not counted, but the admin can read them. */
function LateEntries({ name, entries }: { name: string; entries: LateEntry[] }) {
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="mt-1 text-xs font-medium text-red-700 underline underline-offset-2 dark:text-red-300">
        {entries.length} late change{entries.length === 1 ? "" : "s"} kept
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Late changes from ${name}`}
        description="These reached the server after the grace window closed, so they were not counted. They are kept here for you to review."
      >
        <ol className="max-h-96 space-y-2 overflow-y-auto text-sm">
          {entries.map((entry, i) => (
            <li key={i} className="rounded-md border border-slate-200 p-2 dark:border-slate-700">
              <p className="flex justify-between gap-2 font-medium">
                <span>{LATE_KIND_LABELS[entry.kind] ?? entry.kind}</span>
                <span className="text-xs font-normal text-slate-500">written {new Date(entry.createdAt).toLocaleTimeString()}</span>
              </p>
              {latePreview(entry) ? <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap dark:bg-slate-800">{latePreview(entry)}</pre> : null}
            </li>
          ))}
        </ol>
      </Dialog>
    </>
  );
}

/** One click: 5 more minutes for this student only. */
function GrantTimeButton({ participantId, name }: { participantId: string; name: string }) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data);
  return (
    <Button
      size="sm"
      variant="ghost"
      busy={fetcher.state !== "idle"}
      onClick={() => fetcher.submit({ intent: "grant-time", participantId, minutes: "5" }, { method: "post" })}
      aria-label={`Give ${name} 5 more minutes`}
    >
      +5 min
    </Button>
  );
}

function EditParticipantDialog({
  participant,
  categories,
  onClose,
}: {
  participant: Data["participants"][number] | null;
  categories: string[];
  onClose: () => void;
}) {
  const fetcher = useDialogForm(onClose);
  const validate = useValidateOnSubmit();
  return (
    <Dialog open={participant !== null} onClose={onClose} title="Edit participant" description={participant?.email}>
      {participant ? (
        <fetcher.Form
          method="post"
          className="space-y-4"
          noValidate
          onSubmit={validate(EditParticipantSchema)}
        >
          <input type="hidden" name="intent" value="edit-participant" />
          <input type="hidden" name="participantId" value={participant.id} />
          <TextField label="Full name" name="fullName" defaultValue={participant.fullName} autoFocus />
          <div className="space-y-1">
            <label htmlFor="participant-category" className="block text-sm font-medium">
              Category
            </label>
            <select id="participant-category" name="category" defaultValue={participant.category} className={controlClass}>
              {[...new Set([participant.category, ...categories])].map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
          <FormActions onCancel={onClose} busy={fetcher.state !== "idle"} submitLabel="Save" />
        </fetcher.Form>
      ) : null}
    </Dialog>
  );
}

function RemoveParticipantDialog({
  participant,
  active,
  onClose,
}: {
  participant: Data["participants"][number] | null;
  active: boolean;
  onClose: () => void;
}) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data, onClose);
  return (
    <ConfirmDialog
      open={participant !== null}
      onClose={onClose}
      title="Remove participant?"
      confirmLabel="Remove"
      description={
        <>
          <strong>{participant?.fullName}</strong> will be removed from this room and cannot re-enter it.
          {active ? " The test is running, so their test will be disqualified." : ""}
        </>
      }
      busy={fetcher.state !== "idle"}
      onConfirm={() => participant && fetcher.submit({ intent: "remove-participant", participantId: participant.id }, { method: "post" })}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

