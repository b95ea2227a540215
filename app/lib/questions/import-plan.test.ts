import { describe, expect, it } from "vitest";
import { IMPORT_LIMITS, importChunks, parseImportQuestion, scalePoints, toBankImport } from "./import-plan";
import type { ImportedCoding, ImportedMcq } from "./formats/model";

const coding = (over: Partial<ImportedCoding> = {}): ImportedCoding => ({
  kind: "coding",
  title: "Echo",
  text: "Print the input.",
  category: "Loops",
  language: "c",
  testCases: [
    { input: "", expectedOutput: "hi\n", hidden: false, points: 1 },
    { input: "2\n", expectedOutput: "2\n", hidden: true, points: 3 },
  ],
  sourceRef: "question 1",
  notes: [],
  ...over,
});

const mcq = (over: Partial<ImportedMcq> = {}): ImportedMcq => ({
  kind: "mcq",
  title: "Name",
  text: "Is C compiled?",
  category: "",
  options: ["True", "False"],
  correct: 0,
  sourceRef: "question 2",
  ...over,
});

describe("scalePoints", () => {
  it("keeps the source's proportions, averaging 10 points, whole numbers within 0-100", () => {
    expect(scalePoints([1, 3])).toEqual([5, 15]);
    expect(scalePoints([1, 1, 1])).toEqual([10, 10, 10]);
    expect(scalePoints([null, null])).toEqual([10, 10]);
    expect(scalePoints([0, 0])).toEqual([10, 10]);
    expect(scalePoints([100, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])).toEqual([100, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    // An unknown weight counts as the average of the known ones.
    expect(scalePoints([2, null, 4])).toEqual([7, 10, 13]);
  });
});

describe("toBankImport", () => {
  it("a coding question keeps its cases, split and weights as points; empty input is allowed", () => {
    const { question, problem } = toBankImport(coding(), null);
    expect(problem).toBeNull();
    expect(question).toMatchObject({ kind: "coding", title: "Echo", description: "Print the input.", language: "c", category: "Loops" });
    expect(question.kind === "coding" && question.testCases).toEqual([
      { input: "", expectedOutput: "hi\n", points: 5, isHidden: false },
      { input: "2\n", expectedOutput: "2\n", points: 15, isHidden: true },
    ]);
  });

  it("a problem package's question waits for a language; the chosen one applies", () => {
    expect(toBankImport(coding({ language: null }), null).problem).toBe("Choose a language for every coding question");
    expect(toBankImport(coding({ language: null }), "java").question).toMatchObject({ language: "java" });
    // The file's own language wins over the preview's choice.
    expect(toBankImport(coding({ language: "cpp" }), "java").question).toMatchObject({ language: "cpp" });
  });

  it("a statement-less question keeps its title as its description; no cases is a reason", () => {
    expect(toBankImport(coding({ text: "  " }), null).question).toMatchObject({ description: "Echo" });
    expect(toBankImport(coding({ testCases: [] }), null).problem).toBe("A coding question needs at least one test case");
  });

  it("an MCQ's stem is its bank title (as in the form); true/false is two options; no category is General", () => {
    const { question, problem } = toBankImport(mcq(), null);
    expect(problem).toBeNull();
    expect(question).toEqual({ kind: "mcq", title: "Is C compiled?", options: ["True", "False"], correct: 0, category: "General", difficulty: "medium", replaces: null });
    expect(toBankImport(mcq({ options: ["a", "b", "c", "d", "e"] }), null).problem).toBe("An MCQ needs 2 to 4 options");
  });

  it("a category longer than the bank's names is cut to fit", () => {
    const long = "Programming fundamentals: loops, arrays and strings in C";
    const { question, problem } = toBankImport(mcq({ category: long }), null);
    expect(problem).toBeNull();
    expect(question.category).toBe(long.slice(0, 50).trim());
  });
});

describe("parseImportQuestion", () => {
  it("names the rule of the question's own kind, or an unknown kind", () => {
    expect(parseImportQuestion({ kind: "essay" })).toEqual({ ok: false, message: "Unknown question type" });
    const noLanguage = { ...toBankImport(coding(), null).question, language: "rust" };
    expect(parseImportQuestion(noLanguage)).toEqual({ ok: false, message: "Choose a language for every coding question" });
  });
});

describe("importChunks", () => {
  it("sends at most chunkQuestions questions a request, in order, none lost (500 questions: 5 requests)", () => {
    const questions = Array.from({ length: 500 }, (_, i) => ({ title: `Q${i}` }));
    const parts = importChunks(questions);
    expect(parts.map((p) => p.length)).toEqual([100, 100, 100, 100, 100]);
    expect(parts.flat()).toEqual(questions);
    expect(IMPORT_LIMITS.chunkQuestions).toBe(100);
  });

  it("cuts by size too; a question over the size goes alone; nothing gives no request", () => {
    const q = (n: number) => ({ text: "x".repeat(n) });
    const parts = importChunks([q(40), q(40), q(40), q(200), q(10)], { questions: 10, bytes: 120 });
    expect(parts.map((p) => p.map((x) => x.text.length))).toEqual([[40, 40], [40], [200], [10]]);
    expect(importChunks([])).toEqual([]);
  });
});
