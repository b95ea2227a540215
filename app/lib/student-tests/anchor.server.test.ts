import { describe, expect, it } from "vitest";
import { ANCHOR_REUSE_MS, recentAnchor, signAnchor, verifyAnchor } from "./anchor.server";

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

  it("the journal's anchor signed within ANCHOR_REUSE_MS is handed out again, never one from later; signAnchor is always exact", async () => {
    const first = await recentAnchor(SECRET, 1_700_000_100_000);
    expect(await recentAnchor(SECRET, 1_700_000_100_000 + ANCHOR_REUSE_MS - 1)).toBe(first);
    expect(await verifyAnchor(SECRET, await signAnchor(SECRET, 1_700_000_100_001))).toBe(1_700_000_100_001);
    // Another secret, an earlier time or one past the window: signed anew.
    expect(await verifyAnchor("another-secret-0123456789", await recentAnchor("another-secret-0123456789", 1_700_000_100_001))).toBe(1_700_000_100_001);
    expect(await verifyAnchor(SECRET, await recentAnchor(SECRET, 1_700_000_099_999))).toBe(1_700_000_099_999);
    expect(await verifyAnchor(SECRET, await recentAnchor(SECRET, 1_700_000_100_000 + ANCHOR_REUSE_MS))).toBe(1_700_000_100_000 + ANCHOR_REUSE_MS);
  });

  it("a token verified once is still checked exactly: a changed one is refused after it", async () => {
    const anchor = await signAnchor(SECRET, 1_700_000_200_000);
    expect(await verifyAnchor(SECRET, anchor)).toBe(1_700_000_200_000);
    expect(await verifyAnchor(SECRET, anchor)).toBe(1_700_000_200_000);
    const [, signature] = anchor.split(".");
    expect(await verifyAnchor(SECRET, `1700000200001.${signature}`)).toBeNull();
    expect(await verifyAnchor("another-secret-0123456789", anchor)).toBeNull();
  });
});
