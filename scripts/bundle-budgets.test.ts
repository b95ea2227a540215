/// <reference types="node" />
// First-load JS budgets of the student's pages (issue 15, decision 022). Reads
// the existing production build; npm test builds before the unit tests.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { checkBudgets, readBudgets } from "./bundle-size.mjs";

const clientDir = fileURLToPath(new URL("../build/client", import.meta.url));
let results: ReturnType<typeof checkBudgets> | undefined;
const measured = () => (results ??= checkBudgets(clientDir));

describe("first-load JS budgets (budgets.json)", () => {
  beforeAll(() => {
    // Never builds by itself: a build takes a core for seconds, and npm test has just made one.
    if (!existsSync(clientDir)) throw new Error(`No production build in ${clientDir}: run \`npm run build\` first (npm test does).`);
  });

  it.each(Object.keys(readBudgets()))("%s stays within its budget", (route) => {
    const result = measured().find((r) => r.route === route)!;
    expect(result.jsKB, `${route}: ${result.jsKB} kB of first-load JS, budget ${result.budgetKB} kB (goal ${result.goalKB} kB)`).toBeLessThanOrEqual(result.budgetKB);
    expect(result.within).toBe(true);
  });
});
