import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { PageTitle } from "~/components/ui/empty-state";
import { TextField } from "~/components/ui/field";
import { useActionToast } from "~/components/use-action-toast";
import { useValidateOnSubmit } from "~/components/use-validate-on-submit";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { PROFILE_MESSAGES, updateOwnProfile } from "~/lib/accounts/profile.server";
import { requireRole } from "~/lib/accounts/session.server";
import { userEmailSchema, userNameSchema } from "~/lib/accounts/user-validation";

export const meta: MetaFunction = () => [{ title: "Profile — ProctorEdge" }];

/** The spec's profile rules (section 5): the browser checks with it, the action parses with it. */
const ProfileSchema = z.object({ full_name: userNameSchema, email: userEmailSchema });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const student = await requireRole(request, context, "student");
  return { name: student.name, email: student.email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const student = await requireRole(request, context, "student");
  try {
    const values = await readFormValues(request);
    if (!values) return failure(PROFILE_MESSAGES.profileFailed);
    const input = parseValues(ProfileSchema, values);
    const result = await updateOwnProfile(context.auth, context.db, student.id, input);
    // 409: the email belongs to another account.
    return result.ok ? success(PROFILE_MESSAGES.profileUpdated) : failure(result.error, result.status);
  } catch (error) {
    return actionError(error, PROFILE_MESSAGES.profileFailed);
  }
}

export default function ProfilePage() {
  const { name, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const validate = useValidateOnSubmit(result);
  const { errors } = validate;
  useActionToast(result);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/student/profile";

  return (
    <>
      <PageTitle title="Profile" description="Your personal information." />
      <section className="max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h3 className="text-lg font-semibold">Personal Information</h3>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Your name appears to your instructors; you log in with your email.</p>
        {/* Remounts with the saved values, so the fields show what was stored (trimmed, lower-cased). */}
        <Form key={`${name}\n${email}`} method="post" noValidate onSubmit={validate(ProfileSchema)} className="mt-6 space-y-4">
          <fieldset disabled={busy} className="space-y-4">
            <TextField label="Full Name" name="full_name" defaultValue={name} autoComplete="name" maxLength={100} required error={errors.full_name} />
            <TextField label="Email" name="email" type="email" defaultValue={email} autoComplete="email" maxLength={255} required error={errors.email} />
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" busy={busy}>
              {busy ? "Saving..." : "Save Changes"}
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
