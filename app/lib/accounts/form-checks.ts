// The sign-in page's instant feedback without zod (decision 022): the same
// rules and first messages as LoginSchema and SignUpSchema in ./validation.ts,
// which the action still parses with. form-checks.test.ts holds them together.

// zod 3's email pattern, so the browser and the action agree on every address.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

import type { FieldIssue } from "~/lib/http/field-errors";

type Values = Record<string, unknown>;

function emailError(value: unknown): string | null {
  if (typeof value !== "string") return "Invalid email address";
  const email = value.trim();
  if (!EMAIL.test(email)) return "Invalid email address";
  return email.length > 255 ? "Email too long" : null;
}

function passwordError(value: unknown): string | null {
  if (typeof value !== "string" || value.length < 8) return "Password must be at least 8 characters";
  return value.length > 128 ? "Password too long" : null;
}

function nameError(value: unknown): string | null {
  if (typeof value !== "string") return "Name must be at least 2 characters";
  const name = value.trim();
  if (name.length < 2) return "Name must be at least 2 characters";
  return name.length > 100 ? "Name too long" : null;
}

/** Each failing field of a form, in the schema's order, with its first message. */
function issues(checks: [field: string, message: string | null][]): FieldIssue[] {
  return checks.flatMap(([field, message]) => (message ? [{ field, message }] : []));
}

/** The failing fields of a sign-in form (LoginSchema's rules), first failing first; empty when valid. */
export const loginIssues = (values: Values): FieldIssue[] =>
  issues([
    ["email", emailError(values.email)],
    ["password", passwordError(values.password)],
  ]);

/** The failing fields of a sign-up form (SignUpSchema's rules), first failing first; empty when valid. */
export const signUpIssues = (values: Values): FieldIssue[] =>
  issues([
    ["fullName", nameError(values.fullName)],
    ["email", emailError(values.email)],
    ["password", passwordError(values.password)],
  ]);
