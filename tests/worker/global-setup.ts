// Starts a real code runner (real sandbox) for the Worker tests, so Run and
// Submit are judged end to end; its URL reaches the Worker as RUNNER_URL.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../runner/src/config.ts";
import { startRunner } from "../../runner/src/runner.ts";

export const RUNNER_TOKEN = "worker-test-runner-token";

export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), "worker-runner-"));
  const runner = await startRunner(
    loadConfig({}, { token: RUNNER_TOKEN, port: 0, workDir, cgroupName: `proctor-runner-worker-${process.pid}`, uidBase: 63000 }),
  );
  project.provide("runnerUrl", runner.url);
  return async () => {
    await runner.close();
    rmSync(workDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    runnerUrl: string;
  }
}
