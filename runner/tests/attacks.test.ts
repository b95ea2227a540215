// Hostile programs against the real sandbox (bubblewrap + cgroups, as root),
// in C and Python (and a few in Java). Each attack is its own test; after
// every one, nothing may be left running as a slot uid, no run cgroup may be
// left, and the runner must still judge a normal program.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { leftoverCgroups, leftoverProcesses, startTestRunner, TOKEN, type JudgeResult, type TestRunner } from "./harness.ts";

type Lang = "c" | "python" | "java";
type Result = JudgeResult["testResults"][number];

const KB = 1024;
/** What comes back of a run's output (it may write 8 MB). */
const RETURNED_OUTPUT = 64 * KB;
const MEMORY_LIMIT_KB = 256 * KB;

// Secrets of the process that hosts the runner: set BEFORE the runner starts,
// and never allowed to appear in anything a program sends back.
const CANARY = `canary-${randomBytes(12).toString("hex")}`;
const savedEnv = { CANARY_SECRET: process.env.CANARY_SECRET, RUNNER_TOKEN: process.env.RUNNER_TOKEN };
process.env.CANARY_SECRET = CANARY;
process.env.RUNNER_TOKEN = TOKEN;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let runner: TestRunner;

beforeAll(async () => {
  runner = await startTestRunner();
});

afterAll(async () => {
  try {
    // Every sandbox leaves one dead bubblewrap process behind: bwrap's
    // pid-namespace init, reparented to PID 1 when the outer bwrap exits.
    // It is a zombie (nothing runs), and PID 1 reaps it (here within ~2 s).
    // At the end, the harness's own check must come back empty.
    const deadline = Date.now() + 15_000;
    let left = await leftoverProcesses(runner.config);
    while (left.length > 0 && Date.now() < deadline) {
      await sleep(250);
      left = await leftoverProcesses(runner.config);
    }
    expect(left).toEqual([]);
  } finally {
    await runner?.stop();
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}, 60_000);

type SlotProcess = { pid: number; name: string; state: string; ppid: number };

/** Processes running as a slot uid, split into running ones and zombies. */
async function slotProcesses(): Promise<{ running: SlotProcess[]; zombies: SlotProcess[] }> {
  const running: SlotProcess[] = [];
  const zombies: SlotProcess[] = [];
  for (const pid of await leftoverProcesses(runner.config)) {
    let status: string;
    try {
      status = readFileSync(`/proc/${pid}/status`, "utf8");
    } catch {
      continue; // Gone (reaped) since it was listed.
    }
    const p = {
      pid,
      name: /^Name:\s+(.*)$/m.exec(status)?.[1] ?? "?",
      state: /^State:\s+(\S)/m.exec(status)?.[1] ?? "?",
      ppid: Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]),
    };
    (p.state === "Z" || p.state === "X" ? zombies : running).push(p);
  }
  return { running, zombies };
}

/**
 * Nothing runs as a slot uid. A process the runner SIGKILLed a moment ago may
 * still be finishing its exit, so this allows a short grace period. Zombies
 * must be orphans of PID 1 (dead, and not held by the runner).
 */
async function expectNothingRunning() {
  const deadline = Date.now() + 2000;
  let found = await slotProcesses();
  while (found.running.length > 0 && Date.now() < deadline) {
    await sleep(50);
    found = await slotProcesses();
  }
  expect(found.running).toEqual([]);
  for (const z of found.zombies) expect(z, "a zombie slot process must belong to PID 1").toMatchObject({ ppid: 1 });
  expect(await leftoverCgroups(runner)).toEqual([]);
}

const SUM_C = '#include <stdio.h>\nint main(void) { long a, b; if (scanf("%ld %ld", &a, &b) != 2) return 1; printf("%ld\\n", a + b); return 0; }\n';

afterEach(async () => {
  await expectNothingRunning();
  // The runner still works, and the process hosting it (and vitest's) is alive.
  const ok = await runner.judge("c", SUM_C, [{ input: "2 3\n", expected_output: "5\n" }]);
  expect(ok.testResults[0]).toMatchObject({ verdict: "AC", passed: true });
  expect(() => process.kill(process.pid, 0)).not.toThrow();
  expect(() => process.kill(process.ppid, 0)).not.toThrow();
});

/** Runs one attack as a one-case judge request; nothing secret may come back. */
async function attack(lang: Lang, code: string, input = "", expected_output = ""): Promise<Result> {
  const r = await runner.judge(lang, code, [{ input, expected_output }]);
  const text = JSON.stringify(r);
  expect(text).not.toContain(CANARY);
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain("CANARY_SECRET");
  expect(text).not.toContain("RUNNER_TOKEN");
  if (lang !== "python") expect(r.compile?.code, r.compile?.stderr).toBe(0);
  expect(r.testResults).toHaveLength(1);
  return r.testResults[0]!;
}

// -std=c11 is strict ISO C: POSIX functions (fork, kill, setsid, usleep ...)
// need a feature macro to be declared.
const C = (body: string) => `#define _GNU_SOURCE
#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <unistd.h>
${body}
`;

// ---------------------------------------------------------------------------
// The attacks, per language.
// ---------------------------------------------------------------------------

const FORK_BOMB = {
  c: C("int main(void) { for (;;) fork(); }"),
  python: "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n",
};

const FORK_COUNT = {
  c: C(`int main(void) {
  int n = 0;
  for (int i = 0; i < 1000; i++) {
    pid_t p = fork();
    if (p == 0) { pause(); _exit(0); }
    if (p < 0) { printf("fork failed after %d children: %s\\n", n, strerror(errno)); return 0; }
    n++;
  }
  printf("forked %d children\\n", n);
  return 0;
}`),
  python: `import os, time
n = 0
for i in range(1000):
    try:
        pid = os.fork()
    except OSError as e:
        print(f"fork failed after {n} children: {e.strerror}")
        break
    if pid == 0:
        time.sleep(60)
        os._exit(0)
    n += 1
else:
    print(f"forked {n} children")
`,
};

const ALLOC_4GB = {
  c: C(`int main(void) {
  size_t n = 4UL << 30;
  char *p = malloc(n);
  if (!p) { puts("malloc failed"); return 1; }
  memset(p, 1, n);
  printf("%d\\n", ((volatile char *)p)[n - 1]);
  return 0;
}`),
  python: 'b = b"x" * (4 << 30)\nprint(len(b))\n',
};

const writeGigabyte = (path: string) => ({
  c: C(`static char buf[1 << 20];
int main(void) {
  memset(buf, 'x', sizeof buf);
  FILE *f = fopen("${path}", "w");
  if (!f) { printf("open failed: %s\\n", strerror(errno)); return 1; }
  for (int i = 0; i < 1024; i++) {
    if (fwrite(buf, 1, sizeof buf, f) != sizeof buf || fflush(f) != 0) {
      printf("write failed after %d MB: %s\\n", i, strerror(errno));
      return 1;
    }
  }
  fclose(f);
  puts("wrote 1 GB");
  return 0;
}`),
  python: `buf = b"x" * (1 << 20)
with open("${path}", "wb") as f:
    for i in range(1024):
        f.write(buf)
print("wrote 1 GB")
`,
});

const PRINT_100MB = {
  c: C(`static char buf[1 << 20];
int main(void) {
  memset(buf, 'x', sizeof buf);
  for (int i = 0; i < 100; i++) fwrite(buf, 1, sizeof buf, stdout);
  return 0;
}`),
  python: 'import sys\nsys.stdout.write("x" * (100 << 20))\n',
};

// Prints "<host>:<port> blocked" or "... CONNECTED" on stdout, the reason on stderr.
const CONNECT = {
  c: C(`static void try_connect(const char *ip, int port) {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) { printf("%s:%d blocked\\n", ip, port); fprintf(stderr, "socket: %s\\n", strerror(errno)); return; }
  struct timeval tv = {1, 0};
  setsockopt(s, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);  /* bounds connect() too */
  struct sockaddr_in a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  inet_pton(AF_INET, ip, &a.sin_addr);
  if (connect(s, (struct sockaddr *)&a, sizeof a) == 0) printf("%s:%d CONNECTED\\n", ip, port);
  else { printf("%s:%d blocked\\n", ip, port); fprintf(stderr, "%s:%d %s\\n", ip, port, strerror(errno)); }
  close(s);
}
int main(void) {
  int port;
  if (scanf("%d", &port) != 1) return 1;
  try_connect("1.1.1.1", 80);
  try_connect("127.0.0.1", port);
  return 0;
}`),
  python: `import socket, sys
port = int(input())
for host, p in (("1.1.1.1", 80), ("127.0.0.1", port)):
    try:
        s = socket.create_connection((host, p), timeout=1)
        print(f"{host}:{p} CONNECTED")
        s.close()
    except OSError as e:
        print(f"{host}:{p} blocked")
        print(f"{host}:{p} {e.strerror}", file=sys.stderr)
`,
};

// For each path: "<path>: not found", "<path>: <reason>" or "<path>: [<content, NULs as spaces>]".
const READ_FILES = {
  c: C(`static void dump(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) { printf("%s: %s\\n", path, errno == ENOENT ? "not found" : strerror(errno)); return; }
  static char buf[1 << 16];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  int err = ferror(f) ? errno : 0;
  fclose(f);
  if (err) { printf("%s: %s\\n", path, strerror(err)); return; }
  for (size_t i = 0; i < n; i++) if (buf[i] == 0 || buf[i] == '\\n') buf[i] = ' ';
  buf[n] = 0;
  printf("%s: [%s]\\n", path, buf);
}
int main(void) {
  char path[512];
  while (scanf("%511s", path) == 1) {
    if (strcmp(path, "ALL_PIDS") != 0) { dump(path); continue; }
    DIR *d = opendir("/proc");
    struct dirent *e;
    int pids = 0;
    while ((e = readdir(d))) {
      if (!isdigit((unsigned char)e->d_name[0])) continue;
      pids++;
      char p[300];
      snprintf(p, sizeof p, "/proc/%s/environ", e->d_name); dump(p);
      snprintf(p, sizeof p, "/proc/%s/cmdline", e->d_name); dump(p);
    }
    closedir(d);
    printf("visible pids: %d\\n", pids);
  }
  return 0;
}`),
  python: `import os, sys

def dump(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        print(f"{path}: not found")
        return
    except OSError as e:
        print(f"{path}: {e.strerror}")
        return
    text = data.replace(b"\\0", b" ").replace(b"\\n", b" ").decode("utf-8", "replace")
    print(f"{path}: [{text}]")

for path in sys.stdin.read().split():
    if path != "ALL_PIDS":
        dump(path)
        continue
    pids = [p for p in os.listdir("/proc") if p.isdigit()]
    for p in pids:
        dump(f"/proc/{p}/environ")
        dump(f"/proc/{p}/cmdline")
    print(f"visible pids: {len(pids)}")
`,
};

const PRINT_ENV = {
  c: C(`extern char **environ;
int main(void) { for (char **v = environ; *v; v++) puts(*v); return 0; }`),
  python: "import os\nfor k, v in os.environ.items():\n    print(f'{k}={v}')\n",
};

// Input: "<target> <runner pid>". Prints what kill() answered, then "still alive".
const KILL = {
  c: C(`int main(void) {
  char target[16];
  long runner;
  if (scanf("%15s %ld", target, &runner) != 2) return 1;
  pid_t pid = !strcmp(target, "all") ? -1 : !strcmp(target, "init") ? 1 : (pid_t)runner;
  int r = kill(pid, SIGKILL);
  printf("kill(%s, SIGKILL): %s\\n", target, r == 0 ? "ok" : strerror(errno));
  fflush(stdout);
  if (!strcmp(target, "runner")) {
    r = kill(pid, 0);
    printf("kill(runner, 0): %s\\n", r == 0 ? "ok" : strerror(errno));
  }
  usleep(100000);
  puts("still alive");
  return 0;
}`),
  python: `import os, signal, time
target, runner = input().split()
pid = {"all": -1, "init": 1}.get(target, int(runner))
def kill(sig):
    try:
        os.kill(pid, sig)
        return "ok"
    except OSError as e:
        return e.strerror
print(f"kill({target}, SIGKILL): {kill(signal.SIGKILL)}", flush=True)
if target == "runner":
    print(f"kill(runner, 0): {kill(0)}")
time.sleep(0.1)
print("still alive")
`,
};

// The parent prints and exits at once; the child keeps stdout open and sleeps.
const ORPHAN = {
  c: C(`int main(void) {
  if (fork() == 0) {
    sleep(60);
    FILE *f = fopen("/tmp/orphan", "w");
    if (f) { fputs("still here\\n", f); fclose(f); }
    puts("child done");
    return 0;
  }
  puts("parent done");
  return 0;
}`),
  python: `import os, time
if os.fork() == 0:
    time.sleep(60)
    with open("/tmp/orphan", "w") as f:
        f.write("still here\\n")
    print("child done")
    os._exit(0)
print("parent done")
`,
};

// A proper daemon: new session, double fork, stdio closed, writes a file for 60 s.
const DAEMON = {
  c: C(`int main(void) {
  if (fork() == 0) {
    setsid();
    if (fork() != 0) _exit(0);
    close(0); close(1); close(2);
    for (int i = 0; i < 600; i++) {
      FILE *f = fopen("/tmp/daemon.log", "a");
      if (f) { fputs("tick\\n", f); fclose(f); }
      usleep(100000);
    }
    _exit(0);
  }
  puts("parent done");
  return 0;
}`),
  python: `import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() != 0:
        os._exit(0)
    for fd in (0, 1, 2):
        os.close(fd)
    for i in range(600):
        with open("/tmp/daemon.log", "a") as f:
            f.write("tick\\n")
        time.sleep(0.1)
    os._exit(0)
print("parent done")
`,
};

// Input "<dir> <files>": writes that many 15 MB files (each under the 16 MB
// file size limit) into <dir>, then prints how far it got.
const FILL_C = C(`static char buf[1 << 20];
int main(void) {
  char dir[256];
  int files, mb = 0;
  if (scanf("%255s %d", dir, &files) != 2) return 1;
  memset(buf, 'x', sizeof buf);
  for (int file = 0; file < files; file++) {
    char name[300];
    snprintf(name, sizeof name, "%s/part%d", strcmp(dir, "/") ? dir : "", file);
    FILE *f = fopen(name, "w");
    if (!f) { printf("open failed after %d MB: %s\\n", mb, strerror(errno)); return 0; }
    for (int i = 0; i < 15; i++) {
      if (fwrite(buf, 1, sizeof buf, f) != sizeof buf || fflush(f) != 0) {
        printf("write failed after %d MB: %s\\n", mb, strerror(errno));
        return 0;
      }
      mb++;
    }
    fclose(f);
  }
  printf("wrote %d MB\\n", mb);
  return 0;
}`);

const SLEEP_FOREVER = {
  c: C("int main(void) { for (;;) pause(); }"),
  python: "import time\nwhile True:\n    time.sleep(1000)\n",
};

/** A file past the size limit is OLE in both (Python ignores SIGXFSZ and dies of EFBIG instead; the runner knows its message). */
const TMP_GIGABYTE: Record<"c" | "python", { verdict: string; error: RegExp }> = {
  c: { verdict: "OLE", error: /^Output limit exceeded$/ },
  python: { verdict: "OLE", error: /^Output limit exceeded$/ },
};

describe.each(["c", "python"] as const)("%s attacks", (lang) => {
  it("fork bomb: not AC, pids capped, and the run ends at the wall limit (TLE)", async () => {
    // The run's pids cgroup (pids.max = 64) makes fork() fail with EAGAIN;
    // the processes that exist keep retrying, on one core's worth of CPU
    // between them, until the run's total CPU (or else the 3 s wall timer)
    // ends the run (TLE) and the cgroup is killed. RE would also be sane (had
    // the program exited non-zero on EAGAIN); AC/WA/MLE/OLE would not.
    const t = await attack(lang, FORK_BOMB[lang]);
    expect(["TLE", "RE"]).toContain(t.verdict); // the sane outcomes
    expect(t).toMatchObject({ verdict: "TLE", passed: false, error: "Time limit exceeded" });
    // Memory of at most ~64 small processes, well under the limit.
    expect(t.memoryKb).toBeLessThan(MEMORY_LIMIT_KB);
  });

  it("the pids limit holds: fork() fails before 64 processes", async () => {
    const t = await attack(lang, FORK_COUNT[lang]);
    const m = /^fork failed after (\d+) children: Resource temporarily unavailable\n$/.exec(t.actualOutput);
    expect(m, t.actualOutput).not.toBeNull();
    const children = Number(m![1]);
    expect(children).toBeGreaterThan(0);
    // The launcher/bwrap, bwrap's init and the program count too.
    expect(children).toBeLessThan(64);
    // The parent exits 0 while its children still sleep: the run ends at once.
    expect(t.verdict).toBe("WA");
  });

  it("allocating 4 GB is MLE", async () => {
    const t = await attack(lang, ALLOC_4GB[lang]);
    expect(t).toMatchObject({ verdict: "MLE", passed: false, error: "Memory limit exceeded", actualOutput: "" });
    expect(t.memoryKb).toBeLessThanOrEqual(MEMORY_LIMIT_KB);
  });

  it(`writing 1 GB to /tmp stops at the 16 MB file size limit (${TMP_GIGABYTE[lang].verdict})`, async () => {
    // C: SIGXFSZ kills the program (exit 153), which the runner reports as OLE.
    // Python: the interpreter ignores SIGXFSZ, so write() fails with EFBIG and
    // it dies of the uncaught "OSError: [Errno 27] File too large": OLE too.
    const t = await attack(lang, writeGigabyte("/tmp/big")[lang]);
    expect(t).toMatchObject({ verdict: TMP_GIGABYTE[lang].verdict, passed: false, actualOutput: "" });
    expect(t.error).toMatch(TMP_GIGABYTE[lang].error);
  });

  it("writing 1 GB to /box fails at once: /box is read-only (EROFS), RE", async () => {
    const t = await attack(lang, writeGigabyte("/box/big")[lang]);
    expect(t).toMatchObject({ verdict: "RE", passed: false });
    if (lang === "c") {
      expect(t.actualOutput).toBe("open failed: Read-only file system\n");
      expect(t.error).toBe("Exited with code 1");
    } else {
      expect(t.actualOutput).toBe("");
      expect(t.error).toMatch(/OSError: \[Errno 30\] Read-only file system: '\/box\/big'/);
    }
  });

  it("printing 100 MB is OLE (stopped at 8 MB), with at most 64 KB of output sent back", async () => {
    const t = await attack(lang, PRINT_100MB[lang]);
    expect(t).toMatchObject({ verdict: "OLE", passed: false, error: "Output limit exceeded" });
    expect(Buffer.byteLength(t.actualOutput)).toBeLessThanOrEqual(RETURNED_OUTPUT);
    expect(t.actualOutput).toMatch(/^x+$/);
  });

  it("network: TCP connect to 1.1.1.1:80 and to the runner's own port fails", async () => {
    const port = new URL(runner.url).port;
    const t = await attack(lang, CONNECT[lang], `${port}\n`, `1.1.1.1:80 blocked\n127.0.0.1:${port} blocked\n`);
    expect(t.actualOutput).not.toMatch(/CONNECTED/);
    expect(t).toMatchObject({ verdict: "AC", passed: true });
    // No route out of the empty network namespace; its loopback has no runner.
    expect(t.error).toMatch(/1\.1\.1\.1:80 Network is unreachable/);
    expect(t.error).toMatch(new RegExp(`127\\.0\\.0\\.1:${port} Connection refused`));
  });

  it("/etc/shadow and /etc/passwd do not exist in the sandbox", async () => {
    const t = await attack(lang, READ_FILES[lang], "/etc/shadow /etc/passwd /etc/hostname", "/etc/shadow: not found\n/etc/passwd: not found\n/etc/hostname: not found\n");
    expect(t).toMatchObject({ verdict: "AC", passed: true });
  });

  it("environments of /proc/1, /proc/self and every visible pid hold no secret of the runner", async () => {
    const t = await attack(lang, READ_FILES[lang], "/proc/1/environ /proc/self/environ ALL_PIDS");
    expect(t.verdict).toBe("WA"); // ran to completion (the expected output is empty)
    // attack() already checked for the canary and the token; the raw output too:
    expect(t.actualOutput).not.toContain(CANARY);
    expect(t.actualOutput).not.toContain(TOKEN);
    expect(t.actualOutput).toMatch(/^\/proc\/self\/environ: \[PATH=/m);
    // Only the sandbox's own processes are visible (its pid namespace): bwrap's
    // init and the program itself, never the runner (node) or the host.
    const visible = Number(/^visible pids: (\d+)$/m.exec(t.actualOutput)?.[1]);
    expect(visible).toBeGreaterThanOrEqual(1);
    expect(visible).toBeLessThanOrEqual(3);
    expect(t.actualOutput).not.toMatch(/node|vitest/);
    // Nothing from the test process's environment (which hosts the runner).
    for (const [key, value] of Object.entries(process.env)) {
      if (!value || value.length < 6 || /^(PATH|HOME|LANG|TMPDIR|PWD)$/.test(key)) continue;
      expect(t.actualOutput, `${key} leaked`).not.toContain(`${key}=${value}`);
    }
  });

  it("the program's own environment is only the sandbox's minimal variables", async () => {
    const t = await attack(lang, PRINT_ENV[lang]);
    const env = Object.fromEntries(
      t.actualOutput
        .split("\n")
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    // PATH, HOME, LANG and TMPDIR are set by the runner; PWD is added by
    // bubblewrap itself for --chdir /box.
    expect(env).toEqual({ PATH: "/usr/local/bin:/usr/bin:/bin", HOME: "/tmp", LANG: "C.UTF-8", TMPDIR: "/tmp", PWD: "/box" });
  });

  it("kill(-1, SIGKILL) reaches nothing outside the sandbox", async () => {
    // In its own pid namespace the only other process is bwrap's init, which
    // kill(-1) skips: ESRCH.
    const t = await attack(lang, KILL[lang], `all ${process.pid}`, "kill(all, SIGKILL): No such process\nstill alive\n");
    expect(t).toMatchObject({ verdict: "AC", passed: true });
  });

  it("kill(1, SIGKILL) only reaches the sandbox's own init, which ignores it", async () => {
    // PID 1 is bwrap's init in the sandbox's pid namespace; the kernel drops
    // SIGKILL sent to a namespace init from inside, so kill() "succeeds" and
    // nothing happens.
    const t = await attack(lang, KILL[lang], `init ${process.pid}`, "kill(init, SIGKILL): ok\nstill alive\n");
    expect(t).toMatchObject({ verdict: "AC", passed: true });
  });

  it("kill(<runner pid>, SIGKILL) cannot see the runner", async () => {
    const t = await attack(lang, KILL[lang], `runner ${process.pid}`, "kill(runner, SIGKILL): No such process\nkill(runner, 0): No such process\nstill alive\n");
    expect(t).toMatchObject({ verdict: "AC", passed: true });
  });

  it("a child that outlives its parent (stdout still open): the parent's result comes back and the child is gone", async () => {
    // Were the runner waiting for the child (which holds stdout), this would
    // be TLE at the wall limit instead of AC.
    const t = await attack(lang, ORPHAN[lang], "", "parent done\n");
    expect(t).toMatchObject({ verdict: "AC", passed: true, actualOutput: "parent done\n" });
    await expectNothingRunning();
  });

  it("a daemon (setsid, double fork, stdio closed) does not survive the run", async () => {
    const t = await attack(lang, DAEMON[lang], "", "parent done\n");
    expect(t).toMatchObject({ verdict: "AC", passed: true, actualOutput: "parent done\n" });
    await expectNothingRunning();
  });

  it("sleeping forever is TLE (wall clock)", async () => {
    const t = await attack(lang, SLEEP_FOREVER[lang]);
    expect(t).toMatchObject({ verdict: "TLE", passed: false, error: "Time limit exceeded", actualOutput: "" });
    await expectNothingRunning();
  });
});

describe("c: filesystem limits in detail", () => {
  it("with SIGXFSZ ignored, a write past 16 MB fails with EFBIG (RLIMIT_FSIZE); a C program that reports it and exits 1 is RE", async () => {
    const code = writeGigabyte("/tmp/big").c.replace("memset(buf, 'x', sizeof buf);", "memset(buf, 'x', sizeof buf);\n  signal(SIGXFSZ, SIG_IGN);");
    const t = await attack("c", code);
    expect(t).toMatchObject({ verdict: "RE", actualOutput: "write failed after 16 MB: File too large\n" });
  });

  it("the /tmp tmpfs is 64 MB: many files under 16 MB each fill it (ENOSPC)", async () => {
    const t = await attack("c", FILL_C, "/tmp 10");
    const m = /^write failed after (\d+) MB: No space left on device\n$/.exec(t.actualOutput);
    expect(m, t.actualOutput).not.toBeNull();
    expect(Number(m![1])).toBeLessThanOrEqual(64);
    expect(Number(m![1])).toBeGreaterThanOrEqual(60);
  });

  it("the program's directory /box and the system (/usr) are read-only, /dev has no disks", async () => {
    const code = C(`static void try_create(const char *path) {
  FILE *f = fopen(path, "w");
  printf("%s: %s\\n", path, f ? "writable" : strerror(errno));
  if (f) fclose(f);
}
int main(void) {
  try_create("/box/main");
  try_create("/box/new");
  try_create("/usr/bin/evil");
  try_create("/usr/bin/python3");
  DIR *d = opendir("/dev");
  struct dirent *e;
  while ((e = readdir(d)))
    if (!strncmp(e->d_name, "sd", 2) || !strncmp(e->d_name, "vd", 2) || !strncmp(e->d_name, "nvme", 4) || !strncmp(e->d_name, "mem", 3))
      printf("device %s\\n", e->d_name);
  return 0;
}`);
    const t = await attack("c", code);
    expect(t.actualOutput).toBe(
      [
        "/box/main: Read-only file system",
        "/box/new: Read-only file system",
        "/usr/bin/evil: Read-only file system",
        "/usr/bin/python3: Read-only file system",
        "",
      ].join("\n"),
    );
  });

  it("filling / (bubblewrap's root tmpfs) never gets past the memory limit", async () => {
    // 30 files of 15 MB: either the root is read-only, or its tmpfs pages are
    // charged to the run's memory cgroup and the run ends in MLE.
    const t = await attack("c", FILL_C, "/ 30");
    if (t.verdict === "MLE") expect(t.memoryKb).toBeLessThanOrEqual(MEMORY_LIMIT_KB);
    else expect(t.actualOutput).toMatch(/^open failed after 0 MB: Read-only file system\n$/);
  });

  // bwrap's root "/" and "/dev" are tmpfs mounts without a size; the sandbox
  // remounts both read-only, so only the size-capped /tmp and /dev/shm take files.
  it("/ and /dev are not writable outside /tmp and /dev/shm", async () => {
    const root = await attack("c", FILL_C, "/ 2");
    expect(root.actualOutput).toMatch(/Read-only file system/);
    const dev = await attack("c", FILL_C, "/dev 2");
    expect(dev.actualOutput).toMatch(/Read-only file system/);
    // /dev/shm stays writable (POSIX semaphores need it), capped like /tmp.
    const shm = await attack("c", FILL_C, "/dev/shm 10");
    const m = /write failed after (\d+) MB: No space left on device/.exec(shm.actualOutput);
    expect(m, shm.actualOutput).not.toBeNull();
    expect(Number(m![1])).toBeLessThanOrEqual(64);
  });
});

describe("c: compile time", () => {
  it("#include of host files: the compiler runs in the sandbox too and finds nothing", async () => {
    const r = await runner.judge("c", '#include "/etc/shadow"\nint main(void) { return 0; }\n', [{ input: "", expected_output: "" }]);
    expect(JSON.stringify(r)).not.toContain(CANARY);
    expect(r.compile!.code).not.toBe(0);
    expect(r.compile!.stderr).toMatch(/\/etc\/shadow: No such file or directory/);
    expect(r.testResults[0]).toMatchObject({ verdict: "CE", passed: false });
  });
});

describe("java attacks", () => {
  let javaThreadBomb: Result | undefined;

  it("a thread bomb is stopped by the pids limit", async () => {
    const code = `public class Main {
  public static void main(String[] args) throws Exception {
    int n = 0;
    try {
      while (true) {
        Thread t = new Thread(() -> { try { Thread.sleep(60_000); } catch (InterruptedException e) {} });
        t.setDaemon(true);
        t.start();
        n++;
      }
    } catch (Throwable e) {
      System.out.println("thread " + n + " failed: " + e.getClass().getName());
      System.exit(0);
    }
  }
}
`;
    const t = await attack("java", code);
    const m = /^thread (\d+) failed: java\.lang\.OutOfMemoryError$/m.exec(t.actualOutput);
    expect(m, `${t.verdict} ${t.actualOutput} ${t.error}`).not.toBeNull();
    // pids.max counts threads: the JVM's own threads plus these stay under 64.
    expect(Number(m![1])).toBeGreaterThan(0);
    expect(Number(m![1])).toBeLessThan(64);
    javaThreadBomb = t;
  });

  // The JVM's unified logging (here "[warning][os,thread] Failed to start
  // thread ...") goes to stderr, never into the program's answer.
  it("JVM warnings do not end up in the program's stdout", () => {
    expect(javaThreadBomb?.actualOutput).toBeDefined();
    expect(javaThreadBomb!.actualOutput).not.toMatch(/\[warning\]/);
  });

  it("allocating 4 GB is MLE", async () => {
    const code = `public class Main {
  public static void main(String[] args) {
    java.util.List<byte[]> keep = new java.util.ArrayList<>();
    for (int i = 0; i < 4096; i++) { byte[] b = new byte[1 << 20]; java.util.Arrays.fill(b, (byte) 1); keep.add(b); }
    System.out.println(keep.size());
  }
}
`;
    const t = await attack("java", code);
    expect(t).toMatchObject({ verdict: "MLE", error: "Memory limit exceeded" });
  });

  it("network, files and environment are as closed as for C and Python", async () => {
    const port = new URL(runner.url).port;
    const code = `import java.net.*;
import java.nio.file.*;
public class Main {
  public static void main(String[] args) throws Exception {
    for (String target : new String[] {"1.1.1.1:80", "127.0.0.1:${port}"}) {
      String[] hp = target.split(":");
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(hp[0], Integer.parseInt(hp[1])), 1000);
        System.out.println(target + " CONNECTED");
      } catch (Exception e) {
        System.out.println(target + " blocked");
      }
    }
    for (String f : new String[] {"/etc/passwd", "/etc/shadow", "/box/new"}) {
      try {
        if (f.startsWith("/box")) { Files.writeString(Path.of(f), "x"); System.out.println(f + " written"); }
        else { Files.readAllBytes(Path.of(f)); System.out.println(f + " read"); }
      } catch (Exception e) {
        System.out.println(f + " " + e.getClass().getSimpleName());
      }
    }
    System.out.println(new java.util.TreeMap<>(System.getenv()));
  }
}
`;
    const t = await attack("java", code);
    expect(t.actualOutput).toBe(
      [
        "1.1.1.1:80 blocked",
        `127.0.0.1:${port} blocked`,
        "/etc/passwd NoSuchFileException",
        "/etc/shadow NoSuchFileException",
        "/box/new FileSystemException",
        "{HOME=/tmp, LANG=C.UTF-8, PATH=/usr/local/bin:/usr/bin:/bin, PWD=/box, TMPDIR=/tmp}",
        "",
      ].join("\n"),
    );
  });
});
