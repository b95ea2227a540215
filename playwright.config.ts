import { defineConfig, devices } from "@playwright/test";

// Browser tests against a fresh wrangler dev (scripts/e2e-server.mjs): its own
// port and its own D1 state, so a running `npm start` is never touched.
// The build must exist first: `npm test` builds; alone, run `npx remix vite:build`.
const port = Number(process.env.E2E_PORT ?? 8788);
const baseURL = `http://127.0.0.1:${port}`;

// Debian's Chromium; never `playwright install`.
const launchOptions = {
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "tests/e2e",
  // One folder per server port, so two suites on other ports never clear each other's results.
  outputDir: port === 8788 ? "test-results" : `test-results-${port}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The machine has 2 cores, and wrangler dev needs one of them.
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions } },
    // Issue 41: the accessibility walk again on a phone's screen (iPhone 13's size) and a tablet's
    // (an iPad's, upright), in Chromium; the walk also checks that no page scrolls sideways.
    {
      name: "phone",
      testMatch: "a11y.spec.ts",
      use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, launchOptions },
    },
    {
      name: "tablet",
      testMatch: "a11y.spec.ts",
      use: { ...devices["Desktop Chrome"], viewport: { width: 768, height: 1024 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, launchOptions },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: baseURL,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 240_000),
    // Wrangler's request log stays out of the report; its warnings and errors (stderr) show.
    stdout: "ignore",
    stderr: "pipe",
    // The script forwards SIGTERM to wrangler, which stops workerd cleanly.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
