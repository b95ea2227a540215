// A question's own grading (issue 35), with real programs in the real
// sandbox: the request's CPU and memory limits, the built-in output checkers
// end to end, and custom C++ checkers (Kattis's interface: exit 42 accepts,
// 43 rejects, anything else is "JE", never AC or WA).
//
// The main runner's wall limit is 30 s, as in limits.test.ts, so that a busy
// machine cannot turn a CPU test into a wall-clock TLE; the derived wall
// limit has a runner of its own with a 2 s wall.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRunner, type JudgeResult, type TestRunner } from "./harness.ts";

type Result = JudgeResult & {
  checkerCompile?: { code: number; stdout: string; stderr: string; timeMs: number } | null;
  testResults: (JudgeResult["testResults"][number] & { checkerError?: string })[];
};

let runner: TestRunner;

beforeAll(async () => {
  runner = await startTestRunner({ runWallMs: 30_000 });
});

afterAll(async () => {
  await runner?.stop();
});

async function judge(body: Record<string, unknown>, cases: { input: string; expected_output: string }[]): Promise<Result> {
  const res = await runner.post("/v1/judge", { ...body, testCases: cases.map((c, i) => ({ id: i + 1, ...c })) });
  if (res.status !== 200) throw new Error(`judge answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Result;
}

// ---------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------

/** Burns about 3 s of CPU (its own clock), then prints done. */
const BURN_3S_C = String.raw`#include <stdio.h>
#include <time.h>
int main(void) {
  volatile unsigned long x = 0;
  while (clock() < 3 * CLOCKS_PER_SEC) x++;
  printf("done\n");
  return 0;
}
`;

/** Touches N MB (from stdin) of memory, then prints ok. */
const ALLOC_C = String.raw`#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  long mb;
  if (scanf("%ld", &mb) != 1) return 1;
  char *p = malloc(mb << 20);
  if (!p) return 2;
  memset(p, 1, mb << 20);
  printf("ok %d\n", p[(mb << 20) - 1]);
  return 0;
}
`;

const ALLOC_JAVA = String.raw`import java.util.Scanner;
public class Main {
  public static void main(String[] args) {
    int mb = new Scanner(System.in).nextInt();
    byte[] a = new byte[mb << 20];
    java.util.Arrays.fill(a, (byte) 1);
    System.out.println("ok " + a[a.length - 1]);
  }
}
`;

describe("limits.timeMs", () => {
  it("a C program that burns 3 s of CPU is AC with timeMs 5000 and TLE with timeMs 1000 (default 2 s)", async () => {
    const cases = [{ input: "", expected_output: "done\n" }];
    const [slow, fast, plain] = await Promise.all([
      judge({ language: "c", code: BURN_3S_C, limits: { timeMs: 5000 } }, cases),
      judge({ language: "c", code: BURN_3S_C, limits: { timeMs: 1000 } }, cases),
      judge({ language: "c", code: BURN_3S_C }, cases),
    ]);
    expect(slow.testResults[0]).toMatchObject({ verdict: "AC", passed: true });
    expect(slow.testResults[0]!.timeMs).toBeGreaterThanOrEqual(2900);
    expect(fast.testResults[0]).toMatchObject({ verdict: "TLE", passed: false, error: "Time limit exceeded" });
    // Stopped soon after its 1 s (the CPU watch polls every 25 ms).
    expect(fast.testResults[0]!.timeMs).toBeLessThan(1500);
    expect(plain.testResults[0]).toMatchObject({ verdict: "TLE" });
    expect(plain.testResults[0]!.timeMs).toBeLessThan(2500);
  });

  it("applies to /v1/execute too", async () => {
    const run = async (limits?: object) => {
      const res = await runner.post("/v1/execute", { language: "c", code: BURN_3S_C, ...(limits && { limits }) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { run: { verdict: string; stdout: string; timeMs: number } }).run;
    };
    const [slow, fast] = await Promise.all([run({ timeMs: 5000 }), run({ timeMs: 1000 })]);
    expect(slow).toMatchObject({ verdict: "OK", stdout: "done\n" });
    expect(fast.verdict).toBe("TLE");
    expect(fast.timeMs).toBeLessThan(1500);
  });
});

describe("limits.memoryMb", () => {
  it("C: 100 MB is MLE with memoryMb 64, AC with 256 (the default) and with 1024", async () => {
    const cases = [{ input: "100\n", expected_output: "ok 1\n" }];
    const [small, plain, large] = await Promise.all([
      judge({ language: "c", code: ALLOC_C, limits: { memoryMb: 64 } }, cases),
      judge({ language: "c", code: ALLOC_C }, cases),
      judge({ language: "c", code: ALLOC_C, limits: { memoryMb: 1024 } }, cases),
    ]);
    expect(small.testResults[0]).toMatchObject({ verdict: "MLE", error: "Memory limit exceeded" });
    expect(plain.testResults[0]).toMatchObject({ verdict: "AC" });
    expect(large.testResults[0]).toMatchObject({ verdict: "AC" });
  });

  it("C: 300 MB is MLE by default (256 MB) and AC with memoryMb 512", async () => {
    const cases = [{ input: "300\n", expected_output: "ok 1\n" }];
    const [plain, large] = await Promise.all([
      judge({ language: "c", code: ALLOC_C }, cases),
      judge({ language: "c", code: ALLOC_C, limits: { memoryMb: 512 } }, cases),
    ]);
    expect(plain.testResults[0]).toMatchObject({ verdict: "MLE" });
    expect(large.testResults[0]).toMatchObject({ verdict: "AC" });
  });

  it("Java: the limit is the program's, on top of the JVM's overhead; a 100 MB array is MLE with 32 MB, AC with 256 MB", async () => {
    const cases = [{ input: "100\n", expected_output: "ok 1\n" }];
    const [small, large] = await Promise.all([
      judge({ language: "java", code: ALLOC_JAVA, limits: { memoryMb: 32 } }, cases),
      judge({ language: "java", code: ALLOC_JAVA, limits: { memoryMb: 256 } }, cases),
    ]);
    // The kernel's OOM kill decides (-Xmx is far above the cgroup), not an OutOfMemoryError (RE).
    expect(small.testResults[0]).toMatchObject({ verdict: "MLE" });
    expect(large.testResults[0]).toMatchObject({ verdict: "AC" });
  });
});

describe("limits outside the contract's bounds", () => {
  const ok = { language: "c", code: "int main(void){return 0;}" };
  const cases = [{ id: 1, input: "", expected_output: "" }];
  it.each([
    [{ timeMs: 99 }, "limits.timeMs must be between 100 and 10000 ms"],
    [{ timeMs: 10_001 }, "limits.timeMs must be between 100 and 10000 ms"],
    [{ timeMs: 1500.5 }, "limits.timeMs must be a whole number of ms"],
    [{ timeMs: "fast" }, "limits.timeMs must be a number"],
    [{ memoryMb: 15 }, "limits.memoryMb must be between 16 and 1024 MB"],
    [{ memoryMb: 4096 }, "limits.memoryMb must be between 16 and 1024 MB"],
    [{ memoryMb: -1 }, "limits.memoryMb must be between 16 and 1024 MB"],
    [{ wallMs: 1000 }, "Unrecognized key(s) in object: 'wallMs'"],
  ])("%j answers 400 with the schema's message, on /v1/judge and /v1/execute", async (limits, message) => {
    for (const [path, body] of [
      ["/v1/judge", { ...ok, testCases: cases, limits }],
      ["/v1/execute", { ...ok, limits }],
    ] as const) {
      const res = await runner.post(path, body);
      expect(res.status, path).toBe(400);
      const { error } = (await res.json()) as { error: string };
      expect(error, path).toContain(message);
    }
  });

  it.each([
    ["an unknown type", { type: "fuzzy" }, /checker\.type/],
    ["tolerance without relative", { type: "tolerance", absolute: 1e-6 }, /checker\.relative/],
    ["a negative tolerance", { type: "tolerance", absolute: -1, relative: 0 }, /checker\.absolute/],
    ["an empty custom source", { type: "custom", source: "" }, /checker\.source must not be empty/],
    ["a custom source over 64 KB", { type: "custom", source: "x".repeat(64 * 1024 + 1) }, /checker\.source must be at most 65536 characters/],
  ])("a checker with %s answers 400", async (_label, checker, message) => {
    const res = await runner.post("/v1/judge", { ...ok, testCases: cases, checker });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
  });

  it("the bounds themselves are accepted", async () => {
    const res = await runner.post("/v1/judge", { ...ok, testCases: cases, limits: { timeMs: 100, memoryMb: 16 } });
    expect(res.status).toBe(200);
    const res2 = await runner.post("/v1/judge", { ...ok, testCases: cases, limits: { timeMs: 10_000, memoryMb: 1024 } });
    expect(res2.status).toBe(200);
    expect(((await res2.json()) as Result).testResults[0]!.verdict).toBe("AC");
  });
});

// ---------------------------------------------------------------------------
// Built-in checkers, end to end
// ---------------------------------------------------------------------------

describe("built-in checkers", () => {
  const THIRD = "a, b = map(int, input().split())\nprint(a / b)\nprint('Yes')\n";

  it("tolerance: 1/3 printed in full matches 0.333333 within 1e-6, and WA under exact and past the tolerance", async () => {
    const cases = [
      { input: "1 3\n", expected_output: "0.333333\nYes\n" },
      { input: "2 3\n", expected_output: "0.666667 Yes" },
      { input: "1 2\n", expected_output: "0.6\nYes\n" },
    ];
    const [tolerant, exact, absent, caseless] = await Promise.all([
      judge({ language: "python", code: THIRD, checker: { type: "tolerance", absolute: 1e-6, relative: 1e-6 } }, cases),
      judge({ language: "python", code: THIRD, checker: { type: "exact" } }, cases),
      judge({ language: "python", code: THIRD }, cases),
      judge({ language: "python", code: THIRD, checker: { type: "tolerance", absolute: 1e-6, relative: 0, caseSensitive: false } }, [
        { input: "1 4\n", expected_output: "0.25 YES" },
      ]),
    ]);
    expect(tolerant.testResults.map((t) => t.verdict)).toEqual(["AC", "AC", "WA"]);
    expect(tolerant.passedCount).toBe(2);
    expect(exact.testResults.map((t) => t.verdict)).toEqual(["WA", "WA", "WA"]);
    expect(absent.testResults.map((t) => t.verdict)).toEqual(["WA", "WA", "WA"]);
    expect(caseless.testResults[0]!.verdict).toBe("AC");
    // No custom checker: no checkerCompile.
    expect(tolerant).not.toHaveProperty("checkerCompile");
  });

  it("whitespace and case", async () => {
    const code = "print('YES')\nprint(1, 2)\n";
    const [ws, cs] = await Promise.all([
      judge({ language: "python", code, checker: { type: "whitespace" } }, [
        { input: "", expected_output: "YES 1\n2" },
        { input: "", expected_output: "yes 1 2" },
      ]),
      judge({ language: "python", code, checker: { type: "case" } }, [
        { input: "", expected_output: "yes\n1 2\n" },
        { input: "", expected_output: "yes\n1  2\n" },
      ]),
    ]);
    expect(ws.testResults.map((t) => t.verdict)).toEqual(["AC", "WA"]);
    expect(cs.testResults.map((t) => t.verdict)).toEqual(["AC", "WA"]);
  });
});

// ---------------------------------------------------------------------------
// Custom checkers
// ---------------------------------------------------------------------------

/**
 * Accepts an answer within 1 of the expected number, and only that number
 * on stdout; writes its reason to the feedback directory (which must be
 * writable) and reads the input file (which must be there).
 */
const NEAR_CHECKER = String.raw`#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char **argv) {
  if (argc < 4) return 1;
  std::ifstream in(argv[1]), ans(argv[2]);
  std::string first;
  long expected, got;
  if (!(in >> first) || !(ans >> expected)) return 2;
  std::ofstream msg(std::string(argv[3]) + "/judgemessage.txt");
  if (!msg) return 3;
  if (!(std::cin >> got)) { msg << "no number\n"; return 43; }
  std::string extra;
  if (std::cin >> extra) { msg << "trailing output\n"; return 43; }
  return (got - expected <= 1 && expected - got <= 1) ? 42 : 43;
}
`;

/** Accepts when stdin has exactly as many bytes as the answer file says. */
const COUNT_CHECKER = String.raw`#include <cstdio>
#include <fstream>
int main(int argc, char **argv) {
  std::ifstream ans(argv[2]);
  long expected;
  if (!(ans >> expected)) return 2;
  long n = 0;
  char buf[65536];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, stdin)) > 0) n += got;
  fprintf(stderr, "read %ld bytes\n", n);
  return n == expected ? 42 : 43;
}
`;

const ECHO_PY = "print(input())\n";

describe("custom checkers", () => {
  it("accepts and rejects by exit code (42, 43), with the input, answer and a writable feedback directory", async () => {
    const result = await judge({ language: "python", code: ECHO_PY, checker: { type: "custom", source: NEAR_CHECKER } }, [
      { input: "10\n", expected_output: "10\n" },
      { input: "11\n", expected_output: "10\n" },
      { input: "12\n", expected_output: "10\n" },
      { input: "ten\n", expected_output: "10\n" },
    ]);
    expect(result.checkerCompile).toBeNull();
    expect(result.testResults.map((t) => t.verdict)).toEqual(["AC", "AC", "WA", "WA"]);
    expect(result.testResults.map((t) => t.passed)).toEqual([true, true, false, false]);
    expect(result.passedCount).toBe(2);
    for (const t of result.testResults) expect(t.checkerError).toBeUndefined();
    expect(result.testResults[1]!.actualOutput).toBe("11\n");
  });

  it("compiles once per source: a second request with the same checker uses the cache", async () => {
    const body = { language: "python", code: ECHO_PY, checker: { type: "custom", source: `${NEAR_CHECKER}// cache\n` } };
    await judge(body, [{ input: "1\n", expected_output: "1\n" }]);
    const before = runner.engine.compiles;
    const again = await judge(body, [{ input: "1\n", expected_output: "2\n" }]);
    expect(again.testResults[0]!.verdict).toBe("AC");
    expect(runner.engine.compiles).toBe(before);
  });

  it("gets the program's whole output (2 MB), not the 64 KB that comes back", async () => {
    const code = "import sys\nsys.stdout.write('x' * int(input()))\n";
    const result = await judge({ language: "python", code, checker: { type: "custom", source: COUNT_CHECKER } }, [
      { input: "2000000\n", expected_output: "2000000\n" },
      { input: "2000000\n", expected_output: "65536\n" },
    ]);
    expect(result.testResults.map((t) => t.verdict)).toEqual(["AC", "WA"]);
    expect(result.testResults[0]!.actualOutput.length).toBe(64 * 1024);
  });

  it("gets the output byte for byte, even when it is not UTF-8", async () => {
    // Plain strings: the test transform turns \x escapes in String.raw into characters.
    const code = '#include <stdio.h>\nint main(void) { fputs("\\xff\\xfe ok\\n", stdout); return 0; }\n';
    const source = [
      "#include <cstdio>",
      "#include <cstring>",
      "int main() {",
      "  char buf[64];",
      "  size_t n = fread(buf, 1, sizeof buf, stdin);",
      '  return n == 6 && memcmp(buf, "\\xff\\xfe ok\\n", 6) == 0 ? 42 : 43;',
      "}",
    ].join("\n");
    const result = await judge({ language: "c", code, checker: { type: "custom", source } }, [{ input: "", expected_output: "" }]);
    expect(result.compile?.code).toBe(0);
    expect(result.checkerCompile).toBeNull();
    expect(result.testResults[0]!.verdict).toBe("AC");
  });

  it.each([
    ["crashes (SIGSEGV)", "int main() { volatile int *p = nullptr; *p = 1; return 42; }", /killed by SIGSEGV/],
    ["aborts, saying why on stderr", `#include <cstdio>\n#include <cstdlib>\nint main() { fputs("bad answer file\\n", stderr); abort(); }`, /killed by SIGABRT: bad answer file/],
    ["exits 0", "int main() { return 0; }", /exited with code 0 \(42 accepts, 43 rejects\)/],
    ["exits 1 with a message", `#include <cstdio>\nint main() { fputs("cannot parse\\n", stderr); return 1; }`, /exited with code 1 \(42 accepts, 43 rejects\): cannot parse/],
    ["loops (CPU)", "int main() { volatile unsigned long x = 0; for (;;) x++; return 42; }", /exceeded its time limit \(2000 ms CPU, 4000 ms wall\)/],
    ["sleeps forever (wall)", "#include <unistd.h>\nint main() { for (;;) pause(); return 42; }", /exceeded its time limit/],
    ["allocates without end", "#include <cstdlib>\n#include <cstring>\nint main() { for (;;) { char *p = (char *)malloc(1 << 24); if (p) memset(p, 1, 1 << 24); } return 42; }", /exceeded its memory limit \(256 MB\)|killed by SIG/],
    ["floods its stdout", "#include <cstdio>\nint main() { for (;;) fputs(\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\n\", stdout); return 42; }", /exceeded its output limit/],
  ])("a checker that %s gives JE (never AC or WA) with its reason in checkerError", async (_label, source, message) => {
    const result = await judge({ language: "python", code: ECHO_PY, checker: { type: "custom", source } }, [{ input: "1\n", expected_output: "1\n" }]);
    expect(result.checkerCompile).toBeNull();
    const t = result.testResults[0]!;
    expect(t).toMatchObject({ verdict: "JE", passed: false, actualOutput: "1\n" });
    expect(t.checkerError).toMatch(message);
    expect(Buffer.byteLength(t.checkerError!)).toBeLessThanOrEqual(1024);
    expect(result.passedCount).toBe(0);
  });

  it("a checker's long stderr is cut to 1 KB", async () => {
    const source = `#include <cstdio>\nint main() { for (int i = 0; i < 10000; i++) fputs("é", stderr); return 7; }`;
    const result = await judge({ language: "python", code: ECHO_PY, checker: { type: "custom", source } }, [{ input: "1\n", expected_output: "1\n" }]);
    const error = result.testResults[0]!.checkerError!;
    expect(error).toMatch(/^Checker exited with code 7/);
    expect(Buffer.byteLength(error)).toBeLessThanOrEqual(1024);
    expect(Buffer.byteLength(error)).toBeGreaterThan(1000);
  });

  it("a checker that does not compile: every case JE, checkerCompile has the compiler's message, the program does not run", async () => {
    const result = await judge({ language: "c", code: "#include <stdio.h>\nint main(void){puts(\"1\");return 0;}", checker: { type: "custom", source: "int main() { return undeclared; }" } }, [
      { input: "", expected_output: "1\n" },
      { input: "", expected_output: "2\n" },
    ]);
    expect(result.compile?.code).toBe(0);
    expect(result.checkerCompile?.code).not.toBe(0);
    expect(result.checkerCompile?.stderr).toMatch(/undeclared/);
    expect(result.testResults.map((t) => t.verdict)).toEqual(["JE", "JE"]);
    for (const t of result.testResults) {
      expect(t).toMatchObject({ passed: false, actualOutput: "", timeMs: 0 });
      expect(t.checkerError).toMatch(/^Checker did not compile: .*undeclared/s);
    }
    expect(result.passedCount).toBe(0);
  });

  it("a program that fails keeps its verdict, and the checker (which would crash) does not run", async () => {
    const crashing = "int main() { __builtin_trap(); }";
    const code = "import sys\nn = int(input())\nif n == 1: sys.exit(3)\nif n == 2:\n    while True: pass\nprint(n)\n";
    const result = await judge({ language: "python", code, checker: { type: "custom", source: crashing } }, [
      { input: "1\n", expected_output: "1\n" },
      { input: "2\n", expected_output: "2\n" },
      { input: "3\n", expected_output: "3\n" },
    ]);
    expect(result.testResults.map((t) => t.verdict)).toEqual(["RE", "TLE", "JE"]);
    expect(result.testResults[0]!.checkerError).toBeUndefined();
    expect(result.testResults[1]!.checkerError).toBeUndefined();
  });

  it("a program that does not compile is CE, whatever the checker", async () => {
    const result = await judge({ language: "c", code: "int main(void) { return x; }", checker: { type: "custom", source: NEAR_CHECKER } }, [
      { input: "1\n", expected_output: "1\n" },
    ]);
    expect(result.compile?.code).not.toBe(0);
    expect(result.checkerCompile).toBeNull();
    expect(result.testResults[0]!.verdict).toBe("CE");
  });

  it("the checker has no network and cannot write to /box or /judge", async () => {
    const source = String.raw`#include <cstdio>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
int main(int argc, char **argv) {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(53);
  inet_pton(AF_INET, "1.1.1.1", &a.sin_addr);
  if (connect(s, (sockaddr *)&a, sizeof a) == 0) return 1;
  if (fopen("/box/x", "w")) return 1;
  if (fopen(argv[2], "a")) return 1;
  return 42;
}
`;
    const result = await judge({ language: "python", code: ECHO_PY, checker: { type: "custom", source } }, [{ input: "1\n", expected_output: "1\n" }]);
    expect(result.testResults[0]!.verdict).toBe("AC");
  });
});

// ---------------------------------------------------------------------------
// The wall limit follows timeMs
// ---------------------------------------------------------------------------

describe("the wall limit of a request with timeMs", () => {
  let short: TestRunner;
  beforeAll(async () => {
    short = await startTestRunner({ runWallMs: 2000 });
  });
  afterAll(async () => {
    await short?.stop();
  });

  it("is max(RUNNER_RUN_WALL_MS, 1.5 timeMs + 500): a 3 s sleep is TLE under a 2 s wall, AC with timeMs 3000 (a 5 s wall)", async () => {
    const code = "import time\ntime.sleep(3)\nprint('up')\n";
    const testCases = [{ id: 1, input: "", expected_output: "up\n" }];
    const [plain, longer] = await Promise.all(
      [undefined, { timeMs: 3000 }].map(async (limits) => {
        const res = await short.post("/v1/judge", { language: "python", code, testCases, ...(limits && { limits }) });
        return (await res.json()) as Result;
      }),
    );
    expect(plain.testResults[0]).toMatchObject({ verdict: "TLE" });
    expect(longer.testResults[0]).toMatchObject({ verdict: "AC" });
  });
});
