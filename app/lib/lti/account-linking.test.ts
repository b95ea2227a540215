import { describe, expect, it } from "vitest";
import { emailLinkDecision, newAccountEmail } from "./account-linking";

const proven = { role: "student" as const, emailVerified: true, hasLmsLink: false };

describe("emailLinkDecision (decision 035)", () => {
  it("links a trusted LMS user only to a proven, unlinked, non-admin account", () => {
    expect(emailLinkDecision(true, proven)).toBe("link");
    expect(emailLinkDecision(true, { ...proven, emailVerified: false })).toBe("separate");
    expect(emailLinkDecision(true, { ...proven, hasLmsLink: true })).toBe("separate");
    expect(emailLinkDecision(true, { ...proven, role: "admin" })).toBe("separate");
    expect(emailLinkDecision(true, undefined)).toBe("separate");
  });

  it("an untrusted LMS never links: it is refused only where trusting it would link", () => {
    expect(emailLinkDecision(false, proven)).toBe("refuse");
    expect(emailLinkDecision(false, { ...proven, emailVerified: false })).toBe("separate");
    expect(emailLinkDecision(false, undefined)).toBe("separate");
  });

  it("a new account keeps the claimed email only from a trusted LMS, and only when it is free", () => {
    expect(newAccountEmail(true, "a@b.test", false)).toBe("a@b.test");
    expect(newAccountEmail(true, "a@b.test", true)).toBeNull();
    expect(newAccountEmail(false, "a@b.test", false)).toBeNull();
    expect(newAccountEmail(true, undefined, false)).toBeNull();
  });
});
