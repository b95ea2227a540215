// Reading the bank for an export (issue 24): Moodle XML of a category or a
// selection, a problem package of one coding question. The writers are pure
// (./formats); this reads the rows they take, in a stable order.
import { and, eq, inArray, sql } from "drizzle-orm";
import { questions, testCases } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { selectInChunks } from "~/lib/d1/queries.server";
import { csvFileName } from "~/lib/results/csv-export";
import type { BankQuestion } from "./import-plan";
import { gradingColumns, toGrading } from "./grading.server";

export const EXPORT_LIMITS = {
  /** Questions one selection may name. */
  ids: 500,
  /** Test data in one export, in characters: the whole file is built in the Worker's 128 MB. */
  caseChars: 24 * 1024 * 1024,
} as const;

export const EXPORT_MESSAGES = {
  format: "Unknown export format: use moodle-xml or package",
  noSelection: "Select at least one question to export",
  tooManyIds: `Export at most ${EXPORT_LIMITS.ids} selected questions at a time`,
  badId: "A selected question id is not valid",
  noId: "Choose a coding question to export",
  nothing: "No questions to export",
  noCoding: "No coding question with this id",
  tooLarge: "This export is too large: export one category or fewer questions at a time",
  failed: "Failed to export questions",
} as const;

export class ExportTooLarge extends Error {
  constructor() {
    super(EXPORT_MESSAGES.tooLarge);
  }
}

/** Which questions: a category (else all) and/or a list of ids (both: the ids in that category). */
export type ExportSelection = { category?: string | null; ids?: readonly string[] | null };

/** A bank question with its id, for the routes. */
export type ExportedQuestion = BankQuestion & { id: string };

/**
 * The selected questions, ordered by category, creation time and rowid (the
 * order they were added in, stable across exports); coding questions with
 * their test cases by position. Throws {@link ExportTooLarge} past
 * {@link EXPORT_LIMITS.caseChars} of test data.
 */
export async function readBankQuestions(db: Db, selection: ExportSelection): Promise<ExportedQuestion[]> {
  const category = selection.category || null;
  const columns = {
    id: questions.id,
    rowid: sql<number>`rowid`,
    title: questions.title,
    description: questions.description,
    category: questions.category,
    language: questions.language,
    type: questions.type,
    mcqOptions: questions.mcqOptions,
    correctAnswer: questions.correctAnswer,
    createdAt: questions.createdAt,
    ...gradingColumns,
  };
  const inCategory = category === null ? undefined : eq(questions.category, category);
  const rows = selection.ids
    ? await selectInChunks(db, selection.ids, (part) =>
        db
          .select(columns)
          .from(questions)
          .where(and(inArray(questions.id, part), inCategory)),
      )
    : await db.select(columns).from(questions).where(inCategory);
  // Sorted here, not in SQL: chunked reads come back one chunk after another.
  rows.sort(
    (a, b) =>
      (a.category < b.category ? -1 : a.category > b.category ? 1 : 0) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.rowid - b.rowid,
  );

  const codingIds = rows.filter((r) => r.type === "coding").map((r) => r.id);
  const sizes = await selectInChunks(db, codingIds, (part) =>
    db
      .select({ chars: sql<number>`coalesce(sum(length(${testCases.input}) + length(${testCases.expectedOutput})), 0)` })
      .from(testCases)
      .where(inArray(testCases.questionId, part)),
  );
  if (sizes.reduce((sum, s) => sum + s.chars, 0) > EXPORT_LIMITS.caseChars) throw new ExportTooLarge();

  // Each question's cases sit in one chunk, so the order by position holds across chunks.
  const cases = await selectInChunks(db, codingIds, (part) =>
    db
      .select({
        questionId: testCases.questionId,
        input: testCases.input,
        expectedOutput: testCases.expectedOutput,
        points: testCases.points,
        isHidden: testCases.isHidden,
      })
      .from(testCases)
      .where(inArray(testCases.questionId, part))
      .orderBy(testCases.questionId, testCases.position, testCases.createdAt, sql`rowid`),
  );
  const casesOf = new Map<string, BankCase[]>();
  for (const { questionId, ...c } of cases) {
    const list = casesOf.get(questionId);
    if (list) list.push(c);
    else casesOf.set(questionId, [c]);
  }

  return rows.map((r): ExportedQuestion =>
    r.type === "mcq"
      ? {
          id: r.id,
          kind: "mcq",
          title: r.title,
          category: r.category,
          options: r.mcqOptions?.options ?? [],
          correctAnswer: r.correctAnswer,
          correctIndex: r.mcqOptions?.correct_index ?? null,
        }
      : {
          id: r.id,
          kind: "coding",
          title: r.title,
          description: r.description,
          category: r.category,
          language: r.language,
          testCases: casesOf.get(r.id) ?? [],
          grading: toGrading(r),
        },
  );
}

type BankCase = { input: string; expectedOutput: string; points: number; isHidden: boolean };

/** A download's file name: ASCII letters, digits, "-", "_" and "." only (safe in Content-Disposition), never hidden. */
export function exportFileName(base: string, extension: "xml" | "zip"): string {
  const stem = csvFileName(base)
    .slice(0, -".csv".length)
    .replace(/^[.-]+/, "");
  return `${stem || "export"}.${extension}`;
}
