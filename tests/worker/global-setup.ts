// Starts two real code runners (real sandbox) for the Worker tests, so Run and
// Submit are judged end to end through the runner pool (issue 16): both URLs
// reach the Worker as RUNNER_URL, comma-separated.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../runner/src/config.ts";
import { startRunner } from "../../runner/src/runner.ts";
import { startFakeLms } from "../fixtures/fake-lms.mjs";

export const RUNNER_TOKEN = "worker-test-runner-token";

async function start(n: number, limits: { concurrency?: number; maxQueue?: number } = {}) {
  const workDir = mkdtempSync(join(tmpdir(), "worker-runner-"));
  const runner = await startRunner(
    loadConfig(
      {},
      {
        token: RUNNER_TOKEN,
        port: 0,
        workDir,
        cgroupName: `proctor-runner-worker-${process.pid}-${n}`,
        // Slot uids apart: two slots each on this machine, 64 apart in case of more cores.
        uidBase: 63000 + n * 64,
        ...limits,
      },
    ),
  );
  return {
    url: runner.url,
    stop: async () => {
      await runner.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  // And a third with one slot and one queue place, full at once: a Submit Code waits out a busy runner.
  const [narrow, ...runners] = await Promise.all([start(2, { concurrency: 1, maxQueue: 1 }), start(0), start(1)]);
  project.provide("runnerUrls", runners.map((r) => r.url));
  project.provide("runnerUrl", runners.map((r) => r.url).join(","));
  project.provide("narrowRunnerUrl", narrow!.url);
  // An LMS of our own for the LTI tests (the tool is the Worker at http://localhost; decision 025).
  const lms = await startFakeLms({ toolOrigin: "http://localhost", control: true });
  project.provide("lmsOrigin", lms.origin);
  return async () => {
    await Promise.all([...runners.map((r) => r.stop()), narrow!.stop(), lms.close()]);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** RUNNER_URL: both runners, comma-separated. */
    runnerUrl: string;
    runnerUrls: string[];
    /** A runner with one slot and one queue place (concurrency 1, maxQueue 1): busy at once. */
    narrowRunnerUrl: string;
    /** The fake LMS (tests/fixtures/fake-lms.mjs), with its /__test/ control endpoints. */
    lmsOrigin: string;
  }
}
