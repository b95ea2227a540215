import { describe, expect, it } from "vitest";
import { creditableNow, participantConnection, participantStatusBadge, testOver, type ParticipantConnectionInput } from "./participant-connection";

/** A launched participant, connected the whole time, with no extra time: the cell reads "—". */
function participant(over: Partial<ParticipantConnectionInput> = {}, time: Partial<ParticipantConnectionInput["time"]> = {}): ParticipantConnectionInput {
  return {
    testId: "t1",
    status: "testing",
    testStatus: "in_progress",
    isDisqualified: false,
    offlineMs: 0,
    offlineNow: false,
    syncedAfterEnd: false,
    ...over,
    time: { setting: null, test: { accommodationMs: 0, extraMs: 0, creditedMs: 0 }, creditableMs: 0, overBulkCap: false, ...time },
  };
}

const QUIET = { offlineNow: false, offlineFor: null, creditMs: 0, overBulkCap: false, syncedAfterEnd: false, extraTime: null, quiet: true };

describe("the Status badge", () => {
  it("shows the test's status, coloured by the participant's", () => {
    expect(participantStatusBadge(participant())).toEqual({ tone: "green", label: "in_progress" });
    expect(participantStatusBadge(participant({ status: "completed", testStatus: "completed" }))).toEqual({ tone: "blue", label: "completed" });
    expect(participantStatusBadge(participant({ status: "attempted", testStatus: "completed" }))).toEqual({ tone: "blue", label: "completed" });
  });

  it("shows the participant's own status before Launch (no test yet)", () => {
    expect(participantStatusBadge(participant({ status: "waiting", testStatus: null, testId: null }))).toEqual({ tone: "yellow", label: "waiting" });
    expect(participantStatusBadge(participant({ status: "removed", testStatus: null }))).toEqual({ tone: "red", label: "removed" });
  });

  it("says disqualified above any status", () => {
    expect(participantStatusBadge(participant({ isDisqualified: true, testStatus: "completed", status: "completed" }))).toEqual({ tone: "red", label: "disqualified" });
  });
});

describe("a test that is over", () => {
  it("is one submitted or disqualified; a running or not launched one is not", () => {
    expect(testOver(participant({ testStatus: "completed" }))).toBe(true);
    expect(testOver(participant({ testStatus: "disqualified" }))).toBe(true);
    expect(testOver(participant({ isDisqualified: true }))).toBe(true);
    expect(testOver(participant())).toBe(false);
    expect(testOver(participant({ testId: null, testStatus: null, isDisqualified: null }))).toBe(false);
  });
});

describe("the Connection cell", () => {
  it("reads — for a student who never went offline and has no extra time", () => {
    expect(participantConnection(participant())).toEqual(QUIET);
  });

  it("shows offline now while the connection is down", () => {
    const c = participantConnection(participant({ offlineNow: true, offlineMs: 0 }));
    expect(c.offlineNow).toBe(true);
    expect(c.quiet).toBe(false);
  });

  it("adds up the time offline as m:ss, rounding any disconnect up to a second", () => {
    expect(participantConnection(participant({ offlineMs: 192_000 })).offlineFor).toBe("offline for 3:12");
    expect(participantConnection(participant({ offlineMs: 1 })).offlineFor).toBe("offline for 0:01");
    expect(participantConnection(participant({ offlineMs: 3_725_000 })).offlineFor).toBe("offline for 1:02:05");
    expect(participantConnection(participant({ offlineMs: 1 })).quiet).toBe(false);
  });

  it("offers a Credit of the recorded outage time while the test runs", () => {
    expect(participantConnection(participant({ offlineMs: 90_000 }, { creditableMs: 90_000 })).creditMs).toBe(90_000);
    expect(creditableNow(participant({}, { creditableMs: 90_000 }))).toBe(90_000);
  });

  it("offers no Credit once the test is over, before Launch, or when nothing is owed", () => {
    expect(participantConnection(participant({ testStatus: "completed" }, { creditableMs: 90_000 })).creditMs).toBe(0);
    expect(participantConnection(participant({ isDisqualified: true }, { creditableMs: 90_000 })).creditMs).toBe(0);
    expect(participantConnection(participant({ testId: null, testStatus: null }, { creditableMs: 90_000 })).creditMs).toBe(0);
    expect(participantConnection(participant({}, { creditableMs: 0 })).creditMs).toBe(0);
  });

  it("flags a Credit past the bulk cap, and only beside a Credit", () => {
    expect(participantConnection(participant({}, { creditableMs: 90_000, overBulkCap: true })).overBulkCap).toBe(true);
    expect(participantConnection(participant({ testStatus: "completed" }, { creditableMs: 90_000, overBulkCap: true })).overBulkCap).toBe(false);
  });

  it("shows synced after end when answers arrived after the test ended", () => {
    expect(participantConnection(participant({ syncedAfterEnd: true }))).toEqual({ ...QUIET, syncedAfterEnd: true, quiet: false });
    expect(participantConnection(participant({ syncedAfterEnd: null })).syncedAfterEnd).toBe(false);
  });

  it("shows a launched test's own time as the time it got, with why", () => {
    const c = participantConnection(
      participant({}, { setting: { unit: "percent", amount: 25, reason: "dyslexia", fromAccount: true }, test: { accommodationMs: 15 * 60_000, extraMs: 5 * 60_000, creditedMs: 72_000 } }),
    );
    expect(c.extraTime).toEqual({ label: "+21:12", why: "+25 % (dyslexia) from their account; 1:12 offline credited" });
    expect(c.quiet).toBe(false);
  });

  it("shows whole minutes as minutes, and no why when nothing explains it", () => {
    expect(participantConnection(participant({}, { test: { accommodationMs: 0, extraMs: 5 * 60_000, creditedMs: 0 } })).extraTime).toEqual({ label: "+5 min", why: null });
  });

  it("shows the setting before Launch, and nothing for a setting of 0", () => {
    const before = { testId: null, testStatus: null, status: "waiting" as const };
    expect(participantConnection(participant(before, { test: null, setting: { unit: "minutes", amount: 15, reason: null, fromAccount: false } })).extraTime).toEqual({
      label: "+15 min",
      why: "+15 min",
    });
    expect(participantConnection(participant(before, { test: null, setting: { unit: "minutes", amount: 0, reason: null, fromAccount: false } }))).toEqual(QUIET);
  });

  it("shows no extra time for a launched test that got none, whatever the setting says now", () => {
    expect(participantConnection(participant({}, { setting: { unit: "minutes", amount: 10, reason: null, fromAccount: false } })).extraTime).toBeNull();
  });
});
