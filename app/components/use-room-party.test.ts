import { describe, expect, it } from "vitest";
import { coalescedRefresh } from "./use-room-party";

describe("party events during a revalidation", () => {
  it("revalidate at once when nothing runs, and owe nothing afterwards", () => {
    const r = coalescedRefresh();
    expect(r.request(true)).toBe(true);
    expect(r.settled()).toBe(false);
  });
  it("an event that arrives while one runs is not dropped: exactly one more follows, however many arrived", () => {
    const r = coalescedRefresh();
    expect(r.request(false)).toBe(false);
    expect(r.request(false)).toBe(false);
    expect(r.request(false)).toBe(false);
    expect(r.settled()).toBe(true);
    expect(r.settled()).toBe(false);
  });
});
