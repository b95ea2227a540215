import { describe, expect, it, vi } from "vitest";

const base = {
  BETTER_AUTH_SECRET: "unit-test-secret-0123456789",
  BETTER_AUTH_URL: "http://localhost:8787",
  ADMIN_SIGNUP_CODE: "CODE",
  RUNNER_TOKEN: "token",
};

/** getServerEnv keeps the first valid env per isolate: a fresh module per case. */
async function read(RUNNER_URL: string) {
  vi.resetModules();
  const { getServerEnv } = await import("./env.server");
  return getServerEnv({ ...base, RUNNER_URL } as unknown as Env);
}

describe("RUNNER_URL", () => {
  it("takes one URL or several separated by commas", async () => {
    expect((await read("http://127.0.0.1:2358")).RUNNER_URL).toBe("http://127.0.0.1:2358");
    expect((await read("http://127.0.0.1:2358, https://runner-2.example.edu")).RUNNER_URL).toBe(
      "http://127.0.0.1:2358, https://runner-2.example.edu",
    );
  });

  it("refuses a list with something that is not a URL, or nothing at all", async () => {
    await expect(read("http://127.0.0.1:2358,runner-2")).rejects.toThrow(/RUNNER_URL must be a URL, or several separated by commas/);
    await expect(read(" , ")).rejects.toThrow(/RUNNER_URL/);
  });
});

describe("production with the documented local defaults (decision 021)", () => {
  async function check(vars: Record<string, string>, requestUrl: string) {
    const { productionConfigurationError } = await import("./env.server");
    return productionConfigurationError({ ...base, ...vars }, requestUrl);
  }

  it("keeps the module's list in step with .dev.vars.example", async () => {
    const { readFileSync } = await import("node:fs");
    const { DOCUMENTED_LOCAL_DEFAULTS } = await import("./env.server");
    const example = readFileSync(new URL("../../.dev.vars.example", import.meta.url), "utf8");
    const published = Object.fromEntries(
      example
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1).trim()]),
    );
    expect(published).toEqual(DOCUMENTED_LOCAL_DEFAULTS);
  });

  it("names each default still in use on a real host", async () => {
    const url = "https://exam.example.edu/auth";
    const prod = { BETTER_AUTH_URL: "https://exam.example.edu" };
    expect(await check({ ...prod, ADMIN_SIGNUP_CODE: "ADMIN-2026" }, url)).toMatch(/^Refusing to serve: ADMIN_SIGNUP_CODE is still the documented local default/);
    expect(await check({ ...prod, BETTER_AUTH_SECRET: "local-dev-secret-change-me-0123456789abcdef" }, url)).toMatch(/BETTER_AUTH_SECRET is still/);
    expect(await check({ ...prod, RUNNER_TOKEN: " local-runner-token\n" }, url)).toMatch(/RUNNER_TOKEN is still/);
    const { LOCAL_LTI_KEY } = await import("./lti/local-key");
    expect(await check({ ...prod, LTI_PRIVATE_KEY: LOCAL_LTI_KEY }, url)).toMatch(/LTI_PRIVATE_KEY is still/);
    const all = await check(
      { ...prod, ADMIN_SIGNUP_CODE: "ADMIN-2026", BETTER_AUTH_SECRET: "local-dev-secret-change-me-0123456789abcdef", RUNNER_TOKEN: "local-runner-token" },
      url,
    );
    expect(all).toMatch(/BETTER_AUTH_SECRET, ADMIN_SIGNUP_CODE, RUNNER_TOKEN are still the documented local default/);
    expect(all).toMatch(/wrangler secret put/);
  });

  it("refuses the published LTI key however it is written: pretty-printed, reordered, or as a PEM", async () => {
    const { exportPKCS8, generateKeyPair, exportJWK, importJWK } = await import("jose");
    const { LOCAL_LTI_KEY } = await import("./lti/local-key");
    const url = "https://exam.example.edu/";
    const prod = { BETTER_AUTH_URL: "https://exam.example.edu" };
    const jwk = JSON.parse(LOCAL_LTI_KEY) as Record<string, string>;
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(jwk).reverse()));
    const pem = await exportPKCS8(await importJWK(jwk, "RS256", { extractable: true }) as CryptoKey);
    for (const variant of [JSON.stringify(jwk, null, 2), reordered, ` ${LOCAL_LTI_KEY} `, pem, pem.replace(/\n/g, "\\n"), JSON.stringify({ ...jwk, alg: "RS256" })]) {
      expect(await check({ ...prod, LTI_PRIVATE_KEY: variant }, url), variant.slice(0, 40)).toMatch(/LTI_PRIVATE_KEY is still the documented local default/);
    }
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    expect(await check({ ...prod, LTI_PRIVATE_KEY: JSON.stringify(await exportJWK(privateKey)) }, url)).toBeNull();
    expect(await check({ ...prod, LTI_PRIVATE_KEY: await exportPKCS8(privateKey) }, url)).toBeNull();
    expect(await check({ ...prod, LTI_PRIVATE_KEY: "not a key" }, url)).toBeNull();
  });

  it("counts a deployment as production even when BETTER_AUTH_URL was left on localhost", async () => {
    expect(await check({ ADMIN_SIGNUP_CODE: "ADMIN-2026" }, "https://proctor-edge.someone.workers.dev/")).toMatch(/ADMIN_SIGNUP_CODE/);
  });

  it("counts a local wrangler dev under a public BETTER_AUTH_URL as production", async () => {
    expect(await check({ BETTER_AUTH_URL: "https://exam.example.edu", RUNNER_TOKEN: "local-runner-token" }, "http://127.0.0.1:8787/")).toMatch(/RUNNER_TOKEN/);
  });

  it("lets local wrangler dev run with the defaults, and production with real secrets", async () => {
    const defaults = { ADMIN_SIGNUP_CODE: "ADMIN-2026", BETTER_AUTH_SECRET: "local-dev-secret-change-me-0123456789abcdef", RUNNER_TOKEN: "local-runner-token" };
    for (const url of ["http://localhost:8787/", "http://127.0.0.1:8796/auth", "http://[::1]:8787/", "http://app.localhost:8787/"]) {
      expect(await check({ ...defaults, BETTER_AUTH_URL: "http://localhost:8787" }, url)).toBeNull();
    }
    expect(await check({ BETTER_AUTH_URL: "https://exam.example.edu" }, "https://exam.example.edu/")).toBeNull();
  });

  it("is not fooled by a host that only starts like a loopback one", async () => {
    expect(await check({ ADMIN_SIGNUP_CODE: "ADMIN-2026" }, "http://localhost.evil.example/")).toMatch(/ADMIN_SIGNUP_CODE/);
    expect(await check({ ADMIN_SIGNUP_CODE: "ADMIN-2026" }, "http://127.0.0.1.nip.io/")).toMatch(/ADMIN_SIGNUP_CODE/);
  });
});
