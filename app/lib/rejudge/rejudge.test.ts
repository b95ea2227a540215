import { describe, expect, it } from "vitest";
import { caseFlips, changedText, progressText, samePassed } from "./rejudge";

describe("the rejudge preview's words", () => {
  it("counts students and progress as the issue words them", () => {
    expect(changedText(12, 148)).toBe("12 of 148 students change");
    expect(changedText(1, 148)).toBe("1 of 148 students changes");
    expect(changedText(1, 1)).toBe("1 of 1 student changes");
    expect(changedText(0, 3)).toBe("0 of 3 students change");
    expect(progressText(48, 148)).toBe("Rejudging 48 / 148");
  });
});

describe("caseFlips", () => {
  const ids = ["a", "b", "c", "d", "e"];
  it("lists each case whose verdict changes, numbered in the question's order", () => {
    expect(caseFlips(ids, ["a", "b", "c"], ["a", "c", "e"])).toEqual([
      { number: 2, was: true, now: false },
      { number: 5, was: false, now: true },
    ]);
  });
  it("is empty when nothing flips, whatever the order of the lists", () => {
    expect(caseFlips(ids, ["c", "a"], ["a", "c"])).toEqual([]);
  });
  it("shows a case passed before that no longer exists as a removed case, last", () => {
    expect(caseFlips(ids, ["gone", "a"], ["a", "b"])).toEqual([
      { number: 2, was: false, now: true },
      { number: null, was: true, now: false },
    ]);
  });
});

describe("samePassed", () => {
  it("compares the cases as sets", () => {
    expect(samePassed(["a", "b"], ["b", "a"])).toBe(true);
    expect(samePassed(["a", "b"], ["a"])).toBe(false);
    expect(samePassed([], [])).toBe(true);
    expect(samePassed(["a", "a"], ["a"])).toBe(true);
  });
});
