import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { TestState } from "./journal";
import { loadWithLocal } from "./client-loader";
import { readLocalTest } from "./test-store";

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

describe("a test page's client loader", () => {
  it("hands the page the server's test capability, but keeps none on the device", async () => {
    const server = { testId: "t1", serverNow: 1_000, state: STATE, title: "Loops", capability: "t1~r1~s1~k~x.signature" };
    const page = await loadWithLocal("room-cap", async () => server);
    expect(page.capability).toBe(server.capability);
    const kept = await readLocalTest<typeof server>("room-cap");
    expect(kept?.data.title).toBe("Loops");
    expect(kept?.data.capability).toBeNull();
    // Offline, the page is built from the device's copy: no capability, so the journal's first request goes the full way.
    const offline = await loadWithLocal<typeof server>("room-cap", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(offline.fromDevice).toBe(true);
    expect(offline.capability).toBeNull();
  });
});
