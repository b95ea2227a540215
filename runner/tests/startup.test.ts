// The runner never runs code unsandboxed: where the sandbox cannot be set up
// it refuses to start, and says why.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { preflight, startRunner } from "../src/runner.ts";

const base = () =>
  loadConfig(
    {},
    // Its own cgroup name: never the default one a runner on this machine may be using.
    { token: "startup-test-token", port: 0, workDir: mkdtempSync(join(tmpdir(), "runner-startup-")), cgroupName: `proctor-runner-startup-${process.pid}` },
  );

describe("refusing to start", () => {
  it("without bubblewrap", async () => {
    const config = { ...base(), bwrap: "/nonexistent/bwrap" };
    await expect(startRunner(config)).rejects.toThrow(/bubblewrap is not installed at \/nonexistent\/bwrap/);
    rmSync(config.workDir, { recursive: true, force: true });
  });

  it("without cgroups", async () => {
    const config = { ...base(), cgroupRoot: "/nonexistent-cgroups" };
    await expect(startRunner(config)).rejects.toThrow(/No usable cgroups under \/nonexistent-cgroups/);
    rmSync(config.workDir, { recursive: true, force: true });
  });

  it("without the privilege to give each slot its own uid", async () => {
    const config = base();
    expect(() => preflight(config, 65534)).toThrow(/must start as root/);
    // As root it gets this instance's cgroups; give them back.
    const cgroups = preflight(config, 0);
    await cgroups.dispose();
    rmSync(config.workDir, { recursive: true, force: true });
  });

  it("without a token", () => {
    const main = new URL("../src/main.ts", import.meta.url).pathname;
    const result = spawnSync(process.execPath, [main], { env: {}, encoding: "utf8", timeout: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/RUNNER_TOKEN/);
  });
});
