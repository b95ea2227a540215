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
