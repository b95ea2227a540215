import { describe, expect, it } from "vitest";
import { afterSignIn, homeFor } from "./redirect";

describe("homeFor", () => {
  it("sends each role to its area", () => {
    expect(homeFor("admin")).toBe("/admin");
    expect(homeFor("student")).toBe("/student");
    expect(homeFor(null)).toBe("/");
  });
});

describe("afterSignIn", () => {
  it.each([
    ["student", "/waiting/room-1", "/waiting/room-1"],
    ["student", "/student/history?x=1", "/student/history?x=1"],
    ["admin", "/admin/users", "/admin/users"],
    ["admin", "/admin", "/admin"],
  ] as const)("%s may return to %s", (role, to, expected) => expect(afterSignIn(role, to)).toBe(expected));

  it.each([
    ["student", "/admin/users", "/student"],
    ["admin", "/test/room-1/coding", "/admin"],
    ["student", "https://evil.example/", "/student"],
    ["student", "//evil.example/student", "/student"],
    ["student", "/\\evil.example", "/student"],
    ["student", "/studentevil", "/student"],
    ["admin", "/administrator", "/admin"],
    ["student", "", "/student"],
    ["admin", undefined, "/admin"],
  ] as const)("%s is kept out of %s", (role, to, expected) => expect(afterSignIn(role, to)).toBe(expected));
});
