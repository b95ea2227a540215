// Shared helpers for the start, dev and seed scripts.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, copyFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";

export const root = new URL("..", import.meta.url).pathname;

export function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...opts });
  if (result.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  return result;
}

export function bin(name) {
  return `${root}node_modules/.bin/${name}`;
}

export function requireNode22() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 22) {
    console.error(`Node ${process.versions.node} is too old: run this through npm (npm start), which puts Node 22 from devDependencies first on PATH.`);
    process.exit(1);
  }
}

/** Local secrets: .dev.vars is created from the example on first start. */
export function ensureDevVars() {
  if (!existsSync(`${root}.dev.vars`)) {
    copyFileSync(`${root}.dev.vars.example`, `${root}.dev.vars`);
    console.log("• created .dev.vars from .dev.vars.example");
    return;
  }
  // A .dev.vars from before a new variable existed gets that variable's local default.
  const own = readFileSync(`${root}.dev.vars`, "utf8");
  const names = new Set([...own.matchAll(/^([A-Z_][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  const missing = readFileSync(`${root}.dev.vars.example`, "utf8")
    .split("\n")
    .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line) && !names.has(line.split("=")[0]));
  if (missing.length) {
    appendFileSync(`${root}.dev.vars`, `${own.endsWith("\n") ? "" : "\n"}${missing.join("\n")}\n`);
    console.log(`• added ${missing.map((l) => l.split("=")[0]).join(", ")} to .dev.vars from .dev.vars.example`);
  }
}

/** Migrates and seeds local D1; both steps are idempotent. */
export function prepareDatabase({ persistTo } = {}) {
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persist], {
    env: { ...process.env, CI: "true" },
  });
  run(process.execPath, [`${root}scripts/seed.mjs`, ...persist]);
}

export function spawnChild(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: "inherit", cwd: root, ...opts });
  return child;
}

/**
 * The CSP hash ('sha256-…') of the inline script `wrangler dev --live-reload`
 * appends to every page, read from wrangler's own source, so the dev loop's
 * pages admit it (decision 021). Null, with a warning, if this wrangler's
 * source no longer looks as expected: the pages still work, only live reload
 * is then blocked by the CSP.
 */
export function liveReloadScriptHash() {
  try {
    const source = readFileSync(`${root}node_modules/wrangler/wrangler-dist/ProxyWorker.js`, "utf8");
    const constant = (name) => source.match(new RegExp(`var ${name} = "([^"]*)";`))?.[1];
    const template = source.match(/var liveReloadScript = `([^`\\]*)`;/)?.[1];
    const pathname = constant("LIVE_RELOAD_PATHNAME");
    const protocol = constant("LIVE_RELOAD_PROTOCOL");
    if (!template || !pathname || !protocol) throw new Error("the live-reload script was not found");
    const html = template.replaceAll("${LIVE_RELOAD_PATHNAME}", pathname).replaceAll("${LIVE_RELOAD_PROTOCOL}", protocol);
    if (html.includes("${")) throw new Error("the live-reload script has an unknown placeholder");
    const body = html.match(/<script[^>]*>([\s\S]*)<\/script>/)?.[1];
    if (body === undefined) throw new Error("the live-reload script has no <script> element");
    return `sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`;
  } catch (error) {
    console.warn(`! live reload will be blocked by the page's CSP: ${error.message}`);
    return null;
  }
}

/** A TCP port nothing listens on now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** True when a ProctorEdge at `base` answers /api/health within `timeoutMs`. */
export async function serving(base, timeoutMs = 3000) {
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * A bench's own server: scripts/e2e-server.mjs (a frozen copy of the current
 * build, a fresh seeded D1 and its own runner) on two free ports, its output
 * on stderr so stdout keeps only the bench's JSON. Needs a build (npm run
 * build). Resolves once /api/health answers; `restartWorker()` asks it to
 * restart the Worker alone (SIGUSR2), `stop()` stops it and removes what it
 * kept for its port.
 */
export async function startE2eServer({ startMs = 180_000 } = {}) {
  const port = await freePort();
  const runnerPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // e2e-server.mjs and wrangler need Node 22: a bench started with an older
  // `node` runs them with the project's own, first on PATH as `npm run` puts it.
  const old = Number(process.versions.node.split(".")[0]) < 22;
  const node = old ? bin("node") : process.execPath;
  const path = old ? { PATH: `${root}node_modules/.bin:${process.env.PATH ?? ""}` } : {};
  const child = spawn(node, [`${root}scripts/e2e-server.mjs`], {
    cwd: root,
    // A bench measures what production does: held code reaches D1 every 300 s (wrangler.toml), not every 0.2 s as in the e2e specs.
    env: { E2E_JOURNAL_FLUSH_SECONDS: "300", ...process.env, ...path, E2E_PORT: String(port), E2E_RUNNER_PORT: String(runnerPort) },
    stdio: ["ignore", 2, 2],
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  let stopped = false;
  const server = {
    base,
    port,
    runnerPort,
    running,
    restartWorker: () => child.kill("SIGUSR2"),
    async stop() {
      if (stopped) return;
      stopped = true;
      if (running()) {
        // e2e-server.mjs forwards SIGTERM to wrangler and its runner and exits once both are gone.
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const quit = await Promise.race([gone.then(() => true), new Promise((r) => setTimeout(() => r(false), 20_000))]);
        if (!quit) child.kill("SIGKILL");
      }
      // What e2e-server.mjs keeps per port; a random port would leave one of each behind.
      for (const dir of [`${root}.wrangler/e2e-state-${port}`, `${root}.wrangler/e2e-build-${port}`, `/tmp/proctor-e2e-runner-${port}`]) {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  const deadline = Date.now() + startMs;
  while (Date.now() < deadline) {
    if (!running()) {
      await server.stop();
      throw new Error(`scripts/e2e-server.mjs stopped (${child.exitCode ?? child.signalCode}) before serving; see its message above`);
    }
    if (await serving(base)) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  await server.stop();
  throw new Error(`scripts/e2e-server.mjs did not answer ${base}/api/health within ${startMs / 1000} s`);
}
