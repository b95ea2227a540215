import { describe, expect, it } from "vitest";
import { labelForKbps } from "./network-monitor";

describe("the network indicator's label (spec §9)", () => {
  it("is Slow below 100 kbps, Good below 500, Fast from 500", () => {
    expect([0, 99.9, 100, 499.9, 500, 10_000].map(labelForKbps)).toEqual(["Slow", "Slow", "Good", "Good", "Fast", "Fast"]);
  });
});
