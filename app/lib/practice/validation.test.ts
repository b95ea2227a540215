import { describe, expect, it } from "vitest";
import { firstError } from "~/lib/accounts/validation";
import { CreatePracticeRoomSchema, draftKey, otpLeft, PRACTICE_LIMITS, PracticeRoomActionSchema, runMessage, RunPracticeSchema } from "./validation";

describe("CreatePracticeRoomSchema", () => {
  it("needs both fields ('Please fill all fields'), trimmed, and bounds the name", () => {
    expect(CreatePracticeRoomSchema.parse({ roomName: "  Loops ", category: " Arrays " })).toEqual({ roomName: "Loops", category: "Arrays" });
    for (const v of [{}, { roomName: "x" }, { category: "y" }, { roomName: "  ", category: "y" }]) {
      expect(firstError(CreatePracticeRoomSchema, v)).toBe("Please fill all fields");
    }
    expect(firstError(CreatePracticeRoomSchema, { roomName: "x".repeat(PRACTICE_LIMITS.roomName + 1), category: "y" })).toBe(
      "Room name can be at most 120 characters",
    );
  });
});

describe("RunPracticeSchema", () => {
  it("asks for code first and bounds it to 64 KB", () => {
    expect(firstError(RunPracticeSchema, { questionId: "q", code: " \n " })).toBe("Please write some code first");
    expect(firstError(RunPracticeSchema, { questionId: "q" })).toBe("Please write some code first");
    expect(firstError(RunPracticeSchema, { questionId: "q", code: "x".repeat(64 * 1024 + 1) })).toBe("Your code is over 64 KB");
    expect(firstError(RunPracticeSchema, { questionId: "q", code: "print(1)" })).toBeNull();
    expect(firstError(RunPracticeSchema, { code: "print(1)" })).toBe("This question is not part of this practice room");
  });
});

describe("PracticeRoomActionSchema", () => {
  it("names a room for every intent, with that intent's failure message", () => {
    expect(firstError(PracticeRoomActionSchema, { intent: "delete" })).toBe("Failed to delete practice room");
    expect(firstError(PracticeRoomActionSchema, { intent: "activate", roomId: "" })).toBe("Failed to update room status");
    expect(PracticeRoomActionSchema.parse({ intent: "deactivate", roomId: "r1" })).toEqual({ intent: "deactivate", roomId: "r1" });
  });
});

describe("messages and helpers", () => {
  it("says the spec's run messages", () => {
    expect(runMessage(5, 5)).toBe("All test cases passed!");
    expect(runMessage(1, 5)).toBe("1/5 test cases passed");
  });

  it("shows an OTP's time left, or that it expired", () => {
    const now = 1_000_000;
    expect(otpLeft(now + PRACTICE_LIMITS.otpMs, now)).toBe("Expires in 24 h 0 min");
    expect(otpLeft(now + 90 * 60_000, now)).toBe("Expires in 1 h 30 min");
    expect(otpLeft(now + 30_000, now)).toBe("Expires in 1 min");
    expect(otpLeft(now, now)).toBe("Expired");
    expect(otpLeft(null, now)).toBe("Expired");
  });

  it("keys drafts by room and question", () => {
    expect(draftKey("r", "q")).toBe("practice-draft:r:q");
    expect(draftKey("r", "q")).not.toBe(draftKey("r2", "q"));
  });
});
