// The Workers pool adds the migrations as a binding (vitest.worker.config.ts).
// Declared on both Env interfaces so the app's Env still satisfies Cloudflare.Env.
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("@cloudflare/vitest-plugin").D1Migration[];
  }
}
interface Env {
  TEST_MIGRATIONS: import("@cloudflare/vitest-plugin").D1Migration[];
}
