import { GeneralErrorBoundary } from "~/components/error-boundary";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { ThemeToggle } from "~/components/theme-toggle";
import { useToastOnce } from "~/components/toaster";
import { useValidateOnSubmit } from "~/components/use-validate-on-submit";
import { roleOf, safeEqual, signIn } from "~/lib/accounts/accounts.server";
import { createAccount, EmailTakenError } from "~/lib/accounts/auth.server";
import { getServerEnv } from "~/lib/env.server";
import { readFormValues } from "~/lib/http/forms.server";
import { afterSignIn } from "~/lib/accounts/redirect";
import { getViewer } from "~/lib/accounts/session.server";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { loginIssues, signUpIssues } from "~/lib/accounts/form-checks";
import { firstFieldIssue } from "~/lib/http/field-errors";
import { TextField } from "~/components/ui/field";
import { LoginSchema, SignUpSchema } from "~/lib/accounts/validation";
import {
  adminCodeLimits,
  beginAttempt,
  passRetryAfter,
  signInLimits,
  TooManyAttemptsError,
  type LimitKey,
} from "~/lib/rate-limits/attempts.server";
import { MESSAGES } from "~/lib/rate-limits/limits";

export const meta: MetaFunction = () => [{ title: "Sign in — ProctorEdge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A signed-in user is sent to / (which forwards by role).
  if (await getViewer(request, context.auth, context.db)) throw redirect("/");
  return null;
}

/** The page's failure: the message to toast, and the field it shows under (issue 42, item 6). */
const fail = (message: string, status = 400, headers?: HeadersInit, field?: string) =>
  data({ error: message, ...(field ? { field } : {}) }, { status, headers });
/** A failed parse: its first issue, under its field. */
const invalid = (issues: { message: string; path: (string | number)[] }[]) => {
  const issue = firstFieldIssue(issues);
  return fail(issue?.message ?? "Invalid input", 400, undefined, issue?.field);
};

/** Asks the limits before a guess is checked; a refusal is the 429 answer. */
async function askLimits(env: Env, keys: LimitKey[], message: (seconds: number) => string) {
  try {
    return { attempt: await beginAttempt(env, keys, message) };
  } catch (error) {
    if (error instanceof TooManyAttemptsError) return { refused: fail(error.message, 429, error.headers) };
    throw error;
  }
}

export const headers = passRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = (await readFormValues(request)) ?? {};
  if (form.intent === "login") {
    const parsed = LoginSchema.safeParse(form);
    if (!parsed.success) return invalid(parsed.error.issues);
    // Asked before better-auth hashes anything; the same words whether or not the account exists.
    const asked = await askLimits(context.cloudflare.env, signInLimits(request, parsed.data.email), MESSAGES.signIn);
    if ("refused" in asked) return asked.refused;
    const { attempt } = asked;
    const result = await signIn(request, context, parsed.data.email, parsed.data.password);
    if (!result.ok) {
      await attempt.failed();
      return fail(result.message, 401);
    }
    await attempt.succeeded();
    const role = await roleOf(context, result.userId);
    return redirectWithToast(
      afterSignIn(role, form.redirectTo),
      { type: "success", message: "Logged in successfully!" },
      { headers: result.cookies.map((c) => ["Set-Cookie", c] as [string, string]) },
    );
  }
  if (form.intent === "signup") {
    const parsed = SignUpSchema.safeParse(form);
    if (!parsed.success) return invalid(parsed.error.issues);
    const { fullName, email, password, asAdmin, adminCode } = parsed.data;
    // The code is a server secret (spec README, difference 3); a mismatch creates nothing.
    if (asAdmin) {
      const asked = await askLimits(context.cloudflare.env, adminCodeLimits(request), MESSAGES.adminCode);
      if ("refused" in asked) return asked.refused;
      if (!safeEqual(adminCode.trim(), getServerEnv(context.cloudflare.env).ADMIN_SIGNUP_CODE)) {
        await asked.attempt.failed();
        return fail("Invalid admin secret code", 403, undefined, "adminCode");
      }
      await asked.attempt.succeeded();
    }
    const role = asAdmin ? "admin" : "student";
    try {
      await createAccount(context.auth, context.db, { name: fullName, email, password, role });
    } catch (error) {
      if (error instanceof EmailTakenError) return fail(error.message, 409, undefined, "email");
      throw error;
    }
    const result = await signIn(request, context, email, password);
    if (!result.ok) return fail(result.message, 500);
    return redirectWithToast(
      afterSignIn(role, form.redirectTo),
      { type: "success", message: `Account created successfully as ${role}!` },
      { headers: result.cookies.map((c) => ["Set-Cookie", c] as [string, string]) },
    );
  }
  return fail("Unknown action");
}

export default function AuthPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const validate = useValidateOnSubmit(actionData);
  const { errors } = validate;
  const [tab, setTab] = useState<"login" | "signup">("login");
  const [asAdmin, setAsAdmin] = useState(false);
  const [searchParams] = useSearchParams();
  const busy = navigation.state !== "idle";
  useToastOnce(actionData && "error" in actionData ? { type: "error", message: actionData.error } : null);


  return (
    <div className="flex min-h-screen flex-col items-center justify-center p-4">
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <Link to="/" className="mb-6 text-2xl font-bold text-link">
        ProctorEdge
      </Link>
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div role="tablist" aria-label="Sign in or sign up" className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          {(["login", "signup"] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              aria-controls={`panel-${t}`}
              onClick={() => {
                setTab(t);
                validate.reset();
              }}
              className={`rounded-md py-2 text-sm font-medium ${
                tab === t ? "bg-white shadow dark:bg-slate-900" : "text-slate-600 dark:text-slate-300"
              }`}
            >
              {t === "login" ? "Login" : "Sign Up"}
            </button>
          ))}
        </div>
        <Form method="post" noValidate onSubmit={validate(tab === "login" ? loginIssues : signUpIssues)} id={`panel-${tab}`} role="tabpanel" key={tab} className="space-y-4">
          <input type="hidden" name="intent" value={tab} />
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          {tab === "signup" ? (
            <TextField label="Full Name" name="fullName" autoComplete="name" placeholder="John Doe" error={errors.fullName} />
          ) : null}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="student@university.edu"
            error={errors.email}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete={tab === "login" ? "current-password" : "new-password"}
            error={errors.password}
          />
          {tab === "signup" ? (
            <>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="asAdmin"
                  checked={asAdmin}
                  onChange={(e) => setAsAdmin(e.target.checked)}
                  className="h-4 w-4 rounded border-slate-300"
                />
                Sign up as Admin
              </label>
              {asAdmin ? (
                <TextField label="Admin Secret Code" name="adminCode" type="password" autoComplete="off" error={errors.adminCode} />
              ) : null}
            </>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-brand-600 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {busy ? (tab === "login" ? "Signing in..." : "Creating account...") : tab === "login" ? "Login" : "Sign Up"}
          </button>
        </Form>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
