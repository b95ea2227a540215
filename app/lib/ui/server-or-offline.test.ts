import { describe, expect, it, vi } from "vitest";
import { ignoreAbortedRequest, serverOrOffline } from "./server-or-offline";

describe("ignoreAbortedRequest", () => {
  const event = (reason: unknown) => ({ reason, preventDefault: vi.fn() });

  it("marks a rejection with an aborted request's reason as handled", () => {
    const controller = new AbortController();
    controller.abort();
    const e = event(controller.signal.reason);
    ignoreAbortedRequest(e);
    expect(e.preventDefault).toHaveBeenCalledOnce();
  });

  it("leaves every other rejection to be reported", () => {
    for (const reason of [new Error("boom"), new DOMException("quota", "QuotaExceededError"), { name: "AbortError" }, "AbortError", null]) {
      const e = event(reason);
      ignoreAbortedRequest(e);
      expect(e.preventDefault, String(reason)).not.toHaveBeenCalled();
    }
  });
});

describe("serverOrOffline", () => {
  it("passes the server's data, turns a network failure into null, and throws a Response on", async () => {
    expect(await serverOrOffline(async () => ({ ok: 1 }))).toEqual({ ok: 1 });
    expect(await serverOrOffline(() => Promise.reject(new TypeError("Failed to fetch")))).toBeNull();
    const redirect = new Response(null, { status: 302 });
    await expect(serverOrOffline(() => Promise.reject(redirect))).rejects.toBe(redirect);
  });
});
