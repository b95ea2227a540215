// Playwright's webServer: a fresh, isolated ProctorEdge for browser tests.
//
// - Local D1 lives in .wrangler/e2e-state: wiped on every run (tests never see
//   data from a previous run or from `npm start`), then migrated and seeded.
// - The existing production build is frozen first: the worker is bundled once
//   (`wrangler deploy --dry-run`) and build/client is copied next to it, in
//   .wrangler/e2e-build. A `remix vite:build` started while the tests run then
//   cannot swap the hashed assets or the server build under the browser (it
//   did: every asset 404'd mid-run).
// - A real code runner (runner/src/main.ts) of its own serves the Worker on
//   127.0.0.1:$E2E_RUNNER_PORT (default 2359), with its own work dir and
//   cgroup name, so it never shares state with the runner of `npm start`
//   (2358). It must answer /healthz before wrangler starts; the Worker reaches
//   it through `--var RUNNER_URL`. It needs what the runner always needs:
//   root, bubblewrap and the compilers.
// - `wrangler dev` serves that snapshot on 127.0.0.1:$E2E_PORT (default 8788),
//   with a grace window of $E2E_GRACE_SECONDS (default 15 s, not 15 min).
// - SIGUSR2 restarts the Worker alone (wrangler, workerd and its Durable
//   Objects) on the same port and state; the runner keeps running
//   (`bench:load --restart-at`).
//
// The build itself is the caller's job (`npm test` builds first; otherwise run
// `npx remix vite:build`).
// Usage: node scripts/e2e-server.mjs   (through npx/npm so Node 22 is on PATH)
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { bin, ensureDevVars, prepareDatabase, requireNode22, root, spawnChild } from "./lib.mjs";
import { runnerEnv } from "./runner.mjs";

const port = process.env.E2E_PORT ?? "8788";
// Another E2E_PORT is another server with state of its own (two suites can run side by side).
const suffix = port === "8788" ? "" : `-${port}`;
const PERSIST_TO = `.wrangler/e2e-state${suffix}`;
const SNAPSHOT = `.wrangler/e2e-build${suffix}`;
const runnerPort = process.env.E2E_RUNNER_PORT ?? "2359";
const runnerUrl = `http://127.0.0.1:${runnerPort}`;
const graceSeconds = process.env.E2E_GRACE_SECONDS ?? "15";
const flushSeconds = process.env.E2E_JOURNAL_FLUSH_SECONDS ?? "0.2";
const RUNNER_WORK_DIR = `/tmp/proctor-e2e-runner${suffix}`;
const RUNNER_CGROUP_NAME = `proctor-runner-e2e${suffix}`;
const RUNNER_START_MS = 90_000;
const quietEnv = { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" };

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Asset URLs the bundled server build links to that the copied client lacks. */
function missingAssets() {
  const bundle = readFileSync(`${root}${SNAPSHOT}/worker/server.js`, "utf8");
  // Absolute /assets/ URLs only: the server build's own lazy chunks are imported as "./assets/…".
  const referenced = new Set(bundle.match(/(?<![.\w])\/assets\/[\w.-]+\.(?:js|css)\b/g) ?? []);
  if (referenced.size === 0) return ["(the bundle references no /assets: not a Remix build?)"];
  const present = new Set(readdirSync(`${root}${SNAPSHOT}/client/assets`).map((f) => `/assets/${f}`));
  return [...referenced].filter((a) => !present.has(a));
}

/** Bundles the worker and copies its assets; retries while a build is being written. */
function snapshotBuild() {
  let problem = "";
  for (let attempt = 1; attempt <= 30; attempt++) {
    if (attempt > 1) sleep(1000);
    rmSync(`${root}${SNAPSHOT}`, { recursive: true, force: true });
    const bundle = spawnSync(bin("wrangler"), ["deploy", "--dry-run", "--outdir", `${SNAPSHOT}/worker`], {
      cwd: root,
      env: quietEnv,
      stdio: ["ignore", "ignore", "pipe"],
      encoding: "utf8",
    });
    if (bundle.status !== 0) {
      problem = `wrangler deploy --dry-run failed (exit ${bundle.status}):\n${bundle.stderr}`;
      continue;
    }
    try {
      cpSync(`${root}build/client`, `${root}${SNAPSHOT}/client`, { recursive: true });
      const missing = missingAssets();
      if (missing.length === 0) return;
      problem = `build/client does not match build/server (a build in progress?); missing ${missing.join(", ")}`;
    } catch (error) {
      problem = `could not copy build/client: ${error.message}`;
    }
  }
  console.error(`✗ could not snapshot the build: ${problem}`);
  process.exit(1);
}

/** The token wrangler dev gives the Worker: RUNNER_TOKEN in .dev.vars (else runnerEnv()'s). */
function runnerToken() {
  const line = readFileSync(`${root}.dev.vars`, "utf8").match(/^RUNNER_TOKEN=(.*)$/m);
  const token = line ? line[1].trim() : runnerEnv().RUNNER_TOKEN;
  if (!token) {
    console.error("✗ No RUNNER_TOKEN in .dev.vars: the e2e code runner and the Worker need the same token.");
    process.exit(1);
  }
  return token;
}

async function healthy() {
  try {
    const res = await fetch(`${runnerUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Starts the e2e runner; exits if its port is taken (a stale runner would answer for it). */
async function startRunner() {
  if (await healthy()) {
    console.error(`✗ ${runnerUrl} already answers /healthz: stop that runner, or set E2E_RUNNER_PORT to a free port.`);
    process.exit(1);
  }
  const child = spawnChild(process.execPath, [`${root}runner/src/main.ts`], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...runnerEnv(),
      RUNNER_TOKEN: runnerToken(),
      RUNNER_HOST: "127.0.0.1",
      RUNNER_PORT: runnerPort,
      RUNNER_WORK_DIR,
      RUNNER_CGROUP_NAME,
    },
  });
  child.on("error", (error) => {
    console.error(`✗ could not start the code runner: ${error.message}`);
    process.exit(1);
  });
  return child;
}

/** Resolves once the runner answers /healthz; exits if it stops or takes too long. */
async function waitForRunner(child) {
  const deadline = Date.now() + RUNNER_START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      console.error(`✗ the code runner exited (${child.exitCode ?? child.signalCode}) before answering /healthz (it needs root, bubblewrap and cgroups; see its message above)`);
      process.exit(1);
    }
    if (await healthy()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.error(`✗ the code runner did not answer ${runnerUrl}/healthz within ${RUNNER_START_MS / 1000} s`);
  child.kill("SIGKILL");
  process.exit(1);
}

requireNode22();

if (!existsSync(`${root}build/server/index.js`) || !existsSync(`${root}build/client`)) {
  console.error("✗ No build found in build/: run `npx remix vite:build` (or `npm run build`) before the e2e tests.");
  process.exit(1);
}

ensureDevVars();
// The runner starts first: it runs its self-tests while the build is
// snapshotted and the database prepared (both block this process).
const runner = await startRunner();
let stopping = false;
const running = (child) => child && child.exitCode === null && child.signalCode === null;
// Until wrangler starts, a signal only has the runner to stop.
const stopEarly = (signal) => {
  stopping = true;
  runner.once("exit", () => process.exit(1));
  if (running(runner)) runner.kill(signal);
  setTimeout(() => process.exit(1), 5000).unref();
};
process.on("SIGINT", stopEarly);
process.on("SIGTERM", stopEarly);
// Whatever ends this script (a failed step included) also stops the runner.
process.on("exit", () => {
  if (running(runner)) runner.kill("SIGTERM");
});
snapshotBuild();
rmSync(`${root}${PERSIST_TO}`, { recursive: true, force: true });
prepareDatabase({ persistTo: PERSIST_TO });
await waitForRunner(runner);
console.log(`▶ e2e code runner ready on ${runnerUrl} (work dir ${RUNNER_WORK_DIR})`);
process.off("SIGINT", stopEarly);
process.off("SIGTERM", stopEarly);

// Bindings, vars and compatibility settings still come from wrangler.toml;
// only the script and the assets are the frozen snapshot.
const workerArgs = [
  "dev",
  `${SNAPSHOT}/worker/server.js`,
  "--no-bundle",
  "--assets",
  `${SNAPSHOT}/client`,
  "--port",
  port,
  "--ip",
  "127.0.0.1",
  "--persist-to",
  PERSIST_TO,
  "--var",
  `RUNNER_URL:${runnerUrl}`,
  // A short grace window, so the offline tests can reconnect after it closes.
  "--var",
  `GRACE_SECONDS:${graceSeconds}`,
  // Held code reaches D1 within 0.2 s (not 60 s), so specs that read D1 directly see it soon (decision 031).
  "--var",
  `JOURNAL_FLUSH_SECONDS:${flushSeconds}`,
  // A similarity analysis compares one pair a step, a step every 2 s (decision 044), so a spec sees its progress and can stop it.
  "--var",
  `SIMILARITY_STEP_PAIRS:${process.env.E2E_SIMILARITY_STEP_PAIRS ?? "1"}`,
  "--var",
  `SIMILARITY_TICK_MS:${process.env.E2E_SIMILARITY_TICK_MS ?? "2000"}`,
];
/** The wrangler that serves now; a restart (SIGUSR2) replaces it. */
let worker = startWorker();
console.log(`▶ e2e server starting on http://127.0.0.1:${port} (state: ${PERSIST_TO})`);

function startWorker() {
  // No TTY: no hotkeys; no metrics from a test server.
  const child = spawnChild(bin("wrangler"), workerArgs, { stdio: ["ignore", "inherit", "inherit"], env: quietEnv });
  child.on("exit", (code, signal) => {
    // A wrangler stopped by a restart is not a failure (and the runner goes on).
    if (child.replaced) {
      if (stopping && !running(worker) && !running(runner)) process.exit(failed);
      return;
    }
    exited("wrangler", code, signal);
  });
  child.on("error", (error) => {
    console.error(`✗ could not start wrangler: ${error.message}`);
    process.exit(1);
  });
  return child;
}

// SIGUSR2 restarts the Worker (bench:load --restart-at, issue 26): wrangler
// stops (workerd and its Durable Objects with it), then starts again on the
// same port with the same --persist-to, so D1 and the objects' storage are
// what they were. The runner keeps running. Nobody else sends SIGUSR2, so
// this changes nothing for Playwright or bench:weak-network.
process.on("SIGUSR2", () => {
  if (stopping || worker.replaced || !running(worker)) return;
  const old = worker;
  old.replaced = true;
  console.log(`▶ e2e server: stopping the Worker for a restart (state stays in ${PERSIST_TO})`);
  old.once("exit", () => {
    if (stopping) return;
    worker = startWorker();
    console.log(`▶ e2e server: the Worker is starting again on http://127.0.0.1:${port}`);
  });
  old.kill("SIGTERM");
  setTimeout(() => {
    if (running(old)) old.kill("SIGKILL");
  }, 10_000).unref();
});

function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of [worker, runner]) if (running(child)) child.kill(signal);
  // Do not hang forever if a child ignores the signal.
  setTimeout(() => {
    for (const child of [worker, runner]) if (running(child)) child.kill("SIGKILL");
  }, 10_000).unref();
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));

// Exit once both are gone: with wrangler's code, or 1 if either stopped on its own.
let failed = 0;
function exited(name, code, signal) {
  if (!stopping) {
    console.error(`✗ ${name} stopped (${code ?? signal}); stopping the e2e server`);
    failed = code || 1;
    stop("SIGTERM");
  }
  if (!running(worker) && !running(runner)) process.exit(failed);
}
runner.on("exit", (code, signal) => exited("the code runner", code, signal));
