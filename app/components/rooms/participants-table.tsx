import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useActionToast } from "~/components/use-action-toast";
import { useDialogValidation } from "~/components/use-validate-on-submit";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog, FormActions } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectField, TextField } from "~/components/ui/field";
import { Table, TBody, Td, Th, THead } from "~/components/ui/table";
import { EditParticipantSchema } from "~/lib/rooms/room-validation";
import { STUDENT_TIME_MESSAGES } from "~/lib/student-tests/student-time-validation";
import { CreditAllButton, CreditButton, IntentButton } from "~/components/student-time/credit-buttons";
import { ExtraTimeDialog } from "~/components/student-time/extra-time-dialog";
import { participantConnection, participantStatusBadge, testOver } from "~/lib/rooms/participant-connection";
import { extraTimeLabel } from "~/lib/student-tests/student-time";
import { useDialogForm } from "./room-dialogs";
import { LateEntries } from "./late-entries-dialog";
import type { RoomActionResult, RoomPageData } from "./room-page";

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
        <Table inset>
          <THead>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Category</Th>
            <Th>Status</Th>
            <Th>Tab switches</Th>
            <Th>Connection</Th>
            <Th>Score</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </THead>
          <TBody>
            {data.participants.map((p) => (
              <tr key={p.id}>
                <Td className="font-medium">
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
                </Td>
                <Td className="text-slate-600 dark:text-slate-300">{p.email}</Td>
                <Td>{p.category}</Td>
                <Td>
                  <StatusBadge participant={p} />
                </Td>
                <Td className="tabular-nums">{p.tabSwitchCount ?? 0}</Td>
                <Td>
                  <Connection participant={p} />
                  <LateEntries name={p.fullName} roomId={data.room.id} entries={p.lateEntries} />
                </Td>
                <Td className="tabular-nums">{p.totalScore ?? "—"}</Td>
                <Td className="text-right whitespace-nowrap">
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
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
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

function StatusBadge({ participant }: { participant: Participant }) {
  const { tone, label } = participantStatusBadge(participant);
  return <Badge tone={tone}>{label}</Badge>;
}

/**
 * "offline for m:ss", "synced after end" (README: offline-tolerant test
 * taking), the student's own time ("+15 min", decision 028) and "Credit m:ss"
 * for recorded outages not given back yet; the rules are participantConnection's.
 */
function Connection({ participant: p }: { participant: Participant }) {
  const c = participantConnection(p);
  return (
    <div className="flex flex-wrap items-center gap-1">
      {c.offlineNow ? <Badge tone="red">offline now</Badge> : null}
      {c.offlineFor ? <Badge tone="yellow">{c.offlineFor}</Badge> : null}
      {c.creditMs > 0 ? <CreditButton participantId={p.id} name={p.fullName} ms={c.creditMs} /> : null}
      {c.overBulkCap ? <Badge tone="red">{STUDENT_TIME_MESSAGES.overBulkCap}</Badge> : null}
      {c.syncedAfterEnd ? <Badge tone="blue">synced after end</Badge> : null}
      {c.extraTime ? (
        <span title={c.extraTime.why ?? undefined}>
          <Badge tone="gray">{c.extraTime.label}</Badge>
        </span>
      ) : null}
      {c.quiet ? <span className="text-slate-400">—</span> : null}
    </div>
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
  const validate = useDialogValidation(participant !== null, fetcher.data);
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
          <TextField label="Full name" name="fullName" defaultValue={participant.fullName} autoFocus error={validate.errors.fullName} />
          <SelectField
            id="participant-category"
            label="Category"
            name="category"
            defaultValue={participant.category}
            error={validate.errors.category}
            options={[...new Set([participant.category, ...categories])].map((c) => ({ value: c, label: c }))}
          />
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
