import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type MutableRefObject } from "react";
import { useToast } from "~/components/toaster";
import { useActionToast } from "~/components/use-action-toast";
import { useDialogValidation } from "~/components/use-validate-on-submit";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog, FormActions } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { AddParticipantSchema, ExtendSchema, ROOM_LIMITS, scheduleSchema, UnlockCodeSchema } from "~/lib/rooms/room-validation";
import { localInputInstant, localInputValue } from "~/lib/ui/format";
import { OtpCode, useCopyOtp } from "./otp-code";
import { QuestionChecklist } from "./question-checklist";
import type { RoomActionResult, RoomPageData } from "./room-page";
import { useJsonResource } from "~/components/use-json-resource";

// The room page's dialogs (spec 1: OTP, extend time, change questions, unlock code, delete, add user).
// Each posts its intent to the room page's action.

export function OtpDialog({ open, onClose, room }: { open: boolean; onClose: () => void; room: RoomPageData["room"] }) {
  const fetcher = useFetcher<RoomActionResult>();
  const toast = useToast();
  const [now, setNow] = useState(() => Date.now());
  const issuedData = fetcher.data && fetcher.data.ok && "otp" in fetcher.data ? (fetcher.data as unknown as { otp: string; validForMs: number }) : null;
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
  const copyOtp = useCopyOtp();
  const copy = () => (issued ? copyOtp(issued.otp) : undefined);
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
          <OtpCode otp={issued.otp} />
          <div className="mx-auto mt-4 h-1.5 w-48 overflow-hidden rounded bg-slate-200 dark:bg-slate-700" aria-hidden>
            <div className="h-full bg-brand-500 transition-all" style={{ width: `${(left / ROOM_LIMITS.otpSeconds) * 100}%` }} />
          </div>
          <p className="mt-2 text-sm text-muted" role="timer">
            Expires in {left} s
          </p>
        </div>
      ) : issued ? (
        <p className="text-center text-sm font-medium text-red-600 dark:text-red-400">This OTP has expired. Generate a new one.</p>
      ) : (
        <p className="text-center text-sm text-muted">Generating...</p>
      )}
    </Dialog>
  );
}

export function useDialogForm(onClose: () => void) {
  const fetcher = useFetcher<RoomActionResult>();
  useActionToast(fetcher.data, onClose);
  return fetcher;
}

export function ExtendDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useDialogForm(onClose);
  const validate = useDialogValidation(open, fetcher.data);
  return (
    <Dialog open={open} onClose={onClose} title="Extend time" description="Adds minutes to the test's end time for everyone.">
      <fetcher.Form
        method="post"
        className="space-y-4"
        noValidate
        onSubmit={validate(ExtendSchema)}
      >
        <input type="hidden" name="intent" value="extend" />
        <TextField label="Minutes to add" name="minutes" type="number" min={1} defaultValue={ROOM_LIMITS.defaultExtend} autoFocus error={validate.errors.minutes} />
        <FormActions onCancel={onClose} busy={fetcher.state !== "idle"} submitLabel="Extend" />
      </fetcher.Form>
    </Dialog>
  );
}

export function UnlockCodeDialog({ open, onClose, current }: { open: boolean; onClose: () => void; current: string | null }) {
  const fetcher = useDialogForm(onClose);
  const validate = useDialogValidation(open, fetcher.data);
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
        <TextField label="Unlock code" name="unlockCode" defaultValue={current ?? ""} autoComplete="off" autoFocus error={validate.errors.unlockCode} />
        <FormActions onCancel={onClose} busy={fetcher.state !== "idle"} submitLabel="Save" />
      </fetcher.Form>
    </Dialog>
  );
}

export function DeleteRoomDialog({ open, onClose, name, deleting }: { open: boolean; onClose: () => void; name: string; deleting: MutableRefObject<boolean> }) {
  const fetcher = useFetcher<RoomActionResult>();
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

export function QuestionsDialog({ open, onClose, data }: { open: boolean; onClose: () => void; data: RoomPageData }) {
  const fetcher = useDialogForm(onClose);
  const [selected, setSelected] = useState<Set<string>>(new Set(data.selectedQuestionIds));
  useEffect(() => {
    if (open) setSelected(new Set(data.selectedQuestionIds));
  }, [open, data.selectedQuestionIds]);
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
      <QuestionChecklist data={data} selected={selected} onToggle={toggle} />
    </Dialog>
  );
}

type Suggestion = { id: string; name: string; email: string };

export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useDialogForm(onClose);
  const validate = useDialogValidation(open, fetcher.data);
  const { load: loadSuggestions, data: suggested } = useJsonResource<{ students: Suggestion[] }>();
  const [email, setEmail] = useState("");
  useEffect(() => {
    if (!open) setEmail("");
  }, [open]);
  useEffect(() => {
    if (email.trim().length < 2) return;
    const timer = setTimeout(() => loadSuggestions(`/admin/api/student-suggestions?q=${encodeURIComponent(email.trim())}`), 150);
    return () => clearTimeout(timer);
  }, [email, loadSuggestions]);
  const list = email.trim().length >= 2 && suggested && "students" in suggested ? suggested.students : [];
  return (
    <Dialog open={open} onClose={onClose} title="Add user to room" description="Type at least 2 characters of a student's email or name.">
      <fetcher.Form method="post" className="space-y-3" noValidate onSubmit={validate(AddParticipantSchema)}>
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
          error={validate.errors.email}
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
                  <span className="text-muted">{s.email}</span>
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

/** Schedule Start: a local date and time, sent as UTC; Clear schedule when there is one. */
export function ScheduleDialog({ open, onClose, scheduledAt }: { open: boolean; onClose: () => void; scheduledAt: number | null }) {
  const fetcher = useDialogForm(onClose);
  const validate = useDialogValidation(open, fetcher.data);
  const [local, setLocal] = useState(() => (scheduledAt ? localInputValue(scheduledAt) : ""));
  const [clearing, setClearing] = useState(false);
  const zone = typeof Intl === "undefined" ? "" : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const startsAt = localInputInstant(local);
  return (
    <>
      <Dialog
        open={open && !clearing}
        onClose={onClose}
        title="Schedule the start"
        description="The test starts by itself at this time, as Start Test Now does, even with no admin page open. Students who are waiting see the time in their own time zone."
      >
        <fetcher.Form method="post" className="space-y-4" noValidate onSubmit={(e) => validate(scheduleSchema())(e)}>
          <input type="hidden" name="intent" value="schedule" />
          <input type="hidden" name="startsAt" value={startsAt} />
          <TextField
            label="Start at"
            type="datetime-local"
            value={local}
            onChange={(e) => setLocal(e.target.value)}
            hint={zone ? `Your time zone: ${zone}` : undefined}
            error={validate.errors.startsAt}
            required
            autoFocus
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            {scheduledAt ? (
              <Button type="button" variant="ghost" onClick={() => setClearing(true)}>
                Clear schedule
              </Button>
            ) : (
              <span />
            )}
            <FormActions onCancel={onClose} busy={fetcher.state !== "idle"} submitLabel={scheduledAt ? "Change start" : "Schedule"} />
          </div>
        </fetcher.Form>
      </Dialog>
      <ConfirmDialog
        open={open && clearing}
        title="Clear the schedule?"
        description="The test will not start by itself. Students keep waiting until you start it."
        confirmLabel="Clear schedule"
        busy={fetcher.state !== "idle"}
        onClose={() => setClearing(false)}
        onConfirm={() => {
          fetcher.submit({ intent: "unschedule" }, { method: "post" });
          setClearing(false);
        }}
      />
    </>
  );
}
