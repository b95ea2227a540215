/// <reference types="node" />
// npm run deploy:check (README, Deploy): against the repository as it is, it
// must name exactly what production still lacks today; against a copy set up
// for production, nothing. One test runs the real CLI, `wrangler deploy
// --dry-run` included (offline, about 10 s); it needs the build that npm test
// makes before the unit tests.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkBundleSize,
  checkConfig,
  parseSecretList,
  readSecretsFile,
  readWranglerConfig,
  runDeployCheck,
  workerVariables,
  WORKER_SIZE_LIMIT,
} from "./deploy-check.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const repoConfig = join(root, "wrangler.toml");
const scratch = mkdtempSync(join(tmpdir(), "deploy-check-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// wrangler reads wrangler.toml; loading its 15 MB bundle takes seconds on a busy machine, once.
beforeAll(() => import("wrangler"), 60_000);

type Finding = { id: string; level: string; message: string; fix: string[] };
const summary = (findings: Finding[]) => findings.map((f) => `${f.level} ${f.id}`);

/** What the repository lacks for production today, in the order the report gives it. */
const TODAY = [
  "blocker d1-placeholder:DB",
  "blocker url:BETTER_AUTH_URL",
  "blocker url:RUNNER_URL",
  "blocker missing:BETTER_AUTH_SECRET",
  "blocker missing:ADMIN_SIGNUP_CODE",
  "blocker missing:RUNNER_TOKEN",
  "warning missing:LTI_PRIVATE_KEY",
];

const PRODUCTION_SECRETS = {
  BETTER_AUTH_SECRET: "q0ZbX1m3Qv9sYb6yJf2VwXq8nR4tL7cA",
  ADMIN_SIGNUP_CODE: "staff-7Hq2-Lm9x",
  RUNNER_TOKEN: "5b1f0c8e9a7d4e2f8c3b6a1d0e9f7c4b",
  LTI_PRIVATE_KEY: '{"kty":"RSA","n":"not-the-published-one","e":"AQAB","d":"x"}',
};

/** The repository's wrangler.toml with `edits` applied; each edit must match. */
function configCopy(name: string, edits: [RegExp, string][], append = "") {
  let text = readFileSync(repoConfig, "utf8");
  for (const [pattern, replacement] of edits) {
    expect(text, `wrangler.toml no longer matches ${pattern}`).toMatch(pattern);
    text = text.replace(pattern, replacement);
  }
  const path = join(scratch, `${name}.toml`);
  writeFileSync(path, text + append);
  return path;
}

const PRODUCTION_EDITS: [RegExp, string][] = [
  [/database_id = "0{8}-0{4}-0{4}-0{4}-0{12}"/, 'database_id = "4f9d2c1e-7b3a-4e8f-9c6d-2a1b0e5f8d7c"'],
  [/BETTER_AUTH_URL = "http:\/\/localhost:8787"/, 'BETTER_AUTH_URL = "https://proctor.example.edu"'],
  [/RUNNER_URL = "http:\/\/127\.0\.0\.1:2358"/, 'RUNNER_URL = "https://runner-1.example.edu,https://runner-2.example.edu"'],
];

function secretsFile(name: string, values: Record<string, string>) {
  const path = join(scratch, name);
  writeFileSync(path, Object.entries(values).map(([k, v]) => `${k}=${v.startsWith("{") ? `'${v}'` : v}`).join("\n") + "\n");
  return path;
}

describe("deploy:check on the repository as it is", () => {
  it("names exactly what production lacks today, each with its command", async () => {
    const report = await runDeployCheck({ bundle: false });
    expect(summary(report.findings)).toEqual(TODAY);
    expect(report.ok).toBe(false);
    expect(report.blockers).toBe(6);
    const fixes = Object.fromEntries(report.findings.map((f: Finding) => [f.id, f.fix.join("\n")]));
    expect(fixes["d1-placeholder:DB"]).toContain("npx wrangler d1 create proctor");
    expect(fixes["d1-placeholder:DB"]).toContain("npx wrangler d1 migrations apply DB --remote");
    expect(fixes["url:RUNNER_URL"]).toContain('RUNNER_URL = "https://');
    expect(fixes["missing:BETTER_AUTH_SECRET"]).toContain("npx wrangler secret put BETTER_AUTH_SECRET");
    expect(fixes["missing:ADMIN_SIGNUP_CODE"]).toContain("npx wrangler secret put ADMIN_SIGNUP_CODE");
    expect(fixes["missing:RUNNER_TOKEN"]).toContain("npx wrangler secret put RUNNER_TOKEN");
    expect(fixes["missing:RUNNER_TOKEN"]).toContain("systemctl edit proctor-runner");
  });

  it("names every secret still at its published default when given .dev.vars.example", async () => {
    const report = await runDeployCheck({ bundle: false, secretsFile: join(root, ".dev.vars.example") });
    expect(summary(report.findings)).toEqual([
      "blocker d1-placeholder:DB",
      "blocker url:BETTER_AUTH_URL",
      "blocker url:RUNNER_URL",
      "warning d1-meter",
      "blocker default:BETTER_AUTH_SECRET",
      "blocker default:ADMIN_SIGNUP_CODE",
      "blocker default:RUNNER_TOKEN",
      "blocker default:LTI_PRIVATE_KEY",
    ]);
  });

  it("takes the secrets from the Worker's own environment schema", () => {
    const variables = workerVariables();
    expect(variables.filter((v) => v.secret).map((v) => v.name)).toEqual(["BETTER_AUTH_SECRET", "ADMIN_SIGNUP_CODE", "RUNNER_TOKEN", "LTI_PRIVATE_KEY"]);
    expect(variables.filter((v) => v.required).map((v) => v.name)).toEqual(["BETTER_AUTH_SECRET", "BETTER_AUTH_URL", "ADMIN_SIGNUP_CODE", "RUNNER_URL", "RUNNER_TOKEN"]);
  });

  it(
    "runs wrangler deploy --dry-run and measures the Worker against the 64 MiB limit (the CLI, --json, exit 1)",
    () => {
      if (!existsSync(join(root, "build/server/index.js"))) throw new Error("No production build: run `npm run build` first (npm test does).");
      const cli = spawnSync(join(root, "node_modules/.bin/node"), [join(root, "scripts/deploy-check.mjs"), "--json"], { cwd: root, encoding: "utf8", timeout: 120_000 });
      expect(cli.status, cli.stderr).toBe(1);
      const report = JSON.parse(cli.stdout);
      expect(summary(report.findings)).toEqual(TODAY);
      expect(report.bundle.rawBytes).toBeGreaterThan(1024 * 1024);
      expect(report.bundle.gzipBytes).toBeLessThan(report.bundle.rawBytes);
      expect(report.bundle.limitBytes).toBe(64 * 1024 * 1024);
      expect(report.bundle.shareOfLimit).toBeLessThan(0.8);
    },
    180_000,
  );
});

describe("deploy:check on a configuration ready for production", () => {
  it("finds nothing with a real D1 id, https URLs and every secret given", async () => {
    const configPath = configCopy("production", PRODUCTION_EDITS);
    const report = await runDeployCheck({ configPath, bundle: false, secretsFile: secretsFile("prod.vars", PRODUCTION_SECRETS) });
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it("checks an [env.production] of wrangler.toml, whose bindings are not inherited", async () => {
    const env = `
[env.production]
[[env.production.d1_databases]]
binding = "DB"
database_name = "proctor"
database_id = "4f9d2c1e-7b3a-4e8f-9c6d-2a1b0e5f8d7c"
migrations_dir = "migrations"

[env.production.vars]
BETTER_AUTH_URL = "https://proctor.example.edu"
RUNNER_URL = "https://runner.example.edu"
`;
    const objects = ["RoomParty", "RateLimiter", "LtiGradeSync"]
      .map((name) => `\n[[env.production.durable_objects.bindings]]\nname = "${name}"\nclass_name = "${name}"\n`)
      .join("");
    const secretsPath = secretsFile("prod-env.vars", PRODUCTION_SECRETS);
    const partial = await runDeployCheck({ configPath: configCopy("env-partial", [], env), envName: "production", bundle: false, secretsFile: secretsPath });
    expect(summary(partial.findings)).toEqual(["blocker binding-missing:RoomParty", "blocker binding-missing:RateLimiter", "blocker binding-missing:LtiGradeSync"]);
    expect(partial.findings[0].fix.join()).toContain("[[env.production.durable_objects.bindings]]");

    const full = await runDeployCheck({ configPath: configCopy("env-full", [], env + objects), envName: "production", bundle: false, secretsFile: secretsPath });
    expect(full.findings).toEqual([]);
    await expect(runDeployCheck({ configPath: configCopy("env-none", []), envName: "production", bundle: false })).rejects.toThrow(/no \[env\.production\]/);
  });
});

describe("the checks one by one", () => {
  const base = async () => (await readWranglerConfig(configCopy("base", PRODUCTION_EDITS), undefined)).config;
  const withVars = async (vars: Record<string, string>) => ({ ...(await base()), vars: { ...(await base()).vars, ...vars } });
  const secrets = (values: Record<string, string | null>) => new Map(Object.entries(values));
  const all = secrets(PRODUCTION_SECRETS);

  it("refuses runner URLs that Cloudflare cannot reach, or that are plain http", async () => {
    for (const url of ["http://runner.example.edu", "https://10.0.0.5", "https://192.168.1.20:2358", "https://runner", "https://runner.local", "http://[::1]:2358"]) {
      const findings = checkConfig({ config: await withVars({ RUNNER_URL: `https://runner-1.example.edu,${url}` }), secrets: all });
      expect(summary(findings), url).toEqual(["blocker url:RUNNER_URL"]);
      expect(findings[0].message).toContain(url);
    }
  });

  it("refuses a secret kept in [vars], and values the Worker's schema refuses", async () => {
    const { RUNNER_TOKEN, ...others } = PRODUCTION_SECRETS;
    expect(summary(checkConfig({ config: await withVars({ RUNNER_TOKEN }), secrets: secrets(others) }))).toEqual(["blocker secret-in-vars:RUNNER_TOKEN"]);
    expect(summary(checkConfig({ config: await base(), secrets: secrets({ ...PRODUCTION_SECRETS, BETTER_AUTH_SECRET: "short" }) }))).toEqual([
      "blocker invalid:BETTER_AUTH_SECRET",
    ]);
    expect(summary(checkConfig({ config: await withVars({ GRACE_SECONDS: "soon" }), secrets: all }))).toEqual(["blocker invalid:GRACE_SECONDS"]);
  });

  it("counts secrets Cloudflare lists as set, without their values", async () => {
    const listed = parseSecretList(JSON.stringify(Object.keys(PRODUCTION_SECRETS).map((name) => ({ name, type: "secret_text" }))));
    expect([...listed.values()]).toEqual([null, null, null, null]);
    expect(checkConfig({ config: await base(), secrets: listed })).toEqual([]);
  });

  it("reads secrets files in both forms wrangler deploy --secrets-file takes", () => {
    const json = join(scratch, "secrets.json");
    writeFileSync(json, JSON.stringify({ RUNNER_TOKEN: "abc", GONE: null }));
    expect([...readSecretsFile(json)]).toEqual([["RUNNER_TOKEN", "abc"]]);
    expect(readSecretsFile(join(root, ".dev.vars.example")).get("ADMIN_SIGNUP_CODE")).toBe("ADMIN-2026");
  });

  it("warns near Cloudflare's 64 MiB Worker limit and blocks past it", () => {
    const MiB = 1024 * 1024;
    expect(WORKER_SIZE_LIMIT.rawBytes).toBe(64 * MiB);
    expect(checkBundleSize({ rawBytes: 6 * MiB })).toEqual([]);
    expect(summary(checkBundleSize({ rawBytes: 60 * MiB }))).toEqual(["warning bundle-size"]);
    expect(summary(checkBundleSize({ rawBytes: 65 * MiB }))).toEqual(["blocker bundle-size"]);
  });
});
