import { exports } from "cloudflare:workers";
import { decode } from "turbo-stream";
import { expect } from "vitest";

export const ORIGIN = "http://localhost";
export const ADMIN_CODE = "TEST-ADMIN-CODE";

export function call(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Origin", ORIGIN);
  headers.set("Host", new URL(ORIGIN).host);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }));
}

export function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return call(path, { method: "POST", body: new URLSearchParams(fields), cookie });
}

/** The cookie header a browser would send back after this response. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

let counter = 0;
/** A page's HTML without its per-response CSP nonces (decision 021), to compare two answers. */
export const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.edu`;
}

export async function signUp(opts: { role?: "admin" | "student"; email?: string; password?: string; name?: string } = {}) {
  const email = opts.email ?? uniqueEmail(opts.role ?? "student");
  const password = opts.password ?? "password123";
  const response = await postForm("/auth", {
    intent: "signup",
    fullName: opts.name ?? "Test Person",
    email,
    password,
    ...(opts.role === "admin" ? { asAdmin: "on", adminCode: ADMIN_CODE } : {}),
  });
  if (response.status !== 302) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return { email, password, cookie: cookieFrom(response), response };
}

/** One route's loader data of a page, as the browser's client navigation reads it (`.data`). */
export async function loaderData<T>(path: string, route: string, cookie: string): Promise<T> {
  const res = await call(`${path}.data`, { cookie });
  expect(res.status, path).toBe(200);
  const decoded = await decode(res.body!);
  await decoded.done;
  return (decoded.value as Record<string, { data: T }>)[route]!.data;
}

/** An action's answer as the browser's fetcher reads it, from a `.data` post (single fetch): `{ ok, message }` or `{ ok: false, error, field? }`. */
export async function actionAnswer(res: Response): Promise<{ ok: boolean; message?: string; error?: string; field?: string }> {
  const decoded = await decode(res.body!);
  await decoded.done;
  return (decoded.value as { data: { ok: boolean; message?: string; error?: string; field?: string } }).data;
}
