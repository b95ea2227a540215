// npm run deploy:check: what still stands between this checkout and production
// (README, "Deploy"). It bundles the Worker as `wrangler deploy` would
// (`wrangler deploy --dry-run`: nothing is uploaded, no network, no login),
// measures the bundle against Cloudflare's limit, and lists every finding with
// the command that fixes it:
//   - a D1 database_id that is the local placeholder,
//   - a variable the Worker requires (app/lib/env.server.ts, EnvSchema) that is
//     not set, or is set to something the Worker cannot use in production: a
//     loopback or plain-http BETTER_AUTH_URL or RUNNER_URL, a secret still at
//     its documented local default (DOCUMENTED_LOCAL_DEFAULTS), a secret in
//     [vars] (that is, in git);
//   - a binding that a `--env` environment lacks (bindings are not inherited).
//
//   npm run deploy:check [-- --env NAME] [--secrets-file FILE] [--remote-secrets] [--json]
//
// Secrets. Cloudflare never gives a secret's value back, so the check sees only
// what it is shown: `--secrets-file FILE` (the file you give `wrangler deploy
// --secrets-file` or `wrangler secret bulk`: .env lines or JSON; names and
// values are checked) and `--remote-secrets` (asks Cloudflare with `wrangler
// secret list`, which needs a login and the network; only the names count).
// The process environment does not count: an operator's shell often holds a
// local RUNNER_TOKEN for `npm run runner`, and that says nothing about the
// deployment. Without either, every secret is missing.
//
// Exit code: 1 when a finding blocks production (a blocker), 0 when none does
// (warnings alone, such as LTI not set up, do not fail it), 2 when the check
// itself could not run (bad arguments, an unreadable wrangler.toml).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseEnv } from "node:util";
import { gzipSync } from "node:zlib";
import { DOCUMENTED_LOCAL_DEFAULTS, EnvSchema, isLoopback } from "../app/lib/env.server.ts";
import { parseRunnerUrls } from "../app/lib/runner/pool.ts";
import { bin, root } from "./lib.mjs";

const MiB = 1024 * 1024;

/**
 * Cloudflare's Worker size limit: 64 MiB, uncompressed, on every plan
 * (https://developers.cloudflare.com/workers/platform/limits/#worker-size).
 * The compressed limits (3 MiB gzip on Workers Free, 10 MiB on Paid) were
 * removed on 2026-09-04
 * (https://developers.cloudflare.com/changelog/post/2026-09-04-increased-worker-size-limit/,
 * cloudflare/cloudflare-docs#33241), and wrangler 4.164's own size report
 * compares the uncompressed size with 64 MiB (cloudflare/workers-sdk#14001).
 * The gzip size is still reported: it is what travels on every cold start.
 * Re-check that page when you upgrade wrangler.
 */
export const WORKER_SIZE_LIMIT = {
  rawBytes: 64 * MiB,
  source: "https://developers.cloudflare.com/workers/platform/limits/#worker-size",
  checked: "2026-11-27",
  removed: "The 3 MiB (Free) and 10 MiB (Paid) gzip limits were removed on 2026-09-04.",
};
/** Past this share of the limit the size is a warning. */
const SIZE_WARNING_SHARE = 0.8;

/** The placeholder id this repository ships: any id works locally, none in production. */
const PLACEHOLDER_D1_ID = /^0{8}-0{4}-0{4}-0{4}-0{12}$/;
const D1_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Worker's secrets: the values whose local defaults are published (env.server.ts). */
export const SECRET_NAMES = Object.keys(DOCUMENTED_LOCAL_DEFAULTS);

/** Everything the Worker reads through EnvSchema, with whether it must be set. */
export function workerVariables() {
  return Object.entries(EnvSchema.shape).map(([name, schema]) => ({
    name,
    required: !schema.isOptional(),
    secret: SECRET_NAMES.includes(name),
  }));
}

/** Why a missing optional secret matters; a missing required one stops every request. */
const WHEN_MISSING = {
  LTI_PRIVATE_KEY: "LTI 1.3 (Moodle, Canvas) answers that it is not set up; everything else works",
};

/** How to set each secret to a good value. */
function putSecret(name, flag) {
  const put = `npx wrangler secret put ${name}${flag}`;
  switch (name) {
    case "BETTER_AUTH_SECRET":
      return [`openssl rand -base64 32 | ${put}`];
    case "ADMIN_SIGNUP_CODE":
      return [`${put}   # type the code your admins will sign up with`];
    case "RUNNER_TOKEN":
      // The Worker and every runner VM must hold the same token.
      return [
        "openssl rand -hex 32   # keep it: the Worker and every runner need it",
        `${put}   # paste it`,
        "On each runner VM: systemctl edit proctor-runner → Environment=RUNNER_TOKEN=<it>, then systemctl restart proctor-runner",
      ];
    case "LTI_PRIVATE_KEY":
      return [
        `node -e 'const {privateKey}=require("crypto").generateKeyPairSync("rsa",{modulusLength:2048});console.log(JSON.stringify(privateKey.export({format:"jwk"})))' | ${put}`,
      ];
    default:
      return [put];
  }
}

const PRIVATE_HOST = /^(0\.0\.0\.0|10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2}|169\.254(\.\d{1,3}){2})$/;

/** Why Cloudflare's network cannot use this URL, or null when it can. */
function unreachableFromCloudflare(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return "is not a URL";
  }
  if (isLoopback(url)) return "is this machine: a deployed Worker runs on Cloudflare, where it means nothing";
  const host = parsed.hostname;
  if (PRIVATE_HOST.test(host) || /^\[(fc|fd|fe80)/i.test(host)) return "is a private address, which Cloudflare cannot reach";
  if (!host.includes(".") || /\.(local|internal|lan)$/i.test(host)) return "is not a public host name";
  if (parsed.protocol !== "https:") return "is plain http: the bearer token and students' code would cross the internet unencrypted";
  return null;
}

function envFlag(envName) {
  return envName ? ` --env ${envName}` : "";
}

/** Where a key lives in wrangler.toml for this environment: tableFor("x", "[vars]") is "[env.x.vars]". */
function tableFor(envName, table) {
  return envName ? table.replace(/^(\[+)/, `$1env.${envName}.`) : table;
}

/** @typedef {{ id: string, level: "blocker" | "warning", message: string, fix: string[] }} Finding */

/**
 * The findings for one environment of wrangler.toml. Pure: `config` and
 * `topLevel` are wrangler's own reading of the file (readWranglerConfig), and
 * `secrets` maps each secret shown to the check to its value, or to null when
 * only its name is known (`--remote-secrets`).
 *
 * Each finding names its fix: commands, or the edit to wrangler.toml.
 * @param {{ config: any, topLevel?: any, envName?: string, secrets?: Map<string, string | null> }} options
 * @returns {Finding[]}
 */
export function checkConfig({ config, topLevel = config, envName, secrets = new Map() }) {
  const findings = [];
  const flag = envFlag(envName);
  const vars = config.vars ?? {};
  const varsTable = tableFor(envName, "[vars]");

  // Bindings are not inherited by an environment: each must be repeated in it.
  if (envName) {
    for (const db of topLevel.d1_databases ?? []) {
      if (!(config.d1_databases ?? []).some((d) => d.binding === db.binding)) {
        findings.push({
          id: `binding-missing:${db.binding}`,
          level: "blocker",
          message: `env.${envName} has no D1 binding ${db.binding}: bindings are not inherited from the top level.`,
          fix: [`Add a [[env.${envName}.d1_databases]] block with binding = "${db.binding}" (README, Deploy, step 1).`],
        });
      }
    }
    for (const object of topLevel.durable_objects?.bindings ?? []) {
      if (!(config.durable_objects?.bindings ?? []).some((b) => b.name === object.name)) {
        findings.push({
          id: `binding-missing:${object.name}`,
          level: "blocker",
          message: `env.${envName} has no Durable Object binding ${object.name}: bindings are not inherited from the top level.`,
          fix: [`Add [[env.${envName}.durable_objects.bindings]] with name = "${object.name}" and class_name = "${object.class_name}" (README, Deploy, step 1).`],
        });
      }
    }
  }

  for (const db of config.d1_databases ?? []) {
    const id = db.database_id ?? "";
    if (D1_ID.test(id) && !PLACEHOLDER_D1_ID.test(id)) continue;
    findings.push({
      id: `d1-placeholder:${db.binding}`,
      level: "blocker",
      message: `D1 binding ${db.binding}: database_id ${id ? `"${id}" is ${PLACEHOLDER_D1_ID.test(id) ? "the local placeholder" : "not a D1 database id"}` : "is not set"}.`,
      fix: [
        `npx wrangler d1 create ${db.database_name ?? "proctor"}`,
        `Put the database_id it prints into ${tableFor(envName, "[[d1_databases]]")} (binding "${db.binding}") in wrangler.toml`,
        `npx wrangler d1 migrations apply ${db.binding} --remote${flag}`,
      ],
    });
  }

  const values = {};
  const unknown = new Set();
  for (const { name, required, secret } of workerVariables()) {
    const inVars = Object.hasOwn(vars, name);
    const inSecrets = secrets.has(name);
    if (inVars) values[name] = String(vars[name]);
    if (inSecrets && secrets.get(name) === null) unknown.add(name);
    else if (inSecrets) values[name] = secrets.get(name);

    if (secret && inVars) {
      findings.push({
        id: `secret-in-vars:${name}`,
        level: "blocker",
        message: `${name} is in ${varsTable}, that is in wrangler.toml and in git, and shown in Cloudflare's dashboard.`,
        fix: [`Remove ${name} from ${varsTable}`, ...putSecret(name, flag)],
      });
    }
    if (!inVars && !inSecrets) {
      if (!required && !WHEN_MISSING[name]) continue;
      findings.push({
        id: `missing:${name}`,
        level: required ? "blocker" : "warning",
        message: `${name} is not set${required ? ': until it is, the Worker fails its requests with "Invalid Worker environment"' : `: ${WHEN_MISSING[name]}`}.`,
        fix: secret ? putSecret(name, flag) : [`Set ${name} in ${varsTable} in wrangler.toml`],
      });
      continue;
    }
    if (secret && inSecrets && values[name]?.trim() === DOCUMENTED_LOCAL_DEFAULTS[name]) {
      findings.push({
        id: `default:${name}`,
        level: "blocker",
        message: `${name} is the documented local default (.dev.vars.example), which anyone can read: the Worker refuses to serve with it.`,
        fix: putSecret(name, flag),
      });
    }
  }

  // The two URLs production must change.
  if (values.BETTER_AUTH_URL !== undefined) {
    const why = unreachableFromCloudflare(values.BETTER_AUTH_URL);
    if (why) {
      findings.push({
        id: "url:BETTER_AUTH_URL",
        level: "blocker",
        message: `BETTER_AUTH_URL "${values.BETTER_AUTH_URL}" ${why}. It must be the app's public https origin, where students open it.`,
        fix: [`Set BETTER_AUTH_URL = "https://<your Worker's host>" in ${varsTable} (its workers.dev URL or a custom domain)`],
      });
    }
  }
  if (values.RUNNER_URL !== undefined) {
    const bad = parseRunnerUrls(values.RUNNER_URL)
      .map((url) => [url, unreachableFromCloudflare(url)])
      .filter(([, why]) => why);
    if (bad.length) {
      findings.push({
        id: "url:RUNNER_URL",
        level: "blocker",
        message: `RUNNER_URL: ${bad.map(([url, why]) => `"${url}" ${why}`).join("; ")}. The Worker must reach each runner VM over https.`,
        fix: [
          `Put TLS in front of the runner VM (README, Deploy: the runner VM)`,
          `Set RUNNER_URL = "https://runner.example.edu" in ${varsTable} (several runners: comma-separated)`,
        ],
      });
    }
  }

  // Whatever else EnvSchema refuses among the values the check can see (e.g. a short BETTER_AUTH_SECRET).
  const reported = new Set(findings.map((f) => f.id.split(":")[1]));
  const parsed = EnvSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      if (!(name in values) || unknown.has(name) || reported.has(name)) continue;
      reported.add(name);
      const secret = SECRET_NAMES.includes(name);
      findings.push({
        id: `invalid:${name}`,
        level: "blocker",
        message: `${name}: ${issue.message}.`,
        fix: secret ? putSecret(name, flag) : [`Fix ${name} in ${varsTable} in wrangler.toml`],
      });
    }
  }

  // The D1 meter counts every query (decision 029); .dev.vars.example turns it on for local benches only.
  const meter = Object.hasOwn(vars, "D1_METER") ? vars.D1_METER : secrets.get("D1_METER");
  if (String(meter) === "1") {
    findings.push({
      id: "d1-meter",
      level: "warning",
      message: "D1_METER is 1: every D1 query is counted in production (a local bench tool, decision 029).",
      fix: [Object.hasOwn(vars, "D1_METER") ? `Remove D1_METER from ${varsTable}` : "Remove D1_METER from the secrets file (and `npx wrangler secret delete D1_METER` if it was put)"],
    });
  }
  // wrangler.toml first (bindings, D1, URLs, other vars), then secrets.
  const rank = (f) => ["binding-missing", "d1-placeholder", "url", "secret-in-vars", "missing", "default", "invalid", "d1-meter"].indexOf(f.id.split(":")[0]);
  const isSecret = (f) => SECRET_NAMES.includes(f.id.split(":")[1]);
  return findings.map((f, i) => [f, i]).sort(([a, i], [b, j]) => Number(isSecret(a)) - Number(isSecret(b)) || rank(a) - rank(b) || i - j).map(([f]) => f);
}

/**
 * Findings about the bundle's size (sizes from measureBundle).
 * @param {{ rawBytes: number }} size
 * @returns {Finding[]}
 */
export function checkBundleSize({ rawBytes }) {
  const share = rawBytes / WORKER_SIZE_LIMIT.rawBytes;
  if (share <= SIZE_WARNING_SHARE) return [];
  return [
    {
      id: "bundle-size",
      level: share > 1 ? "blocker" : "warning",
      message: `The Worker is ${(rawBytes / MiB).toFixed(2)} MiB, ${Math.round(share * 100)} % of Cloudflare's ${WORKER_SIZE_LIMIT.rawBytes / MiB} MiB limit${share > 1 ? ": the upload will be refused" : ""}.`,
      fix: ["npm run bench:bundle (what the routes ship), and move large data out of the server build"],
    },
  ];
}

/**
 * wrangler.toml read by wrangler itself (the same reader `wrangler deploy`
 * uses, environments included), for `envName` and for the top level.
 */
export async function readWranglerConfig(configPath, envName) {
  const { unstable_readConfig } = await import("wrangler");
  const read = (env) => unstable_readConfig({ config: configPath, env }, { hideWarnings: true });
  const config = read(envName);
  if (envName && !config.definedEnvironments?.includes(envName)) {
    throw new Error(`${configPath} has no [env.${envName}] environment (it has: ${config.definedEnvironments?.join(", ") || "none"})`);
  }
  return { config, topLevel: envName ? read(undefined) : config };
}

/** A secrets file as `wrangler deploy --secrets-file` takes it: JSON, or .env lines. */
export function readSecretsFile(path) {
  const text = readFileSync(path, "utf8");
  const entries = text.trimStart().startsWith("{") ? Object.entries(JSON.parse(text)) : Object.entries(parseEnv(text));
  return new Map(entries.filter(([, value]) => value !== null && value !== undefined).map(([name, value]) => [name, String(value)]));
}

/** Names of the secrets Cloudflare holds for this Worker (`wrangler secret list`); values stay unknown (null). */
export function parseSecretList(json) {
  return new Map(JSON.parse(json).map((entry) => [entry.name, null]));
}

/** wrangler colours its errors whatever NO_COLOR says. */
// eslint-disable-next-line no-control-regex -- ESC starts a colour code
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, "");

function wranglerEnv() {
  // Nothing leaves the machine for the dry run; the check must not phone home either.
  // The project's Node 22 first on PATH (wrangler's launcher refuses older ones), as `npm run` does.
  return { ...process.env, PATH: `${root}node_modules/.bin:${process.env.PATH ?? ""}`, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1", FORCE_COLOR: "0" };
}

/** Asks Cloudflare which secrets the Worker has (needs `wrangler login` and the network). */
export function listRemoteSecrets({ configPath, envName }) {
  const args = ["secret", "list", "--format", "json", "--config", configPath, ...(envName ? ["--env", envName] : [])];
  // The terminal's stdin and no CI flag: wrangler may need to refresh the login or ask which account.
  const { CI, ...env } = wranglerEnv();
  const result = spawnSync(bin("wrangler"), args, { cwd: root, encoding: "utf8", env, stdio: ["inherit", "pipe", "pipe"] });
  if (result.status !== 0) {
    throw new Error(`\`wrangler ${args.join(" ")}\` failed (is \`npx wrangler login\` done, and is the Worker deployed once?):\n${plain(result.stderr || result.stdout).trim()}`);
  }
  return parseSecretList(result.stdout.slice(result.stdout.indexOf("[")));
}

/** `wrangler deploy --dry-run --outdir`: bundles exactly what deploy would upload. */
export function dryRun({ configPath, envName, outdir }) {
  const args = ["deploy", "--dry-run", "--outdir", outdir, "--config", configPath, ...(envName ? ["--env", envName] : [])];
  const result = spawnSync(bin("wrangler"), args, { cwd: root, encoding: "utf8", env: wranglerEnv() });
  return { ok: result.status === 0, command: `npx wrangler ${args.join(" ")}`, output: plain(`${result.stdout ?? ""}${result.stderr ?? ""}`) };
}

/** Raw and gzip size of the modules wrangler would upload (source maps and its README are not uploaded). */
export function measureBundle(outdir) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.endsWith(".map") && name !== "README.md") files.push(path);
    }
  };
  walk(outdir);
  const content = Buffer.concat(files.map((f) => readFileSync(f)));
  // As wrangler's own report: the modules concatenated, gzip at the default level.
  return { files: files.length, rawBytes: content.length, gzipBytes: gzipSync(content).length };
}

/**
 * The whole check. `dryRun: false` skips the bundle (config and secrets only).
 * @param {{ configPath?: string, envName?: string, secretsFile?: string, remoteSecrets?: boolean, bundle?: boolean }} [options]
 */
export async function runDeployCheck({ configPath = join(root, "wrangler.toml"), envName, secretsFile, remoteSecrets = false, bundle = true } = {}) {
  const { config, topLevel } = await readWranglerConfig(configPath, envName);
  const secrets = new Map();
  const sources = [];
  if (remoteSecrets) {
    for (const [name, value] of listRemoteSecrets({ configPath, envName })) secrets.set(name, value);
    sources.push("Cloudflare (names only)");
  }
  if (secretsFile) {
    for (const [name, value] of readSecretsFile(secretsFile)) secrets.set(name, value);
    sources.push(secretsFile);
  }
  /** @type {Finding[]} */
  const findings = checkConfig({ config, topLevel, envName, secrets });

  let size = null;
  if (bundle) {
    const outdir = mkdtempSync(join(tmpdir(), "deploy-check-"));
    try {
      const result = dryRun({ configPath, envName, outdir });
      if (result.ok) {
        size = measureBundle(outdir);
        findings.push(...checkBundleSize(size));
      } else {
        findings.push({
          id: "dry-run",
          level: "blocker",
          message: `\`${result.command}\` failed:\n${result.output.trim().split("\n").slice(-15).join("\n")}`,
          fix: ["Fix the error above, then npm run deploy:check again"],
        });
      }
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }
  const blockers = findings.filter((f) => f.level === "blocker").length;
  return {
    worker: config.name,
    env: envName ?? null,
    configPath,
    secretsSource: sources.length ? sources.join(" + ") : null,
    bundle: size && {
      ...size,
      limitBytes: WORKER_SIZE_LIMIT.rawBytes,
      shareOfLimit: Number((size.rawBytes / WORKER_SIZE_LIMIT.rawBytes).toFixed(4)),
      limitSource: WORKER_SIZE_LIMIT.source,
      note: WORKER_SIZE_LIMIT.removed,
    },
    findings,
    blockers,
    ok: blockers === 0,
  };
}

/** The report for people. */
export function formatReport(report) {
  const lines = [];
  const where = report.env ? `env.${report.env} of ${report.configPath}` : report.configPath;
  lines.push(`Deploy check: Worker "${report.worker}" (${where})`);
  lines.push(`Secrets seen: ${report.secretsSource ?? "none (pass --secrets-file FILE or --remote-secrets)"}`);
  if (report.bundle) {
    const b = report.bundle;
    lines.push(
      `Worker size: ${(b.rawBytes / MiB).toFixed(2)} MiB raw (${(b.shareOfLimit * 100).toFixed(1)} % of the ${b.limitBytes / MiB} MiB limit), ${(b.gzipBytes / MiB).toFixed(2)} MiB gzip`,
      `  limit: ${b.limitSource}; ${b.note}`,
    );
  }
  lines.push("");
  if (report.findings.length === 0) {
    lines.push("✓ Nothing missing: npx wrangler deploy" + (report.env ? ` --env ${report.env}` : ""));
    return lines.join("\n");
  }
  for (const f of report.findings) {
    lines.push(`${f.level === "blocker" ? "✗" : "!"} ${f.message}`);
    for (const step of f.fix) lines.push(`    → ${step}`);
  }
  if (!report.env) {
    lines.push("", "This is the top level of wrangler.toml, which local development uses. Production is best an [env.production]", "of its own (README, Deploy), checked with: npm run deploy:check -- --env production --remote-secrets");
  }
  const warnings = report.findings.length - report.blockers;
  lines.push("", `${report.blockers} blocking, ${warnings} warning${warnings === 1 ? "" : "s"}.${report.blockers ? " Not ready for production." : ""}`);
  return lines.join("\n");
}

function parseArgs(argv) {
  const options = { json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--json") options.json = true;
    else if (arg === "--env" || arg === "-e") options.envName = value();
    else if (arg === "--secrets-file") options.secretsFile = resolve(value());
    else if (arg === "--remote-secrets") options.remoteSecrets = true;
    else if (arg === "--config" || arg === "-c") options.configPath = resolve(value());
    else if (arg === "--no-bundle") options.bundle = false;
    else throw new Error(`Unknown option ${arg}. Options: --env NAME, --secrets-file FILE, --remote-secrets, --config FILE, --no-bundle, --json`);
  }
  return options;
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
    if (options.secretsFile && !existsSync(options.secretsFile)) throw new Error(`No such secrets file: ${options.secretsFile}`);
  } catch (error) {
    console.error(`deploy:check: ${error.message}`);
    process.exit(2);
  }
  // server.ts imports the Remix server build: make it once if it is missing.
  if (options.bundle !== false && !existsSync(join(root, "build/server/index.js"))) {
    console.error("• no build yet: npx remix vite:build");
    const build = spawnSync(bin("remix"), ["vite:build"], { cwd: root, stdio: ["ignore", 2, 2] });
    if (build.status !== 0) {
      console.error("deploy:check: the build failed");
      process.exit(2);
    }
  }
  let report;
  try {
    report = await runDeployCheck(options);
  } catch (error) {
    console.error(`deploy:check: ${error.message}`);
    process.exit(2);
  }
  console.log(options.json ? JSON.stringify(report, null, 2) : formatReport(report));
  process.exit(report.ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
