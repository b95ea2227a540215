import type { AppLoadContext } from "@remix-run/cloudflare";
import { createAuth, type Auth } from "~/lib/accounts/auth.server";
import { createDb, type Db } from "~/lib/db.server";

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
  }
}

type CloudflareContext = AppLoadContext["cloudflare"];

/** What every loader and action gets: env, ctx, a per-request drizzle and better-auth. */
export function getLoadContext(request: Request, cloudflare: CloudflareContext): AppLoadContext {
  const db = createDb(cloudflare.env.DB);
  const auth = createAuth(cloudflare.env, db, new URL(request.url).origin);
  return { cloudflare, db, auth };
}
