// What a verified launch does (decision 025): the account, the course and the
// user's role in it, then the room (resource link) or our picker (deep linking).
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  ltiContextMembers,
  ltiContexts,
  ltiDeepLinks,
  ltiResourceLinks,
  ltiRoomContexts,
  ltiUsers,
  user,
  userRoles,
} from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { EMAIL_MAX } from "~/lib/http/input-limits";
import { getRoom, type Room } from "~/lib/rooms/rooms.server";
import { enterRoom } from "~/lib/student-tests/student-tests.server";
import { emailLinkDecision, newAccountEmail } from "./account-linking";
import { accountsByEmail } from "./accounts-by-email.server";
import { CLAIM, courseRole, isAllowedServiceUrl, SCOPE } from "./lti";
import { LtiError, type VerifiedLaunch } from "./oidc.server";
import type { Platform } from "./platforms.server";

/** How long an instructor's deep-linking request stays open in our picker. */
export const DEEP_LINK_TTL_MS = 60 * 60 * 1000;

const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => (value ? value.trim().slice(0, max) : undefined) || undefined);

const ClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  name: optionalText(200),
  given_name: optionalText(100),
  family_name: optionalText(100),
  email: optionalText(EMAIL_MAX),
  [CLAIM.messageType]: z.string(),
  [CLAIM.roles]: z.array(z.string().max(500)).max(100).catch([]),
  [CLAIM.context]: z.object({ id: z.string().min(1).max(255), title: optionalText(255), label: optionalText(255) }).optional(),
  [CLAIM.resourceLink]: z.object({ id: z.string().min(1).max(255), title: optionalText(255) }).optional(),
  [CLAIM.custom]: z.record(z.unknown()).optional().catch(undefined),
  [CLAIM.ags]: z
    .object({ lineitem: z.string().url().max(2000).optional(), scope: z.array(z.string()).optional() })
    .optional()
    .catch(undefined),
  [CLAIM.nrps]: z.object({ context_memberships_url: z.string().url().max(2000) }).optional().catch(undefined),
  [CLAIM.deepLinkingSettings]: z
    .object({ deep_link_return_url: z.string().url().max(2000), data: z.string().max(4000).optional() })
    .optional(),
  [CLAIM.deploymentId]: z.string(),
});

type Claims = z.infer<typeof ClaimsSchema>;

/** `joined`: the room a learner's launch made them a participant of (the admins' pages follow). */
export type LaunchOutcome = { userId: string; location: string; returnUrl?: string; joined?: string };

export const LTI_MESSAGES = {
  noRole: "Your role in this course gives no access to this tool. Instructors and learners of the course may open it.",
  noContext: "This launch does not name a course (the context claim), so it cannot be linked to a test room.",
  learnerPicker: "Only an instructor of the course can add a test room to it.",
  notLinked: "This activity is not linked to a test room yet. An instructor adds it with the LMS's “add activity” (deep linking).",
  roomGone: "The test room of this activity no longer exists.",
  adminLearner: "This account is an administrator here, so it cannot take a test. Sign in to the LMS as a learner.",
  emailTaken:
    "An account with this email already exists here. An administrator can trust this LMS's emails under Admin → LTI to link the two.",
  removed: "You have been removed from this room",
  gradeServiceUrl: "The launch's grade service URL (AGS lineitem) must be an https:// URL with a host name.",
  rosterServiceUrl: "The launch's roster service URL (NRPS context_memberships_url) must be an https:// URL with a host name.",
} as const;

/** The launch's claims, read strictly where we rely on them. */
export function readClaims(verified: VerifiedLaunch): Claims {
  const parsed = ClaimsSchema.safeParse(verified.claims);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new LtiError(`The launch token has an invalid ${issue.path.join(".") || "claim"}.`, 400);
  }
  // URLs the Worker will call later (scores, rosters): the same rule as the platform's own URLs, and no IP literals.
  const lineItem = parsed.data[CLAIM.ags]?.lineitem;
  if (lineItem && !isAllowedServiceUrl(lineItem)) throw new LtiError(LTI_MESSAGES.gradeServiceUrl, 400);
  const memberships = parsed.data[CLAIM.nrps]?.context_memberships_url;
  if (memberships && !isAllowedServiceUrl(memberships)) throw new LtiError(LTI_MESSAGES.rosterServiceUrl, 400);
  return parsed.data;
}

/** Performs a verified launch; the caller signs `userId` in and redirects to `location`. */
export async function performLaunch(db: Db, verified: VerifiedLaunch, now = Date.now()): Promise<LaunchOutcome> {
  const claims = readClaims(verified);
  const { platform } = verified;
  const messageType = claims[CLAIM.messageType];
  if (messageType !== "LtiResourceLinkRequest" && messageType !== "LtiDeepLinkingRequest") {
    throw new LtiError(`This tool does not handle ${messageType.slice(0, 60)} messages.`, 400);
  }
  const role = courseRole(claims[CLAIM.roles]);
  if (!role) throw new LtiError(LTI_MESSAGES.noRole, 403);
  const contextClaim = claims[CLAIM.context];
  if (!contextClaim) throw new LtiError(LTI_MESSAGES.noContext, 400);

  const account = await accountFor(db, platform, claims, now);
  if (account.role === "admin" && role === "learner") throw new LtiError(LTI_MESSAGES.adminLearner, 403);
  const contextPk = await upsertContext(db, platform, contextClaim, claims[CLAIM.nrps]?.context_memberships_url);
  await db
    .insert(ltiContextMembers)
    .values({ contextId: contextPk, userId: account.id, role })
    .onConflictDoUpdate({ target: [ltiContextMembers.contextId, ltiContextMembers.userId], set: { role } });

  if (messageType === "LtiDeepLinkingRequest") {
    if (role !== "instructor") throw new LtiError(LTI_MESSAGES.learnerPicker, 403);
    const settings = claims[CLAIM.deepLinkingSettings];
    if (!settings) throw new LtiError("The deep-linking request lacks its settings (deep_link_return_url).", 400);
    const id = crypto.randomUUID();
    await db.insert(ltiDeepLinks).values({
      id,
      platformId: platform.id,
      deploymentId: claims[CLAIM.deploymentId],
      contextId: contextPk,
      userId: account.id,
      returnUrl: settings.deep_link_return_url,
      data: settings.data ?? null,
      expiresAt: new Date(now + DEEP_LINK_TTL_MS),
    });
    return { userId: account.id, location: `/lti/pick/${id}`, returnUrl: settings.deep_link_return_url };
  }

  const link = claims[CLAIM.resourceLink];
  if (!link) throw new LtiError("The launch lacks its resource link.", 400);
  const room = await roomOfLink(db, platform, contextPk, link.id, claims);
  if (role === "instructor") return { userId: account.id, location: `/admin/room/${room.id}` };
  await enterRoom(db, { id: account.id }, room).catch((error: unknown) => {
    if (error instanceof Error && error.message === LTI_MESSAGES.removed) throw new LtiError(LTI_MESSAGES.removed, 403);
    throw error;
  });
  return { userId: account.id, location: room.isActive ? `/test/${room.id}/terms` : `/waiting/${room.id}`, joined: room.id };
}

function displayName(claims: Pick<Claims, "name" | "given_name" | "family_name">) {
  const name = claims.name ?? [claims.given_name, claims.family_name].filter(Boolean).join(" ");
  const trimmed = name.trim().slice(0, 100);
  return trimmed.length >= 2 ? trimmed : "LMS user";
}

/** Where an LMS user without an email (privacy settings) is kept: unique, and never a real mailbox. */
function placeholderEmail(platform: Platform, sub: string) {
  const host = new URL(platform.issuer).hostname.replace(/[^a-z0-9.-]/gi, "").slice(0, 60) || "lms";
  const local = sub.replace(/[^a-z0-9._-]/gi, "").slice(0, 40) || "user";
  return `${local}.${crypto.randomUUID().slice(0, 8)}@${host}.lti.invalid`;
}

type Account = { id: string; role: "admin" | "student" | null };

/**
 * The account an LMS user signs in as: found by platform + sub; else, when the
 * platform is trusted for it, the account with the launch's email if that email
 * was verified here (or an admin made the account), it is no admin's and has no
 * LMS link yet (decision 035); else a new student account (an instructor's
 * rights come from the course, never from here).
 */
export async function accountFor(
  db: Db,
  platform: Platform,
  person: Pick<Claims, "sub" | "name" | "given_name" | "family_name" | "email">,
  launchedAt: number | null,
): Promise<Account> {
  const linked = () =>
    db
      .select({ id: ltiUsers.userId, role: userRoles.role })
      .from(ltiUsers)
      .leftJoin(userRoles, eq(userRoles.userId, ltiUsers.userId))
      .where(and(eq(ltiUsers.platformId, platform.id), eq(ltiUsers.sub, person.sub)))
      .get();
  const known = await linked();
  if (known) {
    if (launchedAt !== null) {
      await db
        .update(ltiUsers)
        .set({ launchedAt: new Date(launchedAt) })
        .where(and(eq(ltiUsers.platformId, platform.id), eq(ltiUsers.sub, person.sub)));
    }
    return known;
  }
  const email = person.email?.toLowerCase();
  const sameEmail = email ? (await accountsByEmail(db, [email])).get(email) : undefined;
  const link = (userId: string) =>
    db
      .insert(ltiUsers)
      .values({ platformId: platform.id, sub: person.sub, userId, launchedAt: launchedAt === null ? null : new Date(launchedAt) })
      .onConflictDoNothing();
  const decision = emailLinkDecision(platform.trustEmail, sameEmail);
  if (decision === "refuse") throw new LtiError(LTI_MESSAGES.emailTaken, 409);
  if (decision === "link") {
    // Only while the account still has no LMS link: two first launches from two LMSs cannot both take it.
    await db.run(sql`insert into ${ltiUsers} (platform_id, sub, user_id, launched_at)
      select ${platform.id}, ${person.sub}, ${sameEmail!.id}, ${launchedAt}
      where not exists (select 1 from ${ltiUsers} where ${ltiUsers.userId} = ${sameEmail!.id})
      on conflict do nothing`);
    const won = await linked();
    if (won) return won;
  }
  const id = crypto.randomUUID();
  const now = new Date();
  await db.batch([
    db.insert(user).values({
      id,
      name: displayName(person),
      // An untrusted platform's claim, or an address another account holds, is never stored as this account's email.
      email: newAccountEmail(platform.trustEmail, email, Boolean(sameEmail)) ?? placeholderEmail(platform, person.sub),
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(userRoles).values({ userId: id, role: "student" }),
    link(id),
  ]);
  // Two first launches at once: the one whose link landed first wins.
  const winner = await db
    .select({ id: ltiUsers.userId })
    .from(ltiUsers)
    .where(and(eq(ltiUsers.platformId, platform.id), eq(ltiUsers.sub, person.sub)))
    .get();
  return { id: winner?.id ?? id, role: "student" };
}

export async function upsertContext(
  db: Db,
  platform: Platform,
  context: { id: string; title?: string; label?: string },
  membershipsUrl: string | undefined,
): Promise<string> {
  const title = context.title ?? context.label ?? context.id;
  const [row] = await db
    .insert(ltiContexts)
    .values({ platformId: platform.id, contextId: context.id, title, membershipsUrl: membershipsUrl ?? null })
    .onConflictDoUpdate({
      target: [ltiContexts.platformId, ltiContexts.contextId],
      set: membershipsUrl ? { title, membershipsUrl } : { title },
    })
    .returning({ id: ltiContexts.id });
  return row!.id;
}

/**
 * The room an activity launches: the one its resource link was first launched
 * with, or the room our deep link placed in it (custom room_id), which must be
 * a room of this course. The gradebook column's URL is kept from every launch.
 */
async function roomOfLink(db: Db, platform: Platform, contextPk: string, resourceLinkId: string, claims: Claims): Promise<Room> {
  const ags = claims[CLAIM.ags];
  const lineItemUrl = ags?.lineitem && (ags.scope ?? []).includes(SCOPE.score) ? ags.lineitem : null;
  const existing = await db
    .select()
    .from(ltiResourceLinks)
    .where(and(eq(ltiResourceLinks.platformId, platform.id), eq(ltiResourceLinks.resourceLinkId, resourceLinkId)))
    .get();
  let roomId = existing?.roomId;
  if (!roomId) {
    const custom = claims[CLAIM.custom];
    const wanted = typeof custom?.room_id === "string" ? custom.room_id.slice(0, 100) : null;
    if (!wanted) throw new LtiError(LTI_MESSAGES.notLinked, 404);
    const placed = await db
      .select({ roomId: ltiRoomContexts.roomId })
      .from(ltiRoomContexts)
      .where(and(eq(ltiRoomContexts.roomId, wanted), eq(ltiRoomContexts.contextId, contextPk)))
      .get();
    if (!placed) throw new LtiError(LTI_MESSAGES.notLinked, 404);
    roomId = placed.roomId;
    await db
      .insert(ltiResourceLinks)
      .values({ platformId: platform.id, resourceLinkId, contextId: contextPk, roomId, lineItemUrl })
      .onConflictDoNothing();
  } else if (lineItemUrl && lineItemUrl !== existing!.lineItemUrl) {
    await db.update(ltiResourceLinks).set({ lineItemUrl }).where(eq(ltiResourceLinks.id, existing!.id));
  }
  const room = await getRoom(db, roomId);
  if (!room) throw new LtiError(LTI_MESSAGES.roomGone, 404);
  return room;
}
