// "Sync roster from the LMS" (NRPS, decision 025): the course's active learners
// become the room's participants before the test, and the room page shows who
// has not launched the activity yet.
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { ltiContextMembers, ltiContexts, ltiRoomContexts, ltiUsers, roomParticipants, user, userRoles } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { chunk, rowsPerInsert } from "~/lib/d1/limits";
import { FormError } from "~/lib/http/forms.server";
import { EMAIL_MAX } from "~/lib/http/input-limits";
import type { Room } from "~/lib/rooms/rooms.server";
import { emailLinkDecision, newAccountEmail } from "./account-linking";
import { accountsByEmail } from "./accounts-by-email.server";
import { courseRole, SCOPE } from "./lti";
import { platformById } from "./platforms.server";
import { fetchMembers, LtiServiceError, type Member } from "./services.server";

export const ROSTER_MESSAGES = {
  noCourse: "This room is not in an LMS course with a roster yet: an instructor launches it from the LMS first.",
  started: "Cannot add participants after test has started",
  failed: "Failed to sync the roster from the LMS",
} as const;

export type RosterResult = { learners: number; added: number; notLaunched: number; skipped: number };

/** The room's courses that offer a roster (NRPS), with their platforms. */
export async function rosterCourses(db: Db, roomId: string) {
  return db
    .select({ id: ltiContexts.id, title: ltiContexts.title, platformId: ltiContexts.platformId, membershipsUrl: ltiContexts.membershipsUrl })
    .from(ltiRoomContexts)
    .innerJoin(ltiContexts, eq(ltiContexts.id, ltiRoomContexts.contextId))
    .where(and(eq(ltiRoomContexts.roomId, roomId), isNotNull(ltiContexts.membershipsUrl)))
    .all();
}

function nameOf(member: Member) {
  const name = (member.name ?? "").trim().slice(0, 100);
  return name.length >= 2 ? name : "LMS user";
}

export async function syncRoster(env: Env, db: Db, room: Room): Promise<RosterResult> {
  if (room.startedAt) throw new FormError(ROSTER_MESSAGES.started);
  const courses = await rosterCourses(db, room.id);
  if (courses.length === 0) throw new FormError(ROSTER_MESSAGES.noCourse);
  const result: RosterResult = { learners: 0, added: 0, notLaunched: 0, skipped: 0 };
  for (const course of courses) {
    const platform = await platformById(db, course.platformId);
    if (!platform) continue;
    let members: Member[];
    try {
      members = await fetchMembers(env, platform, course.membershipsUrl!, SCOPE.memberships);
    } catch (error) {
      if (error instanceof LtiServiceError) throw new FormError(`${ROSTER_MESSAGES.failed}: ${error.message}`, 502);
      throw error;
    }
    const bySub = new Map<string, Member>();
    for (const m of members) if (m.status === "Active" && courseRole(m.roles) === "learner") bySub.set(m.userId, m);
    const learners = [...bySub.values()];
    result.learners += learners.length;

    // Accounts already linked to these LMS users.
    const linked = new Map<string, string>();
    for (const subs of chunk(learners.map((l) => l.userId))) {
      const rows = await db
        .select({ sub: ltiUsers.sub, userId: ltiUsers.userId })
        .from(ltiUsers)
        .where(and(eq(ltiUsers.platformId, platform.id), inArray(ltiUsers.sub, subs)))
        .all();
      for (const row of rows) linked.set(row.sub, row.userId);
    }
    // Accounts with the same email: linked under the launches' rule (decision 035), else the learner gets an account of their own.
    const unlinked = learners.filter((l) => !linked.has(l.userId));
    const emails = [...new Set(unlinked.map((l) => l.email?.trim().toLowerCase()).filter((e): e is string => !!e && e.length <= EMAIL_MAX))];
    const byEmail = await accountsByEmail(db, emails);
    const statements = [];
    for (const learner of unlinked) {
      const email = learner.email?.trim().toLowerCase();
      const match = email ? byEmail.get(email) : undefined;
      const decision = emailLinkDecision(platform.trustEmail, match);
      if (decision === "refuse") {
        result.skipped++;
        continue;
      }
      const userId = decision === "link" ? match!.id : crypto.randomUUID();
      if (decision === "link") {
        // One LMS user per account: a second learner with this email gets an account of their own.
        match!.hasLmsLink = true;
      } else {
        const now = new Date();
        const claimed = email && email.length <= EMAIL_MAX ? email : undefined;
        const address =
          newAccountEmail(platform.trustEmail, claimed, Boolean(match)) ??
          `${learner.userId.replace(/[^a-z0-9._-]/gi, "").slice(0, 40) || "user"}.${userId.slice(0, 8)}@lms.lti.invalid`;
        statements.push(
          db.insert(user).values({ id: userId, name: nameOf(learner), email: address, emailVerified: false, createdAt: now, updatedAt: now }),
          db.insert(userRoles).values({ userId, role: "student" }),
        );
        // The address is now taken, and the new account has an LMS link.
        if (address === claimed) byEmail.set(claimed, { id: userId, role: "student", emailVerified: false, hasLmsLink: true });
      }
      statements.push(db.insert(ltiUsers).values({ platformId: platform.id, sub: learner.userId, userId, launchedAt: null }).onConflictDoNothing());
      linked.set(learner.userId, userId);
    }
    for (const part of chunk(statements, 60)) await db.batch(part as [(typeof statements)[number], ...(typeof statements)[number][]]);

    const userIds = learners.map((l) => linked.get(l.userId)).filter((id): id is string => !!id);
    const memberships = userIds.map((userId) => ({ contextId: course.id, userId, role: "learner" as const }));
    for (const part of chunk(memberships, rowsPerInsert(3))) {
      await db.insert(ltiContextMembers).values(part).onConflictDoNothing();
    }
    const names = new Map<string, { name: string; email: string }>();
    for (const part of chunk(userIds)) {
      for (const row of await db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.id, part)).all()) {
        names.set(row.id, { name: row.name, email: row.email });
      }
    }
    const participants = userIds.map((studentId) => ({
      id: crypto.randomUUID(),
      roomId: room.id,
      studentId,
      fullName: names.get(studentId)?.name ?? "LMS user",
      email: names.get(studentId)?.email ?? "",
      category: room.category,
      status: "waiting" as const,
    }));
    for (const part of chunk(participants, rowsPerInsert(7))) {
      // A removed participant stays removed: the unique (room, student) keeps the old row.
      const inserted = await db.insert(roomParticipants).values(part).onConflictDoNothing().returning({ id: roomParticipants.id });
      result.added += inserted.length;
    }
  }
  result.notLaunched = (await notLaunchedStudents(db, room.id)).size;
  return result;
}

/** The room's participants known from an LMS roster who have not launched the activity yet. */
export async function notLaunchedStudents(db: Db, roomId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ studentId: roomParticipants.studentId })
    .from(roomParticipants)
    .innerJoin(ltiUsers, eq(ltiUsers.userId, roomParticipants.studentId))
    .where(and(eq(roomParticipants.roomId, roomId), isNull(ltiUsers.launchedAt)))
    .all();
  // A student with any launched LMS identity has launched.
  const launched = new Set(
    rows.length === 0
      ? []
      : (
          await Promise.all(
            chunk(rows.map((r) => r.studentId)).map((ids) =>
              db.select({ userId: ltiUsers.userId }).from(ltiUsers).where(and(inArray(ltiUsers.userId, ids), isNotNull(ltiUsers.launchedAt))).all(),
            ),
          )
        )
          .flat()
          .map((r) => r.userId),
  );
  return new Set(rows.map((r) => r.studentId).filter((id) => !launched.has(id)));
}
