// The server half of importing a question file (issue 24, decision 027).
// The browser parses the file and shows the preview; once the admin confirms,
// it stages the questions chunk by chunk (each chunk can be retried: it
// replaces its own positions), then commits. The commit writes the bank in
// one D1 batch, a transaction: the import lands whole or not at all, and a
// half-uploaded import never reaches the bank.
import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { questionImportCases, questionImportItems, questionImports, questions } from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { runBatch, runNativeBatch, selectInChunks, type Statement } from "~/lib/d1/queries.server";
import { chunk, rowsPerInsert } from "~/lib/d1/limits";
import { duplicateKey, IMPORT_LIMITS, IMPORT_MESSAGES, type BankImport } from "./import-plan";
import { listCategories, resolveCategories } from "./questions.server";

const ITEM_PARAMS = 15;
const CASE_PARAMS = 8;
/** An import left unfinished this long is cleared by the next one. */
const STALE_MS = 24 * 60 * 60 * 1000;
/** Unfinished imports one admin may have at once (the newest are kept). */
export const OPEN_PER_ADMIN = 3;

export class ImportRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Bank questions with the same kind, title and category (ignoring case) as `items`: index in `items` → bank id. */
export async function findDuplicates(db: Db, items: readonly { kind: "mcq" | "coding"; title: string; category: string }[]) {
  const titles = [...new Set(items.map((i) => i.title.trim()))];
  const found = await selectInChunks(db, titles, (part) =>
    db.select({ id: questions.id, kind: questions.type, title: questions.title, category: questions.category }).from(questions).where(inArray(questions.title, part)),
  );
  const byKey = new Map(found.map((q) => [duplicateKey(q), q.id]));
  return items.flatMap((item, index) => {
    const id = byKey.get(duplicateKey(item));
    return id ? [{ index, id }] : [];
  });
}

/**
 * The preview's check: which questions of the file the bank has already, and
 * the bank's categories as they are now (not as the page loaded them: an
 * import a moment ago may have created some).
 */
export async function checkImport(db: Db, items: readonly { kind: "mcq" | "coding"; title: string; category: string }[]) {
  const [duplicates, bank] = await Promise.all([findDuplicates(db, items), listCategories(db)]);
  return { duplicates, categories: bank.map((c) => c.name) };
}

/**
 * A new import for this admin. Anyone's stale imports are cleared first, and
 * of this admin's unfinished ones only the newest OPEN_PER_ADMIN - 1 stay: an
 * import in a second tab (or by a colleague on a shared account) no longer
 * takes away the one being previewed in the first, while abandoned ones
 * cannot pile up.
 */
export async function beginImport(db: Db, adminId: string, fileName: string): Promise<string> {
  const id = crypto.randomUUID();
  const mine = await db
    .select({ id: questionImports.id })
    .from(questionImports)
    .where(eq(questionImports.adminId, adminId))
    .orderBy(desc(questionImports.createdAt), desc(questionImports.id));
  const dropped = mine.slice(OPEN_PER_ADMIN - 1).map((m) => m.id);
  const stale = or(lt(questionImports.createdAt, new Date(Date.now() - STALE_MS)), dropped.length ? inArray(questionImports.id, dropped) : undefined);
  const old = db.select({ id: questionImports.id }).from(questionImports).where(stale);
  await runBatch(db, [
    db.delete(questionImportCases).where(inArray(questionImportCases.importId, old)),
    db.delete(questionImportItems).where(inArray(questionImportItems.importId, old)),
    db.delete(questionImports).where(stale),
    db.insert(questionImports).values({ id, adminId, fileName: fileName.slice(0, 200) }),
  ]);
  return id;
}

/** The admin's own import (its staged size so far), or a 404 refusal. */
async function ownImport(db: Db, adminId: string, importId: string) {
  const found = await db
    .select({ bytes: questionImports.bytes })
    .from(questionImports)
    .where(and(eq(questionImports.id, importId), eq(questionImports.adminId, adminId)))
    .get();
  if (!found) throw new ImportRefusal(IMPORT_MESSAGES.gone, 404);
  return found;
}

/**
 * Stages `items` at positions `offset`, `offset + 1`, …: a retried chunk
 * replaces what it staged before. Refuses an import that would pass the
 * question or size limits.
 */
export async function stageQuestions(db: Db, adminId: string, importId: string, offset: number, items: readonly BankImport[]) {
  const staged = await ownImport(db, adminId, importId);
  const last = offset + items.length - 1;
  if (last >= IMPORT_LIMITS.questions) throw new ImportRefusal(`An import takes at most ${IMPORT_LIMITS.questions.toLocaleString("en-US")} questions: split the file`, 413);
  const { nameOf } = await resolveCategories(db, [...new Set(items.map((q) => q.category))]);

  const rows: (typeof questionImportItems.$inferInsert)[] = [];
  const cases: (typeof questionImportCases.$inferInsert)[] = [];
  let bytes = 0;
  items.forEach((q, i) => {
    const position = offset + i;
    const base = {
      importId,
      position,
      targetId: q.replaces ?? crypto.randomUUID(),
      replace: q.replaces !== null,
      category: nameOf(q.category),
      difficulty: q.difficulty,
    };
    if (q.kind === "mcq") {
      rows.push({
        ...base,
        title: q.title,
        description: "",
        // MCQs store python, as the form does (spec 1 section 5).
        language: "python",
        type: "mcq",
        mcqOptions: { options: q.options, correct_index: q.correct },
        correctAnswer: "ABCD"[q.correct]!,
      });
      bytes += q.title.length + q.options.join("").length;
      return;
    }
    rows.push({
      ...base,
      title: q.title,
      description: q.description,
      language: q.language,
      type: "coding",
      mcqOptions: null,
      correctAnswer: null,
      timeLimitMs: q.timeLimitMs,
      memoryLimitMb: q.memoryLimitMb,
      checker: q.checker && q.checker.type !== "exact" ? q.checker : null,
    });
    bytes += q.title.length + q.description.length + (q.checker?.type === "custom" ? q.checker.source.length : 0);
    q.testCases.forEach((t, n) => {
      cases.push({ id: crypto.randomUUID(), importId, itemPosition: position, input: t.input, expectedOutput: t.expectedOutput, points: t.points, isHidden: t.isHidden, position: n });
      bytes += t.input.length + t.expectedOutput.length;
    });
  });

  const range = (column: typeof questionImportItems.position | typeof questionImportCases.itemPosition) => sql`${column} between ${offset} and ${last}`;
  // What this chunk staged before (a retry) no longer counts towards the size.
  const before = await db
    .select({ bytes: sql<number>`coalesce(sum(length(${questionImportCases.input}) + length(${questionImportCases.expectedOutput})), 0)` })
    .from(questionImportCases)
    .where(and(eq(questionImportCases.importId, importId), range(questionImportCases.itemPosition)))
    .get();
  const newTotal = staged.bytes - (before?.bytes ?? 0) + bytes;
  if (newTotal > IMPORT_LIMITS.totalBytes) throw new ImportRefusal("This import is too large: split the file", 413);

  const statements: Statement[] = [
    db.delete(questionImportCases).where(and(eq(questionImportCases.importId, importId), range(questionImportCases.itemPosition))),
    db.delete(questionImportItems).where(and(eq(questionImportItems.importId, importId), range(questionImportItems.position))),
    ...chunk(rows, rowsPerInsert(ITEM_PARAMS)).map((part) => db.insert(questionImportItems).values(part)),
    ...chunk(cases, rowsPerInsert(CASE_PARAMS)).map((part) => db.insert(questionImportCases).values(part)),
    db.update(questionImports).set({ bytes: newTotal }).where(eq(questionImports.id, importId)),
  ];
  await runBatch(db, statements);
  return { staged: items.length };
}

/**
 * Writes the staged import to the bank in one batch and forgets it. `expected`
 * is how many questions the browser staged: a missing chunk refuses the
 * commit, as does a replaced question deleted meanwhile.
 */
export async function commitImport(db: Db, adminId: string, importId: string, expected: number) {
  await ownImport(db, adminId, importId);
  const staged = await db
    .select({ n: sql<number>`count(*)`, replaced: sql<number>`coalesce(sum(${questionImportItems.replace}), 0)` })
    .from(questionImportItems)
    .where(eq(questionImportItems.importId, importId))
    .get();
  if (!staged || staged.n !== expected) throw new ImportRefusal("The upload is incomplete: import the file again", 409);
  const missing = await db.get<{ n: number }>(sql`
    select count(*) as n from ${questionImportItems} i
    where i.import_id = ${importId} and i.replace = 1
      and not exists (select 1 from ${questions} q where q.id = i.target_id and q.type = i.type)`);
  if ((missing?.n ?? 0) > 0) throw new ImportRefusal("A question this import replaces was deleted meanwhile: choose the file again", 409);

  const names = await db.selectDistinct({ name: questionImportItems.category }).from(questionImportItems).where(eq(questionImportItems.importId, importId));
  const { inserts } = await resolveCategories(
    db,
    names.map((n) => n.name),
  );
  const replaced = `select target_id from question_import_items where import_id = ?1 and replace = 1`;
  await runNativeBatch(db, [
    ...inserts,
    { sql: `delete from test_cases where question_id in (${replaced})`, params: [importId] },
    {
      // A replaced question's cases are new, so its grading changed (unless it is an MCQ: no judging).
      sql: `update questions set title = s.title, description = s.description, language = s.language, category = s.category,
              difficulty = s.difficulty, mcq_options = s.mcq_options, correct_answer = s.correct_answer,
              time_limit_ms = s.time_limit_ms, memory_limit_mb = s.memory_limit_mb, checker = s.checker,
              grading_changed_at = case when s.type = 'coding' then ?2 else questions.grading_changed_at end
            from (select * from question_import_items where import_id = ?1 and replace = 1) as s
            where questions.id = s.target_id and questions.type = s.type`,
      params: [importId, Date.now()],
    },
    {
      sql: `insert into questions (id, title, description, language, category, difficulty, type, mcq_options, correct_answer, time_limit_ms, memory_limit_mb, checker)
            select target_id, title, description, language, category, difficulty, type, mcq_options, correct_answer, time_limit_ms, memory_limit_mb, checker
            from question_import_items where import_id = ?1 and replace = 0 order by position`,
      params: [importId],
    },
    {
      sql: `insert into test_cases (id, question_id, input, expected_output, points, is_hidden, position)
            select c.id, i.target_id, c.input, c.expected_output, c.points, c.is_hidden, c.position
            from question_import_cases c join question_import_items i on i.import_id = c.import_id and i.position = c.item_position
            where c.import_id = ?1 order by c.item_position, c.position`,
      params: [importId],
    },
    { sql: `delete from question_import_cases where import_id = ?1`, params: [importId] },
    { sql: `delete from question_import_items where import_id = ?1`, params: [importId] },
    { sql: `delete from question_imports where id = ?1`, params: [importId] },
  ]);
  return { imported: staged.n - staged.replaced, replaced: staged.replaced };
}

/** Forgets an import the admin cancelled. */
export async function discardImport(db: Db, adminId: string, importId: string) {
  const own = db
    .select({ id: questionImports.id })
    .from(questionImports)
    .where(and(eq(questionImports.id, importId), eq(questionImports.adminId, adminId)));
  await runBatch(db, [
    db.delete(questionImportCases).where(inArray(questionImportCases.importId, own)),
    db.delete(questionImportItems).where(inArray(questionImportItems.importId, own)),
    db.delete(questionImports).where(and(eq(questionImports.id, importId), eq(questionImports.adminId, adminId))),
  ]);
}
