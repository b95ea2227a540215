// Reading a question's grading (issue 35) for the judge calls: Run Code,
// Submit Code, the journal, practice, the evaluate page and its triage. The
// checker (a custom one's source included) goes to the runner only; what
// students get is `publicLimits`, never the checker.
import { eq, inArray } from "drizzle-orm";
import { questions } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { selectInChunks } from "~/lib/d1/queries.server";
import { NO_GRADING, readChecker, type PublicLimits, type StoredGrading } from "./grading";

/**
 * A coding question as a student may read it (the coding test, practice):
 * its text and its limits, never the checker (a custom checker's source stays
 * on the server).
 */
export const studentQuestionColumns = {
  id: questions.id,
  title: questions.title,
  description: questions.description,
  language: questions.language,
  timeLimitMs: questions.timeLimitMs,
  memoryLimitMb: questions.memoryLimitMb,
};

/** The columns a judge needs: select them beside others with `...gradingColumns`. */
export const gradingColumns = {
  timeLimitMs: questions.timeLimitMs,
  memoryLimitMb: questions.memoryLimitMb,
  checker: questions.checker,
} as const;

/** A row read with {@link gradingColumns}, as the judge takes it. */
export function toGrading(row: { timeLimitMs: number | null; memoryLimitMb: number | null; checker: unknown }): StoredGrading {
  return { timeLimitMs: row.timeLimitMs, memoryLimitMb: row.memoryLimitMb, checker: readChecker(row.checker) };
}

/** What a student may see of a question's grading: the limits only. */
export function publicLimits(row: { timeLimitMs: number | null; memoryLimitMb: number | null }): PublicLimits {
  return { timeLimitMs: row.timeLimitMs, memoryLimitMb: row.memoryLimitMb };
}

/** One question's grading; the defaults when it is gone. */
export async function questionGrading(db: Db, questionId: string): Promise<StoredGrading> {
  const row = await db.select(gradingColumns).from(questions).where(eq(questions.id, questionId)).get();
  return row ? toGrading(row) : NO_GRADING;
}

/** Several questions' gradings by id. */
export async function questionGradings(db: Db, ids: readonly string[]): Promise<Map<string, StoredGrading>> {
  const rows = await selectInChunks(db, ids, (part) => db.select({ id: questions.id, ...gradingColumns }).from(questions).where(inArray(questions.id, part)));
  return new Map(rows.map((r) => [r.id, toGrading(r)]));
}
