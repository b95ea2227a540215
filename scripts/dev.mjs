// npm run dev: the edit loop. Runs the real Worker (Remix + parties + D1) under
// wrangler dev and rebuilds on every change under app/, party/ or the entry
// files; wrangler reloads the Worker and --live-reload refreshes the browser.
// `remix vite:dev` is not used: it does not run server.ts, so parties 404 there.
import { spawn } from "node:child_process";
import { cpSync, rmSync, watch } from "node:fs";
import { bin, ensureDevVars, liveReloadScriptHash, prepareDatabase, requireNode22, root, run, spawnChild } from "./lib.mjs";
import { startRunnerProcesses } from "./runner.mjs";

requireNode22();
ensureDevVars();
prepareDatabase();
run(bin("remix"), ["vite:build"]);

const port = process.env.PORT ?? "8787";
// RUNNERS=2: two runners, both given to the Worker (as in npm start).
const runners = startRunnerProcesses();
const runnerVar = runners.children.length > 1 ? ["--var", `RUNNER_URL:${runners.runnerUrl}`] : [];
// The pages' CSP admits wrangler's injected live-reload script by its hash.
const liveReloadHash = liveReloadScriptHash();
const liveReloadVar = liveReloadHash ? ["--var", `DEV_LIVE_RELOAD_SCRIPT_HASH:${liveReloadHash}`] : [];
const worker = spawnChild(bin("wrangler"), ["dev", "--port", port, "--ip", "127.0.0.1", "--live-reload", ...runnerVar, ...liveReloadVar]);

let building = false;
let again = false;
let timer;
function rebuild() {
  if (building) {
    again = true;
    return;
  }
  building = true;
  const started = Date.now();
  const staging = `${root}.cache/build-next`;
  rmSync(staging, { recursive: true, force: true });
  const build = spawn(bin("remix"), ["vite:build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, REMIX_BUILD_DIR: staging },
  });
  build.on("exit", (code) => {
    building = false;
    if (code === 0) cpSync(staging, `${root}build`, { recursive: true, force: true });
    console.log(code === 0 ? `↻ rebuilt in ${Date.now() - started} ms` : "✗ build failed; fix the error and save again");
    if (again) {
      again = false;
      rebuild();
    }
  });
}

for (const dir of ["app", "party", "public"]) {
  watch(`${root}${dir}`, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(rebuild, 200);
  });
}
for (const file of ["server.ts", "load-context.ts"]) {
  watch(`${root}${file}`, () => {
    clearTimeout(timer);
    timer = setTimeout(rebuild, 200);
  });
}

console.log(`\n▶ dev loop on http://localhost:${port}: edits under app/ and party/ rebuild and reload\n`);
const stop = () => {
  worker.kill("SIGTERM");
  for (const runner of runners.children) runner.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
worker.on("exit", (code) => process.exit(code ?? 0));
