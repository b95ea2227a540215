// The sign-in page's instant feedback without zod (decision 022): the same
// rules and first messages as LoginSchema and SignUpSchema in ./validation.ts,
// which the action still parses with. form-checks.test.ts holds them together.

// zod 3's email pattern, so the browser and the action agree on every address.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

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

/** The first failing message of a sign-in form, or null (LoginSchema's rules). */
export const loginError = (values: Values): string | null => emailError(values.email) ?? passwordError(values.password);

/** The first failing message of a sign-up form, or null (SignUpSchema's rules). */
export const signUpError = (values: Values): string | null =>
  nameError(values.fullName) ?? emailError(values.email) ?? passwordError(values.password);
