// The question bank (/admin/questions, /coding, /mcq): the real Worker against real D1.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/lib/d1/db.server";
import type { CodingQuestion } from "~/lib/questions/question-validation";
import { createCodingQuestion } from "~/lib/questions/questions.server";
import { actionAnswer, call, postForm, signUp } from "./helpers";

const HUB = "/admin/questions";
const CODING = "/admin/questions/coding";
const MCQ = "/admin/questions/mcq";
/** Where each page's actions post (the hub is an index route). */
const ACTION: Record<string, string> = { [HUB]: `${HUB}?index`, [CODING]: CODING, [MCQ]: MCQ };
const DATA: Record<string, string> = { [HUB]: `${HUB}.data?index`, [CODING]: `${CODING}.data`, [MCQ]: `${MCQ}.data` };

let admin = "";
let student = "";
beforeAll(async () => {
  admin = (await signUp({ role: "admin", name: "Bank Admin" })).cookie;
  student = (await signUp({ role: "student", name: "Curious Student" })).cookie;
});

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now()}-${++counter}`;

async function post(page: string, fields: Record<string, string>, cookie = admin) {
  const response = await postForm(ACTION[page]!, fields, cookie);
  return { status: response.status, text: await response.text() };
}
/** The action's answer as the page's fetcher reads it (with the field a failure belongs to). */
const answer = async (page: string, fields: Record<string, string>) => actionAnswer(await postForm(DATA[page]!, fields, admin));

async function scalar(query: string, ...binds: unknown[]) {
  const row = await env.DB.prepare(query)
    .bind(...binds)
    .first<{ n: number }>();
  return row!.n;
}
const questionsTitled = (title: string) => scalar("SELECT count(*) AS n FROM questions WHERE title = ?", title);
const categoriesNamed = (name: string) => scalar("SELECT count(*) AS n FROM categories WHERE lower(name) = lower(?)", name);
const casesOf = (questionId: string) =>
  env.DB.prepare("SELECT * FROM test_cases WHERE question_id = ? ORDER BY position")
    .bind(questionId)
    .all<{ id: string; input: string; expected_output: string; points: number; is_hidden: number; position: number }>()
    .then((r) => r.results);
const questionByTitle = (title: string) =>
  env.DB.prepare("SELECT * FROM questions WHERE title = ?")
    .bind(title)
    .first<{ id: string; title: string; description: string; category: string; language: string; type: string; mcq_options: string | null; correct_answer: string | null; difficulty: string }>();
const tableCounts = async () => ({
  questions: await scalar("SELECT count(*) AS n FROM questions"),
  testCases: await scalar("SELECT count(*) AS n FROM test_cases"),
  categories: await scalar("SELECT count(*) AS n FROM categories"),
  fingerprint: await scalar(
    "SELECT total(length(title) + length(description) + length(category) + coalesce(length(mcq_options), 0)) AS n FROM questions",
  ),
  caseFingerprint: await scalar("SELECT total(length(input) + length(expected_output) + points + is_hidden) AS n FROM test_cases"),
});

function filledCases(n = 5) {
  return Array.from({ length: n }, (_, i) => ({
    input: `${i} ${i}`,
    expectedOutput: `${2 * i}`,
    points: 10,
    isHidden: i !== 0,
  }));
}

function codingFields(over: Record<string, unknown> = {}) {
  const { testCases = filledCases(), ...rest } = over;
  return {
    intent: "add-coding",
    title: unique("Coding"),
    description: "Read two numbers and print their sum.",
    category: "General",
    language: "python",
    difficulty: "medium",
    testCases: JSON.stringify(testCases),
    ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
  } as Record<string, string>;
}

function mcqFields(over: Record<string, string> = {}) {
  return {
    intent: "add-mcq",
    title: unique("MCQ"),
    optionA: "one",
    optionB: "two",
    optionC: "three",
    optionD: "four",
    correctOption: "C",
    category: "General",
    difficulty: "easy",
    ...over,
  };
}

async function addCoding(over: Record<string, unknown> = {}) {
  const fields = codingFields(over);
  const result = await post(HUB, fields);
  expect(result.status, result.text.slice(0, 300)).toBe(200);
  return (await questionByTitle(fields.title!))!;
}

async function addMcq(over: Record<string, string> = {}) {
  const fields = mcqFields(over);
  const result = await post(HUB, fields);
  expect(result.status).toBe(200);
  return (await questionByTitle(fields.title))!;
}

// ------------------------------------------------------------------ categories

describe("categories", () => {
  it("adds a category (trimmed) and lists it with the default General", async () => {
    const name = unique("Graphs");
    const result = await post(HUB, { intent: "add-category", name: `  ${name}  ` });
    expect(result.status).toBe(200);
    expect(result.text).toContain("Category added");
    expect(await scalar("SELECT count(*) AS n FROM categories WHERE name = ?", name)).toBe(1);
    const page = await (await call(HUB, { cookie: admin })).text();
    expect(page).toContain(name);
    expect(page).toContain("General");
  });

  it("answers 400 'Please enter a category name' for a blank name and writes nothing", async () => {
    const before = await tableCounts();
    for (const name of ["", "   "]) {
      const result = await post(HUB, { intent: "add-category", name });
      expect(result.status).toBe(400);
      expect(result.text).toContain("Please enter a category name");
      expect(await answer(HUB, { intent: "add-category", name })).toEqual({ ok: false, error: "Please enter a category name", field: "name" });
    }
    expect(await post(HUB, { intent: "add-category" })).toMatchObject({ status: 400 });
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a duplicate, in any case, with 'Category already exists'", async () => {
    const name = unique("Dupes");
    expect((await post(HUB, { intent: "add-category", name })).status).toBe(200);
    for (const again of [name, name.toUpperCase(), ` ${name.toLowerCase()} `]) {
      const result = await post(HUB, { intent: "add-category", name: again });
      expect(result.status).toBe(409);
      expect(result.text).toContain("Category already exists");
      // Under the name field, as the browser's own check shows it.
      expect(await answer(HUB, { intent: "add-category", name: again })).toEqual({ ok: false, error: "Category already exists", field: "name" });
    }
    expect(await categoriesNamed(name)).toBe(1);
  });

  it("deletes a category with 'Category deleted'; an unknown one fails; General stays", async () => {
    const name = unique("Temp");
    await post(HUB, { intent: "add-category", name });
    const row = await env.DB.prepare("SELECT id FROM categories WHERE name = ?").bind(name).first<{ id: string }>();
    const result = await post(HUB, { intent: "delete-category", id: row!.id });
    expect(result.status).toBe(200);
    expect(result.text).toContain("Category deleted");
    expect(await categoriesNamed(name)).toBe(0);

    const missing = await post(HUB, { intent: "delete-category", id: row!.id });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("Failed to delete category");

    await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES ('cat-general-test', 'General')").run();
    const general = await env.DB.prepare("SELECT id FROM categories WHERE name = 'General'").first<{ id: string }>();
    const refused = await post(HUB, { intent: "delete-category", id: general!.id });
    expect(refused.status).toBe(400);
    expect(await categoriesNamed("General")).toBe(1);
  });
});

// ------------------------------------------------------------------ coding question

describe("add coding question", () => {
  it("stores the question and exactly 5 test cases: 4 hidden, 1 open, 10 points, in order", async () => {
    const fields = codingFields({ language: "java", difficulty: "hard" });
    const result = await post(HUB, fields);
    expect(result.status).toBe(200);
    expect(result.text).toContain("Coding question added");
    const q = (await questionByTitle(fields.title!))!;
    expect(q).toMatchObject({ type: "coding", language: "java", difficulty: "hard", category: "General", mcq_options: null });
    const cases = await casesOf(q.id);
    expect(cases.map((c) => [c.position, c.input, c.expected_output, c.points, c.is_hidden])).toEqual([
      [0, "0 0", "0", 10, 0],
      [1, "1 1", "2", 10, 1],
      [2, "2 2", "4", 10, 1],
      [3, "3 3", "6", 10, 1],
      [4, "4 4", "8", 10, 1],
    ]);
  });

  it("defaults category General, language python, difficulty medium, points 10", async () => {
    const fields = codingFields({ testCases: filledCases().map(({ points: _p, ...t }) => t) });
    delete fields.category;
    delete fields.language;
    delete fields.difficulty;
    expect((await post(HUB, fields)).status).toBe(200);
    const q = (await questionByTitle(fields.title!))!;
    expect(q).toMatchObject({ category: "General", language: "python", difficulty: "medium" });
    expect((await casesOf(q.id)).every((c) => c.points === 10)).toBe(true);
  });

  it("files the question under the stored spelling of an existing category, or creates the category", async () => {
    const name = unique("Recursion");
    await post(HUB, { intent: "add-category", name });
    const q = await addCoding({ category: name.toUpperCase() });
    expect(q.category).toBe(name);
    const fresh = unique("Brand New");
    const q2 = await addCoding({ category: fresh });
    expect(q2.category).toBe(fresh);
    expect(await categoriesNamed(fresh)).toBe(1);
  });

  it.each([
    ["a blank title", { title: "  " }, "Please fill all fields"],
    ["a blank description", { description: "" }, "Please fill all fields"],
    ["4 test cases", { testCases: filledCases(4) }, "Please add exactly 5 test cases"],
    ["no test cases", { testCases: [] }, "Please add exactly 5 test cases"],
    ["6 test cases", { testCases: filledCases(6) }, "Maximum 5 test cases allowed per question"],
    ["a case without expected output", { testCases: filledCases().map((t, i) => (i === 3 ? { ...t, expectedOutput: "  " } : t)) }, "Please fill all fields"],
    ["a case without input", { testCases: filledCases().map((t, i) => (i === 0 ? { ...t, input: "" } : t)) }, "Please fill all fields"],
    ["unreadable test cases", { testCases: "not json" }, "Please add exactly 5 test cases"],
  ])("answers 400 for %s with the spec message and writes nothing", async (_label, over, message) => {
    const before = await tableCounts();
    const fields = codingFields(over as Record<string, unknown>);
    if (typeof (over as { testCases?: unknown }).testCases === "string") fields.testCases = "not json";
    const result = await post(HUB, fields);
    expect(result.status).toBe(400);
    expect(result.text).toContain(message);
    expect(await tableCounts()).toEqual(before);
  });

  it("is atomic: when a test case cannot be stored, the question is not stored either", async () => {
    const db = createDb(env.DB);
    const title = unique("Half written");
    const broken = {
      title,
      description: "d",
      category: unique("Atomic Category"),
      language: "python",
      difficulty: "medium",
      // NOT NULL violation on the last statement of the batch.
      testCases: [...filledCases(4), { input: null, expectedOutput: "x", points: 10, isHidden: true }],
    } as unknown as CodingQuestion;
    const before = await tableCounts();
    await expect(createCodingQuestion(db, broken)).rejects.toThrow();
    expect(await questionsTitled(title)).toBe(0);
    expect(await tableCounts()).toEqual(before);
  });
});

// ------------------------------------------------------------------ MCQ

describe("add MCQ", () => {
  it("stores options, correct_index and the correct letter", async () => {
    const fields = mcqFields({ correctOption: "c" });
    const result = await post(HUB, fields);
    expect(result.status).toBe(200);
    expect(result.text).toContain("MCQ added");
    const q = (await questionByTitle(fields.title))!;
    expect(q).toMatchObject({ type: "mcq", correct_answer: "C", language: "python", difficulty: "easy", description: "" });
    expect(JSON.parse(q.mcq_options!)).toEqual({ options: ["one", "two", "three", "four"], correct_index: 2 });
  });

  it.each([
    [{ title: "" }, "Please fill question and all 4 options"],
    [{ optionA: " " }, "Please fill question and all 4 options"],
    [{ optionD: "" }, "Please fill question and all 4 options"],
    [{ correctOption: "E" }, "Please choose the correct option (A, B, C or D)"],
    [{ correctOption: "" }, "Please choose the correct option (A, B, C or D)"],
  ])("answers 400 for %o and writes nothing", async (over, message) => {
    const before = await tableCounts();
    const result = await post(HUB, mcqFields(over));
    expect(result.status).toBe(400);
    expect(result.text).toContain(message);
    expect(await tableCounts()).toEqual(before);
  });
});

// ------------------------------------------------------------------ the old CSV import

describe("CSV import", () => {
  it("is no longer an action of this page (CSV goes through the staged file import, tests/worker/question-import.test.ts)", async () => {
    const before = await tableCounts();
    const rows = [{ title: "Old path?", optionA: "a", optionB: "b", optionC: "c", optionD: "d", correctOption: "A", category: unique("Old Import") }];
    const result = await post(HUB, { intent: "import", kind: "mcq", rows: JSON.stringify(rows), last: "1" });
    expect(result.status).toBe(400);
    expect(result.text).toContain("Unknown action");
    expect(await tableCounts()).toEqual(before);
  });
});

// ------------------------------------------------------------------ coding list

describe("coding list", () => {
  it("lists coding questions with their test cases, with search and category filter", async () => {
    const category = unique("Listing");
    const q = await addCoding({ category, title: unique("Findable Needle") });
    const other = await addCoding({ category });
    const page = await (await call(`${CODING}?q=${encodeURIComponent("Findable Needle")}`, { cookie: admin })).text();
    expect(page).toContain(q.title);
    expect(page).not.toContain(other.title);
    const byCategory = await (await call(`${CODING}?category=${encodeURIComponent(category)}`, { cookie: admin })).text();
    expect(byCategory).toContain(q.title);
    expect(byCategory).toContain(other.title);
    expect(byCategory).toContain("5/5 test cases");
    const none = await (await call(`${CODING}?q=${encodeURIComponent("no-such-question-%_")}`, { cookie: admin })).text();
    expect(none).toContain("No questions match your search");
  });

  it("updates a question; validates; an unknown id fails", async () => {
    const q = await addCoding();
    const title = unique("Renamed");
    const fields = { intent: "update-question", id: q.id, title, description: "New text", category: "General", language: "c", difficulty: "easy" };
    const ok = await post(CODING, fields);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("Question updated");
    expect(await questionByTitle(title)).toMatchObject({ id: q.id, description: "New text", language: "c", difficulty: "easy" });

    const blank = await post(CODING, { ...fields, description: " " });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain("Please fill all fields");
    expect((await questionByTitle(title))!.description).toBe("New text");

    const missing = await post(CODING, { ...fields, id: "no-such-question" });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("Failed to update question");
  });

  it("manages test cases: at most 5, input and expected output required, edit and delete", async () => {
    const q = await addCoding();
    const full = await post(CODING, { intent: "add-test-case", questionId: q.id, input: "9", expectedOutput: "9", points: "10" });
    expect(full.status).toBe(400);
    expect(full.text).toContain("Maximum 5 test cases allowed per question");
    expect(await casesOf(q.id)).toHaveLength(5);

    const cases = await casesOf(q.id);
    const deleted = await post(CODING, { intent: "delete-test-case", id: cases[2]!.id });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toContain("Test case deleted");
    expect(await casesOf(q.id)).toHaveLength(4);

    for (const [bad, field] of [
      [{ input: "", expectedOutput: "1" }, "input"],
      [{ input: "1", expectedOutput: "" }, "expectedOutput"],
      [{ input: "  ", expectedOutput: "  " }, "input"],
    ] as const) {
      const result = await post(CODING, { intent: "add-test-case", questionId: q.id, ...bad });
      expect(result.status).toBe(400);
      expect(result.text).toContain("Please fill all fields");
      // The first failing field, for the test-case manager to show the message under it.
      expect(await answer(CODING, { intent: "add-test-case", questionId: q.id, ...bad })).toMatchObject({ ok: false, error: "Please fill all fields", field });
    }
    expect(await casesOf(q.id)).toHaveLength(4);

    const added = await post(CODING, { intent: "add-test-case", questionId: q.id, input: "7 8", expectedOutput: "15", points: "20", isHidden: "true" });
    expect(added.status).toBe(200);
    expect(added.text).toContain("Test case added");
    const after = await casesOf(q.id);
    expect(after).toHaveLength(5);
    // The new case takes the free position.
    expect(after[2]).toMatchObject({ position: 2, input: "7 8", expected_output: "15", points: 20, is_hidden: 1 });

    const edited = await post(CODING, { intent: "update-test-case", id: after[0]!.id, input: "a", expectedOutput: "b", points: "5", isHidden: "false" });
    expect(edited.status).toBe(200);
    expect(edited.text).toContain("Test case updated");
    expect((await casesOf(q.id))[0]).toMatchObject({ input: "a", expected_output: "b", points: 5, is_hidden: 0 });

    const blankEdit = await post(CODING, { intent: "update-test-case", id: after[0]!.id, input: "", expectedOutput: "b" });
    expect(blankEdit.status).toBe(400);
    expect(blankEdit.text).toContain("Please fill all fields");
    expect(await answer(CODING, { intent: "update-test-case", id: after[0]!.id, input: "a", expectedOutput: "b", points: "101" })).toMatchObject({ ok: false, field: "points" });
    expect((await casesOf(q.id))[0]!.input).toBe("a");
  });

  it("answers the spec's failure messages for unknown questions and test cases", async () => {
    const add = await post(CODING, { intent: "add-test-case", questionId: "nope", input: "1", expectedOutput: "1" });
    expect([add.status, add.text.includes("Failed to add test case")]).toEqual([404, true]);
    const update = await post(CODING, { intent: "update-test-case", id: "nope", input: "1", expectedOutput: "1" });
    expect([update.status, update.text.includes("Failed to update test case")]).toEqual([404, true]);
    const del = await post(CODING, { intent: "delete-test-case", id: "nope" });
    expect([del.status, del.text.includes("Failed to delete test case")]).toEqual([404, true]);
    const delQ = await post(CODING, { intent: "delete-question", id: "nope" });
    expect([delQ.status, delQ.text.includes("Failed to delete question")]).toEqual([404, true]);
  });

  it("never adds a 6th case, even when adds race", async () => {
    const q = await addCoding();
    const cases = await casesOf(q.id);
    await post(CODING, { intent: "delete-test-case", id: cases[4]!.id });
    const results = await Promise.all(
      [1, 2, 3].map((i) => post(CODING, { intent: "add-test-case", questionId: q.id, input: `${i}`, expectedOutput: `${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await casesOf(q.id)).toHaveLength(5);
  });

  it("deletes a question with its test cases, and only coding questions", async () => {
    const q = await addCoding();
    const mcq = await addMcq();
    const wrongType = await post(CODING, { intent: "delete-question", id: mcq.id });
    expect(wrongType.status).toBe(404);
    expect(await questionsTitled(mcq.title)).toBe(1);

    const result = await post(CODING, { intent: "delete-question", id: q.id });
    expect(result.status).toBe(200);
    expect(result.text).toContain("Question deleted");
    expect(await questionsTitled(q.title)).toBe(0);
    expect(await casesOf(q.id)).toHaveLength(0);
  });
});

// ------------------------------------------------------------------ MCQ list

describe("MCQ list", () => {
  it("searches and filters by category, showing options and the correct one", async () => {
    const category = unique("Quiz");
    const a = await addMcq({ category, title: unique("Capital of France"), optionB: "Paris" , correctOption: "B" });
    const b = await addMcq({ category, title: unique("Largest planet") });
    const elsewhere = await addMcq({ title: unique("Capital of France") });
    const search = await (await call(`${MCQ}?q=${encodeURIComponent("Capital of France")}&category=${encodeURIComponent(category)}`, { cookie: admin })).text();
    expect(search).toContain(a.title);
    expect(search).not.toContain(b.title);
    expect(search).not.toContain(elsewhere.title);
    expect(search).toContain("Paris");
    expect(search).toContain("Correct");
    const all = await (await call(`${MCQ}?category=${encodeURIComponent(category)}`, { cookie: admin })).text();
    expect(all).toContain(a.title);
    expect(all).toContain(b.title);
  });

  it("updates an MCQ; validates; an unknown id fails", async () => {
    const q = await addMcq();
    const fields = { ...mcqFields(), intent: "update-mcq", id: q.id, title: unique("Edited"), optionD: "forty", correctOption: "D" };
    const ok = await post(MCQ, fields);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("Question updated");
    const row = (await questionByTitle(fields.title))!;
    expect(row.correct_answer).toBe("D");
    expect(JSON.parse(row.mcq_options!)).toEqual({ options: ["one", "two", "three", "forty"], correct_index: 3 });

    const blank = await post(MCQ, { ...fields, optionA: "" });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain("Please fill question and all 4 options");
    expect((await questionByTitle(fields.title))!.mcq_options).toBe(row.mcq_options);

    const missing = await post(MCQ, { ...fields, id: "nope" });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("Failed to update question");
  });

  it("deletes an MCQ; a second delete fails with 'Failed to delete question'", async () => {
    const q = await addMcq();
    const ok = await post(MCQ, { intent: "delete-question", id: q.id });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("Question deleted");
    expect(await questionsTitled(q.title)).toBe(0);
    const again = await post(MCQ, { intent: "delete-question", id: q.id });
    expect(again.status).toBe(404);
    expect(again.text).toContain("Failed to delete question");
  });

  it("answers 'Unknown action' for an unknown intent", async () => {
    for (const page of [HUB, CODING, MCQ]) {
      const result = await post(page, { intent: "drop-tables" });
      expect(result.status).toBe(400);
      expect(result.text).toContain("Unknown action");
    }
  });
});

// ------------------------------------------------------------------ access

describe("access", () => {
  const SECRET_OPTION = `secret-correct-option-${Date.now()}`;
  let mcqId = "";
  let coding: { id: string; caseId: string; categoryId: string } = { id: "", caseId: "", categoryId: "" };

  beforeAll(async () => {
    mcqId = (await addMcq({ optionB: SECRET_OPTION, correctOption: "B" })).id;
    const q = await addCoding();
    const name = unique("Guarded");
    await post(HUB, { intent: "add-category", name });
    const cat = await env.DB.prepare("SELECT id FROM categories WHERE name = ?").bind(name).first<{ id: string }>();
    coding = { id: q.id, caseId: (await casesOf(q.id))[0]!.id, categoryId: cat!.id };
  });

  const actions = (): [string, Record<string, string>][] => [
    [HUB, { intent: "add-category", name: unique("Sneaky") }],
    [HUB, { intent: "delete-category", id: coding.categoryId }],
    [HUB, codingFields()],
    [HUB, mcqFields()],
    [CODING, { intent: "update-question", id: coding.id, title: "Hacked", description: "Hacked", category: "General", language: "c", difficulty: "easy" }],
    [CODING, { intent: "delete-question", id: coding.id }],
    [CODING, { intent: "add-test-case", questionId: coding.id, input: "1", expectedOutput: "1" }],
    [CODING, { intent: "update-test-case", id: coding.caseId, input: "hacked", expectedOutput: "hacked" }],
    [CODING, { intent: "delete-test-case", id: coding.caseId }],
    [MCQ, { ...mcqFields(), intent: "update-mcq", id: mcqId, title: "Hacked" }],
    [MCQ, { intent: "delete-question", id: mcqId }],
  ];

  it.each([HUB, CODING, MCQ])("the page %s sends anonymous visitors and students to /auth, and serves admins", async (path) => {
    const anonymous = await call(path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    const asStudent = await call(path, { cookie: student });
    expect(asStudent.status).toBe(302);
    expect(asStudent.headers.get("Location")).toBe("/auth");
    const data = await call(`${path}.data`, { cookie: student });
    expect(data.headers.get("Location") ?? (await data.clone().text())).toMatch(/auth/);
    expect(await data.text()).not.toContain(SECRET_OPTION);
    const page = await call(path, { cookie: admin });
    expect(page.status).toBe(200);
  });

  it.each([
    ["anonymous", 401],
    ["student", 403],
  ] as const)("every action refuses %s callers (%i) and changes nothing", async (who, status) => {
    const cookie = who === "student" ? student : undefined;
    const before = await tableCounts();
    for (const [page, fields] of actions()) {
      const data = await postForm(DATA[page]!, fields, cookie);
      expect(data.status, `${page} ${fields.intent}`).toBe(status);
      expect(await data.text()).not.toContain(SECRET_OPTION);
      // A plain form post gets the same status, or a redirect to sign-in.
      const document = await postForm(ACTION[page]!, fields, cookie);
      expect([status, 302], `${page} ${fields.intent}`).toContain(document.status);
      if (document.status === 302) expect(document.headers.get("Location")).toMatch(/^\/auth/);
      expect(await document.text()).not.toContain(SECRET_OPTION);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("never shows MCQ answers or test cases to a student, on any of these pages or their data", async () => {
    for (const path of [HUB, CODING, MCQ, `${MCQ}?q=secret`, `${CODING}.data`, `${MCQ}.data`, `${HUB}.data`]) {
      const response = await call(path, { cookie: student });
      const body = await response.text();
      expect(body).not.toContain(SECRET_OPTION);
      expect(body).not.toContain("correct_index");
      expect(body).not.toContain("correctOption");
      expect(body).not.toContain("expectedOutput");
    }
    // The admin sees them.
    expect(await (await call(MCQ, { cookie: admin })).text()).toContain(SECRET_OPTION);
  });
});
