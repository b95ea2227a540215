// npm start: everything a fresh machine needs after `npm install`: local
// secrets, migrated and seeded D1, a production build, then wrangler dev on
// http://localhost:8787, with the code runner beside it on 127.0.0.1:2358.
import { bin, ensureDevVars, prepareDatabase, requireNode22, run, spawnChild } from "./lib.mjs";
import { ensurePrerequisites } from "./prerequisites.mjs";
import { startRunnerProcess } from "./runner.mjs";

requireNode22();
// The runner's sandbox and compilers (apt-get on the first run as root); without them the app still serves.
ensurePrerequisites("start");
ensureDevVars();
prepareDatabase();
run(bin("remix"), ["vite:build"]);

const port = process.env.PORT ?? "8787";
const worker = spawnChild(bin("wrangler"), ["dev", "--port", port, "--ip", "127.0.0.1"]);
console.log(`\n▶ ProctorEdge on http://localhost:${port}  (demo admin: admin@demo.edu / admin1234)\n`);

const runner = startRunnerProcess();
runner.on("exit", (code) => {
  // The app still serves; only running code needs the runner.
  if (code) console.error("\n⚠ The code runner stopped (see its message above): Run Code and Submit will fail until it runs (npm run runner).\n");
});

const children = [worker, runner];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
worker.on("exit", (code) => {
  stop();
  process.exit(code ?? 0);
});
