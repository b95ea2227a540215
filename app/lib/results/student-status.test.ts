import { describe, expect, it } from "vitest";
import { adminBadge, adminScoreTone, canRequestEvaluation, studentBadge, studentScoreTone } from "./student-status";

const t = (status: string, totalScore = 0, isDisqualified = false) => ({ status, totalScore, isDisqualified });

describe("status badges (spec 2 section 4)", () => {
  it("student: disqualified first, Completed only at 100, Attempted for attempted or completed under 100", () => {
    expect(studentBadge(t("completed", 100, true)).label).toBe("Disqualified");
    expect(studentBadge(t("disqualified", 0)).label).toBe("Disqualified");
    expect(studentBadge(t("completed", 100)).label).toBe("Completed");
    expect(studentBadge(t("completed", 99)).label).toBe("Attempted");
    expect(studentBadge(t("attempted", 100)).label).toBe("Attempted");
    expect(studentBadge(t("testing", 0)).label).toBe("Testing");
    expect(studentBadge(t("in_progress", 0)).label).toBe("In progress");
  });

  it("admin: disqualified, completed, otherwise the raw status", () => {
    expect(adminBadge(t("completed", 0, true)).label).toBe("Disqualified");
    expect(adminBadge(t("completed", 40)).label).toBe("Completed");
    expect(adminBadge(t("attempted", 100)).label).toBe("Attempted");
    expect(adminBadge(t("in_progress", 0)).label).toBe("In progress");
  });
});

describe("score colours (spec 2 section 9)", () => {
  it("admin: 80 green, 50 yellow, below red", () => {
    expect([80, 79, 50, 49].map(adminScoreTone)).toEqual(["green", "yellow", "yellow", "red"]);
  });
  it("student: 100 green, 50 yellow, below red", () => {
    expect([100, 99, 50, 49].map(studentScoreTone)).toEqual(["green", "yellow", "yellow", "red"]);
  });
});

describe("manual review eligibility (spec 2 section 5)", () => {
  const coding = (status: string, score: number, dq = false) => ({ ...t(status, score, dq), questionType: "coding" as const });
  it("attempted, or completed below 100, not disqualified, score at least 90, coding only", () => {
    expect(canRequestEvaluation(coding("attempted", 90))).toBe(true);
    expect(canRequestEvaluation(coding("completed", 95))).toBe(true);
    expect(canRequestEvaluation(coding("completed", 100))).toBe(false);
    expect(canRequestEvaluation(coding("attempted", 89))).toBe(false);
    expect(canRequestEvaluation(coding("attempted", 95, true))).toBe(false);
    expect(canRequestEvaluation(coding("in_progress", 95))).toBe(false);
    expect(canRequestEvaluation({ ...t("attempted", 95), questionType: "mcq" })).toBe(false);
  });
});
