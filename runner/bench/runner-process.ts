// A real runner as its own process (runner/src/main.ts), on a free port, with
// its own work directory, cgroup name and slot uids, so several can run beside
// each other and beside any runner already on the machine. Unlike an
// in-process runner it can be SIGKILLed like a crashed VM, mid-job; `stop`
// then clears what it left (its sandboxes, cgroups and work directory).
// Used by the failover bench and the pool tests.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { detectCgroups } from "../src/cgroup.ts";

export type RunnerProcess = {
  url: string;
  pid: number;
  child: ChildProcess;
  /** SIGKILL: the runner vanishes with its jobs, as a crashed VM would. */
  kill: () => Promise<void>;
  /** Stops it (SIGTERM, or nothing if killed) and removes what it left. */
  stop: () => Promise<void>;
};

const MAIN = new URL("../src/main.ts", import.meta.url).pathname;
let started = 0;

export async function spawnRunner(opts: {
  token: string;
  /** Distinct per runner on the machine; RUNNER_CONCURRENCY uids from here. */
  uidBase: number;
  concurrency?: number;
  env?: Record<string, string>;
  startTimeoutMs?: number;
}): Promise<RunnerProcess> {
  started += 1;
  const workDir = mkdtempSync(join(tmpdir(), "runner-process-"));
  const cgroupName = `proctor-runner-proc-${process.pid}-${started}`;
  const child = spawn(process.execPath, [MAIN], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      RUNNER_TOKEN: opts.token,
      RUNNER_HOST: "127.0.0.1",
      RUNNER_PORT: "0",
      RUNNER_WORK_DIR: workDir,
      RUNNER_CGROUP_NAME: cgroupName,
      RUNNER_UID_BASE: String(opts.uidBase),
      ...(opts.concurrency ? { RUNNER_CONCURRENCY: String(opts.concurrency) } : {}),
      ...opts.env,
    },
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`runner did not start within ${opts.startTimeoutMs ?? 120_000} ms:\n${output}`));
    }, opts.startTimeoutMs ?? 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`runner exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  // Keep draining its output so it never blocks on a full pipe.
  child.stdout!.resume();
  child.stderr!.resume();

  const alive = () => child.exitCode === null && child.signalCode === null;
  const cleanUp = async () => {
    // What a killed runner left: runs still in its cgroups. A new instance with its name sweeps dead ones.
    const cgroups = detectCgroups("/sys/fs/cgroup", cgroupName);
    await cgroups.sweep();
    await cgroups.dispose();
    rmSync(workDir, { recursive: true, force: true });
  };
  return {
    url,
    pid: child.pid!,
    child,
    async kill() {
      if (alive()) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (alive()) child.kill("SIGTERM");
      await exited;
      await cleanUp();
    },
  };
}
