import { describe, expect, it } from "vitest";
import { initials, shortId } from "./format";

describe("initials", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["ada", "A"],
    ["Grace Brewster Murray Hopper", "GB"],
    ["  spaced   out  ", "SO"],
    ["", ""],
  ])("%s → %s", (name, expected) => expect(initials(name)).toBe(expected));
});

describe("shortId", () => {
  it("takes the first 13 characters, uppercased", () => {
    expect(shortId("0f8fab12-3c4d-4e5f-8a9b-0c1d2e3f4a5b")).toBe("0F8FAB12-3C4D");
  });
});
