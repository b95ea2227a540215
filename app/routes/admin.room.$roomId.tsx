import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ParticipantsView, RoomGrid } from "~/components/monitor/room-grid";
import { ParticipantsTable } from "~/components/rooms/participants-table";
import { RoomActions, RoomCountdown } from "~/components/rooms/room-actions";
import { StartsAt } from "~/components/rooms/scheduled-start";
import { creditableNow } from "~/lib/rooms/participant-connection";
import { TimeTrail } from "~/components/student-time/time-trail";
import { AddUserDialog, DeleteRoomDialog, ExtendDialog, OtpDialog, QuestionsDialog, ScheduleDialog, UnlockCodeDialog } from "~/components/rooms/room-dialogs";
import type { RoomDialogName } from "~/components/rooms/room-page";
import { SectionsDialog } from "~/components/rooms/sections-dialog";
import { ReleasePanel } from "~/components/results/release-panel";
import { SebPanel, SebTrail } from "~/components/rooms/seb-panel";
import { useToast } from "~/components/toaster";
import { useRoomParty } from "~/components/use-room-party";
import { Badge } from "~/components/ui/badge";
import { LANGUAGE_LABELS } from "~/lib/ui/format";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { publish, publishRoomDeleted, publishRoomsChanged, roomEvents } from "~/lib/party.server";
import { forgetJournalGates } from "~/lib/student-tests/code-journal.server";
import { idField } from "~/lib/http/input-limits";
import { AddParticipantSchema, ChangeQuestionsSchema, EditParticipantSchema, ExtendSchema, roomBadge, SCHEDULE_MESSAGES, scheduleSchema, UnlockCodeSchema } from "~/lib/rooms/room-validation";
import {
  addParticipant,
  changeQuestions,
  deleteRoom,
  editParticipant,
  extendTime,
  issueOtp,
  removeParticipant,
  requireRoom,
  RoomRuleError,
  setEnabled,
  setUnlockCode,
  startTest,
  stopTest,
  type Room,
} from "~/lib/rooms/rooms.server";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { requestGradeSync } from "~/lib/lti/grades.server";
import { ROSTER_MESSAGES, syncRoster, type RosterResult } from "~/lib/lti/roster.server";
import { requireRoomAdmin, ROOM_ACCESS_MESSAGES } from "~/lib/rooms/room-access.server";
import { roomPageData } from "~/lib/rooms/room-page.server";
import { scheduleStart } from "~/lib/rooms/schedule.server";
import { saveSections } from "~/lib/rooms/sections.server";
import { RELEASE_MESSAGES } from "~/lib/results/release";
import { isReleaseIntent, runReleaseIntent } from "~/lib/results/release.server";
import { SEB_MESSAGES } from "~/lib/seb/settings";
import { isSebIntent, runSebIntent } from "~/lib/seb/seb.server";
import { SaveSectionsSchema } from "~/lib/rooms/sections";
import { creditAllOutages, creditOutage, grantExtraTime, setParticipantExtraTime, type DeadlineChange } from "~/lib/student-tests/student-time.server";
import { addedTimeLabel, clock, extraTimeLabel, timeChangedMessage } from "~/lib/student-tests/student-time";
import { CreditOutageSchema, ParticipantExtraTimeSchema, STUDENT_TIME_MESSAGES } from "~/lib/student-tests/student-time-validation";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.room.roomName ?? "Room"} — ProctorEdge` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const manager = await requireRoomAdmin(request, context, params.roomId ?? "");
  const data = await roomPageData(context.db, context.cloudflare.env, params.roomId ?? "", { bank: !manager.courseOnly });
  if (!data) throw await redirectWithToast("/admin", { type: "error", message: "Room not found" });
  return data;
}

const FAILURES: Record<string, string> = {
  enable: "Failed to enable room",
  disable: "Failed to disable room",
  "generate-otp": "Failed to generate OTP",
  start: "Failed to start test",
  stop: "Failed to stop room",
  extend: "Failed to extend time",
  "change-questions": "Failed to update questions",
  sections: "Failed to update questions",
  "unlock-code": "Failed to update unlock code",
  delete: "Failed to delete room",
  "add-participant": "Failed to add user",
  "edit-participant": "Failed to update participant",
  "remove-participant": "Failed to remove participant",
  "grant-time": "Failed to extend time",
  "extra-time": STUDENT_TIME_MESSAGES.failed,
  "credit-outage": STUDENT_TIME_MESSAGES.creditFailed,
  "credit-outages": STUDENT_TIME_MESSAGES.creditFailed,
  "sync-roster": ROSTER_MESSAGES.failed,
  schedule: SCHEDULE_MESSAGES.failed,
  unschedule: SCHEDULE_MESSAGES.failed,
  "results-release": RELEASE_MESSAGES.failed,
  "release-now": RELEASE_MESSAGES.failed,
  "withdraw-release": RELEASE_MESSAGES.failed,
  "seb-settings": SEB_MESSAGES.failed,
  "seb-exempt": SEB_MESSAGES.exemptFailed,
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const manager = await requireRoomAdmin(request, context, params.roomId ?? "");
  const admin = { id: manager.id, name: manager.name };
  const values = await readFormValues(request);
  if (!values) return failure("The form could not be read");
  const intent = String(values.intent ?? "");
  const { db } = context;
  const env = context.cloudflare.env;
  const after = (work: Promise<unknown>) => context.cloudflare.ctx.waitUntil(work);
  const roomChanged = (room: Room, patch: Partial<{ isEnabled: boolean; isActive: boolean; endsAt: number | null; scheduledAt: number | null }> = {}) =>
    after(
      Promise.all([
        publish(
          env,
          room.id,
          roomEvents.roomChanged(
            {
              id: room.id,
              isEnabled: patch.isEnabled ?? room.isEnabled,
              isActive: patch.isActive ?? room.isActive,
              endsAt: patch.endsAt !== undefined ? patch.endsAt : (room.endsAt?.getTime() ?? null),
            },
            patch.scheduledAt !== undefined ? patch.scheduledAt : (room.scheduledAt?.getTime() ?? null),
          ),
        ),
        publishRoomsChanged(env),
      ]),
    );
  const participantsChanged = (roomId: string) =>
    after(Promise.all([publish(env, roomId, roomEvents.participantsChanged(roomId)), publishRoomsChanged(env)]));
  /** One student's deadline moved: only that student's page hears it, with why. */
  const deadlineChanged = (room: Room, change: Pick<DeadlineChange, "studentId" | "endsAt" | "extraMs">, reason: string) => {
    if (change.endsAt === null) return;
    after(publish(env, room.id, roomEvents.timeChanged(room.id, change.studentId, { endsAt: change.endsAt, extraMs: change.extraMs }, reason)));
  };

  try {
    const room = await requireRoom(db, params.roomId ?? "");
    // When students see their results (decision 041): the room page's settings, Release results now, Withdraw release.
    if (isReleaseIntent(intent)) return success(await runReleaseIntent(db, env, room.id, intent, values));
    // Safe Exam Browser (decision 042): the room's pages refetch, so a browser that no longer passes sees the refusal at once.
    if (isSebIntent(intent)) {
      const message = await runSebIntent(db, room.id, intent, values, admin);
      roomChanged(room);
      return success(message);
    }
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
        roomChanged(room, { isActive: true, endsAt, scheduledAt: null });
        participantsChanged(room.id);
        return success("Test started successfully");
      }
      case "schedule": {
        const { startsAt } = parseValues(scheduleSchema(), values);
        await scheduleStart(db, env, room, startsAt);
        roomChanged(room, { scheduledAt: startsAt });
        return success(room.scheduledAt ? "Start time changed" : "Test scheduled");
      }
      case "unschedule":
        await scheduleStart(db, env, room, null);
        roomChanged(room, { scheduledAt: null });
        return success("Schedule cleared");
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
        // The question bank is the administrators' (decision 025).
        if (manager.courseOnly) return failure(ROOM_ACCESS_MESSAGES.questionsAdminOnly, 403);
        const { questionIds } = parseValues(ChangeQuestionsSchema, values);
        await changeQuestions(db, room, questionIds);
        roomChanged(room);
        return success("Questions updated successfully");
      }
      case "sections": {
        // The question bank is the administrators' (decision 025); sections are fixed once the test has started (decision 040).
        if (manager.courseOnly) return failure(ROOM_ACCESS_MESSAGES.questionsAdminOnly, 403);
        const { sections } = parseValues(SaveSectionsSchema, values);
        await saveSections(db, room, sections);
        roomChanged(room);
        return success("Sections saved");
      }
      case "unlock-code": {
        const { unlockCode } = parseValues(UnlockCodeSchema, values);
        await setUnlockCode(db, room, unlockCode);
        return success("Unlock code updated successfully");
      }
      case "delete":
        await deleteRoom(db, env, room.id);
        after(publishRoomDeleted(env, room.id));
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
          z.object({ participantId: idField("Failed to extend time") }).merge(ExtendSchema),
          values,
        );
        const granted = await grantExtraTime(db, room, participantId, minutes, admin);
        participantsChanged(room.id);
        deadlineChanged(room, granted, timeChangedMessage("grant", minutes * 60_000));
        return success(`Added ${minutes} minutes for ${granted.name}`);
      }
      case "extra-time": {
        const { participantId, ...input } = parseValues(ParticipantExtraTimeSchema, values);
        const set = await setParticipantExtraTime(db, room, participantId, input, admin);
        participantsChanged(room.id);
        if (set.started) deadlineChanged(room, set, timeChangedMessage("extra-time", set.ms));
        const label = input.unit === "percent" && input.amount > 0 ? `${extraTimeLabel(input)} (${addedTimeLabel(set.ms)})` : extraTimeLabel(input);
        return success(input.amount === 0 ? `No extra time for ${set.name}` : `Extra time for ${set.name}: ${label}`);
      }
      case "credit-outage": {
        const { participantId } = parseValues(CreditOutageSchema, values);
        const credited = await creditOutage(db, env, room, participantId, admin);
        participantsChanged(room.id);
        deadlineChanged(room, credited, timeChangedMessage("outage-credit", credited.creditedMs));
        return success(`Credited ${clock(credited.creditedMs)} to ${credited.name}`);
      }
      case "credit-outages": {
        const { credited, overCap } = await creditAllOutages(db, env, room, admin);
        participantsChanged(room.id);
        for (const c of credited) deadlineChanged(room, c, timeChangedMessage("outage-credit", c.creditedMs));
        const left = overCap.length ? `; ${STUDENT_TIME_MESSAGES.overBulkCap}: ${overCap.map((o) => `${o.name} (${clock(o.quietMs)})`).join(", ")}` : "";
        return success(`Credited offline time to ${credited.length} student${credited.length === 1 ? "" : "s"}${left}`);
      }
      case "sync-roster": {
        const synced = await syncRoster(env, db, room);
        if (synced.added > 0) participantsChanged(room.id);
        return success(rosterMessage(synced));
      }
      case "remove-participant": {
        const { participantId } = parseValues(z.object({ participantId: idField("Failed to remove participant") }), values);
        const removed = await removeParticipant(db, room, participantId);
        participantsChanged(room.id);
        // A removal during the test disqualifies: the LMS's gradebook follows.
        after(requestGradeSync(env, room.id));
        after(publish(env, room.id, roomEvents.participantRemoved(room.id, removed.studentId)));
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
  } finally {
    // Whatever changed (a removal, the time, the room's state, SEB): the journal's fast path reads the room again first (decision 045).
    await forgetJournalGates(env, params.roomId ?? "");
  }
}

function rosterMessage(r: RosterResult) {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return (
    `Roster synced: ${plural(r.learners, "learner")}, ${plural(r.added, "new participant")}, ${r.notLaunched} not launched yet` +
    (r.skipped ? `; ${r.skipped} skipped (an account with the same email exists here)` : "")
  );
}

/** Autosaves change only the grid's "last edit": it refetches for them at most this often. */
const CODE_SAVED_REFETCH_MS = 5000;

export default function RoomDetail() {
  const data = useLoaderData<typeof loader>();
  const { room } = data;
  const toast = useToast();
  const [dialog, setDialog] = useState<RoomDialogName>(null);
  const [view, setView] = useState<"table" | "grid">("table");
  // Set when this tab deletes the room: its own deletion event is then no news (the action's redirect says "Room deleted successfully").
  const deleting = useRef(false);
  // A class typing autosaves every 2 s per student: those events are coalesced
  // into one refetch per CODE_SAVED_REFETCH_MS, and only while the grid shows.
  const lastEditRefetch = useRef(0);
  const editRefetch = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (editRefetch.current) clearTimeout(editRefetch.current);
    },
    [],
  );
  useRoomParty(room.id, (event, page) => {
    if (event.type === "code-saved") {
      if (view !== "grid" || editRefetch.current) return "handled";
      editRefetch.current = setTimeout(
        () => {
          editRefetch.current = null;
          lastEditRefetch.current = Date.now();
          page.refresh();
        },
        Math.max(0, lastEditRefetch.current + CODE_SAVED_REFETCH_MS - Date.now()),
      );
      return "handled";
    }
    if (event.type === "room-deleted") {
      if (!deleting.current) {
        toast({ type: "error", message: "This room was deleted" });
        page.navigate("/admin");
      }
      return "handled";
    }
  });
  const badge = roomBadge(room);
  const credits = Object.fromEntries(data.participants.map((p) => [p.id, creditableNow(p)]));
  return (
    <>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link to="/admin" className="text-sm text-link hover:underline">
            ← Back to Rooms
          </Link>
          <h2 className="mt-2 flex items-center gap-3 text-2xl font-semibold">
            {room.roomName}
            <Badge tone={badge === "Active" ? "green" : badge === "Enabled" ? "blue" : "gray"}>{badge}</Badge>
          </h2>
          <p className="mt-1 text-sm text-muted">
            {room.questionType === "mcq" ? "Multiple choice" : `Coding · ${LANGUAGE_LABELS[room.language]}`} · {room.category} ·{" "}
            {room.durationMinutes} minutes · {data.selectedQuestionIds.length} question{data.selectedQuestionIds.length === 1 ? "" : "s"}
          </p>
          <RoomCountdown endsAt={room.endsAt} isActive={room.isActive} serverNow={data.serverNow} />
          {room.isActive ? null : <StartsAt at={room.scheduledAt} serverNow={data.serverNow} prefix="Starts by itself at" className="mt-2 text-sm font-medium" />}
          {room.scheduleError && !room.isActive ? (
            <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300" role="alert">
              {room.scheduleError}
            </p>
          ) : null}
        </div>
        <RoomActions room={room} participants={data.participants.length} canChangeQuestions={data.canChangeQuestions} open={setDialog} />
      </div>

      <ReleasePanel release={data.release} settings />
      <SebPanel seb={data.seb} />

      <ParticipantsView view={view} onChange={setView} />
      {view === "grid" ? <RoomGrid tiles={data.grid} serverNow={data.serverNow} credits={credits} /> : <ParticipantsTable data={data} onAdd={() => setDialog("add")} />}
      <TimeTrail changes={data.timeChanges} />
      <SebTrail changes={data.sebChanges} />

      {/* Mounted only while open: every opening issues a fresh code, never a stale one. */}
      {dialog === "otp" ? <OtpDialog open onClose={() => setDialog(null)} room={room} /> : null}
      <ExtendDialog open={dialog === "extend"} onClose={() => setDialog(null)} />
      {dialog === "schedule" ? <ScheduleDialog open onClose={() => setDialog(null)} scheduledAt={room.scheduledAt} /> : null}
      {data.canChangeQuestions ? <QuestionsDialog open={dialog === "questions"} onClose={() => setDialog(null)} data={data} /> : null}
      {data.canChangeQuestions ? <SectionsDialog open={dialog === "sections"} onClose={() => setDialog(null)} data={data} /> : null}
      <UnlockCodeDialog open={dialog === "unlock"} onClose={() => setDialog(null)} current={room.unlockCode} />
      <DeleteRoomDialog open={dialog === "delete"} onClose={() => setDialog(null)} name={room.roomName} deleting={deleting} />
      <AddUserDialog open={dialog === "add"} onClose={() => setDialog(null)} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

