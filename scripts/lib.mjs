// Shared helpers for the start, dev and seed scripts.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";

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
