// Assembles the runner: checks the machine can sandbox, loads the languages,
// proves each one with its self-test in the real sandbox, then serves HTTP.
import { accessSync, chmodSync, constants, mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { detectCgroups, type CgroupBackend } from "./cgroup.ts";
import type { Config } from "./config.ts";
import { Engine } from "./engine.ts";
import { createRunnerServer } from "./http.ts";
import { InteractiveSessions } from "./interactive.ts";
import { loadLanguages } from "./languages.ts";
import { buildLauncher, Sandbox, SlotNetworks } from "./sandbox.ts";
import { Scheduler } from "./scheduler.ts";

export class SandboxUnavailableError extends Error {}

/** Refuses, with the reason, any machine where code could not be sandboxed. */
export function preflight(config: Config, uid = process.getuid?.()) {
  if (process.platform !== "linux") throw new SandboxUnavailableError("The runner needs Linux (namespaces and cgroups).");
  try {
    accessSync(config.bwrap, constants.X_OK);
  } catch {
    throw new SandboxUnavailableError(
      `bubblewrap is not installed at ${config.bwrap} (apt-get install bubblewrap). The runner never runs code unsandboxed.`,
    );
  }
  if (uid !== 0) {
    throw new SandboxUnavailableError(
      "The runner must start as root: it gives each sandbox slot its own unprivileged uid and manages cgroups. " +
        "Submitted code never runs as root.",
    );
  }
  return detectCgroups(config.cgroupRoot, config.cgroupName, config.concurrency);
}

export type StartedRunner = {
  url: string;
  engine: Engine;
  sessions: InteractiveSessions;
  cgroups: CgroupBackend;
  close: () => Promise<void>;
};

export async function startRunner(config: Config): Promise<StartedRunner> {
  const cgroups = preflight(config);
  // Only what dead runner instances left: a live runner with the same cgroup name keeps its runs.
  await cgroups.sweep();
  mkdirSync(config.workDir, { recursive: true, mode: 0o755 });
  // Slot uids must reach their own job directories below it (and nothing else).
  chmodSync(config.workDir, 0o755);
  const languages = loadLanguages(config.languagesDir);
  const scheduler = new Scheduler(config.concurrency, config.maxQueue, config.uidBase);
  const launcher = buildLauncher(join(config.workDir, "bin"));
  // One network namespace per slot uid: the judging slots', then the interactive sessions'.
  const uids = Array.from({ length: config.concurrency + config.interactiveSessions }, (_, i) => config.uidBase + i);
  // Without them (a container that forbids it), bubblewrap makes one per run: slower, as closed.
  const networks = await SlotNetworks.start(launcher, uids).catch((error: Error) => {
    console.warn(`runner: no per-slot network namespaces, each run gets a new one: ${error.message}`);
    return null;
  });
  const engine = new Engine(config, languages, new Sandbox(config.bwrap, cgroups, launcher, networks), scheduler);
  try {
    await engine.selfTest(() => scheduler.admit({ internal: true }));
  } catch (error) {
    await networks?.close();
    await cgroups.dispose().catch(() => {});
    throw new SandboxUnavailableError(`Sandbox self-test failed, refusing to start: ${(error as Error).message}`);
  }
  const sessions = new InteractiveSessions(config, engine);
  const server = createRunnerServer(config, engine, sessions);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${config.host}:${address.port}`,
    engine,
    sessions,
    cgroups,
    close: async () => {
      // Upgraded connections are no longer the server's: close them first.
      await sessions.closeAll();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await cgroups.dispose();
      await networks?.close();
    },
  };
}
