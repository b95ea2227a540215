// A verified learner launch lands on a page that checks this frame may keep
// the test's offline journal (IndexedDB). Browsers that keep an LMS frame's
// cookies but not its storage (third-party storage blocked) get "Open in a new
// window": a single-use token, posted from our own page, signs the learner in
// there (decision 025).
import { and, eq, gt, lt } from "drizzle-orm";
import { base64url } from "jose";
import { ltiHandoffs } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { sha256Base64 as sha256 } from "~/lib/http/signed.server";

export const HANDOFF_TTL_MS = 10 * 60 * 1000;


export async function createHandoff(db: Db, userId: string, location: string, now = Date.now()): Promise<string> {
  const token = base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
  await db.batch([
    db.delete(ltiHandoffs).where(lt(ltiHandoffs.expiresAt, new Date(now))),
    db.insert(ltiHandoffs).values({ tokenHash: await sha256(token), userId, location, expiresAt: new Date(now + HANDOFF_TTL_MS) }),
  ]);
  return token;
}

/** Where a handoff leads, while it is valid (the landing page's "go on in this frame"). */
export async function peekHandoff(db: Db, token: string, now = Date.now()): Promise<string | null> {
  const row = await db
    .select({ location: ltiHandoffs.location })
    .from(ltiHandoffs)
    .where(and(eq(ltiHandoffs.tokenHash, await sha256(token)), gt(ltiHandoffs.expiresAt, new Date(now))))
    .get();
  return row?.location ?? null;
}

/** Uses a handoff once: its user and destination, or null when it is unknown, used or expired. */
export async function consumeHandoff(db: Db, token: string, now = Date.now()): Promise<{ userId: string; location: string } | null> {
  const [row] = await db
    .delete(ltiHandoffs)
    .where(and(eq(ltiHandoffs.tokenHash, await sha256(token)), gt(ltiHandoffs.expiresAt, new Date(now))))
    .returning({ userId: ltiHandoffs.userId, location: ltiHandoffs.location });
  return row ?? null;
}
