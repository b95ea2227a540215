// npm run bench:results: how fast the results and history loaders answer
// with a school's worth of data. Prints JSON on stdout (progress on stderr):
//   { seeded: {...}, loaders: { name: { p50, p95, n, ... } } }
//
// 1. Bundles the current build (run `npm run build` first) into
//    .wrangler/bench-results-build, so a rebuild during the run cannot swap it.
// 2. Wipes, migrates and seeds its OWN local D1, .wrangler/bench-results-state
//    (never the dev database): the demo seed, then scripts/bench/results-seed.mjs
//    (2,000 students, a room of 500 with tests and submissions, 20,000 tests).
// 3. Starts `wrangler dev` on a free 127.0.0.1 port, signs in as the seeded
//    admin, and times each loader's `.data` request (what a client navigation
//    fetches: the root, admin layout and page loaders) over N sequential
//    requests after a warm-up. Every request goes to 127.0.0.1.
// 4. Stops wrangler and removes the state, the bundle and the SQL file on
//    exit, Ctrl-C included. `--keep` keeps the state and bundle to look at.
//
// Options: --n 30 (requests per loader), --keep.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { BENCH, benchSql, studentOf } from "./bench/results-seed.mjs";
import { bin, ensureDevVars, freePort, requireNode22, root } from "./lib.mjs";

const args = process.argv.slice(2);
const nAt = args.indexOf("--n");
const N = nAt >= 0 && Number(args[nAt + 1]) > 0 ? Number(args[nAt + 1]) : 30;
const KEEP = args.includes("--keep");
const STATE = ".wrangler/bench-results-state";
const BUNDLE = ".wrangler/bench-results-build";
const ADMIN = { email: "admin@demo.edu", password: "admin1234" };
// This Node (22) first on PATH for wrangler's `#!/usr/bin/env node`, however the script was started.
const quietEnv = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}`, CI: "true", WRANGLER_SEND_METRICS: "false" };
const log = (...parts) => console.error("•", ...parts);

requireNode22();
ensureDevVars();

// ------------------------------------------------------------------ clean-up, whatever ends the run

let worker = null;
const sqlDir = mkdtempSync(join(tmpdir(), "bench-results-"));
let cleaned = false;
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  if (worker && worker.exitCode === null && worker.signalCode === null) {
    // wrangler runs workerd as its child, in wrangler's process group.
    try {
      process.kill(-worker.pid, "SIGTERM");
    } catch {
      worker.kill("SIGTERM");
    }
  }
  rmSync(sqlDir, { recursive: true, force: true });
  if (!KEEP) {
    rmSync(`${root}${STATE}`, { recursive: true, force: true });
    rmSync(`${root}${BUNDLE}`, { recursive: true, force: true });
  }
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

/** Runs a step; its output goes to stderr, so stdout carries only the JSON. */
function runQuiet(cmd, cmdArgs, what) {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, env: quietEnv, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    console.error(`✗ ${what} failed (exit ${result.status}):\n${result.stderr}`);
    process.exit(1);
  }
}

// ------------------------------------------------------------------ 1. bundle, 2. seed

const started = Date.now();
rmSync(`${root}${BUNDLE}`, { recursive: true, force: true });
runQuiet(bin("wrangler"), ["deploy", "--dry-run", "--outdir", `${BUNDLE}/worker`], "bundling the worker (run `npm run build` first)");
cpSync(`${root}build/client`, `${root}${BUNDLE}/client`, { recursive: true });
log(`bundled the current build into ${BUNDLE}`);

rmSync(`${root}${STATE}`, { recursive: true, force: true });
// What scripts/lib.mjs prepareDatabase() does, with the output kept off stdout.
runQuiet(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], "migrating the bench database");
runQuiet(process.execPath, [`${root}scripts/seed.mjs`, "--persist-to", STATE], "seeding the demo accounts");
log(`migrated and seeded ${STATE}`);

const seedStarted = Date.now();
const { sql, counts } = benchSql();
const sqlFile = join(sqlDir, "bench.sql");
writeFileSync(sqlFile, sql);
runQuiet(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", STATE, "--file", sqlFile], "seeding the bench data");
const seedMs = Date.now() - seedStarted;
log(`seeded ${counts.tests} tests (${(sql.length / 1e6).toFixed(1)} MB of SQL) in ${(seedMs / 1000).toFixed(1)} s`);

// ------------------------------------------------------------------ 3. serve

const port = await freePort();
const inspectorPort = await freePort();
const base = `http://127.0.0.1:${port}`;
worker = spawn(
  bin("wrangler"),
  ["dev", `${BUNDLE}/worker/server.js`, "--no-bundle", "--assets", `${BUNDLE}/client`, "--port", String(port), "--ip", "127.0.0.1", "--inspector-port", String(inspectorPort), "--persist-to", STATE, "--log-level", "warn"],
  // Its own process group, so clean-up stops workerd too.
  { cwd: root, env: quietEnv, stdio: ["ignore", "ignore", "inherit"], detached: true },
);
worker.on("exit", (code, signal) => {
  if (!cleaned) {
    console.error(`✗ wrangler dev stopped (${code ?? signal})`);
    process.exit(1);
  }
});

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`✗ wrangler dev did not answer ${base} within 60 s`);
  process.exit(1);
}
await waitForServer();
log(`wrangler dev on ${base}`);

async function signIn() {
  const res = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email: ADMIN.email, password: ADMIN.password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
  if (res.status !== 302 || !cookie) {
    console.error(`✗ could not sign in as ${ADMIN.email} (${res.status})`);
    process.exit(1);
  }
  return cookie;
}
const cookie = await signIn();

// ------------------------------------------------------------------ measure

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (ms) => Math.round(ms * 10) / 10;

async function once(path) {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status, bytes: body.byteLength };
}

async function measure(path, n = N, warmup = 3) {
  for (let i = 0; i < warmup; i++) await once(path);
  const runs = [];
  for (let i = 0; i < n; i++) runs.push(await once(path));
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const statuses = [...new Set(runs.map((r) => r.status))];
  return {
    path,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    n,
    status: statuses.length === 1 ? statuses[0] : statuses,
    bytes: runs[runs.length - 1].bytes,
  };
}

const one = studentOf(777);
const sixty = "Systems Programming Practice test - section 40 and then some".slice(0, 60);
const enc = encodeURIComponent;
const lastPage = Math.ceil(counts.tests / 50);
const plan = {
  // What every request costs before any history query: the worker, the session and role lookups.
  "baseline: health check (no session, no D1)": "/api/health",
  "baseline: history, a search that matches nothing": `/admin/history.data?q=${enc("zz-no-such-student-zz")}`,
  "history: first page": "/admin/history.data",
  [`history: last page (${lastPage})`]: `/admin/history.data?page=${lastPage}`,
  "history: search a surname (~500 tests)": `/admin/history.data?q=${enc("okafor")}`,
  "history: search one email (~10 tests)": `/admin/history.data?q=${enc(one.email)}`,
  "history: search a room (100 tests)": `/admin/history.data?q=${enc("section 42")}`,
  "history: search matching all 20,000 (page 1)": `/admin/history.data?q=${enc(BENCH.domain)}`,
  [`history: search matching all 20,000 (page ${lastPage})`]: `/admin/history.data?q=${enc(BENCH.domain)}&page=${lastPage}`,
  "history: 60-character search": `/admin/history.data?q=${enc(sixty)}`,
  "history: whole page (SSR document)": "/admin/history",
  "results: all rooms": "/admin/results.data",
  "results: room of 500": `/admin/results/${BENCH.bigRoomId}.data`,
};

const loaders = {};
for (const [name, path] of Object.entries(plan)) {
  loaders[name] = await measure(path);
  log(`${name}: p50 ${loaders[name].p50} ms, p95 ${loaders[name].p95} ms (HTTP ${loaders[name].status})`);
}
// The exports stream every row: fewer runs.
for (const [name, path] of Object.entries({
  "history: CSV export, all 20,000 tests": "/admin/history/csv",
  "results: CSV export, room of 500": `/admin/results/${BENCH.bigRoomId}/csv`,
})) {
  loaders[name] = await measure(path, Math.min(N, 5), 1);
  log(`${name}: p50 ${loaders[name].p50} ms (HTTP ${loaders[name].status}, ${loaders[name].bytes} bytes)`);
}

process.stdout.write(
  `${JSON.stringify(
    {
      seeded: { ...counts, seedMs, state: STATE },
      server: { base, note: "wrangler dev (local workerd + local D1); times are wall-clock per request, sequential, after 3 warm-up requests" },
      loaders,
      totalMs: Date.now() - started,
    },
    null,
    2,
  )}\n`,
);
cleanUp();
process.exit(0);
