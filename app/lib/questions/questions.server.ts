// Question bank data: categories, coding questions with their test cases and
// MCQs (files, CSV included, are imported by ./import.server.ts). Admin-only callers (every route checks the role
// first). Multi-row writes go through one D1 batch, which is a transaction.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { categories, questions, testCases, type McqOptions, type QuestionType } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { containsText, runBatch, type Statement } from "~/lib/d1/queries.server";
import { chunk, rowsPerInsert, SEARCH_MAX } from "~/lib/d1/limits";
import {
  DEFAULT_CATEGORY,
  mcqStorage,
  TEST_CASES_PER_QUESTION,
  type CodingQuestion,
  type McqLetter,
  type McqQuestion,
  type TestCaseInput,
} from "./question-validation";
import { readChecker, sameGrading, type StoredGrading } from "./grading";

// id, title, description, language, category, difficulty, type, mcq_options, correct_answer, time_limit_ms, memory_limit_mb, checker
const QUESTION_PARAMS = 12;
const TEST_CASE_PARAMS = 7; // id, question_id, input, expected_output, points, is_hidden, position
const CATEGORY_PARAMS = 2; // id, name

export const PAGE_SIZE = 20;

// ---------------------------------------------------------------- categories

export type CategoryRow = { id: string | null; name: string; questionCount: number };

/** Every category with its question count; General (the default) is always listed. */
export async function listCategories(db: Db): Promise<CategoryRow[]> {
  const [rows, counts] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name)),
    db.select({ category: questions.category, n: count() }).from(questions).groupBy(questions.category),
  ]);
  const byName = new Map(counts.map((c) => [c.category, c.n]));
  const list: CategoryRow[] = rows.map((r) => ({ ...r, questionCount: byName.get(r.name) ?? 0 }));
  if (!list.some((c) => c.name === DEFAULT_CATEGORY)) {
    list.unshift({ id: null, name: DEFAULT_CATEGORY, questionCount: byName.get(DEFAULT_CATEGORY) ?? 0 });
  }
  return list;
}

export async function categoryNames(db: Db): Promise<string[]> {
  return (await listCategories(db)).map((c) => c.name);
}

async function findCategory(db: Db, name: string) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`)
    .get();
}

/** Adds a category; names are unique regardless of case. */
export async function addCategory(db: Db, name: string): Promise<"added" | "exists"> {
  if (await findCategory(db, name)) return "exists";
  const inserted = await db.insert(categories).values({ name }).onConflictDoNothing().returning({ id: categories.id });
  return inserted.length ? "added" : "exists";
}

export async function deleteCategory(db: Db, id: string): Promise<{ name: string } | null> {
  const rows = await db.delete(categories).where(eq(categories.id, id)).returning({ name: categories.name });
  return rows[0] ?? null;
}

export async function getCategory(db: Db, id: string) {
  return db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.id, id)).get();
}

/**
 * Maps each wanted category name to its stored spelling (case-insensitive),
 * and returns the inserts for names not stored yet, to run in the same batch
 * as the questions that use them.
 */
export async function resolveCategories(db: Db, wanted: string[]) {
  const stored = await db.select({ name: categories.name }).from(categories);
  const canonical = new Map(stored.map((c) => [c.name.toLowerCase(), c.name]));
  const fresh: string[] = [];
  for (const name of wanted) {
    const key = name.toLowerCase();
    if (!canonical.has(key)) {
      canonical.set(key, name);
      fresh.push(name);
    }
  }
  const inserts: Statement[] = chunk(fresh, rowsPerInsert(CATEGORY_PARAMS)).map((names) =>
    db
      .insert(categories)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing(),
  );
  return { nameOf: (name: string) => canonical.get(name.toLowerCase()) ?? name, inserts };
}

// ---------------------------------------------------------------- question rows

type QuestionInsert = typeof questions.$inferInsert;
type TestCaseInsert = typeof testCases.$inferInsert;

function codingRows(q: CodingQuestion, category: string): { question: QuestionInsert; cases: TestCaseInsert[] } {
  const id = crypto.randomUUID();
  return {
    question: {
      id,
      title: q.title,
      description: q.description,
      language: q.language,
      category,
      difficulty: q.difficulty,
      type: "coding",
      mcqOptions: null,
      correctAnswer: null,
      // A new question's grading is its first: grading_changed_at stays null (nothing was judged before it).
      timeLimitMs: q.timeLimitMs ?? null,
      memoryLimitMb: q.memoryLimitMb ?? null,
      checker: q.checker ?? null,
    },
    cases: q.testCases.map((t, position) => ({
      id: crypto.randomUUID(),
      questionId: id,
      input: t.input,
      expectedOutput: t.expectedOutput,
      points: t.points,
      isHidden: t.isHidden,
      position,
    })),
  };
}

function mcqRow(q: McqQuestion, category: string): QuestionInsert {
  return {
    id: crypto.randomUUID(),
    title: q.title,
    description: "",
    // MCQ rooms store python (spec 1 section 5); the question follows the default.
    language: "python",
    category,
    difficulty: q.difficulty,
    type: "mcq",
    ...mcqStorage(q),
  };
}

function insertStatements(db: Db, rows: QuestionInsert[], cases: TestCaseInsert[]): Statement[] {
  return [
    ...chunk(rows, rowsPerInsert(QUESTION_PARAMS)).map((part) => db.insert(questions).values(part)),
    ...chunk(cases, rowsPerInsert(TEST_CASE_PARAMS)).map((part) => db.insert(testCases).values(part)),
  ];
}

/** One coding question and its 5 test cases, atomically. */
export async function createCodingQuestion(db: Db, q: CodingQuestion): Promise<string> {
  const { nameOf, inserts } = await resolveCategories(db, [q.category]);
  const { question, cases } = codingRows(q, nameOf(q.category));
  await runBatch(db, [...inserts, ...insertStatements(db, [question], cases)]);
  return question.id!;
}

export async function createMcqQuestion(db: Db, q: McqQuestion): Promise<string> {
  const { nameOf, inserts } = await resolveCategories(db, [q.category]);
  const row = mcqRow(q, nameOf(q.category));
  await runBatch(db, [...inserts, ...insertStatements(db, [row], [])]);
  return row.id!;
}

export async function updateCodingQuestion(
  db: Db,
  id: string,
  q: Omit<CodingQuestion, "testCases">,
): Promise<boolean> {
  const old = await db
    .select({ timeLimitMs: questions.timeLimitMs, memoryLimitMb: questions.memoryLimitMb, checker: questions.checker })
    .from(questions)
    .where(and(eq(questions.id, id), eq(questions.type, "coding")))
    .get();
  if (!old) return false;
  const grading: StoredGrading = { timeLimitMs: q.timeLimitMs ?? null, memoryLimitMb: q.memoryLimitMb ?? null, checker: q.checker ?? null };
  const changed = !sameGrading({ ...old, checker: readChecker(old.checker) }, grading);
  const { nameOf, inserts } = await resolveCategories(db, [q.category]);
  const update = db
    .update(questions)
    .set({
      title: q.title,
      description: q.description,
      category: nameOf(q.category),
      language: q.language,
      difficulty: q.difficulty,
      ...grading,
      // Submissions judged before now may be judged otherwise (the results page's rejudge hint).
      ...(changed ? { gradingChangedAt: new Date() } : {}),
    })
    .where(and(eq(questions.id, id), eq(questions.type, "coding")))
    .returning({ id: questions.id });
  const results = await runBatch(db, [...inserts, update]);
  return (results.at(-1) as unknown[]).length > 0;
}

export async function updateMcqQuestion(db: Db, id: string, q: McqQuestion): Promise<boolean> {
  if (!(await questionExists(db, id, "mcq"))) return false;
  const { nameOf, inserts } = await resolveCategories(db, [q.category]);
  const update = db
    .update(questions)
    .set({ title: q.title, category: nameOf(q.category), difficulty: q.difficulty, ...mcqStorage(q) })
    .where(and(eq(questions.id, id), eq(questions.type, "mcq")))
    .returning({ id: questions.id });
  const results = await runBatch(db, [...inserts, update]);
  return (results.at(-1) as unknown[]).length > 0;
}

async function questionExists(db: Db, id: string, type: QuestionType) {
  const found = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, id), eq(questions.type, type)))
    .get();
  return Boolean(found);
}

/** Deletes a question of the given type with its test cases, atomically. */
export async function deleteQuestion(db: Db, id: string, type: QuestionType): Promise<boolean> {
  if (!(await questionExists(db, id, type))) return false;
  const results = await runBatch(db, [
    db.delete(testCases).where(eq(testCases.questionId, id)),
    db
      .delete(questions)
      .where(and(eq(questions.id, id), eq(questions.type, type)))
      .returning({ id: questions.id }),
  ]);
  return (results.at(-1) as unknown[]).length > 0;
}

// ---------------------------------------------------------------- lists

export type ListQuery = { search: string; category: string; page: number };

export function readListQuery(url: URL): ListQuery {
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    search: (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX),
    category: (url.searchParams.get("category") ?? "").trim().slice(0, 100),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

function listWhere(type: QuestionType, query: ListQuery): SQL | undefined {
  return and(
    eq(questions.type, type),
    query.category ? eq(questions.category, query.category) : undefined,
    containsText([questions.title], query.search),
  );
}

async function page(db: Db, type: QuestionType, query: ListQuery) {
  const where = listWhere(type, query);
  const total = (await db.select({ n: count() }).from(questions).where(where).get())?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(query.page, pageCount);
  const rows = await db
    .select()
    .from(questions)
    .where(where)
    .orderBy(desc(questions.createdAt), sql`rowid desc`)
    .limit(PAGE_SIZE)
    .offset((current - 1) * PAGE_SIZE);
  return { rows, total, page: current, pageCount };
}

export type TestCaseView = {
  id: string;
  input: string;
  expectedOutput: string;
  points: number;
  isHidden: boolean;
  position: number;
};

export type CodingQuestionView = {
  id: string;
  title: string;
  description: string;
  category: string;
  language: string;
  difficulty: string;
  createdAt: number;
  testCases: TestCaseView[];
} & StoredGrading;

export async function listCodingQuestions(db: Db, query: ListQuery) {
  const { rows, ...paging } = await page(db, "coding", query);
  const ids = rows.map((r) => r.id);
  const cases = ids.length
    ? await db
        .select()
        .from(testCases)
        .where(inArray(testCases.questionId, ids))
        .orderBy(asc(testCases.position), asc(testCases.createdAt))
    : [];
  const items: CodingQuestionView[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    language: r.language,
    difficulty: r.difficulty,
    createdAt: r.createdAt.getTime(),
    timeLimitMs: r.timeLimitMs,
    memoryLimitMb: r.memoryLimitMb,
    checker: readChecker(r.checker),
    testCases: cases
      .filter((c) => c.questionId === r.id)
      .map((c) => ({
        id: c.id,
        input: c.input,
        expectedOutput: c.expectedOutput,
        points: c.points,
        isHidden: c.isHidden,
        position: c.position,
      })),
  }));
  return { items, ...paging };
}

export type McqQuestionView = {
  id: string;
  title: string;
  category: string;
  difficulty: string;
  options: string[];
  correctOption: McqLetter;
  createdAt: number;
};

const LETTERS = ["A", "B", "C", "D"] as const;

function correctLetter(options: McqOptions | null, correctAnswer: string | null): McqLetter {
  const fromAnswer = (correctAnswer ?? "").trim().toUpperCase();
  if ((LETTERS as readonly string[]).includes(fromAnswer)) return fromAnswer as McqLetter;
  return LETTERS[options?.correct_index ?? 0] ?? "A";
}

export async function listMcqQuestions(db: Db, query: ListQuery) {
  const { rows, ...paging } = await page(db, "mcq", query);
  const items: McqQuestionView[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    difficulty: r.difficulty,
    options: [0, 1, 2, 3].map((i) => r.mcqOptions?.options?.[i] ?? ""),
    correctOption: correctLetter(r.mcqOptions, r.correctAnswer),
    createdAt: r.createdAt.getTime(),
  }));
  return { items, ...paging };
}

export async function questionCounts(db: Db) {
  const rows = await db.select({ type: questions.type, n: count() }).from(questions).groupBy(questions.type);
  return {
    coding: rows.find((r) => r.type === "coding")?.n ?? 0,
    mcq: rows.find((r) => r.type === "mcq")?.n ?? 0,
  };
}

// ---------------------------------------------------------------- test cases

export type AddTestCaseResult = "added" | "not-found" | "full";

/**
 * Adds a case to a coding question in the first free position. The insert
 * itself re-checks the count, so two concurrent adds cannot make a 6th case.
 */
export async function addTestCase(db: Db, questionId: string, t: TestCaseInput): Promise<AddTestCaseResult> {
  if (!(await questionExists(db, questionId, "coding"))) return "not-found";
  const existing = await db
    .select({ position: testCases.position })
    .from(testCases)
    .where(eq(testCases.questionId, questionId));
  if (existing.length >= TEST_CASES_PER_QUESTION) return "full";
  const taken = new Set(existing.map((e) => e.position));
  let position = 0;
  while (taken.has(position)) position += 1;
  const result = await db.run(sql`
    insert into ${testCases} (id, question_id, input, expected_output, points, is_hidden, position)
    select ${crypto.randomUUID()}, ${questionId}, ${t.input}, ${t.expectedOutput}, ${t.points}, ${t.isHidden ? 1 : 0}, ${position}
    where (select count(*) from ${testCases} where question_id = ${questionId}) < ${TEST_CASES_PER_QUESTION}`);
  if (result.meta.changes === 0) return "full";
  await gradingChanged(db, questionId);
  return "added";
}

/** A question's cases, points, limits or checker changed now: what was judged before may be judged otherwise. */
function gradingChanged(db: Db, questionId: string) {
  return db.update(questions).set({ gradingChangedAt: new Date() }).where(eq(questions.id, questionId));
}

/** Edits a case; its question's grading changed when anything that judges or weighs it did. */
export async function updateTestCase(db: Db, id: string, t: TestCaseInput): Promise<boolean> {
  const old = await db.select().from(testCases).where(eq(testCases.id, id)).get();
  if (!old) return false;
  const update = db
    .update(testCases)
    .set({ input: t.input, expectedOutput: t.expectedOutput, points: t.points, isHidden: t.isHidden })
    .where(eq(testCases.id, id))
    .returning({ id: testCases.id });
  const same = old.input === t.input && old.expectedOutput === t.expectedOutput && old.points === t.points && old.isHidden === t.isHidden;
  const results = same ? [await update] : await runBatch(db, [update, gradingChanged(db, old.questionId)]);
  return (results[0] as unknown[]).length > 0;
}

export async function deleteTestCase(db: Db, id: string): Promise<boolean> {
  const old = await db.select({ questionId: testCases.questionId }).from(testCases).where(eq(testCases.id, id)).get();
  if (!old) return false;
  const results = await runBatch(db, [
    db.delete(testCases).where(eq(testCases.id, id)).returning({ id: testCases.id }),
    gradingChanged(db, old.questionId),
  ]);
  return (results[0] as unknown[]).length > 0;
}

// ---------------------------------------------------------------- action plumbing

/** The posted form as plain values, or null when the body is not a form. */
