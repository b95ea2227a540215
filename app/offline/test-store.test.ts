import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { TestState } from "./journal";
import { loadWithLocal } from "./client-loader";
import { journaledCodes, mergeLocal, newerThanServer, readLocalTest, saveCode, saveProgress, saveServerData, saveState, saveSubmission, withPending } from "./test-store";

const STATE: TestState = {
  status: "in_progress",
  isDisqualified: false,
  isLocked: false,
  tabSwitchCount: 0,
  unlockAttemptsRemaining: 3,
  endsAt: 10_000,
  serverNow: 1_000,
  totalScore: 0,
  maxScore: 100,
  submittedAt: null,
};

type Data = { testId: string; serverNow: number; state: TestState; title: string };
const data = (over: Partial<Data> = {}): Data => ({ testId: "t1", serverNow: 1_000, state: STATE, title: "server", ...over });
let rooms = 0;
const room = () => `room-${rooms++}`;

describe("the test kept on this device", () => {
  it("offline, the page gets the last server data with this device's newer code, answers and state", async () => {
    const r = room();
    await saveServerData(r, "t1", data(), 1_000, STATE);
    await saveCode(r, "t1", "q1", "print(1)", 2_000);
    await saveCode(r, "t1", "q1", "older", 1_500); // an older write never wins
    await saveProgress(r, "t1", { answers: { a: 2 } }, 2_500);
    await saveState(r, "t1", { ...STATE, endsAt: 70_000, serverNow: 3_000 });
    const merged = mergeLocal<Data>(null, await readLocalTest<Data>(r));
    expect(merged).toMatchObject({ title: "server", fromDevice: true, state: { endsAt: 70_000 } });
    expect(merged!.local!.codes!.q1).toEqual({ value: "print(1)", at: 2_000 });
    expect(merged!.local!.progress).toEqual({ value: { answers: { a: 2 } }, at: 2_500 });
  });

  it("verdicts heard after the copy was kept survive an offline reload, newest first (issue 10)", async () => {
    const r = room();
    await saveServerData(r, "t1", data(), 1_000, STATE);
    await saveSubmission(r, "t1", "q1", { passed: 5, total: 5, marks: 50 }, 2_000);
    await saveSubmission(r, "t1", "q1", { passed: 1, total: 5, marks: 10 }, 1_500); // an older verdict never wins
    const merged = mergeLocal<Data>(null, await readLocalTest<Data>(r));
    const mine = merged!.local!.submissions!.q1;
    expect(mine).toEqual({ value: { passed: 5, total: 5, marks: 50 }, at: 2_000 });
    // The page takes this device's verdict over the server's older one (or none), and the server's newer one over it.
    expect(newerThanServer(mine, null, null)).toEqual({ passed: 5, total: 5, marks: 50 });
    expect(newerThanServer(mine, { passed: 2, total: 5, marks: 20 }, 1_800)).toEqual({ passed: 5, total: 5, marks: 50 });
    expect(newerThanServer(mine, { passed: 2, total: 5, marks: 20 }, 2_500)).toEqual({ passed: 2, total: 5, marks: 20 });
  });

  it("online, the server's data wins unless this device's state is newer", async () => {
    const r = room();
    await saveServerData(r, "t1", data(), 1_000, STATE);
    await saveState(r, "t1", { ...STATE, isLocked: true, serverNow: 5_000 });
    const fresh = data({ title: "fresh", serverNow: 4_000, state: { ...STATE, serverNow: 4_000 } });
    expect(mergeLocal(fresh, await readLocalTest<Data>(r))).toMatchObject({ title: "fresh", fromDevice: false, state: { isLocked: true } });
    const newer = data({ title: "newer", serverNow: 6_000, state: { ...STATE, serverNow: 6_000 } });
    expect(mergeLocal(newer, await readLocalTest<Data>(r))).toMatchObject({ title: "newer", state: { isLocked: false } });
  });

  it("ignores another test's copy and has nothing to show with neither", async () => {
    const r = room();
    await saveServerData(r, "old-test", data({ testId: "old-test" }), 1_000, STATE);
    await saveCode(r, "t1", "q1", "not stored: no data for t1", 2_000);
    expect(mergeLocal(data(), await readLocalTest<Data>(r))).toMatchObject({ local: null });
    expect(mergeLocal<Data>(null, await readLocalTest<Data>(room()))).toBeNull();
  });
});

describe("unsynced proctoring laid over the server state", () => {
  const coding = { type: "coding" as const, maxSwitches: 3, provisionalUnlock: true };

  it("a switch made offline locks a coding test at once; an unlock is provisional", () => {
    expect(withPending(STATE, [{ kind: "tab-switch" }], coding)).toMatchObject({ tabSwitchCount: 1, isLocked: true, provisional: false });
    expect(withPending(STATE, [{ kind: "tab-switch" }, { kind: "unlock" }], coding)).toMatchObject({ isLocked: false, provisional: true });
    // Online and still waiting for the answer: the lock stays until the server checks the code.
    expect(withPending(STATE, [{ kind: "tab-switch" }, { kind: "unlock" }], { ...coding, provisionalUnlock: false })).toMatchObject({ isLocked: true });
  });

  it("the third switch disqualifies, MCQ switches only count, and a queued finish shows", () => {
    const two = { ...STATE, tabSwitchCount: 2 };
    expect(withPending(two, [{ kind: "tab-switch" }], coding)).toMatchObject({ tabSwitchCount: 3, isDisqualified: true, isLocked: false });
    expect(withPending(two, [{ kind: "tab-switch" }], { ...coding, type: "mcq" })).toMatchObject({ tabSwitchCount: 3, isDisqualified: false, isLocked: false });
    expect(withPending(STATE, [{ kind: "code" }, { kind: "finish" }], coding)).toMatchObject({ finishing: true });
    // Nothing counts after the test is over.
    expect(withPending({ ...STATE, submittedAt: 5 }, [{ kind: "tab-switch" }], coding)).toMatchObject({ tabSwitchCount: 0 });
  });
});

describe("the code the server holds or will hold once the journal syncs", () => {
  const questions = [
    { id: "q1", code: "server 1" },
    { id: "q2", code: "" },
  ];
  it("is the server's copy when nothing is pending", () => {
    expect(journaledCodes(questions, [])).toEqual({ q1: "server 1", q2: "" });
  });
  it("is the newest unsynced code or submit entry, by seq, whatever order they are listed in", () => {
    const pending = [
      { seq: 7, kind: "code" as const, payload: { questionId: "q2", code: "final" } },
      { seq: 5, kind: "submit-code" as const, payload: { questionId: "q2", code: "draft" } },
      { seq: 6, kind: "tab-switch" as const, payload: { at: 1 } },
      { seq: 4, kind: "code" as const, payload: { questionId: "q1", code: "newer 1" } },
      { seq: 8, kind: "code" as const, payload: { questionId: "elsewhere", code: "x" } },
    ];
    expect(journaledCodes(questions, pending)).toEqual({ q1: "newer 1", q2: "final" });
  });
  it("so a device copy the journal never got differs from it (and is journaled again)", async () => {
    const r = room();
    await saveServerData(r, "t1", data(), 1_000, STATE);
    await saveCode(r, "t1", "q2", "typed before the page closed", 2_000);
    const local = await readLocalTest<Data>(r);
    const shown = newerThanServer(local!.codes!.q2, "", null);
    expect(shown).toBe("typed before the page closed");
    expect(journaledCodes(questions, []).q2).not.toBe(shown);
  });
});

describe("a test page's client loader", () => {
  it("hands the page the server's test capability, but keeps none on the device", async () => {
    const r = room();
    const server = { ...data(), capability: "t1~r1~s1~k~x.signature" };
    const page = await loadWithLocal(r, async () => server);
    expect(page.capability).toBe(server.capability);
    const kept = await readLocalTest<typeof server>(r);
    expect(kept?.data.title).toBe("server");
    expect(kept?.data.capability).toBeNull();
    // Offline, the page is built from the device's copy: no capability, so the journal's first request goes the full way.
    const offline = await loadWithLocal<typeof server>(r, async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(offline.fromDevice).toBe(true);
    expect(offline.capability).toBeNull();
  });
});
