// Time per student (issue 25, decision 028). The one rule for a student's
// deadline, used by the loaders, the journal, the room party and the
// "taking a test now" check, and the arithmetic of extra time and outage
// credit. Pure and free of drizzle and zod, so the browser may import it too.
import type { ExtraTimeUnit } from "~/db/schema";

export type { ExtraTimeUnit };

/** A student's own time in a room, on top of the room's ends_at (student_tests' columns). */
export type StudentTime = {
  /** The extra time set for them (their accommodation). */
  accommodationMs: number;
  /** One-off additions ("+5 min"). */
  extraMs: number;
  /** Time lost offline, given back. */
  creditedMs: number;
};

export const NO_STUDENT_TIME: StudentTime = { accommodationMs: 0, extraMs: 0, creditedMs: 0 };

/** Everything this student has on top of the room's time. */
export function studentExtraMs(time: StudentTime | null | undefined): number {
  return time ? time.accommodationMs + time.extraMs + time.creditedMs : 0;
}

/**
 * The student's deadline: the room's end (Extend included) plus their own
 * time. Null while the room has no end (not started). Every rule that says
 * "deadline" uses this, and only this.
 */
export function studentDeadline(roomEndsAt: Date | number | null | undefined, time: StudentTime | null | undefined): number | null {
  return deadlineWithExtra(roomEndsAt, studentExtraMs(time));
}

/** The same rule with the student's own time already summed (their test page knows only the sum, from time-changed). */
export function deadlineWithExtra(roomEndsAt: Date | number | null | undefined, extraMs: number): number | null {
  if (roomEndsAt === null || roomEndsAt === undefined) return null;
  return (typeof roomEndsAt === "number" ? roomEndsAt : roomEndsAt.getTime()) + extraMs;
}

/** Extra time as an admin sets it: minutes, or a percentage of the room's duration. */
export type ExtraTimeSetting = { unit: ExtraTimeUnit; amount: number; reason?: string | null };

/** The setting in milliseconds for a room of this duration (a percentage of 45 minutes may be a fraction of a minute). */
export function extraTimeMs(setting: Pick<ExtraTimeSetting, "unit" | "amount"> | null | undefined, durationMinutes: number): number {
  if (!setting) return 0;
  return setting.unit === "minutes" ? setting.amount * 60_000 : Math.round((durationMinutes * 60_000 * setting.amount) / 100);
}

/** The setting that applies to a student in a room: the room's own for them, else their account's accommodation. */
export function effectiveExtraTime(own: ExtraTimeSetting | null | undefined, account: ExtraTimeSetting | null | undefined): ExtraTimeSetting | null {
  return own ?? account ?? null;
}

/** A participant row's extra-time columns as a setting (no unit: none of its own). */
export function ownExtraTime(row: { extraTimeUnit: ExtraTimeUnit | null; extraTimeAmount: number | null; extraTimeReason: string | null }): ExtraTimeSetting | null {
  return row.extraTimeUnit ? { unit: row.extraTimeUnit, amount: row.extraTimeAmount ?? 0, reason: row.extraTimeReason } : null;
}

/**
 * A student's time before their test exists (they have not pressed Launch):
 * the extra time that will apply when it is created.
 */
export function timeBeforeLaunch(setting: ExtraTimeSetting | null, durationMinutes: number): StudentTime {
  return { ...NO_STUDENT_TIME, accommodationMs: extraTimeMs(setting, durationMinutes) };
}

/** "+15 min", "+25 %": the setting as the admin entered it. */
export function extraTimeLabel(setting: Pick<ExtraTimeSetting, "unit" | "amount">): string {
  return setting.unit === "minutes" ? `+${setting.amount} min` : `+${setting.amount} %`;
}

/** "m:ss" (or "h:mm:ss") of a duration, rounded up to the second as the admin's "offline for" is. */
export function clock(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** "+15 min" for whole minutes, else "+3:12": a time added, for toasts and the results. */
export function addedTimeLabel(ms: number): string {
  return ms % 60_000 === 0 ? `+${ms / 60_000} min` : `+${clock(ms)}`;
}

/**
 * One disconnected period the room party recorded, and whether a credit gave
 * it back already. `quietMs`: the part of it in which the server heard
 * nothing from the student (decision 035), when known; else all of it.
 */
export type CreditableOutage = { startedAt: number; endedAt: number | null; credited: boolean; quietMs?: number };

/**
 * The outage time an admin can give back now: every recorded outage that has
 * ended (an outage still going on is not over yet) and was not credited
 * before, whose quiet part is longer than `overMs` (the bulk credit's
 * minute). The server's credit in student-time.server.ts applies the same rule.
 */
export function creditableOutageMs(outages: readonly CreditableOutage[], overMs = 0): number {
  let total = 0;
  for (const o of outages) {
    if (o.credited || o.endedAt === null) continue;
    const length = o.quietMs ?? o.endedAt - o.startedAt;
    if (length > overMs) total += length;
  }
  return total;
}

/** Why a student's countdown moved: the toast their page shows (never the admin's free-text reason). */
/**
 * The toast of a test page that learns of a change of its student's own time
 * only when it reloads its data (it was offline): no amount, so the page's
 * first load carries no time formatting (the MCQ page's budget, decision 022).
 */
export const TIME_CHANGED_WHILE_AWAY = "Your time for this test changed while you were away";

export function timeChangedMessage(kind: "extra-time" | "grant" | "outage-credit", ms: number): string {
  switch (kind) {
    case "extra-time":
      return ms > 0 ? `Your extra time for this test is now ${addedTimeLabel(ms)}` : "Your extra time for this test was removed";
    case "grant":
      return `Your instructor gave you ${addedTimeLabel(ms).slice(1)} more`;
    case "outage-credit":
      return `You got back ${clock(ms)} lost while you were offline`;
  }
}

/**
 * A student's own time in a test, for the results and the history:
 * "+15 min (accommodation)" (the extra time set for them, with its reason),
 * "+5 min (added)", "+3:12 (offline)". Admins only: reasons may be private.
 */
export function studentTimeLabels(time: StudentTime & { accommodationReason?: string | null }): string[] {
  const labels: string[] = [];
  if (time.accommodationMs > 0) labels.push(`${addedTimeLabel(time.accommodationMs)} (${time.accommodationReason || "extra time"})`);
  if (time.extraMs > 0) labels.push(`${addedTimeLabel(time.extraMs)} (added)`);
  if (time.creditedMs > 0) labels.push(`${addedTimeLabel(time.creditedMs)} (offline)`);
  return labels;
}

/** One row of a room's time trail: "Extra time +25 % (+7:30)", "+5 min added", "+3:12 offline credited". */
export function timeChangeLabel(change: { kind: "extra-time" | "grant" | "outage-credit"; amountMs: number; unit: "minutes" | "percent" | null; amount: number | null }): string {
  switch (change.kind) {
    case "extra-time":
      if (!change.amount || !change.unit) return "Extra time removed";
      return change.unit === "percent" ? `Extra time ${extraTimeLabel({ unit: change.unit, amount: change.amount })} (${addedTimeLabel(change.amountMs)})` : `Extra time ${extraTimeLabel({ unit: change.unit, amount: change.amount })}`;
    case "grant":
      return `${addedTimeLabel(change.amountMs)} added`;
    case "outage-credit":
      return `${addedTimeLabel(change.amountMs)} offline credited`;
  }
}
