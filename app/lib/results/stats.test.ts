import { describe, expect, it } from "vitest";
import { caseStats, ISOLATED_FAIL_FLAG, mcqStats, MIN_STRONG, percent, pointBiserial, questionStat, scoreHistogram, type Attempt } from "./stats";

describe("scoreHistogram", () => {
  it("bins by 10 up to 89, then the 90–99 near-miss band and the pass line at 100", () => {
    const bins = scoreHistogram([0, 9, 10, 50, 89, 90, 99, 100, 100, 120, -3, 49.6]);
    expect(bins.map((b) => b.label)).toEqual(["0–9", "10–19", "20–29", "30–39", "40–49", "50–59", "60–69", "70–79", "80–89", "90–99", "100"]);
    expect(bins.map((b) => b.count)).toEqual([3, 1, 0, 0, 0, 2, 0, 0, 1, 2, 3]);
    expect(bins.map((b) => b.band)).toEqual([...Array(9).fill("below"), "near", "pass"]);
  });

  it("is all zeros for an empty room", () => {
    expect(scoreHistogram([]).every((b) => b.count === 0)).toBe(true);
  });
});

describe("pointBiserial", () => {
  it("is +1 when passing the item splits the scores perfectly, -1 when reversed", () => {
    expect(pointBiserial([true, true, false, false], [10, 10, 0, 0])).toBeCloseTo(1);
    expect(pointBiserial([false, false, true, true], [10, 10, 0, 0])).toBeCloseTo(-1);
  });

  it("matches the formula (M1 − M0)/s · √(pq) on an uneven example", () => {
    const x = [true, true, true, false, false];
    const y = [8, 6, 7, 3, 6];
    const mean = 6;
    const s = Math.sqrt(y.reduce((a, v) => a + (v - mean) ** 2, 0) / 5);
    const expected = ((7 - 4.5) / s) * Math.sqrt(0.6 * 0.4);
    expect(pointBiserial(x, y)).toBeCloseTo(expected, 10);
  });

  it("is undefined (null) without variation or with under 2 people", () => {
    expect(pointBiserial([true, true], [1, 5])).toBeNull();
    expect(pointBiserial([true, false], [3, 3])).toBeNull();
    expect(pointBiserial([true], [3])).toBeNull();
    expect(pointBiserial([true, false], [3])).toBeNull();
  });
});

const attempt = (passed: string[], totalPassed = passed.length): Attempt => ({ passed: new Set(passed), totalPassed });
const CASES = ["c1", "c2", "c3", "c4", "c5"].map((id, i) => ({ id, hidden: i > 0 }));

describe("caseStats", () => {
  it("pass rates per case, numbered in order", () => {
    const stats = caseStats(CASES, [attempt(["c1", "c2", "c3", "c4", "c5"]), attempt(["c1", "c2"]), attempt([]), attempt(["c1"])]);
    expect(stats.map((s) => s.number)).toEqual([1, 2, 3, 4, 5]);
    expect(stats.map((s) => s.passRate)).toEqual([0.75, 0.5, 0.25, 0.25, 0.25]);
    expect(stats[0]).toMatchObject({ hidden: false, attempts: 4, passed: 3 });
  });

  it("flags a hidden case that students who pass every other case fail", () => {
    // Four students solve c1-c4 but all fail c5; one weak student passes c1 only.
    const strong = Array.from({ length: 4 }, () => attempt(["c1", "c2", "c3", "c4"]));
    const stats = caseStats(CASES, [...strong, attempt(["c1"])]);
    const c5 = stats[4]!;
    expect(c5).toMatchObject({ strong: 4, failsAlone: 4, isolatedFailRate: 1, flagged: true });
    expect(c5.reason).toContain("4 of 4 students who pass every other case fail this one");
    // The other cases are fine: no one who passes everything else fails them.
    for (const s of stats.slice(0, 4)) expect(s.flagged).toBe(false);
  });

  it(`needs at least ${MIN_STRONG} strong students and a share of ${ISOLATED_FAIL_FLAG} before flagging`, () => {
    const two = caseStats(CASES, [attempt(["c1", "c2", "c3", "c4"]), attempt(["c1", "c2", "c3", "c4"])]);
    expect(two[4]).toMatchObject({ strong: 2, failsAlone: 2, flagged: false });
    // 1 of 4 strong students fails c5: a normal hard case, not broken.
    const mostly = caseStats(CASES, [
      attempt(["c1", "c2", "c3", "c4", "c5"]),
      attempt(["c1", "c2", "c3", "c4", "c5"]),
      attempt(["c1", "c2", "c3", "c4", "c5"]),
      attempt(["c1", "c2", "c3", "c4"]),
    ]);
    expect(mostly[4]).toMatchObject({ strong: 4, failsAlone: 1, isolatedFailRate: 0.25, flagged: false });
  });

  it("computes the point-biserial against the rest score", () => {
    const stats = caseStats(CASES, [attempt(["c1", "c2"], 7), attempt(["c1"], 6), attempt([], 0), attempt(["c2"], 1)]);
    // c1 passed by the two strongest: positive discrimination.
    expect(stats[0]!.pointBiserial!).toBeGreaterThan(0.8);
    expect(stats[2]!.pointBiserial).toBeNull();
  });
});

describe("questionStat", () => {
  it("share of submissions passing every case and the mean score", () => {
    const q = questionStat({ id: "q", title: "Q", cases: CASES }, [
      { ...attempt(["c1", "c2", "c3", "c4", "c5"]), score: 100 },
      { ...attempt(["c1"]), score: 20 },
    ]);
    expect(q).toMatchObject({ given: 2, attempts: 2, allPassRate: 0.5, meanScore: 60, flagged: false });
    expect(questionStat({ id: "q", title: "Q", cases: CASES }, [])).toMatchObject({ given: 0, attempts: 0, allPassRate: null, meanScore: null });
  });

  it("how many students were given the question, beside the submissions", () => {
    const attempts = [{ ...attempt(["c1"]), score: 20 }];
    expect(questionStat({ id: "q", title: "Q", cases: CASES }, attempts, 7)).toMatchObject({ given: 7, attempts: 1 });
    expect(questionStat({ id: "q", title: "Q", cases: CASES }, [], 3)).toMatchObject({ given: 3, attempts: 0, allPassRate: null });
  });
});

describe("mcqStats", () => {
  const qs = [
    { id: "a", title: "A" },
    { id: "b", title: "B" },
    { id: "c", title: "C" },
  ];
  /** A student given a, b and c (or only those answered, when given is left out). */
  const student = (a: boolean, b: boolean, c?: boolean, given = ["a", "b", "c"]) => ({
    given: new Set(given),
    answers: new Map(Object.entries({ a, b, ...(c === undefined ? {} : { c }) })),
  });

  it("pass rate per question over those who answered it", () => {
    const stats = mcqStats(qs, [student(true, false, true), student(true, true), student(false, false, false)]);
    expect(stats.map((s) => [s.given, s.answers, s.correct])).toEqual([
      [3, 3, 2],
      [3, 3, 1],
      [3, 2, 1],
    ]);
    expect(stats[2]!.passRate).toBe(0.5);
  });

  it("counts a student only for the questions they were given (each student their own draw)", () => {
    const stats = mcqStats(qs, [
      student(true, false, undefined, ["a", "b"]),
      // An answer row for a question this student was not given never counts, nor in their rest score.
      student(true, true, true, ["a", "c"]),
      student(false, false, false, ["b", "c"]),
    ]);
    expect(stats.map((s) => [s.id, s.given, s.answers, s.correct])).toEqual([
      ["a", 2, 2, 2],
      ["b", 2, 2, 0],
      ["c", 2, 2, 1],
    ]);
    expect(stats[1]!.passRate).toBe(0);
    expect(mcqStats([{ id: "d", title: "D" }], [student(true, true)])).toEqual([expect.objectContaining({ given: 0, answers: 0, passRate: null })]);
  });

  it("flags a question that stronger students get wrong more often (a wrong answer key)", () => {
    const all = new Set(["a", "b", "c"]);
    const many = [
      ...Array.from({ length: 4 }, () => ({ given: all, answers: new Map([["a", true], ["b", true], ["c", false]]) })),
      ...Array.from({ length: 4 }, () => ({ given: all, answers: new Map([["a", false], ["b", false], ["c", true]]) })),
    ];
    const stats = mcqStats(qs, many);
    expect(stats[2]).toMatchObject({ flagged: true, given: 8 });
    expect(stats[2]!.pointBiserial!).toBeLessThan(-0.2);
    expect(stats[0]!.flagged).toBe(false);
  });
});

it("percent", () => {
  expect(percent(null)).toBe("—");
  expect(percent(0.456)).toBe("46%");
});
