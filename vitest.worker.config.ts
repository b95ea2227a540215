import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Worker tests: the real Worker (server.ts + the Remix build) in workerd, with
// real D1 migrated from migrations/ and the real Durable Objects.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
  plugins: [
    cloudflareTest(({ inject }) => ({
      main: "./server.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          // Test values, independent of anyone's .dev.vars.
          BETTER_AUTH_SECRET: "worker-test-secret-0123456789abcdef",
          ADMIN_SIGNUP_CODE: "TEST-ADMIN-CODE",
          RUNNER_TOKEN: "worker-test-runner-token",
          // Two real runners, started by tests/worker/global-setup.ts.
          RUNNER_URL: inject("runnerUrl"),
        },
      },
    })),
  ],
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/worker/**/*.test.ts"],
    setupFiles: ["./tests/worker/apply-migrations.ts"],
    globalSetup: ["./tests/worker/global-setup.ts"],
    // Real D1, Durable Objects and runners on 2 shared cores: a slow machine must not fail a correct test.
    testTimeout: 30_000,
    deps: {
      optimizer: {
        ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] },
      },
    },
  },
  };
});
