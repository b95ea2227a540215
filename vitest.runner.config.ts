import path from "node:path";
import { defineConfig } from "vitest/config";

// Runner tests compile and run real programs in the real sandbox; they need
// root, bubblewrap and cgroups (.ci/run installs bubblewrap). One file at a
// time: each starts a runner that uses every core.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["runner/tests/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
