import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useCallback, useRef } from "react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { PageTitle } from "~/components/ui/empty-state";
import { TextField } from "~/components/ui/field";
import { useActionToast } from "~/components/use-action-toast";
import { useValidateOnSubmit } from "~/components/use-validate-on-submit";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { changeOwnPassword, PROFILE_MESSAGES } from "~/lib/accounts/profile.server";
import { requireRole } from "~/lib/accounts/session.server";
import { userPasswordSchema } from "~/lib/accounts/user-validation";
import { beginAttempt, passRetryAfter, signInLimits } from "~/lib/rate-limits/attempts.server";
import { MESSAGES } from "~/lib/rate-limits/limits";

export const meta: MetaFunction = () => [{ title: "Settings — ProctorEdge" }];

const CURRENT_REQUIRED = "Please enter your current password";

/** Change password (spec 2 section 5): 8 to 128 characters, and the confirmation must match. */
const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ required_error: CURRENT_REQUIRED })
      .min(1, CURRENT_REQUIRED)
      // No password is longer: refused without hashing a huge input.
      .max(128, "Current password is incorrect"),
    newPassword: userPasswordSchema,
    // Longer than any new password, so it can only fail to match.
    confirmPassword: z.string().max(128, "Passwords don't match").optional().default(""),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "student");
  return null;
}

export const headers = passRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const student = await requireRole(request, context, "student");
  try {
    const values = await readFormValues(request);
    if (!values) return failure(PROFILE_MESSAGES.passwordFailed);
    const input = parseValues(ChangePasswordSchema, values);
    // This device stays signed in; every other session of the account ends.
    const current = await context.auth.api.getSession({ headers: request.headers });
    if (!current) return failure("Please log in first", 401);
    // The current password is a guess like a sign-in: the account's and the address's limits, asked before the hash.
    const attempt = await beginAttempt(context.cloudflare.env, signInLimits(request, student.email), MESSAGES.currentPassword);
    const result = await changeOwnPassword(
      context.auth,
      context.db,
      { userId: student.id, keepSessionId: current.session.id },
      { currentPassword: input.currentPassword, newPassword: input.newPassword },
    );
    await (result.ok || result.error !== PROFILE_MESSAGES.wrongCurrentPassword ? attempt.succeeded() : attempt.failed());
    if (result.ok) return success(PROFILE_MESSAGES.passwordChanged);
    return failure(result.error, result.status, undefined, result.error === PROFILE_MESSAGES.wrongCurrentPassword ? "currentPassword" : undefined);
  } catch (error) {
    return actionError(error, PROFILE_MESSAGES.passwordFailed);
  }
}

export default function SettingsPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const validate = useValidateOnSubmit(result);
  const { errors } = validate;
  const form = useRef<HTMLFormElement>(null);
  // Passwords never stay in the fields after a change.
  const onSuccess = useCallback(() => form.current?.reset(), []);
  useActionToast(result, onSuccess);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/student/settings";

  return (
    <>
      <PageTitle title="Settings" description="Change your password." />
      <section className="max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h3 className="text-lg font-semibold">Change Password</h3>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Enter your current password to confirm it is you. Changing it signs you out on every other device.
        </p>
        <Form ref={form} method="post" noValidate onSubmit={validate(ChangePasswordSchema)} className="mt-6 space-y-4">
          <fieldset disabled={busy} className="space-y-4">
            <TextField label="Current Password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
            <TextField
              label="New Password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              hint="8 to 128 characters."
              maxLength={128}
              required
              error={errors.newPassword}
            />
            <TextField label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" maxLength={128} required error={errors.confirmPassword} />
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" busy={busy}>
              {busy ? "Changing..." : "Change Password"}
            </Button>
          </div>
        </Form>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
