import { describe, expect, it } from "vitest";
import {
  applySuggestion,
  buildTriage,
  caseHintText,
  caseSuggestion,
  leniencyCondition,
  marksWith,
  pickFailedCases,
  readTriage,
  readTriageSummary,
  suggestedScoreText,
  TRIAGE_LIMITS,
  triageFailed,
  triagePending,
  type TriageInputQuestion,
} from "./triage";

const tc = (id: string, passed: boolean, points = 10, expectedOutput = `${id}\n`) => ({ id, points, passed, input: `${id}-in`, expectedOutput });
const question = (id: string, cases: ReturnType<typeof tc>[], over: Partial<TriageInputQuestion> = {}): TriageInputQuestion => ({
  id,
  submitted: true,
  code: "print(1)",
  cases,
  ...over,
});

describe("pickFailedCases", () => {
  it("takes the failed cases of submitted questions with code, in order", () => {
    const { picked, unchecked } = pickFailedCases([
      question("q0", [tc("a", true), tc("b", false), tc("c", false)]),
      question("q1", [tc("d", false)], { submitted: false }),
      question("q2", [tc("e", false)], { code: "  \n" }),
      question("q3", [tc("f", true)]),
    ]);
    expect(picked).toEqual([
      {
        questionId: "q0",
        cases: [
          { id: "b", input: "b-in", expectedOutput: "b\n" },
          { id: "c", input: "c-in", expectedOutput: "c\n" },
        ],
      },
    ]);
    expect(unchecked).toBe(0);
  });

  it("bounds the cases per question and per test, and counts the ones left out", () => {
    const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => tc(`${prefix}${i}`, false));
    const { picked, unchecked } = pickFailedCases([question("q0", many("a", 70)), question("q1", many("b", 70)), question("q2", many("c", 5))]);
    expect(picked.map((p) => p.cases.length)).toEqual([TRIAGE_LIMITS.casesPerQuestion, TRIAGE_LIMITS.casesPerQuestion]);
    expect(unchecked).toBe(20 + 20 + 5);
  });

  it("never asks for a case without an id (a student's view has none)", () => {
    expect(pickFailedCases([question("q0", [{ points: 10, passed: false } as ReturnType<typeof tc>])]).picked).toEqual([]);
  });
});

describe("caseSuggestion", () => {
  it("names the leniency of a wrong answer that is only formatting", () => {
    expect(caseSuggestion("Hello\n", { passed: false, verdict: "WA", actualOutput: "hello\n" })).toEqual(["whitespace", "case"]);
    expect(caseSuggestion("0.333333\n", { passed: false, verdict: "WA", actualOutput: "0.3333333\n" })).toEqual(["whitespace", "numbers"]);
  });

  it("suggests nothing for a genuinely wrong answer, a crash, a time-out or a compile error", () => {
    expect(caseSuggestion("42\n", { passed: false, verdict: "WA", actualOutput: "43\n" })).toBeNull();
    for (const verdict of ["RE", "TLE", "MLE", "OLE", "CE"]) expect(caseSuggestion("x\n", { passed: false, verdict, actualOutput: "X\n" })).toBeNull();
  });

  it("a case the runner now accepts passes; trailing whitespace is named when the output has it", () => {
    expect(caseSuggestion("x\n", { passed: true, verdict: "AC", actualOutput: "x\n" })).toEqual([]);
    expect(caseSuggestion("x\n", { passed: true, verdict: "AC", actualOutput: "x   \n\n" })).toEqual(["whitespace"]);
  });

  it("does not compare outputs long enough to have been cut by the runner", () => {
    const long = "a".repeat(TRIAGE_LIMITS.compareChars + 1);
    expect(caseSuggestion(long.toUpperCase(), { passed: false, verdict: "WA", actualOutput: long })).toBeNull();
    expect(caseSuggestion(long, { passed: true, verdict: "AC", actualOutput: `${long} ` })).toEqual([]);
  });
});

describe("buildTriage", () => {
  it("suggests the cases that would pass and scores the test with them as Save would", () => {
    const questions = [
      question("q0", [tc("a", true, 20), tc("b", false, 30)]),
      question("q1", [tc("c", true, 20), tc("d", false, 15), tc("e", false, 15)]),
      question("q2", [tc("f", false, 50)], { submitted: false }),
    ];
    const { picked, unchecked } = pickFailedCases(questions);
    const triage = buildTriage(
      questions,
      picked,
      {
        q0: [{ caseId: "b", passed: false, verdict: "WA", actualOutput: "B\n" }],
        q1: [
          { caseId: "d", passed: false, verdict: "WA", actualOutput: "wrong\n" },
          { caseId: "e", passed: true, verdict: "AC", actualOutput: "e\n" },
        ],
      },
      unchecked,
      1234,
    );
    expect(triage).toEqual({
      status: "done",
      questions: [
        { questionId: "q0", cases: [{ caseId: "b", wouldPassIf: ["whitespace", "case"], actualOutput: "B\n" }], suggestedMarks: 50 },
        { questionId: "q1", cases: [{ caseId: "e", wouldPassIf: [], actualOutput: "e\n" }], suggestedMarks: 35 },
      ],
      suggestedScore: 85,
      suggestedCases: 2,
      leniencies: ["whitespace", "case"],
      unchecked: 0,
      finishedAt: 1234,
    });
  });

  it("keeps only the head of a long output", () => {
    const questions = [question("q0", [tc("a", false, 10, `${"x".repeat(5000)}\n`)])];
    const { picked } = pickFailedCases(questions);
    const triage = buildTriage(questions, picked, { q0: [{ caseId: "a", passed: false, verdict: "WA", actualOutput: "X".repeat(5000) }] }, 0);
    expect(triage.questions[0]!.cases[0]!.actualOutput).toHaveLength(TRIAGE_LIMITS.storedOutputChars);
  });

  it("with nothing to suggest, the score stays what Save would give now", () => {
    const questions = [question("q0", [tc("a", true, 20), tc("b", false, 30)])];
    const triage = buildTriage(questions, [], {}, 0);
    expect(triage).toMatchObject({ questions: [], suggestedScore: 20, suggestedCases: 0, leniencies: [] });
    expect(suggestedScoreText(triage)).toBeNull();
  });
});

describe("marksWith", () => {
  it("is Save's marks (codingMarks) with the extra cases counted as passed", () => {
    // 25 of 55 points: round(50 x 25 / 55) = 23 (decision 037; it was the sum of points, 25).
    expect(marksWith([tc("a", true, 20), tc("b", false, 30), tc("c", false, 5)], new Set(["c"]))).toBe(23);
    expect(marksWith([tc("a", true), tc("b", false), tc("c", false), tc("d", false), tc("e", false)], new Set(["b"]))).toBe(20);
  });
});

describe("reading a stored triage", () => {
  it("parses what was stored and refuses anything else", () => {
    const pending = triagePending(1000);
    expect(readTriage(JSON.stringify(pending), 2000)).toEqual(pending);
    expect(readTriage(null)).toBeNull();
    expect(readTriage("not json")).toBeNull();
    expect(readTriage(JSON.stringify({ status: "done" }))).toBeNull();
    expect(readTriage(JSON.stringify({ status: "unknown" }))).toBeNull();
  });

  it("shows a pending triage that outlived its Worker as failed", () => {
    const stored = JSON.stringify(triagePending(1000));
    expect(readTriage(stored, 1000 + TRIAGE_LIMITS.staleMs + 1)).toMatchObject({ status: "failed", error: "The triage did not finish" });
    expect(readTriageSummary(stored, 1000 + TRIAGE_LIMITS.staleMs + 1)).toMatchObject({ status: "failed" });
  });

  it("reads the summary without the per-case detail", () => {
    const { questions: _, ...summary } = buildTriage([question("q0", [tc("a", false)])], [], {}, 0, 5);
    expect(readTriageSummary(JSON.stringify(summary))).toEqual(summary);
    expect(readTriage(JSON.stringify(summary))).toBeNull();
  });

  it("bounds a failure's message", () => {
    expect(triageFailed("x".repeat(1000), 1)).toEqual({ status: "failed", error: "x".repeat(TRIAGE_LIMITS.errorChars), finishedAt: 1 });
  });
});

describe("texts", () => {
  it("says why a case would pass", () => {
    expect(caseHintText([])).toBe("Passes when rerun as submitted");
    expect(caseHintText(["whitespace"])).toBe("Would pass if trailing whitespace and newlines were ignored");
  });

  it("says what the score would be, and on what condition", () => {
    expect(leniencyCondition([])).toBe("on a rerun");
    expect(leniencyCondition(["whitespace"])).toBe("if trailing whitespace is ignored");
    expect(leniencyCondition(["whitespace", "case", "numbers"])).toBe("if trailing whitespace, letter case and tiny number differences are ignored");
    const triage = buildTriage([question("q0", [tc("a", true, 50), tc("b", false, 50)])], [{ questionId: "q0", cases: [{ id: "b", input: "", expectedOutput: "b\n" }] }], {
      q0: [{ caseId: "b", passed: false, verdict: "WA", actualOutput: "B\n" }],
    }, 0);
    // One question: all its cases passed is its 50 marks.
    expect(suggestedScoreText(triage)).toBe("→ 50 if trailing whitespace and letter case are ignored");
    expect(suggestedScoreText(null)).toBeNull();
    expect(suggestedScoreText(triagePending())).toBeNull();
  });
});

describe("applySuggestion", () => {
  it("ticks exactly the suggested cases of cases still in the test, and unticks nothing", () => {
    const questions = [
      { id: "q0", cases: [{ id: "a" }, { id: "b" }, { id: "c" }] },
      { id: "q1", cases: [{ id: "d" }] },
    ];
    const triage = buildTriage(
      [question("q0", [tc("a", true), tc("b", false), tc("c", false)]), question("q1", [tc("d", false)])],
      [
        { questionId: "q0", cases: [{ id: "b", input: "", expectedOutput: "b\n" }, { id: "c", input: "", expectedOutput: "c\n" }] },
        { questionId: "q1", cases: [{ id: "gone", input: "", expectedOutput: "x\n" }] },
      ],
      {
        q0: [
          { caseId: "b", passed: false, verdict: "WA", actualOutput: "B\n" },
          { caseId: "c", passed: false, verdict: "WA", actualOutput: "wrong\n" },
        ],
        q1: [{ caseId: "gone", passed: true, verdict: "AC", actualOutput: "x\n" }],
      },
      0,
    );
    const passed = { q0: new Set(["a"]), q1: new Set<string>() };
    const next = applySuggestion(passed, triage, questions);
    expect([...next.q0!]).toEqual(["a", "b"]);
    expect([...next.q1!]).toEqual([]);
    // The admin's own tick stays; applying twice changes nothing more.
    expect([...applySuggestion({ q0: new Set(["c"]), q1: new Set(["d"]) }, triage, questions).q0!].sort()).toEqual(["b", "c"]);
    expect(applySuggestion(next, triage, questions).q0).toEqual(next.q0);
    expect(applySuggestion(passed, triagePending(), questions)).toBe(passed);
  });
});
