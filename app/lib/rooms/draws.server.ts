// Each student's draw (decision 040): made on the server at launch from the
// room's sections, stored in test_draws in one batch, and read back by every
// page, the journal and grading. Idempotent: INSERT OR IGNORE on the draw's
// primary key, then a read, so two launches at once store one draw.
import { asc, eq, inArray, or, type SQLWrapper } from "drizzle-orm";
import { roomQuestions, roomSectionQuestions, roomSections, studentTests, testDraws, type testRooms } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { chunk, rowsPerInsert } from "~/lib/d1/limits";
import { runBatch } from "~/lib/d1/queries.server";
import { FormError } from "~/lib/http/forms.server";
import { legacySeed, shuffleFor } from "~/lib/student-tests/legacy-shuffle.server";
import { TEST_RULES } from "~/lib/student-tests/test-rules";
import { cryptoRandomInt, drawQuestions, SectionTooSmallError, type DrawnQuestion, type RandomInt, type SectionPool } from "./sections";

type Room = typeof testRooms.$inferSelect;
type DrawRoom = Pick<Room, "id" | "questionType" | "language" | "shuffleOptions">;
type DrawTest = Pick<typeof studentTests.$inferSelect, "id" | "studentId" | "legacyDraw">;

export type StoredDraw = DrawnQuestion[];

// ------------------------------------------------------------------ reading

/** A test's draw in the order shown, as a raw statement (it joins the journal's batch). */
export function drawStatement(db: Db, testId: string) {
  return db.$client
    .prepare("SELECT question_id AS questionId, section_id AS sectionId, option_order AS optionOrder FROM test_draws WHERE student_test_id = ? ORDER BY position")
    .bind(testId);
}

export type DrawRow = { questionId: string; sectionId: string | null; optionOrder: string | null };

/** `drawStatement`'s rows as a draw. */
export function drawFromRows(rows: readonly DrawRow[]): StoredDraw {
  return rows.map((r) => ({ questionId: r.questionId, sectionId: r.sectionId, optionOrder: parseOrder(r.optionOrder) }));
}

function parseOrder(text: string | null): number[] | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.every((i) => Number.isInteger(i)) ? (v as number[]) : null;
  } catch {
    return null;
  }
}

export async function readDraw(db: Db, testId: string): Promise<StoredDraw> {
  return drawFromRows((await drawStatement(db, testId).all<DrawRow>()).results);
}

/**
 * `column` names a question of the room: in its list, or drawn by one of its
 * tests (a category section can draw a question added to the bank after the
 * list was saved). Subqueries keyed by the room, never a list of ids.
 */
export function inRoomOrDrawn(db: Db, roomId: string, column: SQLWrapper) {
  const listed = db.select({ id: roomQuestions.questionId }).from(roomQuestions).where(eq(roomQuestions.roomId, roomId));
  const drawn = db
    .select({ id: testDraws.questionId })
    .from(testDraws)
    .innerJoin(studentTests, eq(studentTests.id, testDraws.studentTestId))
    .where(eq(studentTests.roomId, roomId));
  return or(inArray(column, listed), inArray(column, drawn));
}

// ------------------------------------------------------------------ pools

/**
 * Each section's pool as it is now: a category section's questions of the
 * room's type (and a coding room's language), or a list section's. A room
 * without sections (written around the forms) draws as before: all of its MCQs,
 * or 2 of its coding questions.
 */
export async function sectionPools(db: Db, room: DrawRoom): Promise<{ pools: SectionPool[]; optionCounts: Map<string, number> }> {
  const lang = room.questionType === "coding" ? room.language : null;
  const fits = "q.type = ?2 AND (?3 IS NULL OR q.language = ?3)";
  const [sections, members] = await db.$client.batch<Record<string, unknown>>([
    db.$client.prepare("SELECT id, pick, category FROM room_sections WHERE room_id = ?1 ORDER BY position").bind(room.id),
    db.$client
      .prepare(
        `SELECT s.id AS sectionId, q.id AS questionId, json_array_length(q.mcq_options, '$.options') AS options
         FROM room_sections s JOIN questions q ON q.category = s.category AND ${fits}
         WHERE s.room_id = ?1 AND s.category IS NOT NULL
         UNION ALL
         SELECT s.id, q.id, json_array_length(q.mcq_options, '$.options')
         FROM room_sections s JOIN room_section_questions sq ON sq.section_id = s.id JOIN questions q ON q.id = sq.question_id AND ${fits}
         WHERE s.room_id = ?1 AND s.category IS NULL
         UNION ALL
         SELECT NULL, q.id, json_array_length(q.mcq_options, '$.options')
         FROM room_questions rq JOIN questions q ON q.id = rq.question_id AND ${fits}
         WHERE rq.room_id = ?1 AND NOT EXISTS (SELECT 1 FROM room_sections WHERE room_id = ?1)`,
      )
      .bind(room.id, room.questionType, lang),
  ]);
  const rows = members!.results as { sectionId: string | null; questionId: string; options: number | null }[];
  const optionCounts = new Map<string, number>();
  for (const r of rows) if (room.questionType === "mcq" && r.options) optionCounts.set(r.questionId, r.options);
  const idsOf = (sectionId: string | null) => rows.filter((r) => r.sectionId === sectionId).map((r) => r.questionId).sort();
  const listed = sections!.results as { id: string; pick: number }[];
  const pools: SectionPool[] = listed.length
    ? listed.map((s) => ({ sectionId: s.id, pick: s.pick, questionIds: idsOf(s.id) }))
    : [{ sectionId: null, pick: room.questionType === "mcq" ? idsOf(null).length : TEST_RULES.codingQuestions, questionIds: idsOf(null) }];
  return { pools, optionCounts };
}

// ------------------------------------------------------------------ drawing

/** A new draw for a student of this room (not stored). A section too small is the launch's 409, with its message. */
export async function drawFor(db: Db, room: DrawRoom, random: RandomInt = cryptoRandomInt): Promise<StoredDraw> {
  const { pools, optionCounts } = await sectionPools(db, room);
  try {
    return drawQuestions(pools, random, room.questionType === "mcq" && room.shuffleOptions ? optionCounts : undefined);
  } catch (error) {
    if (error instanceof SectionTooSmallError) throw new FormError(error.message, 409);
    throw error;
  }
}

/**
 * The draw a test that started before sections had (decision 040): the room's
 * questions in the SHA-256 order of `shuffleFor`, all of an MCQ room's, the
 * first 2 of a coding room's in its language; options in their own order.
 */
export async function legacyDrawFor(db: Db, room: DrawRoom, studentId: string): Promise<StoredDraw> {
  const lang = room.questionType === "coding" ? room.language : null;
  const rows = await db.$client
    .prepare("SELECT q.id AS id FROM room_questions rq JOIN questions q ON q.id = rq.question_id WHERE rq.room_id = ?1 AND q.type = ?2 AND (?3 IS NULL OR q.language = ?3)")
    .bind(room.id, room.questionType, lang)
    .all<{ id: string }>();
  const order = await shuffleFor(legacySeed(studentId, room.id), rows.results.map((r) => r.id));
  if (room.questionType === "coding" && order.length < TEST_RULES.codingQuestions) {
    const names = { c: "C", cpp: "C++", python: "Python", java: "Java" } as const;
    throw new FormError(`Not enough ${names[room.language]} questions available`, 409);
  }
  const kept = room.questionType === "coding" ? order.slice(0, TEST_RULES.codingQuestions) : order;
  return kept.map((questionId) => ({ questionId, sectionId: null, optionOrder: null }));
}

const DRAW_PARAMS = 5; // student_test_id, position, question_id, section_id, option_order

/** The draw's rows, as many INSERT OR IGNOREs as D1's 100 parameters need. */
export function storeDrawStatements(db: Db, testId: string, draw: StoredDraw) {
  const rows = draw.map((d, position) => ({ studentTestId: testId, position, questionId: d.questionId, sectionId: d.sectionId, optionOrder: d.optionOrder }));
  return chunk(rows, rowsPerInsert(DRAW_PARAMS)).map((part) => db.insert(testDraws).values(part).onConflictDoNothing());
}

/**
 * Stores the draw unless the test has one, in one batch (one transaction), and
 * answers the stored one: a concurrent launch's whole draw, or this one.
 */
export async function storeDraw(db: Db, testId: string, draw: StoredDraw): Promise<StoredDraw> {
  await runBatch(db, storeDrawStatements(db, testId, draw));
  return readDraw(db, testId);
}

/** The test's stored draw; a test without one draws now (a new one, or a legacy test's own), stored once. */
export async function ensureDraw(db: Db, room: DrawRoom, test: DrawTest, known?: StoredDraw): Promise<StoredDraw> {
  const stored = known ?? (await readDraw(db, test.id));
  if (stored.length) return stored;
  const draw = test.legacyDraw ? await legacyDrawFor(db, room, test.studentId) : await drawFor(db, room);
  return storeDraw(db, test.id, draw);
}

// ------------------------------------------------------------------ a room's sections

/** The room's sections in order, each with its list (empty for a category section). */
export async function roomSectionsOf(db: Db, roomId: string) {
  const [sections, listed] = await db.batch([
    db.select().from(roomSections).where(eq(roomSections.roomId, roomId)).orderBy(asc(roomSections.position)),
    db
      .select({ sectionId: roomSectionQuestions.sectionId, questionId: roomSectionQuestions.questionId })
      .from(roomSectionQuestions)
      .innerJoin(roomSections, eq(roomSections.id, roomSectionQuestions.sectionId))
      .where(eq(roomSections.roomId, roomId)),
  ]);
  return sections.map((s) => ({ ...s, questionIds: listed.filter((l) => l.sectionId === s.id).map((l) => l.questionId) }));
}

const SECTION_QUESTION_PARAMS = 2; // section_id, question_id

/**
 * Statements that replace the room's sections (for a batch with the room's
 * other writes). The caller checks that the test has not started.
 */
export function replaceSectionsStatements(db: Db, roomId: string, sections: readonly { pick: number; category: string | null; questionIds: readonly string[] }[]) {
  const withIds = sections.map((s, position) => ({ ...s, id: crypto.randomUUID(), position }));
  return [
    // Its list rows go with it (ON DELETE CASCADE); a draw keeps its questions and loses only the section's id.
    db.delete(roomSections).where(eq(roomSections.roomId, roomId)),
    ...chunk(withIds, rowsPerInsert(5)).map((part) =>
      db.insert(roomSections).values(part.map((s) => ({ id: s.id, roomId, position: s.position, pick: s.pick, category: s.category }))),
    ),
    ...withIds.flatMap((s) =>
      chunk(s.questionIds, rowsPerInsert(SECTION_QUESTION_PARAMS)).map((ids) =>
        db.insert(roomSectionQuestions).values(ids.map((questionId) => ({ sectionId: s.id, questionId }))),
      ),
    ),
  ];
}
