// Starts a real runner (real bubblewrap, real cgroups) for a test file, on a
// free port, with its own cgroup name, uid range and work directory (each can
// be overridden: two runners may share a cgroup name, as on a real machine).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Config } from "../src/config.ts";
import { startRunner, type StartedRunner } from "../src/runner.ts";

export const TOKEN = "runner-test-token";

let instance = 0;

export type TestRunner = StartedRunner & {
  config: Config;
  post: (path: string, body: unknown, headers?: Record<string, string>) => Promise<Response>;
  judge: (language: string, code: string, cases: { input: string; expected_output: string }[]) => Promise<JudgeResult>;
  execute: (language: string, code: string, stdin?: string) => Promise<ExecuteResult>;
  stop: () => Promise<void>;
};

export type JudgeResult = {
  compile: { code: number; stdout: string; stderr: string; timeMs: number } | null;
  testResults: {
    testCaseId: string | number;
    passed: boolean;
    actualOutput: string;
    error: string | null;
    verdict: string;
    timeMs: number;
    memoryKb: number;
  }[];
  passedCount: number;
  totalTestCases: number;
};

export type ExecuteResult = {
  compile: JudgeResult["compile"];
  run: { code: number; stdout: string; stderr: string; verdict: string; timeMs: number; memoryKb: number } | null;
};

export async function startTestRunner(overrides: Partial<Config> = {}): Promise<TestRunner> {
  instance += 1;
  const workDir = mkdtempSync(join(tmpdir(), "runner-test-"));
  const config = loadConfig(
    {},
    {
      token: TOKEN,
      port: 0,
      workDir,
      cgroupName: `proctor-runner-test-${process.pid}-${instance}`,
      uidBase: 62000 + ((process.pid * 16 + instance * 64) % 100_000),
      ...overrides,
    },
  );
  const runner = await startRunner(config);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${runner.url}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  return {
    ...runner,
    config,
    post,
    async judge(language, code, cases) {
      const res = await post("/v1/judge", { language, code, testCases: cases.map((c, i) => ({ id: i + 1, ...c })) });
      if (res.status !== 200) throw new Error(`judge answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as JudgeResult;
    },
    async execute(language, code, stdin = "") {
      const res = await post("/v1/execute", { language, code, stdin });
      if (res.status !== 200) throw new Error(`execute answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as ExecuteResult;
    },
    async stop() {
      await runner.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** Processes still running as any of this runner's slot uids (should be none between requests). */
export async function leftoverProcesses(config: Config): Promise<number[]> {
  const { readdirSync, readFileSync } = await import("node:fs");
  // The judging slots' uids, then the interactive sessions'.
  const uids = new Set(Array.from({ length: config.concurrency + config.interactiveSessions }, (_, i) => config.uidBase + i));
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
      // A zombie holds no resources; bubblewrap's init is reaped by the system's PID 1.
      const zombie = /^State:\s+Z/m.test(status);
      if (uids.has(uid) && !zombie) found.push(Number(entry));
    } catch {
      // Exited while we looked.
    }
  }
  return found;
}

/** Run cgroups left under this runner instance's own cgroup, in every hierarchy (should be none between requests). */
export async function leftoverCgroups(runner: StartedRunner): Promise<string[]> {
  const { existsSync, readdirSync } = await import("node:fs");
  const left: string[] = [];
  for (const dir of runner.cgroups.parentDirs) {
    if (!existsSync(dir)) continue;
    for (const d of readdirSync(dir, { withFileTypes: true })) if (d.isDirectory()) left.push(join(dir, d.name));
  }
  return left;
}
