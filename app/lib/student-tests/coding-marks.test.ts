import { describe, expect, it } from "vitest";
import { codingMarks, codingShare, codingShareOf, passRate, totalPoints } from "./coding-marks";

const cases = (...points: number[]) => points.map((p, i) => ({ id: `c${i}`, points: p }));
const first = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);

describe("codingMarks", () => {
  it("gives the spec's results with the default 10 points a case", () => {
    // Spec 2 section 9: marks = round(passed x 50 / total), score = round(passed / total x 100).
    const table = [0, 1, 2, 3, 4, 5].map((n) => codingMarks({ passedIds: first(n), cases: cases(10, 10, 10, 10, 10) }));
    expect(table).toEqual([
      { marks: 0, score: 0 },
      { marks: 10, score: 20 },
      { marks: 20, score: 40 },
      { marks: 30, score: 60 },
      { marks: 40, score: 80 },
      { marks: 50, score: 100 },
    ]);
  });

  it("weighs each case by its points", () => {
    const weighted = cases(5, 10, 10, 10, 15); // 50 points in all
    expect(codingMarks({ passedIds: ["c0"], cases: weighted })).toEqual({ marks: 5, score: 10 });
    expect(codingMarks({ passedIds: ["c4"], cases: weighted })).toEqual({ marks: 15, score: 30 });
    expect(codingMarks({ passedIds: ["c0", "c1", "c2", "c3"], cases: weighted })).toEqual({ marks: 35, score: 70 });
    expect(codingMarks({ passedIds: first(5), cases: weighted })).toEqual({ marks: 50, score: 100 });
    // Points need not sum to 50: the share is what counts.
    expect(codingMarks({ passedIds: ["c1"], cases: cases(20, 80) })).toEqual({ marks: 40, score: 80 });
  });

  it("rounds marks and score (Math.round)", () => {
    // 1 of 3 equal cases: 16.67 marks, 33.3%.
    expect(codingMarks({ passedIds: ["c0"], cases: cases(10, 10, 10) })).toEqual({ marks: 17, score: 33 });
    // 2 of 3: 33.33 marks, 66.7%.
    expect(codingMarks({ passedIds: ["c0", "c1"], cases: cases(10, 10, 10) })).toEqual({ marks: 33, score: 67 });
    // Exactly half a mark rounds up: 1 of 100 points is 0.5 marks.
    expect(codingMarks({ passedIds: ["c0"], cases: cases(1, 99) })).toEqual({ marks: 1, score: 1 });
  });

  it("counts every case equally when the question's cases sum to 0 points", () => {
    expect(codingMarks({ passedIds: ["c0", "c1"], cases: cases(0, 0, 0, 0, 0) })).toEqual({ marks: 20, score: 40 });
    // A 0-point case among weighted ones counts nothing.
    expect(codingMarks({ passedIds: ["c0"], cases: cases(0, 10) })).toEqual({ marks: 0, score: 0 });
  });

  it("gives nothing for a question without cases", () => {
    expect(codingMarks({ passedIds: ["x"], cases: [] })).toEqual({ marks: 0, score: 0 });
  });

  it("ignores ids that are not the question's, and counts a repeated id once", () => {
    expect(codingMarks({ passedIds: ["c0", "other", "c0"], cases: cases(10, 10, 10, 10, 10) })).toEqual({ marks: 10, score: 20 });
    expect(codingMarks({ passedIds: ["other"], cases: cases(10, 10) })).toEqual({ marks: 0, score: 0 });
  });
});

describe("passRate and totalPoints", () => {
  it("counts cases, not points", () => {
    expect(passRate(4, 5)).toBe(80);
    expect(passRate(1, 3)).toBe(33);
    expect(passRate(0, 0)).toBe(0);
    expect(totalPoints(cases(5, 10, 10, 10, 15))).toBe(50);
  });
});

describe("codingShare: a test's 100 marks among the questions drawn (decision 040)", () => {
  it("gives whole marks that add up to 100, the rest to the first questions shown", () => {
    for (let n = 1; n <= 10; n++) {
      const shares = Array.from({ length: n }, (_, i) => codingShare(n, i));
      expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
    expect([0, 1].map((i) => codingShare(2, i))).toEqual([50, 50]);
    expect([0, 1, 2].map((i) => codingShare(3, i))).toEqual([34, 33, 33]);
    expect([0, 1, 2, 3, 4, 5].map((i) => codingShare(6, i))).toEqual([17, 17, 17, 17, 16, 16]);
  });

  it("keeps the spec's 50 for a question outside the draw or a test without one", () => {
    expect(codingShareOf(["a", "b", "c"], "c")).toBe(33);
    expect(codingShareOf(["a", "b", "c"], "z")).toBe(50);
    expect(codingShareOf([], "a")).toBe(50);
  });

  it("scores a question by its share: all cases passed is its whole share", () => {
    const cases = [{ id: "x", points: 10 }, { id: "y", points: 10 }];
    expect(codingMarks({ passedIds: ["x", "y"], cases, of: 34 }).marks).toBe(34);
    expect(codingMarks({ passedIds: ["x"], cases, of: 33 })).toEqual({ marks: 17, score: 50 });
    expect(codingMarks({ passedIds: ["x"], cases }).marks).toBe(25);
  });
});
