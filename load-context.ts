import type { AppLoadContext } from "@remix-run/cloudflare";
import { authFor, type Auth } from "~/lib/accounts/auth.server";
import type { Db } from "~/lib/d1/db.server";
import { createNonce } from "~/lib/http/security-headers.server";
import { frameAncestors } from "~/lib/lti/frame.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: {
      env: Env;
      ctx: Omit<ExecutionContext, "props">;
      cf: IncomingRequestCfProperties | undefined;
      caches: CacheStorage;
    };
    db: Db;
    auth: Auth;
    /** This request's CSP nonce (decision 021); entry.server.tsx puts it on every inline script. */
    cspNonce: string;
    /**
     * LMS origins that may frame this browser's pages (an LTI launch's signed
     * cookie, decision 025); usually none. Read on the first call, by what
     * renders a document (entry.server.tsx's CSP, the root loader): a journal
     * write, a resource route or another route's data never reads the cookie.
     */
    frameAncestors(): Promise<string[]>;
    /**
     * The URL the browser asked for, before Remix rewrote it (a data request's
     * `.data` and `_routes` are gone from a loader's request.url). Safe Exam
     * Browser hashes this one (decision 042).
     */
    requestUrl: string;
  }
}

type CloudflareContext = AppLoadContext["cloudflare"];

/** What every loader and action gets: env, ctx, drizzle and better-auth (built once per isolate), the page's CSP nonce and who may frame it. */
export function getLoadContext(request: Request, cloudflare: CloudflareContext): AppLoadContext {
  const { db, auth } = authFor(cloudflare.env, new URL(request.url).origin);
  let framing: Promise<string[]> | undefined;
  return {
    cloudflare,
    db,
    auth,
    cspNonce: createNonce(),
    frameAncestors: () => (framing ??= frameAncestors(cloudflare.env, request)),
    requestUrl: request.url,
  };
}
