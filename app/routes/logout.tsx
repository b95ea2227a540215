import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";

export async function action({ request, context }: ActionFunctionArgs) {
  const headers = new Headers();
  try {
    const response = await context.auth.api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch {
    // No session: nothing to clear server-side.
  }
  return redirect("/", { headers });
}

export async function loader() {
  return redirect("/");
}
