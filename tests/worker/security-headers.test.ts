// Decision 021: every page sends a Content-Security-Policy whose nonce is on
// every inline script, and every response (pages, data requests, resource
// routes, redirects, refusals) carries the anti-framing, no-sniffing and
// referrer headers.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../server";
import { call, signUp } from "./helpers";

let student = "";
let admin = "";
beforeAll(async () => {
  student = (await signUp({ role: "student" })).cookie;
  admin = (await signUp({ role: "admin" })).cookie;
});

function expectCommonHeaders(response: Response) {
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Checks a page's CSP and returns its nonce. */
async function expectPageCsp(response: Response): Promise<string> {
  expect(response.headers.get("Content-Type")).toContain("text/html");
  expectCommonHeaders(response);
  const csp = response.headers.get("Content-Security-Policy");
  expect(csp, "Content-Security-Policy").toBeTruthy();
  const d = directives(csp!);
  const scriptSrc = d.get("script-src") ?? [];
  const nonces = scriptSrc.filter((s) => s.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(d.get("frame-ancestors")).toEqual(["'none'"]);
  expect(d.get("object-src")).toEqual(["'none'"]);
  expect(d.get("base-uri")).toEqual(["'self'"]);
  expect(d.get("form-action")).toEqual(["'self'"]);
  expect(d.get("connect-src")).toEqual(["'self'", "ws://localhost"]);
  expect(d.get("img-src")).toEqual(["'self'", "data:"]);
  const nonce = nonces[0]!.slice("'nonce-".length, -1);
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);

  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  // The theme boot script, Remix's context and route-module scripts at least.
  expect(scripts.length).toBeGreaterThanOrEqual(3);
  for (const tag of scripts) {
    // An external file from our origin needs no nonce; every inline one does.
    if (/\bsrc="\/[^/]/.test(tag)) continue;
    expect(tag, "inline script without this page's nonce").toContain(`nonce="${nonce}"`);
  }
  // The theme boot script is one of them.
  expect(html).toMatch(new RegExp(`<script nonce="${nonce.replace(/[+/]/g, "\\$&")}">\\(function\\(\\)\\{try\\{var t=localStorage`));
  return nonce;
}

const PAGES: { path: string; who: "anonymous" | "student" | "admin"; status?: number }[] = [
  { path: "/auth", who: "anonymous" },
  { path: "/no-such-page", who: "anonymous", status: 404 },
  { path: "/student", who: "student" },
  { path: "/student/playground", who: "student" },
  { path: "/student/practice", who: "student" },
  { path: "/student/settings", who: "student" },
  { path: "/admin", who: "admin" },
  { path: "/admin/practice", who: "admin" },
  { path: "/admin/questions", who: "admin" },
  { path: "/admin/users", who: "admin" },
];

describe.each(PAGES)("the page $path ($who)", ({ path, who, status = 200 }) => {
  it("sends a CSP whose nonce is on every inline script, and the framing, sniffing and referrer headers", async () => {
    const cookie = who === "student" ? student : who === "admin" ? admin : undefined;
    const response = await call(path, { cookie });
    expect(response.status).toBe(status);
    await expectPageCsp(response);
  });
});

it("gives every page load a fresh nonce", async () => {
  const first = await expectPageCsp(await call("/auth"));
  const second = await expectPageCsp(await call("/auth"));
  expect(first).not.toBe(second);
});

describe("responses that are not pages", () => {
  it("a resource route (the journal) carries nosniff and the rest, refusals included", async () => {
    const response = await call("/api/journal/x", { method: "POST", cookie: student, headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expectCommonHeaders(response);
    expect(response.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("the health check and a CSV download carry them", async () => {
    expectCommonHeaders(await call("/api/health"));
    expectCommonHeaders(await call("/admin/history.csv", { cookie: admin }));
  });

  it("client-side data requests and redirects carry them", async () => {
    expectCommonHeaders(await call("/student.data", { cookie: student }));
    const redirect = await call("/admin", { cookie: student });
    expect(redirect.status).toBe(302);
    expectCommonHeaders(redirect);
  });

  it("plain HTTP to a party (404) carries them", async () => {
    const response = await call("/parties/room-party/lobby");
    expect(response.status).toBe(404);
    expectCommonHeaders(response);
  });
});

it("the refusal of a production deployment with a local default (production-defaults.test.ts) carries them", async () => {
  const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
  const request = new Request("https://exam.example.edu/auth") as Parameters<typeof worker.fetch>[0];
  const response = await worker.fetch(request, { ...env, BETTER_AUTH_URL: "https://exam.example.edu", ADMIN_SIGNUP_CODE: "ADMIN-2026" } as Env, ctx);
  expect(response.status).toBe(500);
  expectCommonHeaders(response);
});
