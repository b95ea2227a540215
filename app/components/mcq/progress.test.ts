import { describe, expect, it } from "vitest";
import {
  formatRemaining,
  isTypingTarget,
  latestProgressEntry,
  sanitizeProgress,
  shortcutFor,
  summarize,
  type McqQuestion,
} from "./progress";
import { questionState } from "./question-state";

const questions: McqQuestion[] = [
  { id: "a", title: "A?", options: ["1", "2", "3", "4"] },
  { id: "b", title: "B?", options: ["1", "2", "3", "4"] },
  { id: "c", title: "C?", options: ["yes", "no"] },
];

describe("sanitizeProgress", () => {
  it("keeps answers to known questions that are one of their options", () => {
    const p = sanitizeProgress({ answers: { a: 3, b: 4, c: 1, x: 0, d: "1" }, marked: ["b", "b", "zz", 5], currentIndex: 9 }, questions);
    expect(p).toEqual({ answers: { a: 3, c: 1 }, marked: ["b"], currentIndex: 2 });
  });
  it("rejects non-integer and negative choices and survives garbage", () => {
    expect(sanitizeProgress({ answers: { a: 1.5, b: -1 } }, questions).answers).toEqual({});
    expect(sanitizeProgress(null, questions)).toEqual({ answers: {}, marked: [], currentIndex: 0 });
    expect(sanitizeProgress({ currentIndex: -3 }, questions).currentIndex).toBe(0);
    expect(sanitizeProgress({ answers: { c: 2 } }, questions).answers).toEqual({});
  });
});

describe("summaries", () => {
  const p = { answers: { a: 0, b: 1 }, marked: ["b", "c"], currentIndex: 0 };
  it("counts answered, not answered and marked", () => {
    expect(summarize(p, questions)).toEqual({ total: 3, answered: 2, notAnswered: 1, marked: 2 });
  });
  it("colours marked first, then answered, else unanswered", () => {
    expect(questionState(p, "a")).toBe("answered");
    expect(questionState(p, "b")).toBe("marked");
    expect(questionState(p, "c")).toBe("marked");
    expect(questionState({ ...p, marked: [] }, "c")).toBe("unanswered");
  });
});

describe("formatRemaining", () => {
  it("formats mm:ss and h:mm:ss, never negative", () => {
    expect(formatRemaining(300_000)).toBe("05:00");
    expect(formatRemaining(59_001)).toBe("01:00");
    expect(formatRemaining(3_600_000 + 61_000)).toBe("1:01:01");
    expect(formatRemaining(-5)).toBe("00:00");
  });
});

describe("shortcuts", () => {
  it("maps 1-4, N, P, M and G only", () => {
    expect(shortcutFor("1")).toEqual({ type: "choose", option: 0 });
    expect(shortcutFor("4")).toEqual({ type: "choose", option: 3 });
    expect(shortcutFor("5")).toBeNull();
    expect(shortcutFor("0")).toBeNull();
    expect(shortcutFor("n")).toEqual({ type: "next" });
    expect(shortcutFor("P")).toEqual({ type: "previous" });
    expect(shortcutFor("m")).toEqual({ type: "mark" });
    expect(shortcutFor("g")).toEqual({ type: "navigator" });
    expect(shortcutFor("Enter")).toBeNull();
  });
  it("treats text fields as typing, radios and buttons not", () => {
    const el = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, ...extra }) as unknown as EventTarget;
    expect(isTypingTarget(el("INPUT", { type: "text" }))).toBe(true);
    expect(isTypingTarget(el("TEXTAREA"))).toBe(true);
    expect(isTypingTarget(el("DIV", { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(el("INPUT", { type: "radio" }))).toBe(false);
    expect(isTypingTarget(el("BUTTON"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("latestProgressEntry", () => {
  it("takes the highest-seq mcq-progress payload", () => {
    const entries = [
      { seq: 3, kind: "mcq-progress", payload: { currentIndex: 3 } },
      { seq: 7, kind: "tab-switch", payload: { at: 1 } },
      { seq: 5, kind: "mcq-progress", payload: { currentIndex: 5 } },
    ];
    expect(latestProgressEntry(entries)).toEqual({ currentIndex: 5 });
    expect(latestProgressEntry([])).toBeNull();
  });
});
