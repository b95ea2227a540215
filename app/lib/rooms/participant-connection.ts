// How the room page's participants table shows a participant's status and
// connection (README: offline-tolerant test taking; decision 028, the
// student's own time). Pure rules, no React: the table draws what they say.
import type { PARTICIPANT_STATUSES } from "~/db/schema";
import { addedTimeLabel, clock, extraTimeLabel, studentExtraMs, type ExtraTimeUnit, type StudentTime } from "~/lib/student-tests/student-time";

export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];
export type StatusTone = "yellow" | "green" | "blue" | "red";

/** What the rules read of a participant row (`RoomPageData["participants"][number]` has all of it). */
export type ParticipantConnectionInput = {
  testId: string | null;
  status: ParticipantStatus;
  testStatus: string | null;
  isDisqualified: boolean | null;
  offlineMs: number;
  offlineNow: boolean;
  syncedAfterEnd: boolean | null;
  time: {
    setting: { unit: ExtraTimeUnit; amount: number; reason: string | null; fromAccount: boolean } | null;
    test: StudentTime | null;
    creditableMs: number;
    overBulkCap: boolean;
  };
};

const STATUS_TONE: Record<ParticipantStatus, StatusTone> = { waiting: "yellow", testing: "green", in_progress: "green", attempted: "blue", completed: "blue", removed: "red" };

/** The Status badge: "disqualified" above all, else the test's status (the participant's before Launch), coloured by the participant's. */
export function participantStatusBadge(p: Pick<ParticipantConnectionInput, "status" | "testStatus" | "isDisqualified">): { tone: StatusTone; label: string } {
  if (p.isDisqualified) return { tone: "red", label: "disqualified" };
  return { tone: STATUS_TONE[p.status], label: p.testStatus ?? p.status };
}

/** Submitted or disqualified: their time no longer changes. */
export function testOver(p: Pick<ParticipantConnectionInput, "isDisqualified" | "testStatus">): boolean {
  return p.isDisqualified === true || p.testStatus === "completed" || p.testStatus === "disqualified";
}

/** The recorded outage time a Credit would give this participant now (0: none, no test yet, or their test is over). */
export function creditableNow(p: Pick<ParticipantConnectionInput, "testId" | "isDisqualified" | "testStatus" | "time">): number {
  return p.testId && !testOver(p) && p.time.creditableMs > 0 ? p.time.creditableMs : 0;
}

export type ParticipantConnection = {
  /** "offline now": the student's connection is down at this moment. */
  offlineNow: boolean;
  /** "offline for m:ss": every recorded outage added up, shown however short. */
  offlineFor: string | null;
  /** A "Credit m:ss" button: recorded outage time not given back yet (ms; 0 for none). */
  creditMs: number;
  /** The credit is past what "Credit all" gives one student: flagged beside the button. */
  overBulkCap: boolean;
  /** "synced after end": answers reached the server after the test ended (within the grace window). */
  syncedAfterEnd: boolean;
  /** The student's own time: "+15 min" (launched: what their test got) or the setting ("+25 %", before Launch), and why. */
  extraTime: { label: string; why: string | null } | null;
  /** Nothing to show: the cell reads "—". */
  quiet: boolean;
};

/** The Connection cell of one participant. */
export function participantConnection(p: ParticipantConnectionInput): ParticipantConnection {
  const { setting, test } = p.time;
  const syncedAfterEnd = p.syncedAfterEnd ?? false;
  // Any recorded disconnect shows, however short: round up to a second.
  const offlineFor = Math.ceil(p.offlineMs / 1000) > 0 ? `offline for ${clock(p.offlineMs)}` : null;
  const own = test ? studentExtraMs(test) : 0;
  const hasSetting = setting !== null && setting.amount > 0;
  const label = test ? (own > 0 ? addedTimeLabel(own) : null) : hasSetting ? extraTimeLabel(setting) : null;
  const why = [
    hasSetting ? `${extraTimeLabel(setting)}${setting.reason ? ` (${setting.reason})` : ""}${setting.fromAccount ? " from their account" : ""}` : null,
    test?.creditedMs ? `${clock(test.creditedMs)} offline credited` : null,
  ]
    .filter(Boolean)
    .join("; ");
  const creditMs = creditableNow(p);
  return {
    offlineNow: p.offlineNow,
    offlineFor,
    creditMs,
    overBulkCap: creditMs > 0 && p.time.overBulkCap,
    syncedAfterEnd,
    extraTime: label ? { label, why: why || null } : null,
    quiet: !p.offlineNow && offlineFor === null && !syncedAfterEnd && !label,
  };
}
