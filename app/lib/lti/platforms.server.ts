import { and, asc, eq, inArray } from "drizzle-orm";
import { ltiDeployments, ltiPlatforms } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { FormError } from "~/lib/http/forms.server";
import type { PlatformInput } from "./lti";

export type Platform = typeof ltiPlatforms.$inferSelect;

export const PLATFORM_EXISTS = "A platform with this Platform ID and Client ID is already registered";
export const PLATFORM_NOT_FOUND = "Platform not found";

/** Every registered platform with its deployments, oldest first. */
export async function listPlatforms(db: Db) {
  const [platforms, deployments] = await db.batch([
    db.select().from(ltiPlatforms).orderBy(asc(ltiPlatforms.createdAt)),
    db.select().from(ltiDeployments),
  ]);
  return platforms.map((p) => ({
    ...p,
    deploymentIds: deployments.filter((d) => d.platformId === p.id).map((d) => d.deploymentId),
  }));
}

/** Creates a platform, or replaces one's fields and deployments (id given), in one batch. */
export async function savePlatform(db: Db, input: PlatformInput, id?: string): Promise<string> {
  const clash = await db
    .select({ id: ltiPlatforms.id })
    .from(ltiPlatforms)
    .where(and(eq(ltiPlatforms.issuer, input.issuer), eq(ltiPlatforms.clientId, input.clientId)))
    .get();
  if (clash && clash.id !== id) throw new FormError(PLATFORM_EXISTS, 409).onField("issuer");
  const now = new Date();
  const fields = {
    issuer: input.issuer,
    clientId: input.clientId,
    authLoginUrl: input.authLoginUrl,
    tokenUrl: input.tokenUrl,
    jwksUrl: input.jwksUrl,
    trustEmail: input.trustEmail,
    updatedAt: now,
  };
  const platformId = id ?? crypto.randomUUID();
  if (id) {
    const existing = await db.select({ id: ltiPlatforms.id }).from(ltiPlatforms).where(eq(ltiPlatforms.id, id)).get();
    if (!existing) throw new FormError(PLATFORM_NOT_FOUND, 404);
  }
  const deployments = input.deploymentIds.map((deploymentId) => ({ platformId, deploymentId }));
  try {
    await db.batch([
      id
        ? db.update(ltiPlatforms).set(fields).where(eq(ltiPlatforms.id, id))
        : db.insert(ltiPlatforms).values({ id: platformId, ...fields }),
      db.delete(ltiDeployments).where(eq(ltiDeployments.platformId, platformId)),
      // At most DEPLOYMENTS_MAX rows of 2 parameters: well inside D1's 100.
      db.insert(ltiDeployments).values(deployments),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE")) throw new FormError(PLATFORM_EXISTS, 409).onField("issuer");
    throw error;
  }
  return platformId;
}

export async function deletePlatform(db: Db, id: string) {
  const removed = await db.delete(ltiPlatforms).where(eq(ltiPlatforms.id, id)).returning({ id: ltiPlatforms.id });
  if (removed.length === 0) throw new FormError(PLATFORM_NOT_FOUND, 404);
}

export async function platformById(db: Db, id: string): Promise<Platform | undefined> {
  return db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id)).get();
}

/**
 * The registration a login initiation names. `client_id` is optional in the
 * OIDC login; without it the issuer alone must name one registration, or the
 * deployment must (several hosted Canvas registrations share one issuer).
 */
export async function platformForLogin(
  db: Db,
  issuer: string,
  clientId: string | undefined,
  deploymentId: string | undefined,
): Promise<Platform | { error: string }> {
  const candidates = await db
    .select()
    .from(ltiPlatforms)
    .where(clientId ? and(eq(ltiPlatforms.issuer, issuer), eq(ltiPlatforms.clientId, clientId)) : eq(ltiPlatforms.issuer, issuer))
    .limit(50)
    .all();
  if (candidates.length === 0) {
    return { error: "This LMS is not registered with this tool. An administrator registers it under Admin → LTI." };
  }
  if (candidates.length === 1) return candidates[0]!;
  if (deploymentId) {
    const matching = await db
      .select({ platformId: ltiDeployments.platformId })
      .from(ltiDeployments)
      .where(and(eq(ltiDeployments.deploymentId, deploymentId), inArray(ltiDeployments.platformId, candidates.map((c) => c.id))))
      .all();
    if (matching.length === 1) return candidates.find((c) => c.id === matching[0]!.platformId)!;
  }
  return { error: "Several registrations share this Platform ID: the LMS must send its client_id." };
}

export async function isRegisteredDeployment(db: Db, platformId: string, deploymentId: string): Promise<boolean> {
  const row = await db
    .select({ id: ltiDeployments.deploymentId })
    .from(ltiDeployments)
    .where(and(eq(ltiDeployments.platformId, platformId), eq(ltiDeployments.deploymentId, deploymentId)))
    .get();
  return Boolean(row);
}
