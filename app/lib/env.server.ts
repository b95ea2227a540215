import { z } from "zod";
// Explicit .ts extensions: scripts/deploy-check.mjs imports this file in plain Node.
import { parseRunnerUrls } from "./runner/pool.ts";
import { isLocalLtiKey, LOCAL_LTI_KEY } from "./lti/local-key.ts";

// Validated once per isolate: a missing secret fails loudly on the first
// request instead of surfacing as a confusing auth error later. Also read by
// `npm run deploy:check`, which names what production still lacks.
export const EnvSchema = z.object({
  BETTER_AUTH_SECRET: z.string().min(16, "BETTER_AUTH_SECRET must be at least 16 characters"),
  BETTER_AUTH_URL: z.string().url(),
  ADMIN_SIGNUP_CODE: z.string().min(1, "ADMIN_SIGNUP_CODE is required"),
  /** One runner, or several comma-separated: jobs go to the least loaded healthy one (decision 015). */
  RUNNER_URL: z
    .string()
    .refine(
      (value) => parseRunnerUrls(value).length > 0 && parseRunnerUrls(value).every((url) => z.string().url().safeParse(url).success),
      "RUNNER_URL must be a URL, or several separated by commas",
    ),
  RUNNER_TOKEN: z.string().min(1, "RUNNER_TOKEN is required"),
  /**
   * How long after a student's deadline the journal still accepts entries
   * written before it (README: offline-tolerant test taking). Default 15 min.
   */
  /**
   * The LTI tool's signing key: a private RSA JWK (JSON) or a PKCS#8 PEM (decision 025).
   * Optional: without it the app runs and only LTI answers that it is not set up.
   */
  LTI_PRIVATE_KEY: z.string().optional(),
  /** Public keys still published while platforms move to a new LTI_PRIVATE_KEY: a JWKS ({"keys":[...]}). */
  LTI_PUBLISHED_KEYS: z.string().optional(),
  GRACE_SECONDS: z.coerce.number().int("GRACE_SECONDS must be a whole number").min(0).max(86_400).default(900),
});

export type AppEnv = z.infer<typeof EnvSchema>;

/** Parsed once per environment object (a Worker isolate's env; a test's own copy is parsed on its own). */
const checkedEnvs = new WeakMap<Env, AppEnv>();

export function getServerEnv(env: Env): AppEnv {
  const known = checkedEnvs.get(env);
  if (known) return known;
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid Worker environment (see .dev.vars.example): ${detail}`);
  }
  checkedEnvs.set(env, parsed.data);
  return parsed.data;
}

/** The only values that may reach the browser. Nothing secret belongs here. */
export function getPublicEnv() {
  return {} as Record<string, never>;
}

/**
 * The secrets' local defaults, published in .dev.vars.example and the READMEs.
 * Anyone can read them, so production must never run with them (decision 021).
 */
export const DOCUMENTED_LOCAL_DEFAULTS = {
  BETTER_AUTH_SECRET: "local-dev-secret-change-me-0123456789abcdef",
  ADMIN_SIGNUP_CODE: "ADMIN-2026",
  RUNNER_TOKEN: "local-runner-token",
  LTI_PRIVATE_KEY: LOCAL_LTI_KEY,
} as const;

type DefaultedSecret = keyof typeof DOCUMENTED_LOCAL_DEFAULTS;

export function isLoopback(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const host = new URL(url).hostname;
    return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/**
 * Local development is a request to this machine (localhost, 127.x, ::1) on a
 * Worker whose BETTER_AUTH_URL is on this machine too; anything else is
 * production. Cloudflare only routes real hostnames to a deployed Worker, so a
 * deployment can never look local, even one that forgot BETTER_AUTH_URL; and a
 * local wrangler dev exposed under a public BETTER_AUTH_URL counts as production.
 */
export function isLocalDevelopment(env: { BETTER_AUTH_URL?: string }, requestUrl: string): boolean {
  return isLoopback(requestUrl) && isLoopback(env.BETTER_AUTH_URL);
}

/**
 * Why this Worker must not answer in production: the secrets still set to their
 * documented local defaults, named. Null when it may answer. Checked on every
 * request, because a Worker cannot refuse to start.
 */
export async function productionConfigurationError(
  env: Partial<Record<DefaultedSecret | "BETTER_AUTH_URL", string>>,
  requestUrl: string,
): Promise<string | null> {
  if (isLocalDevelopment(env, requestUrl)) return null;
  const names: DefaultedSecret[] = [];
  for (const name of Object.keys(DOCUMENTED_LOCAL_DEFAULTS) as DefaultedSecret[]) {
    const value = env[name]?.trim();
    if (!value) continue;
    // The key is compared as a key: the same one pretty-printed, reordered or as a PEM is still the published one.
    if (name === "LTI_PRIVATE_KEY" ? await isLocalLtiKey(value) : value === DOCUMENTED_LOCAL_DEFAULTS[name]) names.push(name);
  }
  if (names.length === 0) return null;
  return (
    `Refusing to serve: ${names.join(", ")} ${names.length === 1 ? "is" : "are"} still the documented local default ` +
    `(.dev.vars.example). Set ${names.length === 1 ? "a real value" : "real values"} with \`wrangler secret put NAME\` (README, Configuration).`
  );
}
