// The run limits of the contract (shared/spec/README.md), with real programs
// in the real sandbox:
// - the stack may grow up to the memory limit (deep recursion is AC in every
//   language, not a crash at the inherited 8 MB);
// - a program may write 8 MB of stdout, all compared, of which 64 KB (cut at
//   a UTF-8 boundary) comes back; a file past the size limit is OLE;
// - CPU time counts every process of a run together, the run is stopped as
//   soon as the total passes the limit, and it never gets more than one core.
//
// No timing assertions: where wall time matters, the request's own round trip
// (measured here, always longer than the run inside it) is the yardstick. The
// wall limit is raised to 30 s (the CPU limit stays 2 s), so that a machine
// busy with other work cannot turn these runs into a wall-clock TLE.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRunner, type TestRunner } from "./harness.ts";

const KB = 1024;
const MEMORY_LIMIT_KB = 256 * KB;
const JAVA_OVERHEAD_KB = 64 * KB;
const CPU_LIMIT_MS = 2000;
const RETURNED_OUTPUT = 64 * KB;

let runner: TestRunner;

beforeAll(async () => {
  runner = await startTestRunner({ runWallMs: 30_000 });
});

afterAll(async () => {
  await runner?.stop();
});

// ---------------------------------------------------------------------------
// The stack
// ---------------------------------------------------------------------------

// Non-tail recursion whose frame holds a local array that escapes to the
// callee, so the compiler can neither drop the frame nor turn it into a loop.
// depth(n) = n; about 100 bytes of stack per level.
const DEEP_C = String.raw`#include <stdio.h>
static long depth(long n, volatile long *prev) {
  volatile long frame[8];
  frame[0] = n;
  frame[7] = prev ? prev[0] : n + 1;
  if (n == 0) return 0;
  return depth(n - 1, frame) + (frame[7] - frame[0]);
}
int main(void) {
  long n;
  if (scanf("%ld", &n) != 1) return 1;
  printf("%ld\n", depth(n, NULL));
  return 0;
}
`;

const DEEP_CPP = String.raw`#include <iostream>
static long depth(long n, volatile long *prev) {
  volatile long frame[8];
  frame[0] = n;
  frame[7] = prev ? prev[0] : n + 1;
  if (n == 0) return 0;
  return depth(n - 1, frame) + (frame[7] - frame[0]);
}
int main() {
  long n;
  if (!(std::cin >> n)) return 1;
  std::cout << depth(n, nullptr) << "\n";
}
`;

// Memoized recursion, the usual dynamic-programming idiom: each level goes
// through lru_cache's C wrapper, so it uses the C stack (pure Python calls in
// 3.11 do not), about 700 bytes a level. At 8 MB it dies with SIGSEGV.
const DEEP_PYTHON = `import sys
from functools import lru_cache
sys.setrecursionlimit(1_000_000)

@lru_cache(maxsize=None)
def depth(n):
    return 0 if n == 0 else depth(n - 1) + 1

print(depth(int(input())))
`;

// A million frames need more than 100 MB of Java stack (StackOverflowError
// with the JVM's default of 1 MB, and with the 64 MB the runner gave before).
const DEEP_JAVA = `import java.util.Scanner;

public class Main {
    static long depth(int n, long a, long b) {
        if (n == 0) return 0;
        return depth(n - 1, a + n, b ^ n) + 1;
    }

    public static void main(String[] args) {
        int n = new Scanner(System.in).nextInt();
        System.out.println(depth(n, 0, 0));
    }
}
`;

describe("the stack may grow up to the memory limit", () => {
  it.each([
    ["c", 1_000_000, DEEP_C],
    ["cpp", 1_000_000, DEEP_CPP],
    ["python", 200_000, DEEP_PYTHON],
    ["java", 1_000_000, DEEP_JAVA],
  ] as const)("%s: recursion %d levels deep is AC", async (lang, depth, code) => {
    const r = await runner.judge(lang, code, [{ input: `${depth}\n`, expected_output: `${depth}\n` }]);
    const t = r.testResults[0]!;
    expect(t, `${t.verdict}: ${t.error}`).toMatchObject({ verdict: "AC", passed: true, actualOutput: `${depth}\n` });
    // Far more than the 8 MB a sandbox used to inherit, within the memory limit.
    expect(t.memoryKb).toBeGreaterThan(8 * KB);
    expect(t.memoryKb).toBeLessThanOrEqual(MEMORY_LIMIT_KB + (lang === "java" ? JAVA_OVERHEAD_KB : 0));
  });

  it("c: recursion that truly needs more than the memory limit ends in RE or MLE, promptly and cleanly", async () => {
    // 100 million levels would need about 10 GB of stack.
    const r = await runner.judge("c", DEEP_C, [
      { input: "100000000\n", expected_output: "100000000\n" },
      { input: "1000\n", expected_output: "1000\n" },
    ]);
    const [deep, shallow] = r.testResults;
    // The stack (RLIMIT_STACK = 256 MB) or the cgroup (256 MB in all) runs out first: SIGSEGV or the OOM kill.
    expect(["RE", "MLE"]).toContain(deep!.verdict);
    expect(deep!.memoryKb).toBeLessThanOrEqual(MEMORY_LIMIT_KB);
    expect(deep!.timeMs).toBeLessThan(CPU_LIMIT_MS);
    expect(shallow).toMatchObject({ verdict: "AC" });
  });
});

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

const CAT_C = String.raw`#include <stdio.h>
int main(void) {
  static char buf[1 << 16];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, stdin)) > 0) fwrite(buf, 1, n, stdout);
  return 0;
}
`;

/** The longest prefix of `text`, in whole characters, whose UTF-8 takes at most `max` bytes. */
function utf8Prefix(text: string, max: number): string {
  let bytes = 0;
  let out = "";
  for (const ch of text) {
    bytes += Buffer.byteLength(ch);
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

/** About 262 KB of text with 1-, 2-, 3- and 4-byte characters, laid out so that the 64 KB cut falls inside one. */
function multibyteAnswer(): string {
  const line = "ab é€ 😀 ünïcödé ✓\n";
  let text = "";
  while (Buffer.byteLength(text) < 262 * KB) text += line;
  // Shift by one byte until byte 65536 is a continuation byte (mid-character).
  for (let pad = 0; pad < 8; pad++) {
    const candidate = "x".repeat(pad) + text;
    if ((Buffer.from(candidate)[RETURNED_OUTPUT]! & 0xc0) === 0x80) return candidate;
  }
  throw new Error("no padding puts the cut inside a character");
}

describe("output: 8 MB compared, 64 KB returned", () => {
  const answer = multibyteAnswer();
  const head = utf8Prefix(answer, RETURNED_OUTPUT);

  it("a 262 KB correct answer is AC, compared whole, and actualOutput is its first 64 KB cut at a character boundary", async () => {
    expect(Buffer.byteLength(answer)).toBeGreaterThanOrEqual(262 * KB);
    const r = await runner.judge("c", CAT_C, [
      { input: answer, expected_output: answer },
      // The same output against an answer that differs only in its last line: compared whole, so WA.
      { input: answer, expected_output: `${answer}one more line\n` },
    ]);
    const [ac, wa] = r.testResults;
    expect(ac).toMatchObject({ verdict: "AC", passed: true, error: null });
    expect(ac!.actualOutput).toBe(head);
    expect(Buffer.byteLength(ac!.actualOutput)).toBeLessThanOrEqual(RETURNED_OUTPUT);
    expect(Buffer.byteLength(ac!.actualOutput)).toBeGreaterThan(RETURNED_OUTPUT - 4);
    expect(ac!.actualOutput).not.toContain("\uFFFD");
    expect(wa).toMatchObject({ verdict: "WA", passed: false, actualOutput: head });
  });

  it("/v1/execute returns the same 64 KB head in run.stdout", async () => {
    const r = await runner.execute("c", CAT_C, answer);
    expect(r.run).toMatchObject({ code: 0, verdict: "OK", stdout: head });
  });

  it("9 MB of output is OLE (C and Python), with 64 KB of it sent back", async () => {
    const python = `import sys\nsys.stdout.write("y" * (9 << 20))\n`;
    const [c, py] = await Promise.all([
      runner.judge("c", CAT_C, [{ input: "", expected_output: "" }]).then(() =>
        // The C program copies its input: 9 MB cannot come in (1 MB input limit), so print it.
        runner.judge("c", `#include <stdio.h>\nint main(void) { for (long i = 0; i < (9L << 20); i++) putchar('y'); return 0; }\n`, [
          { input: "", expected_output: "" },
        ]),
      ),
      runner.judge("python", python, [{ input: "", expected_output: "" }]),
    ]);
    for (const r of [c, py]) {
      expect(r.testResults[0]).toMatchObject({ verdict: "OLE", passed: false, error: "Output limit exceeded" });
      expect(r.testResults[0]!.actualOutput).toBe("y".repeat(RETURNED_OUTPUT));
    }
  });
});

// ---------------------------------------------------------------------------
// Files past the size limit
// ---------------------------------------------------------------------------

const WRITE_GIGABYTE_PY = `buf = b"x" * (1 << 20)
with open("/tmp/big", "wb") as f:
    for i in range(1024):
        f.write(buf)
print("wrote 1 GB")
`;

describe("a file past the size limit", () => {
  it("python: writing a 1 GB file is OLE (the interpreter dies of EFBIG, as it ignores SIGXFSZ)", async () => {
    const r = await runner.judge("python", WRITE_GIGABYTE_PY, [{ input: "", expected_output: "wrote 1 GB\n" }]);
    expect(r.testResults[0]).toMatchObject({ verdict: "OLE", passed: false, error: "Output limit exceeded", actualOutput: "" });
    // /v1/execute says the same, and still shows what the interpreter printed.
    const e = await runner.execute("python", WRITE_GIGABYTE_PY);
    expect(e.run).toMatchObject({ code: 1, verdict: "OLE" });
    expect(e.run!.stderr).toMatch(/OSError: \[Errno 27\] File too large\n$/);
  });

  it("c: writing a 1 GB file is OLE (SIGXFSZ)", async () => {
    const code = String.raw`#include <stdio.h>
#include <string.h>
static char buf[1 << 20];
int main(void) {
  memset(buf, 'x', sizeof buf);
  FILE *f = fopen("/tmp/big", "w");
  for (int i = 0; i < 1024; i++) { fwrite(buf, 1, sizeof buf, f); fflush(f); }
  puts("wrote 1 GB");
  return 0;
}
`;
    const r = await runner.judge("c", code, [{ input: "", expected_output: "wrote 1 GB\n" }]);
    expect(r.testResults[0]).toMatchObject({ verdict: "OLE", passed: false, error: "Output limit exceeded" });
  });

  it("java: writing a 1 GB file is OLE (the JVM ignores SIGXFSZ too: an uncaught IOException)", async () => {
    const code = `import java.io.*;

public class Main {
    public static void main(String[] args) throws IOException {
        byte[] buf = new byte[1 << 20];
        try (FileOutputStream f = new FileOutputStream("/tmp/big")) {
            for (int i = 0; i < 1024; i++) f.write(buf);
        }
        System.out.println("wrote 1 GB");
    }
}
`;
    const e = await runner.execute("java", code);
    expect(e.run).toMatchObject({ code: 1, verdict: "OLE" });
    expect(e.run!.stderr).toMatch(/^Exception in thread "main" java\.io\.IOException: File too large\n/);
    // Caught: judged on its output.
    const caught = code.replace("try (FileOutputStream", "try { try (FileOutputStream").replace(
      'System.out.println("wrote 1 GB");',
      '} catch (IOException x) { System.out.println("caught " + x.getMessage()); }',
    );
    const r = await runner.judge("java", caught, [{ input: "", expected_output: "caught File too large\n" }]);
    expect(r.testResults[0], JSON.stringify(r.compile)).toMatchObject({ verdict: "AC", passed: true });
  });

  it("python: a program that catches the error and goes on is judged on its output; other OSErrors stay RE", async () => {
    const caught = `try:\n${WRITE_GIGABYTE_PY.replace(/^/gm, "    ")}\nexcept OSError as e:\n    print("caught", e.errno)\n`;
    const c = await runner.judge("python", caught, [{ input: "", expected_output: "caught 27\n" }]);
    expect(c.testResults[0]).toMatchObject({ verdict: "AC", passed: true });
    // Printing the message is not dying of it: a program that prints it and exits 0 is judged on its output.
    const printed = await runner.judge("python", `import sys\nprint("OSError: [Errno 27] File too large", file=sys.stderr)\nprint(1)\n`, [
      { input: "", expected_output: "1\n" },
    ]);
    expect(printed.testResults[0]).toMatchObject({ verdict: "AC", passed: true });
    const other = await runner.judge("python", `open("/box/x", "w")\n`, [{ input: "", expected_output: "" }]);
    expect(other.testResults[0]).toMatchObject({ verdict: "RE" });
    expect(other.testResults[0]!.error).toMatch(/\[Errno 30\] Read-only file system/);
  });
});

// ---------------------------------------------------------------------------
// CPU: the whole run, one core
// ---------------------------------------------------------------------------

// Input: how many busy children to fork; the parent then spins too. 0: exit at once.
const FORK_HOG = String.raw`#define _GNU_SOURCE
#include <stdio.h>
#include <unistd.h>
int main(void) {
  int children;
  if (scanf("%d", &children) != 1) return 1;
  if (children == 0) { puts("idle"); return 0; }
  for (int i = 0; i < children; i++)
    if (fork() == 0) { volatile unsigned long x = 0; for (;;) x++; }
  volatile unsigned long y = 0;
  for (;;) y++;
}
`;

// Input: how many children, and how many loop steps each does before exiting;
// the parent waits for them all and prints how many finished.
const FORK_WORK = String.raw`#define _GNU_SOURCE
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
  int children;
  long steps;
  if (scanf("%d %ld", &children, &steps) != 2) return 1;
  for (int i = 0; i < children; i++)
    if (fork() == 0) { volatile long x = 0; for (long j = 0; j < steps; j++) x += j; _exit(0); }
  int done = 0, status;
  while (wait(&status) > 0) done += WIFEXITED(status) && WEXITSTATUS(status) == 0;
  printf("%d\n", done);
  return 0;
}
`;

async function timedJudge(lang: string, code: string, input: string, expected_output = "") {
  const started = performance.now();
  const r = await runner.judge(lang, code, [{ input, expected_output }]);
  return { result: r.testResults[0]!, requestMs: performance.now() - started };
}

describe("CPU time counts the whole run, on one core at most", () => {
  it("a program with 4 busy children is TLE as soon as the run's total passes 2 s, and never had more than one core", async () => {
    // Compile first (a case that exits at once), so the timed request is only the run.
    expect((await runner.judge("c", FORK_HOG, [{ input: "0", expected_output: "idle" }])).testResults[0]).toMatchObject({ verdict: "AC" });
    const { result, requestMs } = await timedJudge("c", FORK_HOG, "4\n");
    expect(result).toMatchObject({ verdict: "TLE", passed: false, error: "Time limit exceeded" });
    // The run's CPU (the cgroup's total, children included) reached the limit...
    expect(result.timeMs).toBeGreaterThanOrEqual(CPU_LIMIT_MS);
    // ...and was stopped right after it, not at the wall limit with 2.5 cores' worth.
    expect(result.timeMs).toBeLessThan(CPU_LIMIT_MS + 500);
    // The run took place inside the request, so its wall time is at most the
    // request's. CPU beyond wall time would mean more than one core (the CFS
    // quota allows at most one 100 ms period of slack).
    expect(result.timeMs).toBeLessThanOrEqual(requestMs + 200);
  });

  it("a normal program is unaffected: single-process work and short-lived children finish with AC", async () => {
    // A single process doing a few hundred milliseconds of work.
    const busy = await runner.judge("python", "s = 0\nfor i in range(3_000_000):\n    s += i\nprint(s)\n", [
      { input: "", expected_output: `${(3_000_000 * 2_999_999) / 2}\n` },
    ]);
    expect(busy.testResults[0]).toMatchObject({ verdict: "AC", passed: true });
    expect(busy.testResults[0]!.timeMs).toBeLessThan(CPU_LIMIT_MS);
    // Four children that each work a little and exit: their CPU is counted, all under the limit.
    const children = await timedJudge("c", FORK_WORK, "4 20000000\n", "4\n");
    expect(children.result).toMatchObject({ verdict: "AC", passed: true });
    expect(children.result.timeMs).toBeLessThan(CPU_LIMIT_MS);
    expect(children.result.timeMs).toBeLessThanOrEqual(children.requestMs + 200);
  });

  it("the same forking program in /v1/execute is TLE too", async () => {
    const r = await runner.execute("c", FORK_HOG, "3\n");
    expect(r.run).toMatchObject({ verdict: "TLE" });
    expect(r.run!.timeMs).toBeLessThan(CPU_LIMIT_MS + 500);
  });
});
