// Shared helpers for the start, dev and seed scripts.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, copyFileSync, existsSync, readFileSync } from "node:fs";

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
