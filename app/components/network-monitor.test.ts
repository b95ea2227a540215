import { describe, expect, it, vi } from "vitest";
import { labelForKbps } from "./network-monitor";

describe("the network indicator's label (spec §9)", () => {
  it("is Slow below 100 kbps, Good below 500, Fast from 500", () => {
    expect([0, 99.9, 100, 499.9, 500, 10_000].map(labelForKbps)).toEqual(["Slow", "Slow", "Good", "Good", "Fast", "Fast"]);
  });
});

describe("the network coming back (issue 34: the offline banner clears)", () => {
  it("a failed first check after `online` is tried again within seconds, not at the next 10 s interval", async () => {
    vi.useFakeTimers();
    const events = new EventTarget();
    const nav = { onLine: false };
    let reachable = false;
    const fetchMock = vi.fn(async () => {
      // The first request after the network returns fails, as Chromium's ERR_NETWORK_CHANGED does.
      if (!reachable) throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify({ ok: true, time: Date.now() }), { status: 200 });
    });
    vi.stubGlobal("window", events);
    vi.stubGlobal("navigator", nav);
    vi.stubGlobal("document", { readyState: "complete" });
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("localStorage", { setItem() {}, getItem: () => null });
    const store = await import("./network-store");
    const monitor = await import("./network-monitor");
    try {
      monitor.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(store.getNetworkStatus().online).toBe(false);
      nav.onLine = true;
      events.dispatchEvent(new Event("online"));
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(store.getNetworkStatus().online).toBe(false);
      reachable = true;
      await vi.advanceTimersByTimeAsync(monitor.RETRY_AFTER_FAILURE_MS + 50);
      expect(store.getNetworkStatus().online).toBe(true);
      expect(store.getNetworkStatus().label).not.toBe("Offline");
    } finally {
      monitor.stop();
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
