import { describe, expect, it } from "vitest";
import { isSizeIssue, JOURNAL_LIMITS, JournalBatchSchema, JournalEntrySchema, JournalResponseSchema } from "./journal-protocol";
import { parseJournalResponse } from "./journal-response";

const entry = (kind: string, payload: Record<string, unknown>) => ({ id: crypto.randomUUID(), seq: 0, kind, payload, createdAt: 1_700_000_000_000 });
const issues = (value: unknown) => {
  const parsed = JournalEntrySchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues;
};

describe("journal entry schemas", () => {
  it("keeps what each kind needs and drops anything else", () => {
    const parsed = JournalEntrySchema.parse({ ...entry("code", { questionId: "q1", code: "print(1)", junk: "x".repeat(1000) }), anchor: "1.abc" });
    expect(parsed.payload).toEqual({ questionId: "q1", code: "print(1)" });
    expect(parsed.anchor).toBe("1.abc");
    expect(JournalEntrySchema.parse(entry("tab-switch", { at: 5, extra: [1, 2, 3] })).payload).toEqual({ at: 5 });
    expect(JournalEntrySchema.parse(entry("finish", {})).payload).toEqual({});
    expect(JournalEntrySchema.parse(entry("mcq-progress", { answers: { a: 1 } })).payload).toEqual({ answers: { a: 1 }, marked: [], currentIndex: 0 });
  });

  it("code of 64 KB passes; one byte more is a size issue (413), counted in UTF-8", () => {
    expect(issues(entry("code", { questionId: "q1", code: "x".repeat(JOURNAL_LIMITS.codeBytes) }))).toEqual([]);
    const over = issues(entry("submit-code", { questionId: "q1", code: "x".repeat(JOURNAL_LIMITS.codeBytes + 1) }));
    expect(over.map(isSizeIssue)).toEqual([true]);
    expect(over[0]!.message).toBe("Code can be at most 64 KB");
    // 22,000 three-byte characters are 66,000 bytes.
    expect(issues(entry("code", { questionId: "q1", code: "€".repeat(22_000) })).map(isSizeIssue)).toEqual([true]);
  });

  it("answers and marks are bounded by the question count; small kinds are small", () => {
    const answers = Object.fromEntries(Array.from({ length: JOURNAL_LIMITS.questions + 1 }, (_, i) => [`q${i}`, 1]));
    expect(issues(entry("finish", { answers })).map(isSizeIssue)).toEqual([true]);
    expect(issues(entry("mcq-progress", { marked: Array.from({ length: JOURNAL_LIMITS.questions + 1 }, (_, i) => `q${i}`) })).map(isSizeIssue)).toEqual([true]);
    expect(issues(entry("unlock", { code: "x".repeat(JOURNAL_LIMITS.unlockCode + 1) })).map(isSizeIssue)).toEqual([true]);
  });

  it("a wrong shape is malformed (400), not too large", () => {
    for (const bad of [entry("code", { questionId: "q1" }), entry("code", { questionId: 5, code: "x" }), entry("unlock", {}), entry("teleport", {})]) {
      const found = issues(bad);
      expect(found.length).toBeGreaterThan(0);
      expect(found.some(isSizeIssue)).toBe(false);
    }
  });

  it("a batch holds at most 100 entries", () => {
    const parsed = JournalBatchSchema.safeParse({ entries: Array.from({ length: JOURNAL_LIMITS.batchEntries + 1 }, () => entry("tab-switch", {})) });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.some(isSizeIssue)).toBe(true);
  });
});

describe("the browser's check of the journal's answer agrees with JournalResponseSchema", () => {
  const state = { status: "in_progress", isDisqualified: false, isLocked: false, tabSwitchCount: 0, unlockAttemptsRemaining: 3, endsAt: null, serverNow: 5 };
  const valid = [
    { accepted: [], rejected: [], state },
    { accepted: ["a"], rejected: [{ id: "b", reason: "late", extra: 1 }], judged: [{ id: "c", questionId: "q", passed: 1, total: 2, marks: 5, score: 10 }], state: { ...state, endsAt: 9, totalScore: 3, maxScore: 4, submittedAt: 7 }, anchor: "1.x" },
    { accepted: [], rejected: [], state: { ...state, submittedAt: null }, junk: true },
    // Held results (decision 041): no score in the state, no figures in a judged submit; null stays null (not the default 0).
    { accepted: ["a"], rejected: [], judged: [{ id: "c", questionId: "q", passed: null, total: null, marks: null, score: null }], state: { ...state, totalScore: null, maxScore: null } },
  ];
  const invalid = [
    null,
    "<html>",
    [],
    { accepted: [], rejected: [] },
    { accepted: [1], rejected: [], state },
    { accepted: [], rejected: [{ id: "b" }], state },
    { accepted: [], rejected: [], judged: [{ id: "c" }], state },
    // A judged submit without its score: the page would have to recompute it (decision 037).
    { accepted: [], rejected: [], judged: [{ id: "c", questionId: "q", passed: 1, total: 2, marks: 5 }], state },
    { accepted: [], rejected: [], state: { ...state, isLocked: "no" } },
    { accepted: [], rejected: [], state: { ...state, endsAt: undefined } },
    { accepted: [], rejected: [], state, anchor: 5 },
  ];
  it.each(valid)("accepts %o as zod does", (v) => expect(parseJournalResponse(v)).toEqual(JournalResponseSchema.parse(v)));
  it.each(invalid)("refuses %o as zod does", (v) => {
    expect(JournalResponseSchema.safeParse(v).success).toBe(false);
    expect(parseJournalResponse(v)).toBeNull();
  });
});
