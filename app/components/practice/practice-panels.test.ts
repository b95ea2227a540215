import { describe, expect, it } from "vitest";
import { outputEntry, type PracticeRun } from "./practice-panels";

const base: PracticeRun = { questionId: "q", compile: null, cases: [], passed: 0, total: 0, marks: 0, score: 0 };

describe("outputEntry", () => {
  it("shows the compiler's stderr, else its stdout, when compilation failed", () => {
    const failed = outputEntry(1, "Run", { ...base, compile: { code: 1, stdout: "out", stderr: "main.c:1: error" } });
    expect(failed).toMatchObject({ tone: "error", summary: "Compilation failed", detail: "main.c:1: error" });
    expect(outputEntry(2, "Run", { ...base, compile: { code: 1, stdout: "only stdout", stderr: "" } }).detail).toBe("only stdout");
  });

  it("summarises the run and prints open cases' output and errors, nothing of hidden ones", () => {
    const entry = outputEntry(3, "Run Tests · Question 1", {
      ...base,
      compile: { code: 0, stdout: "", stderr: "" },
      passed: 1,
      total: 2,
      marks: 15,
      score: 30,
      cases: [
        { id: "a", hidden: false, passed: true, verdict: "AC", input: "1", expectedOutput: "1", actualOutput: "1\n", error: null },
        { id: "b", hidden: true, passed: false, verdict: "WA" },
      ],
    });
    expect(entry).toMatchObject({ tone: "warn", summary: "1/2 test cases passed · 15/50 marks (30%) in a test", heading: "Run Tests · Question 1" });
    expect(entry.detail).toBe("Test case 1 output:\n1\n");
  });
});
