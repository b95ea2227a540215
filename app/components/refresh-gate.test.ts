import { describe, expect, it } from "vitest";
import { NAVIGATE_WAIT_MS, REFRESH_SETTLE_MS, refreshGate } from "./refresh-gate";

function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("party-driven refreshes (issue 34: one in flight, one queued, none while the router is busy)", () => {
  it("refreshes at once when nothing runs, and owes nothing afterwards", () => {
    const c = clock();
    const g = refreshGate(c.now);
    expect(g.refresh()).toEqual({ kind: "refresh" });
    expect(g.observe(true)).toBeNull();
    expect(g.observe(false)).toBeNull();
    expect(g.nextCheckAt()).toBeNull();
  });

  it("a burst of events in one tick, before any render, starts one refresh and queues exactly one more", () => {
    const c = clock();
    const g = refreshGate(c.now);
    expect(g.refresh()).toEqual({ kind: "refresh" });
    // The render that would show the first one running has not happened yet: the old code saw "idle" here.
    for (let i = 0; i < 20; i++) expect(g.refresh()).toBeNull();
    expect(g.observe(true)).toBeNull();
    expect(g.observe(false)).toEqual({ kind: "refresh" });
    expect(g.observe(true)).toBeNull();
    expect(g.observe(false)).toBeNull();
  });

  it("never starts while a navigation or a fetcher's reload runs; the queued one follows when the router is idle", () => {
    const c = clock();
    const g = refreshGate(c.now);
    expect(g.observe(true)).toBeNull();
    expect(g.refresh()).toBeNull();
    expect(g.refresh()).toBeNull();
    expect(g.observe(true)).toBeNull();
    expect(g.observe(false)).toEqual({ kind: "refresh" });
  });

  it("a render committed before the refresh showed does not end it; a refresh no render ever showed ends after REFRESH_SETTLE_MS", () => {
    const c = clock();
    const g = refreshGate(c.now);
    g.refresh();
    expect(g.refresh()).toBeNull();
    // A render that still reflects the state from before the call.
    expect(g.observe(false)).toBeNull();
    expect(g.nextCheckAt()).toBe(1_000 + REFRESH_SETTLE_MS);
    c.advance(REFRESH_SETTLE_MS);
    expect(g.observe(false)).toEqual({ kind: "refresh" });
  });

  it("a navigation waits for a running refresh and replaces the queued one; it goes anyway after NAVIGATE_WAIT_MS", () => {
    const c = clock();
    const g = refreshGate(c.now);
    const gone: string[] = [];
    g.refresh();
    g.observe(true);
    g.refresh();
    expect(g.run(() => gone.push("terms"))).toBeNull();
    // Events after it do not queue a refresh behind the page that is leaving.
    expect(g.refresh()).toBeNull();
    const step = g.observe(false);
    expect(step?.kind).toBe("run");
    if (step?.kind === "run") step.run();
    expect(gone).toEqual(["terms"]);
    expect(g.observe(false)).toBeNull();

    const h = refreshGate(c.now);
    h.observe(true);
    expect(h.run(() => gone.push("student"))).toBeNull();
    expect(h.nextCheckAt()).toBe(c.now() + NAVIGATE_WAIT_MS);
    c.advance(NAVIGATE_WAIT_MS);
    expect(h.observe(true)?.kind).toBe("run");
  });

  it("a navigation with nothing running goes at once", () => {
    const g = refreshGate(clock().now);
    expect(g.run(() => {})?.kind).toBe("run");
  });
});
