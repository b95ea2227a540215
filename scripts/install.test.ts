/// <reference types="node" />
// A fresh clone stays clean and quiet after `npm install` (issue 27): the
// committed lock is exactly what npm writes, and no dependency has an install
// script nobody reviewed (npm 11 lists those, npm 12 skips them). .npmrc keeps
// npm's warnings off the first run, so these checks stand in for them.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

function npm(args: string[], cwd: string) {
  const result = spawnSync("npm", args, { cwd, encoding: "utf8", timeout: 120_000 });
  if (result.status !== 0) throw new Error(`npm ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

describe("npm install", () => {
  it("leaves package-lock.json as committed", { timeout: 150_000 }, () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lock-"));
    try {
      for (const file of ["package.json", "package-lock.json", ".npmrc"]) copyFileSync(path.join(root, file), path.join(dir, file));
      // The lock npm would write for this package.json, resolved as `npm install` does (CI's flags), without installing.
      npm(["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], dir);
      const written = readFileSync(path.join(dir, "package-lock.json"), "utf8");
      const committed = readFileSync(path.join(root, "package-lock.json"), "utf8");
      expect(written === committed, "npm install would change package-lock.json: run `npm install` and commit the lock it writes").toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs no install script that package.json's allowScripts does not name", { timeout: 60_000 }, () => {
    const pending = JSON.parse(npm(["install-scripts", "ls", "--json"], root)) as { allowScripts: { name?: string }[] };
    expect(pending.allowScripts, "review them (`npm install-scripts ls`), then `npm install-scripts approve <pkg> --no-allow-scripts-pin` or deny").toEqual([]);
  });
});
