import { describe, expect, it } from "vitest";
import { codeStats, describeRun, fileName, languageOfFile, PlaygroundRunSchema, readsInput, PLAYGROUND_MESSAGES } from "./playground";

describe("status bar counts", () => {
  it.each([
    ["", 1, 0],
    ["a", 1, 1],
    ["a\n", 2, 2],
    ["a\nb\nc", 3, 5],
    ["a\r\nb", 2, 3],
    ["héllo 😀", 1, 7],
    ["你好\n世界\n", 3, 6],
  ])("%j has %i lines and %i characters", (code, lines, characters) => {
    expect(codeStats(code)).toEqual({ lines, characters });
  });
});

describe("files", () => {
  it("downloads as main.{ext} and knows an upload's language by its extension", () => {
    expect([fileName("c"), fileName("cpp"), fileName("python"), fileName("java")]).toEqual(["main.c", "main.cpp", "main.py", "main.java"]);
    expect(languageOfFile("Solution.JAVA")).toBe("java");
    expect(languageOfFile("a.b.py")).toBe("python");
    expect(languageOfFile("notes.txt")).toBeNull();
  });
});

describe("input detection", () => {
  it.each([
    ["c", 'scanf("%d", &n);', true],
    ["c", 'printf("scanf");', false],
    ["cpp", "std::cin >> n;", true],
    ["cpp", "cin>>n;", true],
    ["python", "name = input()", true],
    ["python", "import sys\ndata = sys.stdin.read()", true],
    ["python", "print('hi')", false],
    ["java", "Scanner in = new Scanner(System.in);", true],
    ["java", "System.out.println(1);", false],
  ] as const)("%s: %s -> %s", (language, code, expected) => {
    expect(readsInput(code, language)).toBe(expected);
  });
});

describe("the run form", () => {
  it("accepts code up to 64 KB and refuses more, blank code and unknown languages", () => {
    expect(PlaygroundRunSchema.safeParse({ language: "c", code: "x".repeat(64 * 1024) }).success).toBe(true);
    const cases: [unknown, string][] = [
      [{ language: "c", code: "x".repeat(64 * 1024 + 1) }, PLAYGROUND_MESSAGES.codeTooLarge],
      // 64 KB of characters, but more bytes.
      [{ language: "c", code: "é".repeat(40 * 1024) }, PLAYGROUND_MESSAGES.codeTooLarge],
      [{ language: "c", code: "  \n" }, PLAYGROUND_MESSAGES.codeRequired],
      [{ language: "c" }, PLAYGROUND_MESSAGES.codeRequired],
      [{ language: "ruby", code: "x" }, PLAYGROUND_MESSAGES.language],
      [{ language: "c", code: "x", stdin: "y".repeat(64 * 1024 + 1) }, PLAYGROUND_MESSAGES.stdinTooLarge],
    ];
    for (const [input, message] of cases) {
      const result = PlaygroundRunSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
  });
});

describe("what a run shows", () => {
  const run = { code: 0, stdout: "", stderr: "", verdict: "OK" as const, timeMs: 12, memoryKb: 900 };

  it("shows the output of a run that ended well", () => {
    expect(describeRun({ compile: null, run: { ...run, stdout: "42\n" } })).toEqual({ outcome: "ok", toast: null, output: "42\n", timeMs: 12 });
  });

  it("shows 'Compilation failed' with the compiler's stderr, else its stdout", () => {
    const failed = { code: 1, stdout: "out", stderr: "main.c:1: error", timeMs: 80 };
    expect(describeRun({ compile: failed, run: null })).toEqual({ outcome: "compile-error", toast: "Compilation failed", output: "main.c:1: error", timeMs: 80 });
    expect(describeRun({ compile: { ...failed, stderr: "" }, run: null }).output).toBe("out");
  });

  it("shows 'Execution failed' with the error for a run that failed", () => {
    const view = describeRun({ compile: null, run: { ...run, code: 1, stdout: "partial", stderr: "Traceback: boom\n", verdict: "RE" } });
    expect(view).toEqual({ outcome: "runtime-error", toast: "Execution failed", output: "partial\nTraceback: boom\nRuntime error (exit code 1)", timeMs: 12 });
    expect(describeRun({ compile: null, run: { ...run, verdict: "TLE" } }).output).toBe("Time limit exceeded");
  });
});
