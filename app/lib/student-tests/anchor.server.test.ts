import { describe, expect, it } from "vitest";
import { signAnchor, verifyAnchor } from "./anchor.server";

const SECRET = "unit-test-secret-0123456789";

describe("time anchors", () => {
  it("a signed anchor names its time and verifies", async () => {
    const anchor = await signAnchor(SECRET, 1_700_000_000_123);
    expect(anchor).toMatch(/^1700000000123\.[A-Za-z0-9_-]+$/);
    expect(await verifyAnchor(SECRET, anchor)).toBe(1_700_000_000_123);
  });

  it("a changed time, another secret's signature or garbage is not an anchor", async () => {
    const anchor = await signAnchor(SECRET, 1_700_000_000_000);
    const [, signature] = anchor.split(".");
    expect(await verifyAnchor(SECRET, `1800000000000.${signature}`)).toBeNull();
    expect(await verifyAnchor("another-secret-0123456789", anchor)).toBeNull();
    for (const bad of [undefined, "", "123", "abc.def", `${anchor}x!`, `-1.${signature}`]) expect(await verifyAnchor(SECRET, bad)).toBeNull();
  });
});
