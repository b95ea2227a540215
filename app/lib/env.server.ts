import { z } from "zod";
import { parseRunnerUrls } from "./runner-pool";

// Validated once per isolate: a missing secret fails loudly on the first
// request instead of surfacing as a confusing auth error later.
const EnvSchema = z.object({
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
  GRACE_SECONDS: z.coerce.number().int("GRACE_SECONDS must be a whole number").min(0).max(86_400).default(900),
});

export type AppEnv = z.infer<typeof EnvSchema>;

let checked: AppEnv | undefined;

export function getServerEnv(env: Env): AppEnv {
  if (checked) return checked;
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid Worker environment (see .dev.vars.example): ${detail}`);
  }
  checked = parsed.data;
  return checked;
}

/** The only values that may reach the browser. Nothing secret belongs here. */
export function getPublicEnv() {
  return {} as Record<string, never>;
}
