// `npm run similarity` (issue 23): the same engine on a folder, as JSON; clear refusals.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Language } from "../app/lib/similarity/tokenize.ts";
import { engineScores, scoreTasks, summarise, type Task } from "./similarity-metrics.ts";

const script = new URL("./similarity.ts", import.meta.url).pathname;
const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: "utf8" });

describe("npm run similarity", () => {
  it("scores every pair of a folder (recursively, paths relative to it), copies first, and skips what it cannot read", () => {
    const task = new URL("../tests/similarity/dataset/python/fibonacci/", import.meta.url).pathname;
    const dir = mkdtempSync(join(tmpdir(), "similarity-cli-"));
    mkdirSync(join(dir, "nested"));
    for (const [name, from] of [["a.py", "original.py"], ["nested/b.py", "copy-l2.py"], ["c.py", "independent-1.py"]]) {
      writeFileSync(join(dir, name!), readFileSync(join(task, from!)));
    }
    writeFileSync(join(dir, "empty.py"), "");
    const result = run("--language", "python", "--common-share", "1", "--json", dir);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("skipped empty.py: empty");
    const pairs = JSON.parse(result.stdout) as { a: string; b: string; similarity: number; longestFragment: number; fragments: unknown[] }[];
    expect(pairs).toHaveLength(3);
    expect([pairs[0]!.a, pairs[0]!.b].sort()).toEqual(["a.py", "nested/b.py"]);
    expect(pairs[0]!.similarity).toBeGreaterThan(0.8);
    expect(pairs[0]!.fragments.length).toBeGreaterThan(0);
  });

  it("refuses an unknown language, a missing folder and a bad share with a clear message", () => {
    expect(run("--language", "rust", "--json", ".")).toMatchObject({ status: 2, stderr: expect.stringContaining("--language must be one of c, cpp, python, java") });
    expect(run("--language", "c", "--json", "/no/such/folder")).toMatchObject({ status: 2, stderr: expect.stringContaining("folder not found: /no/such/folder") });
    expect(run("--language", "c", "--common-share", "2", ".")).toMatchObject({ status: 2, stderr: expect.stringContaining("--common-share must be") });
  });
});

// The repository's own labelled set (tests/similarity/dataset, decision 026): 12
// tasks of an original, six disguised copies and three independent solutions.
// It is a floor now, not the measure: the measure is the public sets of
// `npm run bench:similarity` (issue 39).
describe("the engine on the repository's own labelled set", () => {
  it("ranks copies above independent solutions: ROC AUC over every pair of a task at least 0.93", () => {
    const root = new URL("../tests/similarity/dataset/", import.meta.url).pathname;
    type Label = { path: string; language: Language; task: string; origin: string; level: number };
    const labels = (JSON.parse(readFileSync(join(root, "labels.json"), "utf8")) as { files: Label[] }).files;
    const copied = new Set(labels.filter((l) => l.level > 0).map((l) => l.origin));
    const tasks = new Map<string, Task>();
    for (const l of labels) {
      const task = tasks.get(l.task) ?? { name: l.task, language: l.language, programs: [] };
      tasks.set(l.task, task);
      const kind = l.level > 0 ? `L${l.level}` : copied.has(l.path) ? "original" : "independent";
      task.programs.push({ id: l.path, code: readFileSync(join(root, l.path), "utf8"), language: l.language, task: l.task, family: l.origin, kind });
    }
    expect(tasks.size).toBe(12);
    const summary = summarise(scoreTasks([...tasks.values()], engineScores));
    expect(summary.everyPair.positives).toBe(12 * 21); // 7 programs of one family per task
    expect(summary.everyPair.rocAuc).toBeGreaterThanOrEqual(0.93);
    expect(Object.keys(summary.byLevel)).toEqual(["L1", "L2", "L3", "L4", "L5", "L6"]);
  });
});
