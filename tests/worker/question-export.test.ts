// The question bank's export (/admin/questions/export, issue 24): the real
// Worker against real D1. Moodle XML of a category or a selection, and a
// coding question's problem package, each read back by the import's parsers.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { questions, testCases } from "~/db/schema";
import { createDb } from "~/lib/d1/db.server";
import { CATEGORY_TOO_LONG } from "~/lib/http/input-limits";
import { EXPORT_MESSAGES } from "~/lib/questions/export.server";
import { IMPORTED_CATEGORY, parseMoodleXml, parseProblemPackage } from "~/lib/questions/formats";
import { toBankImport } from "~/lib/questions/import-plan";
import { createCodingQuestion, createMcqQuestion } from "~/lib/questions/questions.server";
import { mcqStorage, type McqQuestion } from "~/lib/questions/question-validation";
import { chunk, rowsPerInsert } from "~/lib/d1/limits";
import { call, postForm, signUp } from "./helpers";

const EXPORT = "/admin/questions/export";
const db = () => createDb(env.DB);

let admin = "";
let student = "";
beforeAll(async () => {
  admin = (await signUp({ role: "admin", name: "Export Admin" })).cookie;
  student = (await signUp({ role: "student", name: "Nosy Student" })).cookie;
});

let counter = 0;
/** A category of this run only (categories are at most 50 characters). */
const unique = (prefix: string) => `${prefix} ${Date.now() % 1e8}-${++counter}`;

/** `cookie` null: signed out. */
const get = (query: string, cookie: string | null = admin) => call(`${EXPORT}?${query}`, { cookie: cookie ?? undefined });
const xmlOf = (params: Record<string, string>) => get(new URLSearchParams({ format: "moodle-xml", ...params }).toString());
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

const mcq = (title: string, category: string, correctOption: McqQuestion["correctOption"] = "B"): McqQuestion => ({
  title,
  optionA: "a < b",
  optionB: "a & b",
  optionC: `"c" ]]> 'd'`,
  optionD: "none",
  correctOption,
  category,
  difficulty: "easy",
});

const fiveCases = [
  { input: "1 2  \n", expectedOutput: "3\n", points: 10, isHidden: false },
  { input: "0 0\n", expectedOutput: "0\n", points: 10, isHidden: true },
  { input: "<x> & ]]>\n", expectedOutput: "<x>\n", points: 10, isHidden: true },
  { input: "5 5\n", expectedOutput: "10\n", points: 10, isHidden: true },
  { input: "-1 1\n", expectedOutput: "0\n", points: 10, isHidden: true },
];

/** A question as the import writes it: 3 options, or 12 cases (imports may have 1 to 50). */
async function insertImported(category: string) {
  const mcqId = crypto.randomUUID();
  const codingId = crypto.randomUUID();
  const cases = Array.from({ length: 12 }, (_, i) => ({
    id: crypto.randomUUID(),
    questionId: codingId,
    input: i === 3 ? "" : `${i}\n`,
    expectedOutput: `${i * i}\n`,
    points: 10,
    isHidden: i % 4 !== 0,
    position: i,
  }));
  await db().batch([
    db()
      .insert(questions)
      .values({ id: mcqId, title: "Which of these is a loop?", description: "", language: "python", category, type: "mcq", mcqOptions: { options: ["for", "if", "switch"], correct_index: 0 }, correctAnswer: "A" }),
    db()
      .insert(questions)
      .values({ id: codingId, title: "Squares (imported)", description: "Print the square of n.\n\nOne line of output.", language: "python", category, type: "coding" }),
    db().insert(testCases).values(cases),
  ]);
  return { mcqId, codingId, cases };
}

describe("Moodle XML of a category", () => {
  let category = "";
  beforeAll(async () => {
    category = unique(`Loops & "I/O" <1>`);
    await createMcqQuestion(db(), mcq("What is 2 < 3 && 3 > 2?", category, "A"));
    await createCodingQuestion(db(), {
      title: "Sum of two numbers",
      description: "Read a and b.\nPrint a + b (a < b & \"quotes\").",
      category,
      language: "c",
      difficulty: "medium",
      testCases: fiveCases,
    });
    await insertImported(category);
    // Elsewhere: never in this category's file.
    await createMcqQuestion(db(), mcq("Another category's question", unique("Other")));
  });

  it("downloads as an XML attachment named after the category, never cached", async () => {
    const response = await xmlOf({ category });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const disposition = response.headers.get("Content-Disposition")!;
    expect(disposition).toMatch(/^attachment; filename="Loops-IO-1-[\w-]+\.xml"$/);
    await response.body?.cancel();
  });

  it("imports back as the same questions, in the order they were added", async () => {
    const parsed = parseMoodleXml(await (await xmlOf({ category })).text());
    expect(parsed.skipped).toEqual([]);
    expect(parsed.categories).toEqual([category]);
    const back = parsed.questions.map((q) => toBankImport(q, null));
    expect(back.map((b) => b.problem)).toEqual([null, null, null, null]);
    expect(back.map((b) => b.question)).toEqual([
      {
        kind: "mcq",
        title: "What is 2 < 3 && 3 > 2?",
        options: ["a < b", "a & b", `"c" ]]> 'd'`, "none"],
        correct: 0,
        category,
        difficulty: "medium",
        replaces: null,
      },
      {
        kind: "coding",
        title: "Sum of two numbers",
        description: "Read a and b.\nPrint a + b (a < b & \"quotes\").",
        language: "c",
        testCases: fiveCases,
        category,
        difficulty: "medium",
        replaces: null,
      },
      { kind: "mcq", title: "Which of these is a loop?", options: ["for", "if", "switch"], correct: 0, category, difficulty: "medium", replaces: null },
      {
        kind: "coding",
        title: "Squares (imported)",
        description: "Print the square of n.\n\nOne line of output.",
        language: "python",
        testCases: Array.from({ length: 12 }, (_, i) => ({ input: i === 3 ? "" : `${i}\n`, expectedOutput: `${i * i}\n`, points: 10, isHidden: i % 4 !== 0 })),
        category,
        difficulty: "medium",
        replaces: null,
      },
    ]);
  });

  it("exports every category when none is named", async () => {
    const response = await xmlOf({});
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="questions.xml"');
    const parsed = parseMoodleXml(await response.text());
    expect(parsed.categories).toContain(category);
    expect(parsed.questions.map((q) => q.title)).toContain("Another category's question");
  });

  it("is offered on the lists: a checkbox per question, the selection's export, a package per coding question", async () => {
    const coding = await (await call(`/admin/questions/coding?category=${encodeURIComponent(category)}`, { cookie: admin })).text();
    expect(coding).toContain('aria-label="Download problem package of Squares (imported)"');
    expect(coding).toMatch(/href="\/admin\/questions\/export\?format=package&amp;id=[0-9a-f-]{36}"/);
    expect(coding).toContain("Select Squares (imported)");
    expect(coding).toContain("Select all on this page");
    expect(coding).toContain("Export selected (Moodle XML)");
    // An imported question's 12 cases are not a fault; a question written here still shows N/5.
    expect(coding).toContain("12 test cases · 9 hidden · 3 open");
    expect(coding).toContain("5/5 test cases · 4 hidden · 1 open");
    const mcqs = await (await call(`/admin/questions/mcq?category=${encodeURIComponent(category)}`, { cookie: admin })).text();
    expect(mcqs).toContain("Select Which of these is a loop?");
    expect(mcqs).toContain("Export selected (Moodle XML)");
  });

  it("answers 404 for a category without questions", async () => {
    const response = await xmlOf({ category: unique("Empty") });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe(EXPORT_MESSAGES.nothing);
  });
});

describe("Moodle XML of a selection", () => {
  const ids: string[] = [];
  let category = "";
  beforeAll(async () => {
    category = unique("Bulk");
    const rows = Array.from({ length: 500 }, (_, i) => mcq(`Bulk question ${String(i).padStart(3, "0")}`, category));
    // Written directly, in statements under D1's 100 parameters, in the bank's order.
    const inserts = chunk(rows, rowsPerInsert(12)).map((part) =>
      db()
        .insert(questions)
        .values(part.map((q) => ({ id: crypto.randomUUID(), title: q.title, description: "", language: "python" as const, category: q.category, type: "mcq" as const, ...mcqStorage(q) }))),
    );
    await db().batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
    const found = await env.DB.prepare("SELECT id FROM questions WHERE category = ? ORDER BY created_at, rowid").bind(category).all<{ id: string }>();
    ids.push(...found.results.map((r) => r.id));
    expect(ids).toHaveLength(500);
  });

  it("exports 500 selected ids (read in chunks under D1's 100 parameters), in the bank's order", async () => {
    // The selection's own order does not matter.
    const response = await xmlOf({ ids: [...ids].reverse().join(",") });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="questions.xml"');
    const parsed = parseMoodleXml(await response.text());
    expect(parsed.skipped).toEqual([]);
    const back = parsed.questions.map((q) => toBankImport(q, null).question);
    expect(back).toHaveLength(500);
    expect(back.map((q) => q.title)).toEqual(Array.from({ length: 500 }, (_, i) => `Bulk question ${String(i).padStart(3, "0")}`));
    expect(back[0]).toMatchObject({ kind: "mcq", options: ["a < b", "a & b", `"c" ]]> 'd'`, "none"], correct: 1, category });
  });

  it("takes the same selection as a form post (500 ids are too long for a URL on Cloudflare)", async () => {
    const response = await postForm(EXPORT, { format: "moodle-xml", ids: ids.join(",") }, admin);
    expect(response.status).toBe(200);
    expect(parseMoodleXml(await response.text()).questions).toHaveLength(500);
  });

  it("keeps the selected questions of the named category only, and skips unknown ids", async () => {
    const other = await createMcqQuestion(db(), mcq("Selected elsewhere", unique("Elsewhere")));
    const response = await xmlOf({ category, ids: [ids[0], ids[1], other, "no-such-id"].join(",") });
    expect(response.status).toBe(200);
    expect(parseMoodleXml(await response.text()).questions.map((q) => q.text)).toEqual(["Bulk question 000", "Bulk question 001"]);
  });

  it("refuses more than 500 ids, an empty selection and ids that match nothing", async () => {
    const tooMany = await postForm(EXPORT, { format: "moodle-xml", ids: [...ids, crypto.randomUUID()].join(",") }, admin);
    expect(tooMany.status).toBe(400);
    expect(await errorOf(tooMany)).toBe(EXPORT_MESSAGES.tooManyIds);

    const empty = await xmlOf({ ids: " , " });
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toBe(EXPORT_MESSAGES.noSelection);

    const longId = await xmlOf({ ids: "x".repeat(200) });
    expect(longId.status).toBe(400);
    expect(await errorOf(longId)).toBe(EXPORT_MESSAGES.badId);

    const none = await xmlOf({ ids: `${crypto.randomUUID()},${crypto.randomUUID()}` });
    expect(none.status).toBe(404);
    expect(await errorOf(none)).toBe(EXPORT_MESSAGES.nothing);
  });
});

describe("problem package of a coding question", () => {
  it("downloads a zip named after the title that imports back with its cases and statement", async () => {
    const category = unique("Packages");
    const id = await createCodingQuestion(db(), {
      title: "Sum: two numbers (v2)!",
      description: "Read a and b.\nPrint a + b.",
      category,
      language: "java",
      difficulty: "hard",
      testCases: fiveCases,
    });
    const response = await get(`format=package&id=${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="sum-two-numbers-v2.zip"');
    const parsed = parseProblemPackage(new Uint8Array(await response.arrayBuffer()), "sum-two-numbers-v2.zip");
    expect(parsed.skipped).toEqual([]);
    const { question, problem } = toBankImport(parsed.questions[0]!, "java");
    expect(problem).toBeNull();
    expect(question).toEqual({
      kind: "coding",
      title: "Sum: two numbers (v2)!",
      description: "Read a and b.\nPrint a + b.",
      language: "java",
      // Open cases first (data/sample, then data/secret).
      testCases: [...fiveCases.filter((t) => !t.isHidden), ...fiveCases.filter((t) => t.isHidden)],
      category: IMPORTED_CATEGORY,
      difficulty: "medium",
      replaces: null,
    });
  });

  it("answers 404 for an MCQ or an unknown id, and 400 without an id", async () => {
    const mcqId = await createMcqQuestion(db(), mcq("Not a coding question", unique("Packages")));
    for (const id of [mcqId, crypto.randomUUID()]) {
      const response = await get(`format=package&id=${id}`);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe(EXPORT_MESSAGES.noCoding);
    }
    const missing = await get("format=package");
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe(EXPORT_MESSAGES.noId);
  });
});

describe("bad requests and who may export", () => {
  it("answers 400 for a missing or unknown format", async () => {
    for (const query of ["", "format=gift", "format=MOODLE-XML&category=General"]) {
      const response = await get(query);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(EXPORT_MESSAGES.format);
    }
  });

  it("answers 400 for a category name longer than any category", async () => {
    const response = await xmlOf({ category: "x".repeat(51) });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(CATEGORY_TOO_LONG);
  });

  it("gives a student and a signed-out visitor no question data", async () => {
    const category = unique("Secret");
    const id = await createCodingQuestion(db(), {
      title: "Secret coding question",
      description: "Hidden cases inside.",
      category,
      language: "c",
      difficulty: "medium",
      testCases: fiveCases,
    });
    const queries = [`format=moodle-xml&category=${encodeURIComponent(category)}`, "format=moodle-xml", `format=moodle-xml&ids=${id}`, `format=package&id=${id}`];
    for (const query of queries) {
      const asStudent = await get(query, student);
      expect(asStudent.status).toBe(302);
      expect(asStudent.headers.get("Location")).toBe("/auth");
      expect(await asStudent.text()).not.toContain("Secret");

      const signedOut = await get(query, null);
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
      expect(await signedOut.text()).not.toContain("Secret");
    }
    const posted = await postForm(EXPORT, { format: "moodle-xml", ids: id }, student);
    expect(posted.status).toBe(403);
    expect(await posted.text()).not.toContain("Secret");
    const anonymous = await postForm(EXPORT, { format: "moodle-xml", ids: id });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain("Secret");
  });
});
