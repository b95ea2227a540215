// Saving a room's sections (decision 040): every rule on the server, the
// write one batch. A section's pool is counted as the draw will read it.
import { and, count, eq, inArray } from "drizzle-orm";
import { categories, questions, roomQuestions, testRooms } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { chunk, rowsPerInsert } from "~/lib/d1/limits";
import { selectInChunks } from "~/lib/d1/queries.server";
import { FormError } from "~/lib/http/forms.server";
import { replaceSectionsStatements } from "./draws.server";
import { ROOM_LIMITS } from "./room-validation";
import { SECTION_MESSAGES, sectionSizeError, sectionsTotalError, type SectionInput } from "./sections";

type Room = typeof testRooms.$inferSelect;

/**
 * Replaces the room's sections. Refused once the test has started (a student
 * may have drawn from them), for an unknown category or question, and for a
 * section that asks for more questions than it has. room_questions becomes
 * every question a student can get, for the pages that read it.
 */
export async function saveSections(db: Db, room: Room, sections: readonly SectionInput[]) {
  if (room.isActive || room.startedAt) throw new FormError(SECTION_MESSAGES.started, 409);
  const total = sectionsTotalError(room.questionType, sections);
  if (total) throw new FormError(total).onField("sections");
  const fits = and(eq(questions.type, room.questionType), room.questionType === "coding" ? eq(questions.language, room.language) : undefined);
  const named = [...new Set(sections.flatMap((s) => (s.category ? [s.category] : [])))];
  const known = named.length ? await db.select({ name: categories.name }).from(categories).where(inArray(categories.name, named)) : [];
  const unknown = named.find((n) => !known.some((k) => k.name === n));
  if (unknown) throw new FormError(`Category "${unknown}" does not exist`).onField("sections");
  const listed = [...new Set(sections.flatMap((s) => s.questionIds))];
  const found = await selectInChunks(db, listed, (ids) =>
    db.select({ id: questions.id, type: questions.type, language: questions.language }).from(questions).where(inArray(questions.id, ids)),
  );
  if (found.length !== listed.length || found.some((q) => q.type !== room.questionType)) {
    throw new FormError(`Every question must be an existing ${room.questionType} question`).onField("sections");
  }
  // Pools as the draw reads them: a category's questions of this type (and language), a list's that fit.
  const pools = await Promise.all(
    sections.map(async (s) => {
      if (!s.category) return found.filter((q) => s.questionIds.includes(q.id) && (room.questionType === "mcq" || q.language === room.language)).map((q) => q.id);
      return (await db.select({ id: questions.id }).from(questions).where(and(eq(questions.category, s.category), fits))).map((q) => q.id);
    }),
  );
  const tooFew = sectionSizeError(sections, pools.map((p) => p.length));
  if (tooFew) throw new FormError(tooFew).onField("sections");
  const possible = [...new Set(pools.flat())].slice(0, ROOM_LIMITS.maxQuestions);
  await db.batch([
    db.delete(roomQuestions).where(eq(roomQuestions.roomId, room.id)),
    ...chunk(possible, rowsPerInsert(3)).map((ids) => db.insert(roomQuestions).values(ids.map((questionId) => ({ roomId: room.id, questionId })))),
    ...replaceSectionsStatements(db, room.id, sections),
  ]);
}

/** How many questions a category gives a room of this type (the form's "of N"). */
export async function categoryPoolSize(db: Db, room: Pick<Room, "questionType" | "language">, category: string) {
  const fits = and(eq(questions.category, category), eq(questions.type, room.questionType), room.questionType === "coding" ? eq(questions.language, room.language) : undefined);
  return (await db.select({ n: count() }).from(questions).where(fits).get())?.n ?? 0;
}
