// Verdicts of real programs in the real sandbox (bubblewrap + cgroups, as
// root), for every language, through POST /v1/judge and POST /v1/execute.
//
// To stay fast on a small machine, each language gets ONE program whose first
// input word selects what it does (sum the numbers / echo / loop / allocate /
// print forever / crash ...), and ONE judge request carries every case for
// that program: the runner compiles once and runs the cases in its slots.
// Each `it` then checks one case of that response.
//
// No timing assertions except the kernel limits themselves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRunner, type JudgeResult, type TestRunner } from "./harness.ts";

type Lang = "c" | "cpp" | "python" | "java";
type Case = { id: string; input: string; expected_output: string };

const KB = 1024;
const MEMORY_LIMIT_KB = 256 * KB;
const JAVA_OVERHEAD_KB = 64 * KB;
/** A run may write 8 MB of stdout (all compared); at most 64 KB of it comes back. */
const OUTPUT_LIMIT = 8192 * KB;
const RETURNED_OUTPUT = 64 * KB;

// ---------------------------------------------------------------------------
// The programs. Input starting with a word selects a mode; anything else is
// "sum every integer in the input and print the sum".
// ---------------------------------------------------------------------------

const C_PROGRAM = String.raw`#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(size_t *len) {
  size_t cap = 1 << 16, n = 0, r;
  char *buf = malloc(cap + 1);
  while ((r = fread(buf + n, 1, cap - n, stdin)) > 0) {
    n += r;
    if (n == cap) { cap *= 2; buf = realloc(buf, cap + 1); }
  }
  buf[n] = 0;
  *len = n;
  return buf;
}

int main(void) {
  size_t len;
  char *in = slurp(&len);
  char cmd[16] = "";
  sscanf(in, "%15s", cmd);
  if (!strcmp(cmd, "echo")) {
    char *nl = strchr(in, '\n');
    if (nl) fwrite(nl + 1, 1, len - (size_t)(nl + 1 - in), stdout);
    return 0;
  }
  if (!strcmp(cmd, "loop")) { volatile unsigned long x = 0; for (;;) x++; }
  if (!strcmp(cmd, "mem")) {
    size_t n = 1UL << 30;
    char *p = malloc(n);
    if (!p) { puts("malloc failed"); return 0; }
    memset(p, 1, n);
    long s = 0;
    for (size_t i = 0; i < n; i += 4096) s += ((volatile char *)p)[i];
    printf("%ld\n", s);
    return 0;
  }
  if (!strcmp(cmd, "print")) { for (;;) fputs("0123456789abcdef\n", stdout); }
  /* Both operands volatile: gcc -O2 turns 1 / z into a compare (1 / z is 0 unless z is 1 or -1). */
  if (!strcmp(cmd, "div")) { volatile int n = 7, z = 0; printf("%d\n", n / z); return 0; }
  if (!strcmp(cmd, "null")) { volatile int *p = NULL; *p = 1; return 0; }
  if (!strcmp(cmd, "exit3")) { puts("exiting"); exit(3); }
  if (!strcmp(cmd, "throw")) abort();
  if (!strcmp(cmd, "bytes")) { long n = atol(in + 5); for (long i = 0; i < n; i++) putchar('x'); return 0; }
  long long sum = 0;
  char *p = in, *end;
  for (;;) {
    long long v = strtoll(p, &end, 10);
    if (end == p) break;
    sum += v;
    p = end;
  }
  printf("%lld\n", sum);
  return 0;
}
`;

const CPP_PROGRAM = String.raw`#include <bits/stdc++.h>
using namespace std;

int main() {
  ios::sync_with_stdio(false);
  string in((istreambuf_iterator<char>(cin)), istreambuf_iterator<char>());
  istringstream words(in);
  string cmd;
  words >> cmd;
  if (cmd == "echo") {
    auto nl = in.find('\n');
    if (nl != string::npos) cout << in.substr(nl + 1);
    return 0;
  }
  if (cmd == "loop") { volatile unsigned long x = 0; for (;;) x++; }
  if (cmd == "mem") {
    vector<char> v(1UL << 30, 1);
    long s = 0;
    for (size_t i = 0; i < v.size(); i += 4096) s += ((volatile char *)v.data())[i];
    cout << s << "\n";
    return 0;
  }
  if (cmd == "print") { for (;;) cout << "0123456789abcdef\n"; }
  if (cmd == "div") { volatile int n = 7, z = 0; cout << n / z << "\n"; return 0; }
  if (cmd == "null") { volatile int *p = nullptr; *p = 1; return 0; }
  if (cmd == "exit3") { cout << "exiting" << endl; exit(3); }
  if (cmd == "throw") throw runtime_error("boom from C++");
  istringstream nums(in);
  long long v, sum = 0;
  while (nums >> v) sum += v;
  cout << sum << "\n";
}
`;

const PYTHON_PROGRAM = String.raw`import sys

data = sys.stdin.buffer.read()
words = data.split()
cmd = words[0].decode() if words and words[0][:1].isalpha() else ""
if cmd == "echo":
    sys.stdout.buffer.write(data.split(b"\n", 1)[1] if b"\n" in data else b"")
elif cmd == "loop":
    x = 0
    while True:
        x += 1
elif cmd == "mem":
    a = [0] * 200_000_000
    print(len(a))
elif cmd == "print":
    while True:
        print("0123456789abcdef")
elif cmd == "div":
    print(1 // 0)
elif cmd == "null":
    x = None
    print(x.field)
elif cmd == "exit3":
    print("exiting")
    sys.exit(3)
elif cmd == "throw":
    raise ValueError("boom from Python")
else:
    print(sum(int(w) for w in words))
`;

const JAVA_PROGRAM = String.raw`import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class Main {
    static void loop() {
        long x = 0;
        while (true) {
            x++;
            if (x == Long.MIN_VALUE) System.out.println(x);
        }
    }

    static void mem() {
        List<long[]> keep = new ArrayList<>();
        for (int i = 0; i < 1024; i++) {
            long[] a = new long[1 << 17]; // 1 MB
            Arrays.fill(a, i);
            keep.add(a);
        }
        System.out.println(keep.size());
    }

    static void printForever() {
        // Buffered, as fast Java output is written: System.out flushes every
        // line, and 8 MB of 17-byte writes would take longer than the CPU limit.
        java.io.PrintWriter out = new java.io.PrintWriter(new java.io.BufferedWriter(new java.io.OutputStreamWriter(System.out), 1 << 16));
        while (true) out.println("0123456789abcdef");
    }

    public static void main(String[] args) throws Exception {
        byte[] data = System.in.readAllBytes();
        String in = new String(data, "UTF-8").trim();
        String[] words = in.isEmpty() ? new String[0] : in.split("\\s+");
        String cmd = words.length > 0 && Character.isLetter(words[0].charAt(0)) ? words[0] : "";
        switch (cmd) {
            case "echo": {
                int nl = 0;
                while (nl < data.length && data[nl] != '\n') nl++;
                if (nl < data.length) System.out.write(data, nl + 1, data.length - nl - 1);
                System.out.flush();
                return;
            }
            case "loop": loop(); return;
            case "mem": mem(); return;
            case "print": printForever(); return;
            case "div": { int zero = 0; System.out.println(1 / zero); return; }
            case "null": { String s = null; System.out.println(s.length()); return; }
            case "exit3": System.out.println("exiting"); System.out.flush(); System.exit(3); return;
            case "throw": throw new IllegalStateException("boom from Java");
            default: {
                long sum = 0;
                for (String w : words) sum += Long.parseLong(w);
                System.out.println(sum);
            }
        }
    }
}
`;

const PROGRAMS: Record<Lang, string> = { c: C_PROGRAM, cpp: CPP_PROGRAM, python: PYTHON_PROGRAM, java: JAVA_PROGRAM };

// ---------------------------------------------------------------------------
// The cases every language's program is judged on, in one request.
// ---------------------------------------------------------------------------

/** About 900 KB of integers over many lines, and their sum. */
function bigInput(): { input: string; sum: number } {
  const parts: string[] = [];
  let size = 0;
  let sum = 0;
  for (let i = 0; size < 900 * KB; i++) {
    const n = (i * 7919) % 1_000_003;
    const token = `${n}${i % 16 === 15 ? "\n" : " "}`;
    parts.push(token);
    size += token.length;
    sum += n;
  }
  return { input: parts.join(""), sum };
}
const BIG = bigInput();

const echo = (id: string, printed: string, expected: string): Case => ({ id, input: `echo\n${printed}`, expected_output: expected });

const CASES: Case[] = [
  // AC: a few sums.
  { id: "ac-1", input: "1 2\n", expected_output: "3\n" },
  { id: "ac-2", input: "-5 12\n", expected_output: "7\n" },
  { id: "ac-3", input: "1000000000 2000000000\n", expected_output: "3000000000\n" },
  { id: "ac-4", input: "0 0\n", expected_output: "0" },
  // WA: the program is right, the expected answer is not what it prints.
  { id: "wa", input: "2 2\n", expected_output: "5\n" },
  // Stdin handling.
  { id: "stdin-multiline", input: "1 2\n3\n\n4 5 6\n", expected_output: "21\n" },
  { id: "stdin-no-final-newline", input: "7 8", expected_output: "15\n" },
  { id: "stdin-empty", input: "", expected_output: "0\n" },
  { id: "stdin-900kb", input: BIG.input, expected_output: `${BIG.sum}\n` },
  // Kernel verdicts.
  { id: "mle", input: "mem\n", expected_output: "" },
  { id: "ole", input: "print\n", expected_output: "" },
  { id: "re-div", input: "div\n", expected_output: "" },
  { id: "re-null", input: "null\n", expected_output: "" },
  { id: "re-exit3", input: "exit3\n", expected_output: "exiting\n" },
  { id: "re-throw", input: "throw\n", expected_output: "" },
  // Output comparison: the program prints exactly the text after "echo\n".
  echo("cmp-expected-crlf", "1 2\n3\n", "1 2\r\n3\r\n"),
  echo("cmp-printed-crlf", "1 2\r\n3\r\n", "1 2\n3\n"),
  echo("cmp-printed-trailing-spaces", "1 2   \n3 \n", "1 2\n3\n"),
  echo("cmp-expected-trailing-spaces", "1 2\n3\n", "1 2  \n3   \n"),
  echo("cmp-printed-crlf-and-trailing-spaces", "1 2  \r\n3\r\n", "1 2\n3"),
  echo("cmp-printed-no-final-newline", "1\n2", "1\n2\n"),
  echo("cmp-expected-no-final-newline", "1\n2\n", "1\n2"),
  echo("cmp-printed-trailing-blank-lines", "1\n2\n\n\n\n", "1\n2\n"),
  echo("cmp-expected-trailing-blank-lines", "1\n2\n", "1\n2\n\n\n"),
  echo("cmp-printed-nothing-expected-blank", "", "\n\n"),
  echo("cmp-leading-spaces", " 1 2\n", "1 2\n"),
  echo("cmp-expected-leading-spaces", "1 2\n", "  1 2\n"),
  echo("cmp-inner-character", "hello world\n", "hello World\n"),
  echo("cmp-inner-spaces", "1  2\n", "1 2\n"),
  echo("cmp-inner-blank-line", "1\n\n2\n", "1\n2\n"),
  echo("cmp-leading-blank-line", "\n1\n", "1\n"),
];

const AC_CASES = CASES.filter((c) => /^(ac-|stdin-)/.test(c.id)).map((c) => c.id);
const COMPARE_AC = [
  "cmp-expected-crlf",
  "cmp-printed-crlf",
  "cmp-printed-trailing-spaces",
  "cmp-expected-trailing-spaces",
  "cmp-printed-crlf-and-trailing-spaces",
  "cmp-printed-no-final-newline",
  "cmp-expected-no-final-newline",
  "cmp-printed-trailing-blank-lines",
  "cmp-expected-trailing-blank-lines",
  "cmp-printed-nothing-expected-blank",
];
const COMPARE_WA = ["cmp-leading-spaces", "cmp-expected-leading-spaces", "cmp-inner-character", "cmp-inner-spaces", "cmp-inner-blank-line", "cmp-leading-blank-line"];

/** What each language's runtime errors look like in `error`. */
const RE_ERRORS: Record<Lang, Record<"re-div" | "re-null" | "re-exit3" | "re-throw", RegExp>> = {
  // C and C++ print nothing on a signal: the runner reports the exit status (128 + signal).
  c: { "re-div": /^Exited with code 136$/, "re-null": /^Exited with code 139$/, "re-exit3": /^Exited with code 3$/, "re-throw": /^Exited with code 134$/ },
  cpp: {
    "re-div": /^Exited with code 136$/,
    "re-null": /^Exited with code 139$/,
    "re-exit3": /^Exited with code 3$/,
    "re-throw": /terminate called after throwing an instance of 'std::runtime_error'[\s\S]*boom from C\+\+/,
  },
  python: {
    "re-div": /ZeroDivisionError/,
    "re-null": /AttributeError: 'NoneType' object has no attribute 'field'/,
    "re-exit3": /^Exited with code 3$/,
    "re-throw": /ValueError: boom from Python/,
  },
  java: {
    "re-div": /java\.lang\.ArithmeticException: \/ by zero/,
    "re-null": /java\.lang\.NullPointerException/,
    "re-exit3": /^Exited with code 3$/,
    "re-throw": /java\.lang\.IllegalStateException: boom from Java/,
  },
};

/** A syntax error for each language. */
const BROKEN: Record<Lang, string> = {
  python: "print('hi')\nprint('hi'\n",
  c: "#include <stdio.h>\nint main(void) { printf(\"hi\\n\") return 0; }\n",
  cpp: "#include <iostream>\nint main() { std::cout << \"hi\" << std::endl return 0; }\n",
  java: "public class Main {\n    public static void main(String[] args) {\n        System.out.println(\"hi\")\n    }\n}\n",
};

// ---------------------------------------------------------------------------

let runner: TestRunner;

beforeAll(async () => {
  runner = await startTestRunner();
});

afterAll(async () => {
  await runner?.stop();
});

describe.each<Lang>(["c", "cpp", "python", "java"])("%s: one program judged on every kind of case", (lang) => {
  let result: JudgeResult;
  let tle: JudgeResult;
  let tleRequestMs = 0;
  const byId = (id: string) => {
    const r = result.testResults.find((t) => t.testCaseId === id);
    if (!r) throw new Error(`no result for ${id}`);
    return r;
  };

  beforeAll(async () => {
    const res = await runner.post("/v1/judge", { language: lang, code: PROGRAMS[lang], testCases: CASES });
    expect(res.status).toBe(200);
    result = (await res.json()) as JudgeResult;
    // The TLE case runs alone: next to other cases on this 2-core machine the
    // 3 s wall limit can stop the loop before it has used 2 s of CPU.
    const started = performance.now();
    tle = await runner.judge(lang, PROGRAMS[lang], [{ input: "loop\n", expected_output: "" }]);
    tleRequestMs = performance.now() - started;
  }, 120_000);

  it("answers for every case, in order, with consistent counts", () => {
    if (lang === "python") expect(result.compile).toBeNull();
    else expect(result.compile).toMatchObject({ code: 0 });
    expect(result.testResults.map((t) => t.testCaseId)).toEqual(CASES.map((c) => c.id));
    expect(result.totalTestCases).toBe(CASES.length);
    expect(result.passedCount).toBe(result.testResults.filter((t) => t.passed).length);
    expect(result.passedCount).toBe(AC_CASES.length + COMPARE_AC.length);
    for (const t of result.testResults) expect(t.passed).toBe(t.verdict === "AC");
  });

  it("AC: sums the numbers it reads, case after case", () => {
    expect(byId("ac-1")).toMatchObject({ verdict: "AC", passed: true, actualOutput: "3\n", error: null });
    expect(byId("ac-2")).toMatchObject({ verdict: "AC", passed: true, actualOutput: "7\n" });
    expect(byId("ac-3")).toMatchObject({ verdict: "AC", passed: true, actualOutput: "3000000000\n" });
    expect(byId("ac-4")).toMatchObject({ verdict: "AC", passed: true, actualOutput: "0\n" });
  });

  it("WA: a correct run whose output differs from the expected one", () => {
    expect(byId("wa")).toMatchObject({ verdict: "WA", passed: false, actualOutput: "4\n", error: null });
  });

  it("stdin: multi-line input, no final newline, empty input", () => {
    expect(byId("stdin-multiline")).toMatchObject({ verdict: "AC", actualOutput: "21\n" });
    expect(byId("stdin-no-final-newline")).toMatchObject({ verdict: "AC", actualOutput: "15\n" });
    expect(byId("stdin-empty")).toMatchObject({ verdict: "AC", actualOutput: "0\n" });
  });

  it("stdin: a 900 KB input is delivered whole", () => {
    expect(BIG.input.length).toBeGreaterThanOrEqual(900 * KB);
    expect(byId("stdin-900kb")).toMatchObject({ verdict: "AC", passed: true, actualOutput: `${BIG.sum}\n` });
  });

  it("TLE: an infinite loop is stopped at the 2 s CPU limit", () => {
    const t = tle.testResults[0]!;
    expect(t).toMatchObject({ verdict: "TLE", passed: false, error: "Time limit exceeded" });
    // timeMs is the cgroup's CPU time: the loop got to the CPU limit, or, on
    // a machine busy with other work, the 3 s wall limit came first (the
    // request then took at least that long).
    if (t.timeMs < 2000) expect(tleRequestMs, `${t.timeMs} ms of CPU`).toBeGreaterThanOrEqual(3000);
    expect(t.timeMs).toBeLessThan(2500);
  });

  it("MLE: allocating and touching 1 GB hits the cgroup memory limit", () => {
    const t = byId("mle");
    expect(t).toMatchObject({ verdict: "MLE", passed: false, error: "Memory limit exceeded" });
    const limitKb = MEMORY_LIMIT_KB + (lang === "java" ? JAVA_OVERHEAD_KB : 0);
    // The peak is the cgroup's, which the kernel keeps at or under the limit.
    expect(t.memoryKb).toBeLessThanOrEqual(limitKb);
    expect(t.memoryKb).toBeGreaterThan(limitKb * 0.9);
  });

  it("OLE: printing forever is stopped at 8 MB, and 64 KB of it comes back", () => {
    const t = byId("ole");
    expect(t).toMatchObject({ verdict: "OLE", passed: false, error: "Output limit exceeded" });
    // ASCII: exactly the first 64 KB.
    expect(Buffer.byteLength(t.actualOutput)).toBe(RETURNED_OUTPUT);
    expect(t.actualOutput.startsWith("0123456789abcdef\n")).toBe(true);
  });

  it("RE: division by zero, null dereference, exit(3), uncaught exception / abort", () => {
    for (const id of ["re-div", "re-null", "re-exit3", "re-throw"] as const) {
      const t = byId(id);
      expect(t, id).toMatchObject({ verdict: "RE", passed: false });
      expect(t.error, id).toMatch(RE_ERRORS[lang][id]);
    }
    // A non-zero exit is RE even when the output would have matched.
    expect(byId("re-exit3").actualOutput).toBe("exiting\n");
  });

  it("comparison: CRLF, trailing spaces, missing final newline and trailing blank lines are ignored", () => {
    for (const id of COMPARE_AC) expect(byId(id), id).toMatchObject({ verdict: "AC", passed: true });
    // The program really printed the CRLF / spaces / blank lines (they are ignored, not lost).
    expect(byId("cmp-printed-crlf").actualOutput).toBe("1 2\r\n3\r\n");
    expect(byId("cmp-printed-trailing-spaces").actualOutput).toBe("1 2   \n3 \n");
    expect(byId("cmp-printed-no-final-newline").actualOutput).toBe("1\n2");
    expect(byId("cmp-printed-trailing-blank-lines").actualOutput).toBe("1\n2\n\n\n\n");
  });

  it("comparison: leading spaces, inner changes and inner or leading blank lines are WA", () => {
    for (const id of COMPARE_WA) expect(byId(id), id).toMatchObject({ verdict: "WA", passed: false });
    expect(byId("cmp-inner-character").actualOutput).toBe("hello world\n");
  });
});

describe("CE", () => {
  const cases = [
    { input: "1 2\n", expected_output: "3\n" },
    { input: "", expected_output: "" },
    { input: "x\n", expected_output: "x\n" },
  ];

  it.each(["c", "cpp", "java", "python"] as const)("%s: a syntax error is CE on every test case, with compile.code != 0", async (lang) => {
    const r = await runner.judge(lang, BROKEN[lang], cases);
    expect(r.compile).not.toBeNull();
    expect(r.compile!.code).not.toBe(0);
    expect(r.compile!.stderr).toMatch(/error/i);
    expect(r.totalTestCases).toBe(3);
    expect(r.passedCount).toBe(0);
    expect(r.testResults).toHaveLength(3);
    for (const t of r.testResults) {
      expect(t).toMatchObject({ verdict: "CE", passed: false, actualOutput: "", timeMs: 0, memoryKb: 0 });
      expect(t.error).toBe(r.compile!.stderr);
    }
  });

  it("java: a program without main is CE on every test case", async () => {
    const r = await runner.judge("java", "public class Main {\n    static int twice(int x) { return 2 * x; }\n}\n", cases);
    expect(r.compile!.code).not.toBe(0);
    expect(r.compile!.stderr).toMatch(/No class declares public static void main/);
    expect(r.testResults.map((t) => t.verdict)).toEqual(["CE", "CE", "CE"]);
  });

  it("python: a syntax error is found by the byte-compile, before any case runs, with the compiler's message", async () => {
    const before = runner.engine.compiles;
    const r = await runner.judge("python", "def f(:\n    pass\n", cases);
    expect(runner.engine.compiles).toBe(before + 1);
    expect(r.compile).toMatchObject({ code: 1, stdout: "" });
    // The interpreter's own report: file, line, the line itself, a caret, the error.
    expect(r.compile!.stderr).toBe('  File "main.py", line 1\n    def f(:\n          ^\nSyntaxError: invalid syntax\n');
    // CE's shape: nothing ran (no time, no memory, no output).
    expect(r.testResults.map((t) => t.verdict)).toEqual(["CE", "CE", "CE"]);
    for (const t of r.testResults) expect(t).toMatchObject({ passed: false, actualOutput: "", error: r.compile!.stderr, timeMs: 0, memoryKb: 0 });
  });

  it("python: a compile-time error other than syntax (TabError, return outside a function, null bytes) is CE too", async () => {
    const sources = {
      tab: "def f():\n\treturn 1\n        return 2\n",
      "return outside function": "print(1)\nreturn 2\n",
      "null bytes": "x = 1\0\n",
    };
    for (const [label, code] of Object.entries(sources)) {
      const r = await runner.judge("python", code, [cases[0]!]);
      expect(r.compile?.code, label).not.toBe(0);
      expect(r.compile!.stderr, label).toMatch(/TabError|SyntaxError|ValueError/);
      expect(r.testResults[0], label).toMatchObject({ verdict: "CE", passed: false });
    }
  });

  it("python: a program that compiles still answers compile: null (the contract's shape), and is cached like the others", async () => {
    const code = "print(sum(map(int, input().split())))\n# python compile cache probe\n";
    const before = runner.engine.compiles;
    const first = await runner.judge("python", code, [cases[0]!]);
    const second = await runner.judge("python", code, [cases[0]!]);
    expect(runner.engine.compiles).toBe(before + 1);
    for (const r of [first, second]) {
      expect(r.compile).toBeNull();
      expect(r.testResults[0]).toMatchObject({ verdict: "AC", passed: true });
    }
  });
});

describe("java: finding the class that holds main", () => {
  const sum = "java.util.Scanner in = new java.util.Scanner(System.in); System.out.println(in.nextLong() + in.nextLong());";
  const cases = [
    { input: "1 2\n", expected_output: "3\n" },
    { input: "40 2", expected_output: "42" },
  ];

  it("a public class with another name than Main", async () => {
    const r = await runner.judge("java", `public class Solution {\n  public static void main(String[] args) { ${sum} }\n}\n`, cases);
    expect(r.compile?.code).toBe(0);
    expect(r.testResults.map((t) => t.verdict)).toEqual(["AC", "AC"]);
  });

  it("main in a non-public class next to a public one, with decoy class names in comments and strings", async () => {
    const code = [
      "// public class Main { public static void main(String[] a) {} }",
      "import java.util.*;",
      "public class Helper {",
      '  static final String NOTE = "class Fake { static void main(String[] a) {} }";',
      "  static long add(long a, long b) { return a + b; }",
      "}",
      "class Program {",
      "  public static void main(String[] args) {",
      "    Scanner in = new Scanner(System.in);",
      "    System.out.println(Helper.add(in.nextLong(), in.nextLong()));",
      "  }",
      "}",
      "",
    ].join("\n");
    const r = await runner.judge("java", code, cases);
    expect(r.compile?.code).toBe(0);
    expect(r.testResults.map((t) => t.verdict)).toEqual(["AC", "AC"]);
  });

  it("a single non-public class", async () => {
    const r = await runner.judge("java", `class Answer {\n  public static void main(String[] args) { ${sum} }\n}\n`, cases);
    expect(r.testResults.map((t) => t.verdict)).toEqual(["AC", "AC"]);
  });

  it("main in a nested static class", async () => {
    const code = `public class Outer {\n  static int unused;\n  static class Inner {\n    public static void main(String[] args) { ${sum} }\n  }\n}\n`;
    const r = await runner.judge("java", code, cases);
    expect(r.compile?.code).toBe(0);
    expect(r.testResults.map((t) => t.verdict)).toEqual(["AC", "AC"]);
  });
});

describe("/v1/execute", () => {
  it.each<Lang>(["c", "cpp", "python", "java"])("%s: passes stdin, returns stdout and verdict OK", async (lang) => {
    const r = await runner.execute(lang, PROGRAMS[lang], "3 4\n5\n");
    if (lang === "python") expect(r.compile).toBeNull();
    else expect(r.compile).toMatchObject({ code: 0 });
    expect(r.run).toMatchObject({ code: 0, stdout: "12\n", verdict: "OK" });
  });

  it("reports OK whatever the output is: there is no expected output", async () => {
    const r = await runner.execute("c", PROGRAMS.c, "echo\nanything at all\r\n  ");
    expect(r.run).toMatchObject({ code: 0, stdout: "anything at all\r\n  ", stderr: "", verdict: "OK" });
  });

  it("reports the exit code and stderr of a failing run", async () => {
    const c = await runner.execute("c", PROGRAMS.c, "exit3\n");
    expect(c.run).toMatchObject({ code: 3, stdout: "exiting\n", verdict: "RE" });
    const py = await runner.execute("python", PROGRAMS.python, "throw\n");
    expect(py.run).toMatchObject({ code: 1, verdict: "RE" });
    expect(py.run!.stderr).toMatch(/ValueError: boom from Python/);
  });

  it("reports TLE, MLE and OLE like judge does", async () => {
    const [tle, mle, ole] = await Promise.all(["loop\n", "mem\n", "print\n"].map((stdin) => runner.execute("c", PROGRAMS.c, stdin)));
    expect(tle.run?.verdict).toBe("TLE");
    expect(mle.run?.verdict).toBe("MLE");
    expect(ole.run?.verdict).toBe("OLE");
    expect(Buffer.byteLength(ole.run!.stdout)).toBeLessThanOrEqual(RETURNED_OUTPUT);
  });

  it("run is null when compilation fails", async () => {
    for (const lang of ["c", "java", "python"] as const) {
      const r = await runner.execute(lang, BROKEN[lang], "1 2\n");
      expect(r.compile!.code, lang).not.toBe(0);
      expect(r.compile!.stderr, lang).toMatch(/error/i);
      expect(r.run, lang).toBeNull();
    }
  });

  it("python: a syntax error answers the failed byte-compile and run: null", async () => {
    const r = await runner.execute("python", "def f(:\n    pass\n");
    expect(r.compile).toMatchObject({ code: 1, stdout: "" });
    expect(r.compile!.stderr).toMatch(/^ {2}File "main\.py", line 1\n[\s\S]*SyntaxError: invalid syntax\n$/);
    expect(r.run).toBeNull();
  });
});

describe("java: memory beyond the JVM heap", () => {
  // One array far beyond the memory limit: the heap limit is set far above the
  // cgroup's, so the kernel's OOM kill decides MLE, not a JVM exception.
  it("new int[200_000_000] (800 MB) is MLE", async () => {
    const code = "public class Main {\n  public static void main(String[] args) {\n    int[] a = new int[200_000_000];\n    a[1] = 1;\n    System.out.println(a.length);\n  }\n}\n";
    const r = await runner.judge("java", code, [{ input: "", expected_output: "200000000\n" }]);
    expect(r.testResults[0]).toMatchObject({ verdict: "MLE" });
  });
});

describe("output limit boundary", () => {
  it("exactly 8 MB of output is compared (WA here, not OLE), one byte more is OLE; 64 KB comes back", async () => {
    // An expected output is at most 1 MB (the input limit), so an 8 MB answer can only be WA.
    const r = await runner.judge("c", PROGRAMS.c, [
      { input: `bytes ${OUTPUT_LIMIT}`, expected_output: "x" },
      { input: `bytes ${OUTPUT_LIMIT + 1}`, expected_output: "x" },
    ]);
    expect(r.testResults[0]).toMatchObject({ verdict: "WA", passed: false, error: null });
    expect(r.testResults[0]!.actualOutput).toBe("x".repeat(RETURNED_OUTPUT));
    expect(r.testResults[1]).toMatchObject({ verdict: "OLE", passed: false, error: "Output limit exceeded" });
    expect(r.testResults[1]!.actualOutput).toBe("x".repeat(RETURNED_OUTPUT));
  });
});

describe("compile cache", () => {
  const source = `#include <stdio.h>\n/* compile cache probe */\nint main(void) { long a, b; if (scanf("%ld %ld", &a, &b) != 2) return 1; printf("%ld\\n", a * b); return 0; }\n`;
  const cases = [
    { input: "6 7\n", expected_output: "42\n" },
    { input: "3 3\n", expected_output: "9\n" },
  ];

  it("judging the same C source twice compiles once and returns the same compile object", async () => {
    const before = runner.engine.compiles;
    const first = await runner.judge("c", source, cases);
    expect(runner.engine.compiles).toBe(before + 1);
    expect(first.compile).toMatchObject({ code: 0 });
    expect(first.passedCount).toBe(2);

    const second = await runner.judge("c", source, cases);
    expect(runner.engine.compiles).toBe(before + 1);
    expect(second.compile).toEqual(first.compile);
    expect(second.testResults.map((t) => t.verdict)).toEqual(["AC", "AC"]);

    // /v1/execute shares the cache.
    const run = await runner.execute("c", source, "5 5\n");
    expect(runner.engine.compiles).toBe(before + 1);
    expect(run.compile).toEqual(first.compile);
    expect(run.run?.stdout).toBe("25\n");
  });

  it("identical submissions arriving together compile once", async () => {
    const concurrent = source.replace("probe", "probe, concurrent");
    const before = runner.engine.compiles;
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => runner.judge("c", concurrent, cases)));
    expect(runner.engine.compiles).toBe(before + 1);
    expect(b!.compile).toEqual(a!.compile);
    expect(c!.compile).toEqual(a!.compile);
    for (const r of [a!, b!, c!]) expect(r.passedCount).toBe(2);
  });

  it("a different source is a new compile", async () => {
    const before = runner.engine.compiles;
    await runner.judge("c", source.replace("a * b", "a * b + 0"), cases);
    expect(runner.engine.compiles).toBe(before + 1);
  });
});
