import { createCookie, redirect } from "@remix-run/cloudflare";
import type { Toast } from "./toast";

// A one-shot flash cookie, so a toast survives the redirect after an action.
const toastCookie = createCookie("toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie.serialize(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the flash. */
export async function popToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const value = (await toastCookie.parse(request.headers.get("cookie"))) as Toast | null;
  if (!value || typeof value !== "object" || typeof value.message !== "string") {
    return { toast: null, setCookie: null };
  }
  return { toast: value, setCookie: await toastCookie.serialize("", { maxAge: 0 }) };
}
