// npm start: everything a fresh machine needs after `npm install`: local
// secrets, migrated and seeded D1, a production build, then wrangler dev on
// http://localhost:8787, with the code runner beside it on 127.0.0.1:2358.
// RUNNERS=2 npm start starts two runners (2358, 2359) and gives the Worker
// both as RUNNER_URL, to try the runner pool (decision 016).
import { bin, ensureDevVars, prepareDatabase, requireNode22, run, spawnChild } from "./lib.mjs";
import { ensurePrerequisites } from "./prerequisites.mjs";
import { runnerCount, runnerSlots, startRunnerProcess } from "./runner.mjs";

requireNode22();
// The runner's sandbox and compilers (apt-get on the first run as root); without them the app still serves.
ensurePrerequisites("start");
ensureDevVars();
prepareDatabase();
run(bin("remix"), ["vite:build"]);

const port = process.env.PORT ?? "8787";
const runners = runnerSlots(runnerCount());
// One runner: wrangler.toml's RUNNER_URL, as always. Several: all of them.
const runnerVar = runners.length > 1 ? ["--var", `RUNNER_URL:${runners.map((r) => r.url).join(",")}`] : [];
const worker = spawnChild(bin("wrangler"), ["dev", "--port", port, "--ip", "127.0.0.1", ...runnerVar]);
console.log(`\n▶ ProctorEdge on http://localhost:${port}  (demo admin: admin@demo.edu / admin1234)\n`);
if (runners.length > 1) console.log(`▶ ${runners.length} code runners: ${runners.map((r) => r.url).join(", ")}\n`);

const runnerChildren = runners.map(({ url, env }) => {
  const runner = startRunnerProcess(env);
  runner.on("exit", (code) => {
    // The app still serves; only running code needs a runner (and the pool passes over a stopped one).
    if (code) console.error(`\n⚠ The code runner on ${url} stopped (see its message above): Run Code and Submit will fail until a runner runs (npm run runner).\n`);
  });
  return runner;
});

const children = [worker, ...runnerChildren];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
worker.on("exit", (code) => {
  stop();
  process.exit(code ?? 0);
});
