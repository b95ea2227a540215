import { GeneralErrorBoundary } from "~/components/error-boundary";
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { forgetRecentViewer } from "~/lib/accounts/session.server";
import { getServerEnv } from "~/lib/env.server";
import { requireSameOrigin } from "~/lib/http/json-request.server";
import { forgetOfflineShell } from "~/offline/service-worker";
import { forgetAllLocalTests } from "~/offline/test-store";

export async function action({ request, context }: ActionFunctionArgs) {
  // A form body (the header's sign-out button), so no JSON; but only from our own pages.
  requireSameOrigin(request, [getServerEnv(context.cloudflare.env).BETTER_AUTH_URL]);
  const headers = new Headers();
  forgetRecentViewer(request);
  try {
    const response = await context.auth.api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch {
    // No session: nothing to clear server-side.
  }
  return redirect("/", { headers });
}

/**
 * In the browser, sign-out also drops the test pages and test copies this
 * device kept for offline use. Unsynced journal entries stay: they are the
 * student's answers, and sync when that student opens the test again.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  await Promise.all([forgetOfflineShell(), forgetAllLocalTests()]);
  return serverAction();
}

export async function loader() {
  return redirect("/");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
