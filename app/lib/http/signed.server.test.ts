import { base64url } from "jose";
import { describe, expect, it } from "vitest";
import { fromB64url, signPayload, verifyPayload } from "./signed.server";

const KEY = "test-kind:secret";
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("signed tokens", () => {
  it("verifies its own token and names the payload", async () => {
    const token = await signPayload(KEY, "room.student.123");
    expect(await verifyPayload(KEY, token)).toBe("room.student.123");
    expect(await verifyPayload("other-kind:secret", token)).toBeNull();
    expect(await verifyPayload(KEY, token.replace("123", "124"))).toBeNull();
  });

  it("refuses every other spelling of the signature, the spare bits of its last character included", async () => {
    // Over many payloads, so last characters of every kind are met.
    for (let i = 0; i < 64; i++) {
      const token = await signPayload(KEY, `p${i}`);
      const last = token.at(-1)!;
      for (const c of B64) {
        if (c === last) continue;
        expect(await verifyPayload(KEY, token.slice(0, -1) + c)).toBeNull();
      }
      expect(await verifyPayload(KEY, `${token}=`)).toBeNull();
    }
  });

  it("round-trips base64url and refuses what is not", () => {
    const bytes = new Uint8Array([0, 250, 255, 62, 63, 1]);
    expect(base64url.encode(bytes)).toBe("APr_Pj8B");
    expect(fromB64url(base64url.encode(bytes))).toEqual(bytes);
    expect(fromB64url("")).toEqual(new Uint8Array());
    // Standard base64's characters, padding and whitespace (which jose's decoder would take) are not ours.
    for (const other of ["a+b/", "APr/Pj8B", "APr_Pj8=", "APr_ Pj8B", "APr_Pj8B\n"]) expect(fromB64url(other), other).toBeNull();
    expect(fromB64url("abcde")).toBeNull();
  });
});
