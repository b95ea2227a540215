import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useActionToast } from "~/components/use-action-toast";
import { useValidateOnSubmit } from "~/components/use-validate-on-submit";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog, FormActions } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { controlClass, TextField } from "~/components/ui/field";
import { EditParticipantSchema } from "~/lib/rooms/room-validation";
import { STUDENT_TIME_MESSAGES } from "~/lib/student-tests/student-time-validation";
import { CreditAllButton, CreditButton, creditableNow, IntentButton, testOver } from "~/components/student-time/credit-buttons";
import { ExtraTimeDialog } from "~/components/student-time/extra-time-dialog";
import { addedTimeLabel, clock, extraTimeLabel, studentExtraMs } from "~/lib/student-tests/student-time";
import { useDialogForm } from "./room-dialogs";
import type { RoomActionResult, RoomPageData } from "./room-page";
import { useJsonResource } from "~/components/use-json-resource";

const STATUS_TONE = { waiting: "yellow", testing: "green", in_progress: "green", attempted: "blue", completed: "blue", removed: "red" } as const;

export function ParticipantsTable({ data, onAdd }: { data: RoomPageData; onAdd: () => void }) {
  const [editing, setEditing] = useState<RoomPageData["participants"][number] | null>(null);
  const [removing, setRemoving] = useState<RoomPageData["participants"][number] | null>(null);
  const [timing, setTiming] = useState<RoomPageData["participants"][number] | null>(null);
  const started = data.room.isActive || data.room.startedAt !== null;
  const bulkCredit = data.participants.some((p) => p.testId && !testOver(p) && p.time.bulkCreditableMs > 0);
  const notLaunched = new Set(data.lms?.notLaunched ?? []);
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3 dark:border-slate-800">
        <h3 className="font-semibold">
          Participants <span className="text-sm font-normal text-muted">({data.participants.length})</span>
        </h3>
        <div className="flex flex-wrap gap-2">
          {bulkCredit ? <CreditAllButton /> : null}
          {data.lms ? <SyncRosterButton started={started} courses={data.lms.courses} /> : null}
          <Button size="sm" onClick={onAdd} disabled={started} title={started ? "Cannot add participants after test has started" : undefined}>
            Add User
          </Button>
        </div>
      </div>
      {data.participants.length === 0 ? (
        <div className="p-5">
          <EmptyState title="No participants yet...">Share an OTP with students, or add them by email.</EmptyState>
        </div>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted uppercase">
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
                  <td className="px-5 py-2.5 font-medium">
                    {p.testId ? (
                      <Link to={`/admin/monitor/${p.testId}`} className="text-brand-700 hover:underline dark:text-brand-100" aria-label={`Monitor ${p.fullName}`}>
                        {p.fullName}
                      </Link>
                    ) : (
                      p.fullName
                    )}
                    {data.seb.required && p.sebExempt ? (
                      <span className="ml-2">
                        <Badge tone="blue">Without SEB</Badge>
                      </span>
                    ) : null}
                    {notLaunched.has(p.studentId) ? (
                      <span className="ml-2">
                        <Badge tone="gray">Not launched yet</Badge>
                      </span>
                    ) : null}
                  </td>
                  <td className="px-5 py-2.5 text-slate-600 dark:text-slate-300">{p.email}</td>
                  <td className="px-5 py-2.5">{p.category}</td>
                  <td className="px-5 py-2.5">
                    {p.isDisqualified ? <Badge tone="red">disqualified</Badge> : <Badge tone={STATUS_TONE[p.status]}>{p.testStatus ?? p.status}</Badge>}
                  </td>
                  <td className="px-5 py-2.5 tabular-nums">{p.tabSwitchCount ?? 0}</td>
                  <td className="px-5 py-2.5">
                    <Connection participant={p} />
                    <LateEntries name={p.fullName} roomId={data.room.id} entries={p.lateEntries} />
                  </td>
                  <td className="px-5 py-2.5 tabular-nums">{p.totalScore ?? "—"}</td>
                  <td className="px-5 py-2.5 text-right whitespace-nowrap">
                    {data.room.isActive && p.testId ? <GrantTimeButton participantId={p.id} name={p.fullName} /> : null}
                    {p.testId && testOver(p) ? null : (
                      <Button size="sm" variant="ghost" onClick={() => setTiming(p)} aria-label={`Extra time for ${p.fullName}`}>
                        Extra time
                      </Button>
                    )}
                    {data.seb.required ? (
                      <IntentButton
                        variant="ghost"
                        fields={{ intent: "seb-exempt", participantId: p.id, allowed: p.sebExempt ? "false" : "true" }}
                        label={p.sebExempt ? `Require SEB for ${p.fullName}` : `Allow without SEB for ${p.fullName}`}
                      >
                        {p.sebExempt ? "Require SEB" : "Allow without SEB"}
                      </IntentButton>
                    ) : null}
                    <Button size="sm" variant="ghost" onClick={() => setEditing(p)} aria-label={`Edit ${p.fullName}`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="ghost" className="text-red-600 dark:text-red-400" onClick={() => setRemoving(p)} aria-label={`Remove ${p.fullName}`}>
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
      <ExtraTimeDialog
        key={timing?.id ?? "none"}
        open={timing !== null}
        onClose={() => setTiming(null)}
        title={`Extra time for ${timing?.fullName ?? ""}`}
        description={
          timing?.time.setting?.fromAccount
            ? `Their account gives ${extraTimeLabel(timing.time.setting)}. What you set here replaces it in this room.`
            : "Minutes, or a percentage of the test's duration, on top of the room's end time. Extend still adds to everyone."
        }
        fields={{ intent: "extra-time", participantId: timing?.id ?? "" }}
        current={timing?.time.setting ?? null}
      />
    </section>
  );
}

type Participant = RoomPageData["participants"][number];

/**
 * "offline for m:ss", "synced after end" (README: offline-tolerant test
 * taking), the student's own time ("+15 min", decision 028) and "Credit m:ss"
 * for recorded outages not given back yet.
 */
function Connection({ participant: p }: { participant: Participant }) {
  const { offlineMs, offlineNow } = p;
  const syncedAfterEnd = p.syncedAfterEnd ?? false;
  // Any recorded disconnect shows, however short: round up.
  const seconds = Math.ceil(offlineMs / 1000);
  const own = p.time.test ? studentExtraMs(p.time.test) : 0;
  const setting = p.time.setting;
  const extra = p.time.test ? (own > 0 ? addedTimeLabel(own) : null) : setting && setting.amount > 0 ? extraTimeLabel(setting) : null;
  const why = [setting && setting.amount > 0 ? `${extraTimeLabel(setting)}${setting.reason ? ` (${setting.reason})` : ""}${setting.fromAccount ? " from their account" : ""}` : null, p.time.test?.creditedMs ? `${clock(p.time.test.creditedMs)} offline credited` : null]
    .filter(Boolean)
    .join("; ");
  const credit = creditableNow(p);
  return (
    <div className="flex flex-wrap items-center gap-1">
      {offlineNow ? <Badge tone="red">offline now</Badge> : null}
      {seconds > 0 ? <Badge tone="yellow">{`offline for ${clock(offlineMs)}`}</Badge> : null}
      {credit > 0 ? <CreditButton participantId={p.id} name={p.fullName} ms={credit} /> : null}
      {credit > 0 && p.time.overBulkCap ? <Badge tone="red">{STUDENT_TIME_MESSAGES.overBulkCap}</Badge> : null}
      {syncedAfterEnd ? <Badge tone="blue">synced after end</Badge> : null}
      {extra ? (
        <span title={why || undefined}>
          <Badge tone="gray">{extra}</Badge>
        </span>
      ) : null}
      {!offlineNow && seconds === 0 && !syncedAfterEnd && !extra ? <span className="text-slate-400">—</span> : null}
    </div>
  );
}

type LateEntry = RoomPageData["participants"][number]["lateEntries"][number];
type LateChange = { id: string; kind: string; createdAt: number; reason: string | null; preview: string };

const LATE_KIND_LABELS: Record<string, string> = {
  code: "Code saved",
  "mcq-progress": "Answers saved",
  "tab-switch": "Tab switch",
  unlock: "Unlock attempt",
  "submit-code": "Submit Code",
  finish: "Finish / Submit Test",
};

const WITH_CONTENT = new Set(["code", "submit-code", "mcq-progress", "finish"]);

/**
 * Answers that reached the server after the test ended and were not counted
 * (after the grace window, or with no outage the server saw): the admin can
 * read them. The list carries no payloads; the one open change is loaded
 * when it opens (the newest first).
 */
function LateEntries({ name, roomId, entries }: { name: string; roomId: string; entries: LateEntry[] }) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const change = useJsonResource<LateChange>();
  // Opens on the newest change with something to read (code or answers).
  const shown = selected ?? (entries.findLast((e) => WITH_CONTENT.has(e.kind)) ?? entries.at(-1))?.id ?? null;
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (!open || !shown || requested.current === shown) return;
    requested.current = shown;
    change.load(`/admin/api/late-change/${encodeURIComponent(shown)}?room=${encodeURIComponent(roomId)}`);
  }, [open, shown, roomId, change.load]);
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
        description="These reached the server after the test ended and were not counted: after the grace window, or while the student was connected. They are kept here for you to review."
      >
        <ol className="max-h-96 space-y-2 overflow-y-auto text-sm">
          {entries.map((entry) => {
            const isOpen = entry.id === shown;
            const data = isOpen && !change.loading ? change.data : undefined;
            const loaded = data && "id" in data && data.id === entry.id ? data : null;
            const failed = data && "error" in data ? data.error : null;
            return (
              <li key={entry.id} className="rounded-md border border-slate-200 dark:border-slate-700">
                <button type="button" aria-expanded={isOpen} onClick={() => setSelected(entry.id)} className="flex w-full justify-between gap-2 p-2 text-left font-medium">
                  <span>{LATE_KIND_LABELS[entry.kind] ?? entry.kind}</span>
                  <span className="text-xs font-normal text-muted">written {new Date(entry.createdAt).toLocaleTimeString()}</span>
                </button>
                {isOpen ? (
                  <div className="px-2 pb-2">
                    {loaded ? (
                      <>
                        {loaded.reason ? <p className="text-xs text-muted">{loaded.reason}</p> : null}
                        {loaded.preview ? <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap dark:bg-slate-800">{loaded.preview}</pre> : null}
                      </>
                    ) : (
                      <p className="text-xs text-muted">{failed ?? "Loading…"}</p>
                    )}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      </Dialog>
    </>
  );
}

/** One click: 5 more minutes for this student only. */
function GrantTimeButton({ participantId, name }: { participantId: string; name: string }) {
  return (
    <IntentButton fields={{ intent: "grant-time", participantId, minutes: "5" }} variant="ghost" label={`+5 min for ${name}`} title={`Give ${name} 5 more minutes`}>
      +5 min
    </IntentButton>
  );
}

function EditParticipantDialog({
  participant,
  categories,
  onClose,
}: {
  participant: RoomPageData["participants"][number] | null;
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
  participant: RoomPageData["participants"][number] | null;
  active: boolean;
  onClose: () => void;
}) {
  const fetcher = useFetcher<RoomActionResult>();
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

/** NRPS (decision 025): the LMS course's active learners become participants; who has not launched shows in the table. */
function SyncRosterButton({ started, courses }: { started: boolean; courses: string[] }) {
  const fetcher = useFetcher<RoomActionResult>();
  useActionToast(fetcher.data);
  return (
    <Button
      size="sm"
      variant="secondary"
      busy={fetcher.state !== "idle"}
      disabled={started}
      title={started ? "Cannot add participants after test has started" : `Learners of ${courses.join(", ")}`}
      onClick={() => fetcher.submit({ intent: "sync-roster" }, { method: "post" })}
    >
      Sync roster from the LMS
    </Button>
  );
}
