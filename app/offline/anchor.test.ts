import { describe, expect, it } from "vitest";
import { anchorTime, createAnchorStore } from "./anchor";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe("the device's time anchors", () => {
  it("reads the time in front of an anchor", () => {
    expect(anchorTime("1700000000000.abc_-")).toBe(1_700_000_000_000);
    expect(anchorTime("nope")).toBeNull();
    expect(anchorTime(undefined)).toBeNull();
  });

  it("keeps the newest only, ignoring what is not an anchor", () => {
    const store = createAnchorStore(null);
    expect(store.newest()).toBeUndefined();
    store.note("2000.b");
    store.note("1000.a");
    store.note(42);
    store.note("garbage");
    expect(store.newest()).toBe("2000.b");
  });

  it("shares the newest between the tabs (and reloads) of a device through storage", () => {
    const storage = memoryStorage();
    const tabA = createAnchorStore(storage);
    const tabB = createAnchorStore(storage);
    tabA.note("3000.a");
    expect(tabB.newest()).toBe("3000.a");
    tabB.note("2500.b"); // older: ignored
    expect(tabA.newest()).toBe("3000.a");
    tabB.note("4000.b");
    expect(tabA.newest()).toBe("4000.b");
    expect(createAnchorStore(storage).newest()).toBe("4000.b");
  });

  it("works without storage (private mode) from memory", () => {
    const broken = { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("denied"); } };
    const store = createAnchorStore(broken);
    store.note("5000.x");
    expect(store.newest()).toBe("5000.x");
  });
});
