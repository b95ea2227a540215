// A room's Safe Exam Browser settings (issue 38, decision 042): Require Safe
// Exam Browser and its Browser Exam Keys, Allow without SEB per student with
// its trail, and what the room page shows of them.
import { and, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { roomParticipants, sebExemptions, testRooms } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { FormError, parseValues } from "~/lib/http/forms.server";
import { roomConfigKey, siteOrigin, type SebRoom } from "./check.server";
import { sebConfigPath, sebLink } from "./seb";
import { parseExamKeys, SEB_MESSAGES } from "./settings";

const flag = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const sebSettingsSchema = z
  .object({
    sebRequired: flag,
    browserExamKeys: z.string().max(4000, SEB_MESSAGES.tooMany).optional().default(""),
  })
  .transform((v, ctx) => {
    const parsed = parseExamKeys(v.browserExamKeys);
    if ("error" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.error, path: ["browserExamKeys"] });
      return z.NEVER;
    }
    return { sebRequired: v.sebRequired, browserExamKeys: parsed.keys };
  });

const exemptionSchema = z.object({
  participantId: z.string().min(1, SEB_MESSAGES.notParticipant).max(64, SEB_MESSAGES.notParticipant),
  allowed: flag,
});

/** What the room page shows: the switch, the Config Key, the links, the keys listed. */
export async function sebView(env: Env, room: SebRoom) {
  const origin = siteOrigin(env);
  return {
    required: room.sebRequired,
    browserExamKeys: [...room.sebBrowserExamKeys],
    configKey: room.sebRequired ? await roomConfigKey(origin, room.id) : null,
    configUrl: sebConfigPath(room.id),
    link: sebLink(origin, room.id),
  };
}
export type SebView = Awaited<ReturnType<typeof sebView>>;

/** Who allowed whom without SEB (or withdrew it), newest first. */
export async function sebTrail(db: Db, roomId: string) {
  const rows = await db
    .select({
      id: sebExemptions.id,
      allowed: sebExemptions.allowed,
      adminName: sebExemptions.adminName,
      createdAt: sebExemptions.createdAt,
      studentName: roomParticipants.fullName,
    })
    .from(sebExemptions)
    .leftJoin(roomParticipants, and(eq(roomParticipants.roomId, sebExemptions.roomId), eq(roomParticipants.studentId, sebExemptions.studentId)))
    .where(eq(sebExemptions.roomId, roomId))
    .orderBy(desc(sebExemptions.createdAt))
    .limit(200);
  return rows.map((r) => ({ ...r, studentName: r.studentName ?? "Removed student", createdAt: r.createdAt.getTime() }));
}

export const SEB_INTENTS = ["seb-settings", "seb-exempt"] as const;
export type SebIntent = (typeof SEB_INTENTS)[number];
export const isSebIntent = (intent: unknown): intent is SebIntent => SEB_INTENTS.includes(intent as SebIntent);

/**
 * Runs one SEB intent of the room page; returns the toast. Invalid input
 * throws the form's FormError (a 400 with its message), nothing written.
 */
export async function runSebIntent(db: Db, roomId: string, intent: SebIntent, values: Record<string, unknown>, admin: { id: string; name: string }): Promise<string> {
  if (intent === "seb-settings") {
    const settings = parseValues(sebSettingsSchema, values);
    await db.update(testRooms).set({ sebRequired: settings.sebRequired, sebBrowserExamKeys: settings.browserExamKeys }).where(eq(testRooms.id, roomId));
    return SEB_MESSAGES.saved;
  }
  const { participantId, allowed } = parseValues(exemptionSchema, values);
  const participant = await db
    .select({ studentId: roomParticipants.studentId, fullName: roomParticipants.fullName })
    .from(roomParticipants)
    .where(and(eq(roomParticipants.id, participantId), eq(roomParticipants.roomId, roomId), ne(roomParticipants.status, "removed")))
    .get();
  if (!participant) throw new FormError(SEB_MESSAGES.notParticipant, 404);
  // The exemption and its line in the trail, together.
  await db.batch([
    db.update(roomParticipants).set({ sebExempt: allowed }).where(eq(roomParticipants.id, participantId)),
    db.insert(sebExemptions).values({ roomId, studentId: participant.studentId, allowed, adminId: admin.id, adminName: admin.name }),
  ]);
  return allowed ? `${participant.fullName} may take this test without Safe Exam Browser` : `${participant.fullName} needs Safe Exam Browser again`;
}
