// npm run runner: the code runner alone, on 127.0.0.1:RUNNER_PORT (2358),
// with RUNNER_TOKEN from the environment or else from .dev.vars (local default
// in .dev.vars.example).
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

export function startRunnerProcess() {
  return spawnChild(process.execPath, [`${root}runner/src/main.ts`], { env: runnerEnv() });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  requireNode22();
  const child = startRunnerProcess();
  const stop = () => child.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", (code) => process.exit(code ?? 0));
}
