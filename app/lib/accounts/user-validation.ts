// Admin user management (spec 1 sections 2, 5 and 8): the form schemas shared
// by the browser (instant feedback) and the server (the action parses with the
// same schema and answers 400 with the first failing message). The field names
// follow the spec's functions: admin-create-user {email, password, full_name,
// role} and admin-reset-password {userId, newPassword}.
import { z } from "zod";
import type { Role } from "~/db/schema";
import { SEARCH_MAX } from "~/lib/d1/limits";
import { ID_MAX } from "~/lib/http/input-limits";

// A copy of the schema's ROLES: importing the schema module would ship drizzle to the browser.
export const USER_ROLES = ["admin", "student"] as const satisfies readonly Role[];

export const USERS_PAGE_SIZE = 50;
export const ROLE_FILTERS = ["all", "student", "admin"] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/** The spec's user-management messages (section 8), verbatim. */
export const USER_MESSAGES = {
  loadFailed: "Unable to load users. Please try again.",
  updateFailed: "Failed to update profile",
  resetFailed: "Failed to reset password",
  updateUnreachable: "Unable to update user. Please try again.",
  createFailed: "Failed to create user",
  createUnreachable: "Unable to create user. Please try again.",
} as const;

/** Ours (not in the spec's catalogue). */
export const USER_SUCCESS = {
  created: "User created",
  updated: "User updated",
  passwordReset: "Password reset. The user has been signed out everywhere.",
} as const;

export const USER_CONFLICTS = {
  emailTaken: "User already exists with this email",
  emailInUse: "This email is already used by another user",
  ownRole: "You cannot change your own role",
  lastAdmin: "At least one admin must remain",
} as const;

export const userNameSchema = z
  .string({ required_error: "Name must be at least 2 characters" })
  .trim()
  .min(2, "Name must be at least 2 characters")
  .max(100, "Name too long");

export const userEmailSchema = z
  .string({ required_error: "Invalid email format" })
  .trim()
  .email("Invalid email format")
  .max(255, "Email too long")
  // Stored in lower case, like sign-up, so login (which lower-cases) finds it.
  .transform((email) => email.toLowerCase());

export const userPasswordSchema = z
  .string({ required_error: "Password must be at least 8 characters" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password too long");

/** An empty password field means "keep the current password". */
const optionalPasswordSchema = z.preprocess((v) => (v === "" || v === null ? undefined : v), userPasswordSchema.optional());

export const roleSchema = z.enum(USER_ROLES, { errorMap: () => ({ message: "Role is required" }) });

const optionalRoleSchema = z.preprocess((v) => (v === "" || v === null ? undefined : v), roleSchema.optional());

const userIdSchema = (message: string) => z.string({ required_error: message }).trim().min(1, message).max(ID_MAX, message);

/** admin-create-user: {email, password, full_name, role}, fields in form order. */
export const CreateUserSchema = z.object({
  full_name: userNameSchema,
  email: userEmailSchema,
  password: userPasswordSchema,
  role: roleSchema,
});
export type CreateUserInput = z.infer<typeof CreateUserSchema>;

/** Edit User: profile, optional role change, optional new password. */
export const UpdateUserSchema = z.object({
  userId: userIdSchema(USER_MESSAGES.updateFailed),
  full_name: userNameSchema,
  email: userEmailSchema,
  role: optionalRoleSchema,
  password: optionalPasswordSchema,
});
export type UpdateUserInput = z.infer<typeof UpdateUserSchema>;

/** admin-reset-password: {userId, newPassword}. */
export const ResetPasswordSchema = z.object({
  userId: userIdSchema(USER_MESSAGES.resetFailed),
  newPassword: userPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** "extra-time": a student account's accommodation (decision 028, AccountExtraTimeSchema). */
export const USER_INTENTS = ["create", "update", "reset-password", "extra-time"] as const;
export type UserIntent = (typeof USER_INTENTS)[number];

/**
 * The list's URL query (?q=&role=&page=): lenient, so a hand-edited or stale
 * link still shows something sensible instead of an error.
 */
export const UsersQuerySchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((q) => q.trim().slice(0, SEARCH_MAX)),
  role: z.enum(ROLE_FILTERS).catch("all"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});
export type UsersQuery = z.infer<typeof UsersQuerySchema>;

export function parseUsersQuery(searchParams: URLSearchParams): UsersQuery {
  return UsersQuerySchema.parse({
    q: searchParams.get("q") ?? "",
    role: searchParams.get("role") ?? "all",
    page: searchParams.get("page") ?? "1",
  });
}

/** The query string for a list page, leaving out defaults so links stay short. */
export function usersSearch(query: Partial<UsersQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.role && query.role !== "all") params.set("role", query.role);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** One row of the user table, as the loader sends it; `accommodation`: extra time for every room (decision 028). */
export type UserRow = {
  id: string;
  name: string;
  email: string;
  role: Role | null;
  accommodation: { unit: "minutes" | "percent"; amount: number; reason: string | null } | null;
};

export type UserActionResult = { ok: true; message: string } | { ok: false; error: string; field?: string };
