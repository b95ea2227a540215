import { describe, expect, it, vi } from "vitest";
import { createStatusStore } from "./status";

describe("the journal's status", () => {
  it("starts empty", () => {
    expect(createStatusStore().get()).toEqual({ pending: 0, syncing: false, lastSyncedAt: null, error: null, storageError: null, written: 0, tooLarge: 0, tooLargeError: null });
  });

  it("tells listeners of each change, as a new object, and of nothing that changes nothing", () => {
    const status = createStatusStore();
    const listener = vi.fn();
    status.subscribe(listener);
    const before = status.get();
    status.set({ pending: 2, syncing: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ pending: 2, syncing: true }));
    expect(status.get()).not.toBe(before);
    expect(before.pending).toBe(0);

    const after = status.get();
    status.set({ pending: 2 });
    status.set({});
    expect(listener).toHaveBeenCalledTimes(1);
    expect(status.get()).toBe(after);
  });

  it("stops telling a listener that unsubscribed, and every listener after clear()", () => {
    const status = createStatusStore();
    const gone = vi.fn();
    const stays = vi.fn();
    const unsubscribe = status.subscribe(gone);
    status.subscribe(stays);
    unsubscribe();
    status.set({ written: 1 });
    expect(gone).not.toHaveBeenCalled();
    expect(stays).toHaveBeenCalledTimes(1);
    status.clear();
    status.set({ written: 2 });
    expect(stays).toHaveBeenCalledTimes(1);
    expect(status.get().written).toBe(2);
  });
});
