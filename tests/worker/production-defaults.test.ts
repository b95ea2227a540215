// Decision 021: a production deployment that still uses a documented local
// secret answers every request with a 500 naming it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../server";

describe("a production deployment with a documented local default", () => {
  const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
  const fetchAs = (url: string, vars: Record<string, string>) =>
    worker.fetch(new Request(url) as Parameters<typeof worker.fetch>[0], { ...env, ...vars } as Env, ctx);

  it("answers every request with a 500 naming the variable", async () => {
    for (const path of ["/", "/auth", "/api/health", "/parties/room-party/lobby"]) {
      const response = await fetchAs(`https://exam.example.edu${path}`, { BETTER_AUTH_URL: "https://exam.example.edu", ADMIN_SIGNUP_CODE: "ADMIN-2026" });
      expect(response.status).toBe(500);
      expect(await response.text()).toMatch(/ADMIN_SIGNUP_CODE is still the documented local default/);
    }
  });

  it("is refused even when BETTER_AUTH_URL was left on localhost", async () => {
    const response = await fetchAs("https://proctor-edge.example.workers.dev/", { RUNNER_TOKEN: "local-runner-token" });
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/RUNNER_TOKEN/);
  });

  it("refuses the published LTI key written another way (pretty-printed, as a PEM)", async () => {
    const { exportPKCS8, importJWK } = await import("jose");
    const { LOCAL_LTI_KEY } = await import("../../app/lib/lti/local-key");
    const jwk = JSON.parse(LOCAL_LTI_KEY);
    const pem = await exportPKCS8((await importJWK(jwk, "RS256", { extractable: true })) as CryptoKey);
    for (const key of [JSON.stringify(jwk, null, 2), pem]) {
      const response = await fetchAs("https://exam.example.edu/", { BETTER_AUTH_URL: "https://exam.example.edu", LTI_PRIVATE_KEY: key });
      expect(response.status).toBe(500);
      expect(await response.text()).toMatch(/LTI_PRIVATE_KEY is still the documented local default/);
    }
  });

  it("is served with real secrets; local wrangler dev is served with the defaults", async () => {
    expect((await fetchAs("https://exam.example.edu/api/health", { BETTER_AUTH_URL: "https://exam.example.edu" })).status).toBe(200);
    const local = await fetchAs("http://127.0.0.1:8787/api/health", { ADMIN_SIGNUP_CODE: "ADMIN-2026", RUNNER_TOKEN: "local-runner-token" });
    expect(local.status).toBe(200);
  });
});
