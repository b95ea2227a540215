// Several runners on one machine with the same cgroup name (RUNNER_CGROUP_NAME
// defaults to "proctor-runner" for all of them): each has its own cgroup
// below the shared one, so one that stops, crashes or starts never breaks
// another, and a runner whose cgroup disappears makes it again.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { startTestRunner, type TestRunner } from "./harness.ts";

const SUM_C = '#include <stdio.h>\nint main(void) { long a, b; if (scanf("%ld %ld", &a, &b) != 2) return 1; printf("%ld\\n", a + b); return 0; }\n';
const SUM_PY = "print(sum(map(int, input().split())))\n";

async function expectJudges(runner: TestRunner) {
  for (const [lang, code] of [["c", SUM_C], ["python", SUM_PY]] as const) {
    const r = await runner.judge(lang, code, [
      { input: "2 3\n", expected_output: "5\n" },
      { input: "40 2\n", expected_output: "42\n" },
    ]);
    expect(r.testResults.map((t) => t.verdict), `${lang}: ${JSON.stringify(r.testResults)}`).toEqual(["AC", "AC"]);
  }
}

/** The shared parent of a runner's own cgroup, in every hierarchy. */
const sharedDirs = (runner: TestRunner) => [...new Set(runner.cgroups.parentDirs.map((d) => dirname(d)))];

let names = 0;
const sharedName = () => `proctor-runner-shared-${process.pid}-${++names}`;

const subdirs = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** A pid that no process has: a child that has exited and been reaped. */
function deadPid(): number {
  const child = spawnSync("/bin/true");
  const pid = child.pid!;
  expect(() => process.kill(pid, 0)).toThrow();
  return pid;
}

describe("runners sharing a cgroup name", () => {
  it("each has its own cgroup below the shared one; one stopping does not break the other; the last one out removes the shared one", async () => {
    const name = sharedName();
    const a = await startTestRunner({ cgroupName: name });
    const b = await startTestRunner({ cgroupName: name });
    const shared = sharedDirs(a);
    try {
      expect(a.config.cgroupName).toBe(b.config.cgroupName);
      expect(sharedDirs(b)).toEqual(shared);
      for (const dir of shared) expect(basename(dir)).toBe(name);
      for (const dir of [...a.cgroups.parentDirs, ...b.cgroups.parentDirs]) expect(existsSync(dir), dir).toBe(true);
      expect(a.cgroups.parentDirs.some((d) => b.cgroups.parentDirs.includes(d))).toBe(false);
      await Promise.all([expectJudges(a), expectJudges(b)]);

      await b.stop();
      for (const dir of b.cgroups.parentDirs) expect(existsSync(dir), dir).toBe(false);
      for (const dir of [...shared, ...a.cgroups.parentDirs]) expect(existsSync(dir), dir).toBe(true);
      // Before per-instance cgroups, every judge here answered 500 (ENOENT on mkdir).
      await expectJudges(a);
      await expectJudges(a);
    } finally {
      await b.stop().catch(() => {});
      await a.stop();
    }
    for (const dir of shared) expect(existsSync(dir), dir).toBe(false);
  });

  it("a runner starting sweeps what dead runners left (killing their processes), never a live runner's cgroup", async () => {
    const name = sharedName();
    const a = await startTestRunner({ cgroupName: name });
    const shared = sharedDirs(a);
    // What a runner that crashed leaves: its instance cgroup, a run in it, and a process still in that run.
    const dead = `${deadPid()}-0`;
    const leftovers = shared.map((dir) => join(dir, dead, "run-left-behind"));
    for (const dir of leftovers) mkdirSync(dir, { recursive: true });
    const sleeper = spawn("/bin/sleep", ["60"], { stdio: "ignore" });
    const exited = new Promise((resolve) => sleeper.on("exit", (_code, signal) => resolve(signal)));
    for (const dir of leftovers) writeFileSync(join(dir, "cgroup.procs"), String(sleeper.pid));
    let b: TestRunner | undefined;
    try {
      b = await startTestRunner({ cgroupName: name });
      expect(await exited).toBe("SIGKILL");
      for (const dir of shared) {
        expect(existsSync(join(dir, dead)), join(dir, dead)).toBe(false);
        // Left: the two live runners' own cgroups, nothing else.
        const live = [...a.cgroups.parentDirs, ...b.cgroups.parentDirs].filter((d) => dirname(d) === dir).map((d) => basename(d));
        expect(subdirs(dir).sort()).toEqual(live.sort());
      }
      await expectJudges(a);
      await expectJudges(b);
    } finally {
      sleeper.kill("SIGKILL");
      await b?.stop();
      await a.stop();
    }
  });
});

describe("a runner whose cgroup disappears", () => {
  it("makes it again at the next run: removing its own and the shared parent between requests breaks nothing", async () => {
    const name = sharedName();
    const a = await startTestRunner({ cgroupName: name });
    try {
      await expectJudges(a);
      // Between requests a runner's cgroups are empty: rmdir works, as it would for an admin or another tool.
      for (const dir of a.cgroups.parentDirs) rmdirSync(dir);
      for (const dir of sharedDirs(a)) rmdirSync(dir);
      for (const dir of a.cgroups.parentDirs) expect(existsSync(dir)).toBe(false);
      await expectJudges(a);
      for (const dir of a.cgroups.parentDirs) expect(existsSync(dir), dir).toBe(true);
      // Only its own cgroup this time.
      for (const dir of a.cgroups.parentDirs) rmdirSync(dir);
      await expectJudges(a);
    } finally {
      await a.stop();
    }
    for (const dir of sharedDirs(a)) expect(existsSync(dir), dir).toBe(false);
  });
});
