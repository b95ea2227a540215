// Form schemas shared by browser and server: the browser validates for instant
// feedback, the action parses with the same schema and answers 400 with the
// first failing message (spec 1 section 5: only the first message is shown).
import { z } from "zod";
import { ADMIN_CODE_MAX } from "~/lib/http/input-limits";

export const emailSchema = z
  .string({ required_error: "Invalid email address" })
  .trim()
  .email("Invalid email address")
  .max(255, "Email too long");

export const passwordSchema = z
  .string({ required_error: "Password must be at least 8 characters" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password too long");

export const signUpNameSchema = z
  .string({ required_error: "Name must be at least 2 characters" })
  .trim()
  .min(2, "Name must be at least 2 characters")
  .max(100, "Name too long");

export const LoginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});

export const SignUpSchema = z.object({
  fullName: signUpNameSchema,
  email: emailSchema,
  password: passwordSchema,
  asAdmin: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  adminCode: z.string().max(ADMIN_CODE_MAX, "Invalid admin code").optional().default(""),
});

/** The first failing message of a zod error (only the first is shown, spec 1 section 5). */
export function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? "Invalid input";
}

/** The first failing message, or null when the value is valid. */
export function firstError(schema: z.ZodTypeAny, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstIssue(result.error);
}
