// npm run runner: the code runner alone, on 127.0.0.1:RUNNER_PORT (2358),
// with RUNNER_TOKEN from the environment or else from .dev.vars (local default
// in .dev.vars.example). RUNNERS=n starts n runners on adjacent ports (2358,
// 2359, …), each with its own work directory and slot uids, for trying the
// runner pool locally (decision 016).
import { existsSync, readFileSync } from "node:fs";
import { ensureDevVars, requireNode22, root, spawnChild } from "./lib.mjs";

export function runnerEnv() {
  const env = { ...process.env };
  if (!env.RUNNER_TOKEN) {
    ensureDevVars();
    const file = `${root}.dev.vars`;
    const line = existsSync(file) && readFileSync(file, "utf8").match(/^RUNNER_TOKEN=(.*)$/m);
    if (line) env.RUNNER_TOKEN = line[1].trim();
  }
  return env;
}

/** RUNNERS, default 1. */
export function runnerCount() {
  const raw = process.env.RUNNERS ?? "1";
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 16) {
    console.error(`RUNNERS must be a whole number from 1 to 16 (got ${JSON.stringify(raw)})`);
    process.exit(1);
  }
  return count;
}

/**
 * Where each of `count` runners listens and keeps its state. The first is
 * exactly the single runner of before; the others take the next ports, their
 * own work directories (jobs, cache, launcher) and uids 256 further on (the
 * most slots a runner may have), and share the cgroup name (each instance
 * has its own cgroup below it).
 */
export function runnerSlots(count = runnerCount()) {
  const host = process.env.RUNNER_HOST || "127.0.0.1";
  const port = Number(process.env.RUNNER_PORT || 2358);
  const uidBase = Number(process.env.RUNNER_UID_BASE || 61000);
  const workDir = process.env.RUNNER_WORK_DIR || "/var/lib/proctor-runner";
  return Array.from({ length: count }, (_, i) => ({
    url: `http://${host}:${port + i}`,
    env:
      i === 0
        ? {}
        : { RUNNER_PORT: String(port + i), RUNNER_UID_BASE: String(uidBase + 256 * i), RUNNER_WORK_DIR: `${workDir}-${i + 1}` },
  }));
}

export function startRunnerProcess(extraEnv = {}) {
  return spawnChild(process.execPath, [`${root}runner/src/main.ts`], { env: { ...runnerEnv(), ...extraEnv } });
}

/** The runners RUNNERS asks for, and their URLs as RUNNER_URL (comma-separated). */
export function startRunnerProcesses(count = runnerCount()) {
  const slots = runnerSlots(count);
  return { children: slots.map((s) => startRunnerProcess(s.env)), runnerUrl: slots.map((s) => s.url).join(",") };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  requireNode22();
  const { children, runnerUrl } = startRunnerProcesses();
  if (children.length > 1) console.log(`runners: RUNNER_URL=${runnerUrl}`);
  const stop = () => children.forEach((c) => c.kill("SIGTERM"));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  let left = children.length;
  let failed = 0;
  for (const child of children) {
    child.on("exit", (code) => {
      failed ||= code ?? 0;
      if (--left === 0) process.exit(failed);
    });
  }
}
