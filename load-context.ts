import type { AppLoadContext } from "@remix-run/cloudflare";
import { authFor, type Auth } from "~/lib/accounts/auth.server";
import type { Db } from "~/lib/d1/db.server";
import { createNonce } from "~/lib/http/security-headers.server";

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
    /** LMS origins that may frame this browser's pages (an LTI launch's signed cookie, decision 025); usually none. */
    frameAncestors: string[];
    /**
     * The URL the browser asked for, before Remix rewrote it (a data request's
     * `.data` and `_routes` are gone from a loader's request.url). Safe Exam
     * Browser hashes this one (decision 042).
     */
    requestUrl: string;
  }
}

type CloudflareContext = AppLoadContext["cloudflare"];

/** What every loader and action gets: env, ctx, drizzle and better-auth (built once per isolate), and the page's CSP nonce. */
export function getLoadContext(request: Request, cloudflare: CloudflareContext): AppLoadContext {
  const { db, auth } = authFor(cloudflare.env, new URL(request.url).origin);
  return { cloudflare, db, auth, cspNonce: createNonce(), frameAncestors: [], requestUrl: request.url };
}
