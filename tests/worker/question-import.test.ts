// Importing a question file (issue 24, decision 027; CSV since issue 42): the
// preview's checks, staging in chunks, and a commit that lands whole or not at
// all; limits, JSON from our origin only, admins only.
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import mixedXml from "../fixtures/question-formats/moodle-mixed.xml?raw";
import { CODING_CSV_TEMPLATE, MCQ_CSV_COLUMNS } from "~/lib/questions/csv-templates";
import { parseMoodleXml, parseQuestionCsv } from "~/lib/questions/formats";
import { IMPORT_LIMITS, importChunks, toBankImport, type BankImportInput, type DuplicateAction } from "~/lib/questions/import-plan";
import { OPEN_PER_ADMIN } from "~/lib/questions/import.server";
import { call, ORIGIN, signUp } from "./helpers";
import { one, rows, signUpAdmin } from "./rooms-fixture";

const ENDPOINT = "/admin/api/questions/import";
let admin = "";
let student = "";

function post(body: unknown, cookie = admin, headers: Record<string, string> = {}) {
  return call(ENDPOINT, { method: "POST", cookie, headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
}

async function ok<T>(res: Response): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as T;
}

const tag = () => `Imp-${crypto.randomUUID().slice(0, 8)}`;

function mcq(title: string, category: string, options = ["Yes", "No"], correct = 0): BankImportInput {
  return { kind: "mcq", title, options, correct, category, difficulty: "medium", replaces: null };
}

function coding(title: string, category: string, cases = 3): BankImportInput {
  return {
    kind: "coding",
    title,
    description: `Read a number and print it twice.\n\n<b>not html</b>`,
    language: "c",
    testCases: Array.from({ length: cases }, (_, i) => ({ input: i === 0 ? "" : `${i}\n`, expectedOutput: `${i}${i}\n`, points: 10 + i, isHidden: i > 0 })),
    category,
    difficulty: "medium",
    replaces: null,
  };
}

async function importAll(questions: BankImportInput[], chunkSize = 100) {
  const { importId } = await ok<{ importId: string }>(await post({ intent: "begin", fileName: "bank.xml" }));
  for (let offset = 0; offset < questions.length; offset += chunkSize) {
    await ok(await post({ intent: "stage", importId, offset, questions: questions.slice(offset, offset + chunkSize) }));
  }
  return { importId, commit: () => post({ intent: "commit", importId, count: questions.length }) };
}

const countIn = async (category: string) => (await one<{ n: number }>("SELECT count(*) AS n FROM questions WHERE category = ?", category)).n;

beforeAll(async () => {
  admin = await signUpAdmin();
  student = (await signUp()).cookie;
});

describe("importing a question file", () => {
  it("a real Moodle XML file: parsed as the browser does, staged, committed; categories created; test cases kept with their split and points", async () => {
    const parsed = parseMoodleXml(mixedXml);
    expect(parsed.questions.length).toBeGreaterThan(1);
    const questions = parsed.questions.map((q) => toBankImport(q, null)).filter((p) => p.problem === null).map((p) => p.question);
    const category = questions[0]!.category;
    const before = await countIn(category);
    const { commit } = await importAll(questions);
    expect(await ok(await commit())).toEqual({ imported: questions.length, replaced: 0 });
    expect(await countIn(category)).toBeGreaterThan(before);
    for (const name of new Set(questions.map((q) => q.category))) {
      expect(await one("SELECT count(*) AS n FROM categories WHERE lower(name) = lower(?)", name)).toEqual({ n: 1 });
    }
    const codingQ = questions.find((q) => q.kind === "coding");
    if (codingQ && codingQ.kind === "coding") {
      const stored = await one<{ id: string; language: string; description: string }>("SELECT id, language, description FROM questions WHERE title = ? AND type = 'coding'", codingQ.title);
      expect(stored.language).toBe(codingQ.language);
      const cases = await rows<{ input: string; expected_output: string; is_hidden: number; points: number }>(
        "SELECT input, expected_output, is_hidden, points FROM test_cases WHERE question_id = ? ORDER BY position",
        stored.id,
      );
      expect(cases.map((c) => [c.input, c.expected_output, Boolean(c.is_hidden), c.points])).toEqual(
        codingQ.testCases.map((t) => [t.input, t.expectedOutput, t.isHidden, t.points]),
      );
    }
  });

  it("500 questions in chunks land whole at the commit, and nothing before it", async () => {
    const category = tag();
    const questions = Array.from({ length: 500 }, (_, i) => (i % 5 === 0 ? coding(`Q${i}`, category, 1 + (i % 7)) : mcq(`Q${i}?`, category, ["a", "b", "c", "d"].slice(0, 2 + (i % 3)), i % 2)));
    const { commit } = await importAll(questions, 60);
    expect(await countIn(category)).toBe(0);
    expect(await ok(await commit())).toEqual({ imported: 500, replaced: 0 });
    expect(await countIn(category)).toBe(500);
    const three = await one<{ mcq_options: string; correct_answer: string }>("SELECT mcq_options, correct_answer FROM questions WHERE title = 'Q1?'");
    expect(JSON.parse(three.mcq_options)).toEqual({ options: ["a", "b", "c"], correct_index: 1 });
    expect(three.correct_answer).toBe("B");
    expect(await one("SELECT count(*) AS n FROM question_import_items")).toEqual({ n: 0 });
  });

  it("a retried chunk replaces what it staged; a missing chunk refuses the commit and writes nothing", async () => {
    const category = tag();
    const questions = Array.from({ length: 10 }, (_, i) => mcq(`R${i}?`, category));
    const { importId } = await ok<{ importId: string }>(await post({ intent: "begin", fileName: "r.gift" }));
    await ok(await post({ intent: "stage", importId, offset: 0, questions: questions.slice(0, 5) }));
    await ok(await post({ intent: "stage", importId, offset: 0, questions: questions.slice(0, 5) }));
    const incomplete = await post({ intent: "commit", importId, count: 10 });
    expect(incomplete.status).toBe(409);
    expect((await incomplete.json<{ error: string }>()).error).toBe("The upload is incomplete: import the file again");
    expect(await countIn(category)).toBe(0);
    await ok(await post({ intent: "stage", importId, offset: 5, questions: questions.slice(5) }));
    expect(await ok(await post({ intent: "commit", importId, count: 10 }))).toEqual({ imported: 10, replaced: 0 });
    expect(await countIn(category)).toBe(10);
    // Committed once: a second commit finds nothing.
    expect((await post({ intent: "commit", importId, count: 10 })).status).toBe(404);
  });

  it("finds duplicates by kind, title and category (any case); replace keeps the bank's id, keep adds, skip is not sent", async () => {
    const category = tag();
    const { commit } = await importAll([coding("Twice", category, 5), mcq("Same?", category)]);
    await ok(await commit());
    const original = await one<{ id: string }>("SELECT id FROM questions WHERE title = 'Twice' AND category = ?", category);
    const check = await ok<{ duplicates: { index: number; id: string }[]; categories: string[] }>(
      await post({
        intent: "check",
        items: [
          { kind: "coding", title: "Twice", category: category.toUpperCase() },
          { kind: "mcq", title: "Twice", category },
          { kind: "mcq", title: "Same?", category },
          { kind: "coding", title: "New one", category },
        ],
      }),
    );
    expect(check.duplicates).toEqual([
      { index: 0, id: original.id },
      { index: 2, id: expect.any(String) },
    ]);
    // The bank's categories as they are now, with the one the import just created (the page's may be older).
    expect(check.categories).toContain(category);
    const replacement = { ...coding("Twice", category, 2), replaces: original.id, description: "Replaced text" };
    const again = await importAll([replacement, mcq("Same?", category)]);
    expect(await ok(await again.commit())).toEqual({ imported: 1, replaced: 1 });
    expect(await one("SELECT description FROM questions WHERE id = ?", original.id)).toEqual({ description: "Replaced text" });
    expect(await one("SELECT count(*) AS n FROM test_cases WHERE question_id = ?", original.id)).toEqual({ n: 2 });
    expect(await countIn(category)).toBe(3);
  });

  it("replacing a question deleted meanwhile refuses the whole commit", async () => {
    const category = tag();
    const { importId } = await ok<{ importId: string }>(await post({ intent: "begin", fileName: "x.xml" }));
    const gone = crypto.randomUUID();
    await ok(await post({ intent: "stage", importId, offset: 0, questions: [mcq("Fresh?", category), { ...mcq("Old?", category), replaces: gone }] }));
    const res = await post({ intent: "commit", importId, count: 2 });
    expect(res.status).toBe(409);
    expect(await countIn(category)).toBe(0);
  });

  it("refuses bad questions with the reason and the question's number, writing nothing", async () => {
    const category = tag();
    const { importId } = await ok<{ importId: string }>(await post({ intent: "begin", fileName: "bad.xml" }));
    const bad: [unknown, string][] = [
      [mcq("Five?", category, ["1", "2", "3", "4", "5"]), "An MCQ needs 2 to 4 options"],
      [mcq("One?", category, ["1"]), "An MCQ needs 2 to 4 options"],
      [mcq("Wrong?", category, ["1", "2"], 2), "The correct option is not one of the options"],
      [{ ...coding("No cases", category), testCases: [] }, "A coding question needs at least one test case"],
      [coding("Many", category, IMPORT_LIMITS.cases + 1), `A coding question takes at most ${IMPORT_LIMITS.cases} test cases`],
      [{ ...coding("Lang", category), language: "" }, "Choose a language for every coding question"],
      [{ ...coding("Lang", category), language: "rust" }, "Choose a language for every coding question"],
      [{ ...coding("Huge", category, 1), testCases: [{ input: "x".repeat(500_001), expectedOutput: "y", points: 10, isHidden: false }] }, "A test case's input is over 500,000 characters"],
      [{ ...mcq("x", category), replaces: "not-a-uuid" }, "Invalid uuid"],
      [{ kind: "essay", title: "x" }, "Unknown question type"],
    ];
    for (const [question, message] of bad) {
      const res = await post({ intent: "stage", importId, offset: 0, questions: [mcq("Fine?", category), question] });
      expect(res.status, message).toBe(400);
      expect((await res.json<{ error: string }>()).error).toBe(`Question 2: ${message}`);
    }
    expect(await one("SELECT count(*) AS n FROM question_import_items WHERE import_id = ?", importId)).toEqual({ n: 0 });
    expect(await countIn(category)).toBe(0);
  });

  it("limits: questions per chunk, positions past the import's cap, a body over the cap, malformed JSON, unknown intents", async () => {
    const { importId } = await ok<{ importId: string }>(await post({ intent: "begin", fileName: "big.xml" }));
    const tooMany = await post({ intent: "stage", importId, offset: 0, questions: Array.from({ length: IMPORT_LIMITS.chunkQuestions + 1 }, (_, i) => mcq(`${i}?`, "L")) });
    expect(tooMany.status).toBe(400);
    const past = await post({ intent: "stage", importId, offset: IMPORT_LIMITS.questions - 1, questions: [mcq("a?", "L"), mcq("b?", "L")] });
    expect(past.status).toBe(413);
    const huge = await post({ intent: "stage", importId, offset: 0, questions: [{ ...coding("Big", "L", 1), description: "z".repeat(IMPORT_LIMITS.chunkBytes + 2 * 1024 * 1024) }] });
    expect(huge.status).toBe(413);
    const notJson = await call(ENDPOINT, { method: "POST", cookie: admin, headers: { "Content-Type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    for (const body of [{}, { intent: "drop" }, { intent: "commit", importId: "x", count: 1 }, { intent: "commit", importId, count: 0 }, { intent: "check", items: "x" }]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ error: string }>()).error.length).toBeGreaterThan(0);
    }
    // 2,001 items to check is over the cap; 500 are answered (D1's parameter cap is chunked).
    expect((await post({ intent: "check", items: Array.from({ length: IMPORT_LIMITS.questions + 1 }, (_, i) => ({ kind: "mcq", title: `${i}`, category: "L" })) })).status).toBe(400);
    expect(await ok(await post({ intent: "check", items: Array.from({ length: 500 }, (_, i) => ({ kind: "mcq", title: `none-${i}`, category: "L" })) }))).toMatchObject({ duplicates: [] });
  });

  it("an import belongs to the admin who began it; a second one (another tab) leaves the first to finish; only the newest few stay", async () => {
    const other = await signUp({ role: "admin" });
    const { importId } = await ok<{ importId: string }>(await post({ intent: "begin", fileName: "mine.xml" }));
    await ok(await post({ intent: "stage", importId, offset: 0, questions: [mcq("Mine?", tag())] }));
    expect((await post({ intent: "stage", importId, offset: 1, questions: [mcq("Theirs?", tag())] }, other.cookie)).status).toBe(404);
    expect((await post({ intent: "commit", importId, count: 1 }, other.cookie)).status).toBe(404);
    await ok(await post({ intent: "discard", importId }, other.cookie));
    expect(await one("SELECT count(*) AS n FROM question_import_items WHERE import_id = ?", importId)).toEqual({ n: 1 });
    // Another tab begins and stages its own import: the first is still there, and both commit.
    const second = await ok<{ importId: string }>(await post({ intent: "begin", fileName: "next.xml" }));
    const titles = [`Second tab ${tag()}?`, `First tab ${tag()}?`];
    await ok(await post({ intent: "stage", importId: second.importId, offset: 0, questions: [mcq(titles[0]!, tag())] }));
    expect(await one("SELECT count(*) AS n FROM question_import_items WHERE import_id = ?", importId)).toEqual({ n: 1 });
    await ok(await post({ intent: "commit", importId: second.importId, count: 1 }));
    await ok(await post({ intent: "stage", importId, offset: 1, questions: [mcq(titles[1]!, tag())] }));
    await ok(await post({ intent: "commit", importId, count: 2 }));
    for (const title of titles) expect(await one("SELECT count(*) AS n FROM questions WHERE title = ?", title)).toEqual({ n: 1 });
    // Abandoned imports do not pile up: beginning a fourth leaves the newest three.
    const begun: string[] = [];
    for (let i = 0; i < OPEN_PER_ADMIN + 1; i++) {
      begun.push((await ok<{ importId: string }>(await post({ intent: "begin", fileName: `abandoned-${i}.xml` }))).importId);
      await new Promise((r) => setTimeout(r, 5));
    }
    const left = await rows<{ id: string }>(`SELECT id FROM question_imports WHERE id IN (${begun.map(() => "?").join(",")})`, ...begun);
    expect(left.map((r) => r.id).sort()).toEqual(begun.slice(1).sort());
  });

  it("admins only, JSON only, from our origin only", async () => {
    const body = { intent: "begin", fileName: "x.xml" };
    expect((await post(body, student)).status).toBe(403);
    expect([401, 302]).toContain((await post(body, "")).status);
    const form = await call(ENDPOINT, { method: "POST", cookie: admin, body: new URLSearchParams({ intent: "begin" }) });
    expect(form.status).toBe(415);
    // Exactly as a page of another site (or another port of this host) would send it.
    for (const origin of ["https://evil.example", "http://localhost:8788"]) {
      const foreign = await exports.default.fetch(
        new Request(`${ORIGIN}${ENDPOINT}`, {
          method: "POST",
          headers: { Host: new URL(ORIGIN).host, Origin: origin, Cookie: admin, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
      expect(foreign.status, origin).toBe(403);
    }
    expect(await one("SELECT count(*) AS n FROM question_imports WHERE file_name = 'x.xml'")).toEqual({ n: 0 });
    expect((await call(ENDPOINT, { cookie: admin })).status).toBe(405);
  });
});

// ------------------------------------------------------------------ CSV: one more format of the same import

/** A CSV as a spreadsheet writes it: BOM, CRLF, quoted commas. */
function mcqCsv(rows: number, category: string) {
  const lines = [MCQ_CSV_COLUMNS.join(",")];
  for (let i = 1; i <= rows; i++) lines.push(`"Bulk question ${i}, with a comma",${category},alpha ${i},beta ${i},"gamma, ${i}",delta ${i},${"abcd"[i % 4]}`);
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/**
 * What the browser does with a CSV: parse it into the model, ask which rows the
 * bank has, apply the admin's choice to those, stage with the one chunker, commit.
 */
async function importCsv(text: string, choice: DuplicateAction = "skip", language: "c" | "cpp" | "python" | "java" | null = null) {
  const parsed = parseQuestionCsv(text);
  const planned = parsed.questions.map((q) => toBankImport(q, language));
  expect(planned.filter((p) => p.problem)).toEqual([]);
  const { duplicates } = await ok<{ duplicates: { index: number; id: string }[] }>(
    await post({ intent: "check", items: planned.map(({ question: q }) => ({ kind: q.kind, title: q.title, category: q.category })) }),
  );
  const replaces = new Map(duplicates.map((d) => [d.index, d.id]));
  const toSend = planned.flatMap(({ question }, i) => {
    const id = replaces.get(i);
    if (!id) return [question];
    return choice === "skip" ? [] : [{ ...question, replaces: choice === "replace" ? id : null }];
  });
  const parts = importChunks(toSend);
  if (!toSend.length) return { parsed, duplicates, parts, committed: null };
  const { importId } = await ok<{ importId: string }>(await post({ intent: "begin", fileName: "bank.csv" }));
  let offset = 0;
  for (const part of parts) {
    await ok(await post({ intent: "stage", importId, offset, questions: part }));
    offset += part.length;
  }
  const committed = await ok<{ imported: number; replaced: number }>(await post({ intent: "commit", importId, count: toSend.length }));
  return { parsed, duplicates, parts, committed };
}

describe("importing a CSV", () => {
  it("500 MCQ rows: staged in 5 requests, committed whole; the same file again finds all 500 in the bank: skip adds none, replace keeps their ids, keep adds them again", async () => {
    const category = tag();
    const text = mcqCsv(500, category);
    const first = await importCsv(text);
    expect(first.parsed.skipped).toEqual([]);
    expect(first.duplicates).toEqual([]);
    expect(first.parts.map((p) => p.length)).toEqual([100, 100, 100, 100, 100]);
    expect(first.committed).toEqual({ imported: 500, replaced: 0 });
    expect(await countIn(category)).toBe(500);
    expect(await one("SELECT count(*) AS n FROM categories WHERE name = ?", category)).toEqual({ n: 1 });
    const sample = await one<{ id: string; mcq_options: string; correct_answer: string; language: string }>(
      "SELECT id, mcq_options, correct_answer, language FROM questions WHERE title = ? AND category = ?",
      "Bulk question 377, with a comma",
      category,
    );
    expect(JSON.parse(sample.mcq_options)).toEqual({ options: ["alpha 377", "beta 377", "gamma, 377", "delta 377"], correct_index: 1 });
    expect(sample).toMatchObject({ correct_answer: "B", language: "python" });
    const ids = async () => (await rows<{ id: string }>("SELECT id FROM questions WHERE category = ? ORDER BY id", category)).map((r) => r.id);
    const before = await ids();

    // Twice: every row is already in the bank (its 500 titles checked in chunks under D1's 100 parameters).
    const skipped = await importCsv(text, "skip");
    expect(skipped.duplicates).toHaveLength(500);
    expect(new Set(skipped.duplicates.map((d) => d.index)).size).toBe(500);
    expect(skipped.committed).toBeNull();
    expect(await ids()).toEqual(before);

    const replaced = await importCsv(text.replace("alpha 377", "alpha replaced"), "replace");
    expect(replaced.committed).toEqual({ imported: 0, replaced: 500 });
    expect(await ids()).toEqual(before);
    expect(JSON.parse((await one<{ mcq_options: string }>("SELECT mcq_options FROM questions WHERE id = ?", sample.id)).mcq_options).options[0]).toBe("alpha replaced");

    const kept = await importCsv(text, "keep");
    expect(kept.committed).toEqual({ imported: 500, replaced: 0 });
    expect(await countIn(category)).toBe(1000);
  });

  it("coding rows land with their 5 cases, split and 10 points each, in the language chosen; a bad row is skipped by its row number and the good ones still land", async () => {
    const category = tag();
    const example = CODING_CSV_TEMPLATE.split("\r\n");
    const row = (title: string) => example[1]!.replace("Sum of Two Numbers", title).replace("General", category);
    const text = [example[0], row("First Sum"), row("Broken Sum").replace(",10 20,30,", ",,30,"), row("Second Sum"), ""].join("\r\n");
    const { parsed, committed } = await importCsv(text, "skip", "cpp");
    expect(parsed.skipped).toEqual([
      { title: "Broken Sum", sourceRef: "row 3", reason: "Missing test case 2: every question needs all 5 test cases with input and output" },
    ]);
    expect(committed).toEqual({ imported: 2, replaced: 0 });
    expect(await countIn(category)).toBe(2);
    const q = await one<{ id: string; language: string; description: string }>("SELECT id, language, description FROM questions WHERE title = 'Second Sum' AND category = ?", category);
    expect(q.language).toBe("cpp");
    expect(q.description).toContain("\nExample: for 2 3 print 5.");
    const cases = await rows<{ input: string; is_hidden: number; points: number }>("SELECT input, is_hidden, points FROM test_cases WHERE question_id = ? ORDER BY position", q.id);
    expect(cases.map((c) => [c.input, c.is_hidden, c.points])).toEqual([
      ["2 3", 0, 10],
      ["10 20", 1, 10],
      ["-4 4", 1, 10],
      ["1000000 2000000", 1, 10],
      ["-7 -8", 1, 10],
    ]);
  });
});
