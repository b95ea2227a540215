import { describe, expect, it } from "vitest";
import { firstError } from "~/lib/accounts/validation";
import { GRADING_MESSAGES, readChecker, sameGrading } from "./grading";
import { formatSeconds, limitsText } from "~/lib/ui/format";
import { CodingQuestionSchema, defaultTestCases, UpdateCodingQuestionSchema } from "./question-validation";

const filled = () => defaultTestCases().map((t, i) => ({ ...t, input: `${i}`, expectedOutput: `${i}` }));
const question = (over: Record<string, unknown> = {}) => ({
  title: "Circle",
  description: "Print the area.",
  category: "General",
  language: "cpp",
  difficulty: "easy",
  testCases: JSON.stringify(filled()),
  ...over,
});

describe("the coding question form's grading fields", () => {
  it("are optional: no fields, or empty ones, are the runner's defaults and the exact check", () => {
    for (const over of [{}, { timeLimit: "", memoryLimit: " ", checkerType: "" }]) {
      const parsed = CodingQuestionSchema.parse(question(over));
      expect(parsed).toMatchObject({ timeLimitMs: null, memoryLimitMb: null, checker: null });
      expect(parsed).not.toHaveProperty("timeLimit");
      expect(parsed).not.toHaveProperty("checkerType");
    }
  });

  it("stores seconds as whole ms and MB as given", () => {
    expect(CodingQuestionSchema.parse(question({ timeLimit: "0.5", memoryLimit: "256" }))).toMatchObject({ timeLimitMs: 500, memoryLimitMb: 256 });
    expect(CodingQuestionSchema.parse(question({ timeLimit: "2", memoryLimit: "16" }))).toMatchObject({ timeLimitMs: 2000, memoryLimitMb: 16 });
    expect(CodingQuestionSchema.parse(question({ timeLimit: "10", memoryLimit: "1024" }))).toMatchObject({ timeLimitMs: 10_000, memoryLimitMb: 1024 });
    expect(CodingQuestionSchema.parse(question({ timeLimit: "1.2345" }))).toMatchObject({ timeLimitMs: 1235 });
  });

  it.each([
    [{ timeLimit: "0.05" }, GRADING_MESSAGES.timeLimit],
    [{ timeLimit: "11" }, GRADING_MESSAGES.timeLimit],
    [{ timeLimit: "two" }, GRADING_MESSAGES.timeLimit],
    [{ timeLimit: "1,5" }, GRADING_MESSAGES.timeLimit],
    [{ memoryLimit: "8" }, GRADING_MESSAGES.memoryLimit],
    [{ memoryLimit: "2048" }, GRADING_MESSAGES.memoryLimit],
    [{ memoryLimit: "128.5" }, GRADING_MESSAGES.memoryLimit],
    [{ checkerType: "regex" }, GRADING_MESSAGES.checkerType],
    [{ checkerType: "tolerance", toleranceAbsolute: "x" }, GRADING_MESSAGES.absolute],
    [{ checkerType: "tolerance", toleranceAbsolute: "1e-6", toleranceRelative: "2" }, GRADING_MESSAGES.relative],
    [{ checkerType: "tolerance", toleranceAbsolute: "-1" }, GRADING_MESSAGES.absolute],
    [{ checkerType: "tolerance", toleranceAbsolute: "", toleranceRelative: "0" }, GRADING_MESSAGES.noTolerance],
    [{ checkerType: "custom" }, GRADING_MESSAGES.noSource],
    [{ checkerType: "custom", checkerSource: "   \n" }, GRADING_MESSAGES.noSource],
    [{ checkerType: "custom", checkerSource: "x".repeat(64 * 1024 + 1) }, GRADING_MESSAGES.longSource],
  ])("refuses %o with a clear message", (over, message) => {
    expect(firstError(CodingQuestionSchema, question(over))).toBe(message);
    expect(firstError(UpdateCodingQuestionSchema, { id: "q1", ...question(over) })).toBe(message);
  });

  it("reads each output check", () => {
    const checker = (over: Record<string, unknown>) => CodingQuestionSchema.parse(question(over)).checker;
    expect(checker({ checkerType: "exact" })).toBeNull();
    expect(checker({ checkerType: "whitespace" })).toEqual({ type: "whitespace" });
    expect(checker({ checkerType: "case" })).toEqual({ type: "case" });
    expect(checker({ checkerType: "tolerance", toleranceAbsolute: "1e-6", toleranceRelative: "", toleranceCaseSensitive: "on" })).toEqual({
      type: "tolerance",
      absolute: 1e-6,
      relative: 0,
      caseSensitive: true,
      spaceSensitive: false,
    });
    // An unticked box does not post: case insensitive.
    expect(checker({ checkerType: "tolerance", toleranceRelative: "0.001", toleranceSpaceSensitive: "on" })).toMatchObject({ caseSensitive: false, spaceSensitive: true, absolute: 0 });
    expect(checker({ checkerType: "custom", checkerSource: "int main() {\r\n  return 42;\r\n}" })).toEqual({ type: "custom", source: "int main() {\n  return 42;\n}" });
    // Another check's leftover fields are ignored.
    expect(checker({ checkerType: "case", checkerSource: "int main(){}", toleranceAbsolute: "x" })).toEqual({ type: "case" });
  });
});

describe("grading helpers", () => {
  it("formats seconds without trailing zeros and shows only the limits that are set", () => {
    expect([2000, 500, 1250, 100, 10_000].map(formatSeconds)).toEqual(["2", "0.5", "1.25", "0.1", "10"]);
    expect(limitsText({ timeLimitMs: 2000, memoryLimitMb: 256 })).toBe("Time limit 2 s · Memory 256 MB");
    expect(limitsText({ timeLimitMs: 500, memoryLimitMb: null })).toBe("Time limit 0.5 s");
    expect(limitsText({ timeLimitMs: null, memoryLimitMb: 64 })).toBe("Memory 64 MB");
    expect(limitsText({ timeLimitMs: null, memoryLimitMb: null })).toBeNull();
    expect(limitsText(undefined)).toBeNull();
  });

  it("reads stored checkers defensively and compares gradings", () => {
    expect(readChecker('{"type":"whitespace"}')).toEqual({ type: "whitespace" });
    expect(readChecker({ type: "exact" })).toBeNull();
    expect(readChecker("{not json")).toBeNull();
    expect(readChecker({ type: "regex" })).toBeNull();
    const base = { timeLimitMs: 1000, memoryLimitMb: null, checker: null };
    expect(sameGrading(base, { ...base })).toBe(true);
    expect(sameGrading(base, { ...base, checker: { type: "exact" } })).toBe(true);
    expect(sameGrading(base, { ...base, timeLimitMs: 2000 })).toBe(false);
    expect(sameGrading(base, { ...base, checker: { type: "case" } })).toBe(false);
    const tolerance = { type: "tolerance" as const, absolute: 1e-6, relative: 0, caseSensitive: true, spaceSensitive: false };
    expect(sameGrading({ ...base, checker: tolerance }, { ...base, checker: { ...tolerance, relative: 1e-6 } })).toBe(false);
  });
});
