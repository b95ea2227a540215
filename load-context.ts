import type { AppLoadContext } from "@remix-run/cloudflare";
import { createAuth, type Auth } from "~/lib/accounts/auth.server";
import { createDb, type Db } from "~/lib/db.server";
import { createNonce } from "~/lib/security-headers.server";

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
  }
}

type CloudflareContext = AppLoadContext["cloudflare"];

/** What every loader and action gets: env, ctx, a per-request drizzle and better-auth, and the page's CSP nonce. */
export function getLoadContext(request: Request, cloudflare: CloudflareContext): AppLoadContext {
  const db = createDb(cloudflare.env.DB);
  const auth = createAuth(cloudflare.env, db, new URL(request.url).origin);
  return { cloudflare, db, auth, cspNonce: createNonce() };
}
