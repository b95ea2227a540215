import { describe, expect, it } from "vitest";
import {
  addedTimeLabel,
  clock,
  creditableOutageMs,
  deadlineWithExtra,
  effectiveExtraTime,
  extraTimeLabel,
  extraTimeMs,
  NO_STUDENT_TIME,
  ownExtraTime,
  studentDeadline,
  studentExtraMs,
  timeBeforeLaunch,
  timeChangedMessage,
  timeChangeLabel,
  studentTimeLabels,
} from "./student-time";
import { AccountExtraTimeSchema, ExtraTimeSchema, ParticipantExtraTimeSchema, STUDENT_TIME_MESSAGES } from "./student-time-validation";

const END = 1_800_000_000_000;

describe("the one deadline rule", () => {
  it("is the room's end plus the student's extra time, one-off additions and credited outages", () => {
    expect(studentDeadline(END, { accommodationMs: 15 * 60_000, extraMs: 5 * 60_000, creditedMs: 192_000 })).toBe(END + 20 * 60_000 + 192_000);
    expect(studentDeadline(new Date(END), NO_STUDENT_TIME)).toBe(END);
    expect(studentDeadline(END, null)).toBe(END);
  });

  it("the test page's form of it takes the student's time already summed", () => {
    expect(deadlineWithExtra(END, 90_000)).toBe(END + 90_000);
    expect(deadlineWithExtra(null, 90_000)).toBeNull();
  });

  it("has no deadline while the room has no end", () => {
    expect(studentDeadline(null, { accommodationMs: 1, extraMs: 2, creditedMs: 3 })).toBeNull();
    expect(studentDeadline(undefined, NO_STUDENT_TIME)).toBeNull();
  });

  it("sums a student's own time", () => {
    expect(studentExtraMs({ accommodationMs: 1, extraMs: 20, creditedMs: 300 })).toBe(321);
    expect(studentExtraMs(undefined)).toBe(0);
  });
});

describe("extra time settings", () => {
  it("minutes are minutes; a percentage is of the room's duration, to the millisecond", () => {
    expect(extraTimeMs({ unit: "minutes", amount: 15 }, 60)).toBe(15 * 60_000);
    expect(extraTimeMs({ unit: "percent", amount: 25 }, 60)).toBe(15 * 60_000);
    expect(extraTimeMs({ unit: "percent", amount: 25 }, 45)).toBe(675_000); // 11:15
    expect(extraTimeMs({ unit: "percent", amount: 33 }, 7)).toBe(138_600);
    expect(extraTimeMs(null, 60)).toBe(0);
  });

  it("the room's own setting wins over the account's accommodation, even 0", () => {
    const account = { unit: "percent" as const, amount: 25, reason: "accommodation" };
    expect(effectiveExtraTime(null, account)).toBe(account);
    expect(effectiveExtraTime({ unit: "minutes", amount: 0 }, account)).toEqual({ unit: "minutes", amount: 0 });
    expect(effectiveExtraTime(null, null)).toBeNull();
    expect(ownExtraTime({ extraTimeUnit: null, extraTimeAmount: null, extraTimeReason: null })).toBeNull();
    expect(ownExtraTime({ extraTimeUnit: "minutes", extraTimeAmount: 10, extraTimeReason: "x" })).toEqual({ unit: "minutes", amount: 10, reason: "x" });
  });

  it("before Launch, the setting that will apply is the student's time", () => {
    expect(timeBeforeLaunch({ unit: "percent", amount: 50 }, 30)).toEqual({ accommodationMs: 15 * 60_000, extraMs: 0, creditedMs: 0 });
    expect(timeBeforeLaunch(null, 30)).toEqual(NO_STUDENT_TIME);
  });

  it("labels", () => {
    expect(extraTimeLabel({ unit: "minutes", amount: 15 })).toBe("+15 min");
    expect(extraTimeLabel({ unit: "percent", amount: 25 })).toBe("+25 %");
    expect(addedTimeLabel(15 * 60_000)).toBe("+15 min");
    expect(addedTimeLabel(675_000)).toBe("+11:15");
    expect(clock(192_000)).toBe("3:12");
    expect(clock(191_001)).toBe("3:12");
    expect(clock(3_725_000)).toBe("1:02:05");
    expect(timeChangedMessage("outage-credit", 192_000)).toBe("You got back 3:12 lost while you were offline");
    expect(timeChangedMessage("grant", 5 * 60_000)).toBe("Your instructor gave you 5 min more");
    expect(timeChangedMessage("extra-time", 0)).toBe("Your extra time for this test was removed");
  });
});

describe("the room's time trail", () => {
  it("says what each change was", () => {
    expect(timeChangeLabel({ kind: "extra-time", amountMs: 450_000, unit: "percent", amount: 25 })).toBe("Extra time +25 % (+7:30)");
    expect(timeChangeLabel({ kind: "extra-time", amountMs: 15 * 60_000, unit: "minutes", amount: 15 })).toBe("Extra time +15 min");
    expect(timeChangeLabel({ kind: "extra-time", amountMs: 0, unit: "minutes", amount: 0 })).toBe("Extra time removed");
    expect(timeChangeLabel({ kind: "grant", amountMs: 5 * 60_000, unit: null, amount: null })).toBe("+5 min added");
    expect(timeChangeLabel({ kind: "outage-credit", amountMs: 192_000, unit: null, amount: null })).toBe("+3:12 offline credited");
  });
});

describe("results and history", () => {
  it("label a student's own time, with the reason of their extra time", () => {
    expect(studentTimeLabels({ accommodationMs: 15 * 60_000, accommodationReason: "accommodation", extraMs: 0, creditedMs: 0 })).toEqual(["+15 min (accommodation)"]);
    expect(studentTimeLabels({ accommodationMs: 675_000, accommodationReason: null, extraMs: 5 * 60_000, creditedMs: 192_000 })).toEqual([
      "+11:15 (extra time)",
      "+5 min (added)",
      "+3:12 (offline)",
    ]);
    expect(studentTimeLabels(NO_STUDENT_TIME)).toEqual([]);
  });
});

describe("outage credit", () => {
  const outages = [
    { startedAt: 0, endedAt: 30_000, credited: false },
    { startedAt: 100_000, endedAt: 292_000, credited: false },
    { startedAt: 400_000, endedAt: 500_000, credited: true },
    { startedAt: 600_000, endedAt: null, credited: false },
  ];

  it("is every ended outage not credited before; one still going on waits until it ends", () => {
    expect(creditableOutageMs(outages)).toBe(30_000 + 192_000);
  });

  it("the bulk credit takes only outages over a minute", () => {
    expect(creditableOutageMs(outages, 60_000)).toBe(192_000);
    expect(creditableOutageMs([{ startedAt: 0, endedAt: 60_000, credited: false }], 60_000)).toBe(0);
  });
});

describe("the extra time form", () => {
  const parse = (values: Record<string, unknown>) => {
    const r = ExtraTimeSchema.safeParse(values);
    return r.success ? r.data : r.error.issues[0]!.message;
  };

  it("takes 0 to 600 minutes and 0 to 300 %", () => {
    expect(parse({ unit: "minutes", amount: "600", reason: "  accommodation " })).toEqual({ unit: "minutes", amount: 600, reason: "accommodation" });
    expect(parse({ unit: "percent", amount: "300" })).toEqual({ unit: "percent", amount: 300, reason: null });
    expect(parse({ unit: "minutes", amount: "0", reason: "" })).toEqual({ unit: "minutes", amount: 0, reason: null });
  });

  it("says which limit was broken", () => {
    expect(parse({ unit: "minutes", amount: "601" })).toBe(STUDENT_TIME_MESSAGES.minutes);
    expect(parse({ unit: "minutes", amount: "-1" })).toBe(STUDENT_TIME_MESSAGES.minutes);
    expect(parse({ unit: "percent", amount: "301" })).toBe(STUDENT_TIME_MESSAGES.percent);
    expect(parse({ unit: "minutes", amount: "" })).toBe(STUDENT_TIME_MESSAGES.required);
    expect(parse({ unit: "minutes" })).toBe(STUDENT_TIME_MESSAGES.required);
    expect(parse({ unit: "minutes", amount: "1.5" })).toBe(STUDENT_TIME_MESSAGES.whole);
    expect(parse({ unit: "minutes", amount: "ten" })).toBe(STUDENT_TIME_MESSAGES.whole);
    expect(parse({ unit: "hours", amount: "1" })).toBe(STUDENT_TIME_MESSAGES.unit);
    expect(parse({ unit: "minutes", amount: "1", reason: "x".repeat(201) })).toBe(STUDENT_TIME_MESSAGES.reason);
    expect(STUDENT_TIME_MESSAGES.minutes).toBe("Extra time must be 0 to 600 minutes");
    expect(STUDENT_TIME_MESSAGES.percent).toBe("Extra time must be 0 to 300 %");
  });

  it("names its target", () => {
    expect(ParticipantExtraTimeSchema.safeParse({ participantId: "p", unit: "minutes", amount: "5" }).success).toBe(true);
    expect(ParticipantExtraTimeSchema.safeParse({ unit: "minutes", amount: "5" }).error?.issues[0]?.message).toBe(STUDENT_TIME_MESSAGES.participant);
    expect(AccountExtraTimeSchema.safeParse({ userId: "x".repeat(101), unit: "minutes", amount: "5" }).error?.issues[0]?.message).toBe(STUDENT_TIME_MESSAGES.user);
  });
});
