// Playwright's webServer: a fresh, isolated ProctorEdge for browser tests.
//
// - Local D1 lives in .wrangler/e2e-state: wiped on every run (tests never see
//   data from a previous run or from `npm start`), then migrated and seeded.
// - The existing production build is frozen first: the worker is bundled once
//   (`wrangler deploy --dry-run`) and build/client is copied next to it, in
//   .wrangler/e2e-build. A `remix vite:build` started while the tests run then
//   cannot swap the hashed assets or the server build under the browser (it
//   did: every asset 404'd mid-run).
// - `wrangler dev` serves that snapshot on 127.0.0.1:$E2E_PORT (default 8788).
//
// The build itself is the caller's job (`npm test` builds first; otherwise run
// `npx remix vite:build`).
// Usage: node scripts/e2e-server.mjs   (through npx/npm so Node 22 is on PATH)
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { bin, ensureDevVars, prepareDatabase, requireNode22, root, spawnChild } from "./lib.mjs";

const PERSIST_TO = ".wrangler/e2e-state";
const SNAPSHOT = ".wrangler/e2e-build";
const port = process.env.E2E_PORT ?? "8788";
const quietEnv = { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" };

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Asset URLs the bundled server build links to that the copied client lacks. */
function missingAssets() {
  const bundle = readFileSync(`${root}${SNAPSHOT}/worker/server.js`, "utf8");
  const referenced = new Set(bundle.match(/\/assets\/[\w.-]+\.(?:js|css)\b/g) ?? []);
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

requireNode22();

if (!existsSync(`${root}build/server/index.js`) || !existsSync(`${root}build/client`)) {
  console.error("✗ No build found in build/: run `npx remix vite:build` (or `npm run build`) before the e2e tests.");
  process.exit(1);
}

ensureDevVars();
snapshotBuild();
rmSync(`${root}${PERSIST_TO}`, { recursive: true, force: true });
prepareDatabase({ persistTo: PERSIST_TO });

// Bindings, vars and compatibility settings still come from wrangler.toml;
// only the script and the assets are the frozen snapshot.
const worker = spawnChild(
  bin("wrangler"),
  [
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
  ],
  // No TTY: no hotkeys; no metrics from a test server.
  { stdio: ["ignore", "inherit", "inherit"], env: quietEnv }
);
console.log(`▶ e2e server starting on http://127.0.0.1:${port} (state: ${PERSIST_TO})`);

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (worker.exitCode === null && worker.signalCode === null) worker.kill(signal);
  // Do not hang forever if wrangler ignores the signal.
  setTimeout(() => {
    if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
  }, 10_000).unref();
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));

worker.on("exit", (code, signal) => {
  process.exit(stopping ? 0 : code ?? (signal ? 1 : 0));
});
worker.on("error", (error) => {
  console.error(`✗ could not start wrangler: ${error.message}`);
  process.exit(1);
});
