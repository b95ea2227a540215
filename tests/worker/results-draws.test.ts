// Results follow the draw (issue 36, decision 040): the results table, the CSV
// export (each student's questions, an empty cell for a question they were not
// given), the item statistics (given to how many) and the similarity check
// (a question a category section drew that is not in the room's list) follow
// what each student was given; a room whose tests have no draw rows (started
// before sections) looks as before. Real D1; no code is run.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/lib/d1/db.server";
import { roomResults } from "~/lib/results/room-results.server";
import { roomCodingQuestions } from "~/lib/similarity/similarity.server";
import { call, postForm } from "./helpers";
import { disguised, original, own } from "../fixtures/similarity-programs";
import { admin, journal, launch, makeRoom, one, rows, seedCodingCategory, seedMcqs, signUpAdmin, start, takingStudent, testOf, type Room } from "./rooms-fixture";
import { parseCsv } from "../csv";
import { analysed } from "./similarity-fixture";

const db = () => createDb(env.DB);
const NOT_GIVEN = 'data-testid="not-given"';
type Student = { cookie: string; email: string; testId: string };

/**
 * The draw is random; the test sets each student's, after launch, to
 * questions it chose, so it knows what every page must show. Section ids do
 * not matter to results.
 */
async function setDraw(testId: string, questionIds: string[]) {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM test_draws WHERE student_test_id = ?").bind(testId),
    ...questionIds.map((questionId, position) =>
      env.DB.prepare("INSERT INTO test_draws (student_test_id, position, question_id) VALUES (?, ?, ?)").bind(testId, position, questionId),
    ),
  ]);
}

async function launched(room: Room, name: string): Promise<Student> {
  const s = await takingStudent(room, name);
  return { ...s, testId: "" };
}

const count = (text: string, part: string) => text.split(part).length - 1;
const csvOf = async (room: Room) => parseCsv(await (await call(`/admin/results/${room.id}/csv`, { cookie: admin })).text());
const saveSections = (room: Room, sections: unknown) => postForm(`/admin/room/${room.id}`, { intent: "sections", sections: JSON.stringify(sections) }, admin);

beforeAll(async () => {
  await signUpAdmin();
  // RD-Q: 20 MCQs (a new room takes 20); RD-S: a small category; RD-T: a question moved into RD-S later.
  await seedMcqs("RD-Q", 20);
  await seedMcqs("RD-S", 2);
  await seedMcqs("RD-T", 1);
});

describe("an MCQ room of two sections where students drew different questions", () => {
  let room: Room;
  let listed: string[];
  const people: Record<"ann" | "ben" | "cy" | "dee", Student> = {} as never;
  const draws = {
    ann: ["RD-S-m0", "RD-Q-m1"],
    // RD-T-m0 joined the category after the sections were saved: drawn, but not in room_questions.
    ben: ["RD-Q-m0", "RD-T-m0"],
    // Still taking the test: given these, nothing submitted.
    dee: ["RD-S-m1", "RD-Q-m0"],
  };

  beforeAll(async () => {
    room = await makeRoom("RD-Q", "mcq");
    const saved = await saveSections(room, [{ pick: 1, category: "RD-S" }, { pick: 1, questionIds: ["RD-Q-m0", "RD-Q-m1"] }]);
    expect(saved.status).toBe(200);
    listed = (await rows<{ question_id: string }>("SELECT question_id FROM room_questions WHERE room_id = ?", room.id)).map((r) => r.question_id).sort();
    expect(listed).toEqual(["RD-Q-m0", "RD-Q-m1", "RD-S-m0", "RD-S-m1"]);
    await env.DB.prepare("UPDATE questions SET category = 'RD-S' WHERE id = 'RD-T-m0'").run();
    for (const [key, name] of [
      ["ann", "Ann Draw"],
      ["ben", "Ben Draw"],
      ["cy", "Cy Never"],
      ["dee", "Dee Taking"],
    ] as const)
      people[key] = await launched(room, name);
    await start(room);
    for (const key of ["ann", "ben", "dee"] as const) {
      expect((await launch(people[key].cookie, room)).status).toBe(302);
      people[key].testId = (await testOf(room, people[key].email)).id;
      await setDraw(people[key].testId, draws[key]);
    }
    // Shuffle options off: the shown index is the question's own; question i's correct option is i % 4.
    // Ann: RD-S-m0 right, RD-Q-m1 wrong. Ben: RD-Q-m0 right, RD-T-m0 wrong.
    for (const [key, answers] of [
      ["ann", { "RD-S-m0": 0, "RD-Q-m1": 0 }],
      ["ben", { "RD-Q-m0": 0, "RD-T-m0": 1 }],
    ] as const) {
      const res = await journal(people[key].cookie, people[key].testId, [{ seq: 0, kind: "finish", payload: { answers } }]);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(JSON.parse(await res.text()).state).toMatchObject({ totalScore: 5, maxScore: 10 });
    }
  }, 60_000);

  it("has a column for every question of the room and every drawn one, and each row has its own questions in its order", async () => {
    const data = (await roomResults(db(), room.id))!;
    const ids = data.questions.map((q) => q.id);
    // The room's list first (as before), then the drawn question it lacks.
    expect(ids.slice(0, 4).sort()).toEqual(listed);
    expect(ids.slice(4)).toEqual(["RD-T-m0"]);
    expect(data.questions.at(-1)!.title).toBe("RD-T question 0");
    const by = (key: keyof typeof people) => data.rows.find((r) => r.email === people[key].email)!;
    expect(by("ann")).toMatchObject({ questions: draws.ann, marks: { "RD-S-m0": 5, "RD-Q-m1": 0 } });
    expect(by("ben")).toMatchObject({ questions: draws.ben, marks: { "RD-Q-m0": 5, "RD-T-m0": 0 } });
    expect(by("dee")).toMatchObject({ questions: draws.dee, marks: {} });
    expect(by("cy")).toMatchObject({ testId: null, questions: [] });
  });

  it("counts each question's statistics over the students given it, and says how many", async () => {
    const { mcq } = (await roomResults(db(), room.id))!.stats;
    const stat = (id: string) => mcq!.find((q) => q.id === id)!;
    expect(stat("RD-Q-m0")).toMatchObject({ given: 2, answers: 1, correct: 1, passRate: 1 });
    expect(stat("RD-Q-m1")).toMatchObject({ given: 1, answers: 1, correct: 0, passRate: 0 });
    expect(stat("RD-S-m0")).toMatchObject({ given: 1, answers: 1, correct: 1 });
    expect(stat("RD-S-m1")).toMatchObject({ given: 1, answers: 0, passRate: null });
    expect(stat("RD-T-m0")).toMatchObject({ given: 1, answers: 1, correct: 0 });
  });

  it("exports each student's questions and leaves a question they were not given empty", async () => {
    const [header, ...body] = (await csvOf(room)) as [string[], ...string[][]];
    expect(header.slice(12, 14)).toEqual(["Synced after end", "Questions"]);
    const data = (await roomResults(db(), room.id))!;
    expect(header.slice(14)).toEqual(data.questions.map((q, i) => `Q${i + 1} marks: ${q.title}`));
    const marksOf = (key: keyof typeof people) => {
      const line = body.find((r) => r[1] === people[key].email)!;
      return { questions: line[13], marks: Object.fromEntries(data.questions.map((q, i) => [q.id, line[14 + i]])) };
    };
    expect(marksOf("ann")).toEqual({
      questions: "RD-S question 0; RD-Q question 1",
      marks: { "RD-Q-m0": "", "RD-Q-m1": "0", "RD-S-m0": "5", "RD-S-m1": "", "RD-T-m0": "" },
    });
    expect(marksOf("ben")).toEqual({
      questions: "RD-Q question 0; RD-T question 0",
      marks: { "RD-Q-m0": "5", "RD-Q-m1": "", "RD-S-m0": "", "RD-S-m1": "", "RD-T-m0": "0" },
    });
    expect(marksOf("dee").questions).toBe("RD-S question 1; RD-Q question 0");
    expect(marksOf("cy")).toEqual({ questions: "", marks: Object.fromEntries(data.questions.map((q) => [q.id, ""])) });
  });

  it("shows '—' labelled 'Not in this student's test' for a question a student was not given, and how many were given each", async () => {
    const html = await (await call(`/admin/results/${room.id}`, { cookie: admin })).text();
    // Ann, Ben and Dee each lack 3 of the 5 questions; Cy has not started (no such cell).
    expect(count(html, NOT_GIVEN)).toBe(9);
    expect(html).toContain("Not in this student&#x27;s test");
    expect(html).toContain("Given to");
    expect(html).toContain("RD-T question 0");
  });
});

describe("a coding room whose category grew after its list was saved", () => {
  const LATE = "RD-Late-q0";
  let room: Room;
  const students: Student[] = [];

  beforeAll(async () => {
    await seedCodingCategory("RD-Code");
    await seedCodingCategory("RD-Late");
    room = await makeRoom("RD-Code", "coding");
    // A question joins the category after the room was made: its section can draw it, room_questions does not list it.
    await env.DB.prepare("UPDATE questions SET category = 'RD-Code', title = 'Late echo' WHERE id = ?").bind(LATE).run();
    for (const name of ["Ana Late", "Ben Late", "Cy Early"]) students.push(await launched(room, name));
    await start(room);
    const drawn = [
      [LATE, "RD-Code-q0"],
      [LATE, "RD-Code-q1"],
      ["RD-Code-q0", "RD-Code-q1"],
    ];
    const code = [original, disguised, own];
    for (const [i, s] of students.entries()) {
      expect((await launch(s.cookie, room)).status).toBe(302);
      s.testId = (await testOf(room, s.email)).id;
      await setDraw(s.testId, drawn[i]!);
      const res = await journal(s.cookie, s.testId, [{ seq: 0, kind: "code", payload: { questionId: drawn[i]![0]!, code: code[i]! } }]);
      expect(res.status).toBe(200);
    }
  }, 60_000);

  it("checks similarity on the drawn question too: the two students who got it are a pair", async () => {
    expect(await rows("SELECT 1 FROM room_questions WHERE room_id = ? AND question_id = ?", room.id, LATE)).toEqual([]);
    expect((await roomCodingQuestions(db(), room.id)).map((q) => q.id).sort()).toEqual([LATE, "RD-Code-q0", "RD-Code-q1"].sort());
    const res = await postForm(`/admin/results/${room.id}/similarity`, { intent: "analyse", questionId: LATE }, admin);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Analysis started");
    await analysed(room, LATE);
    const pairs = await rows<{ test_a: string; test_b: string }>("SELECT test_a, test_b FROM similarity_pairs WHERE room_id = ? AND question_id = ?", room.id, LATE);
    expect(pairs.map((p) => [p.test_a, p.test_b].sort())).toEqual([[students[0]!.testId, students[1]!.testId].sort()]);
    expect(await (await call(`/admin/results/${room.id}/similarity`, { cookie: admin })).text()).toContain("Late echo");
  });

  it("gives the drawn question a results column, its cases in the statistics, and how many were given each", async () => {
    const data = (await roomResults(db(), room.id))!;
    expect(data.questions.map((q) => q.id)).toEqual(["RD-Code-q0", "RD-Code-q1", LATE]);
    const stat = (id: string) => data.stats.coding!.find((q) => q.id === id)!;
    expect(stat(LATE)).toMatchObject({ given: 2, attempts: 0 });
    expect(stat(LATE).cases).toHaveLength(5);
    expect(stat("RD-Code-q0")).toMatchObject({ given: 2, attempts: 0 });
    expect(stat("RD-Code-q1")).toMatchObject({ given: 2, attempts: 0 });
    const byEmail = (i: number) => data.rows.find((r) => r.email === students[i]!.email)!.questions;
    expect([0, 1, 2].map(byEmail)).toEqual([
      [LATE, "RD-Code-q0"],
      [LATE, "RD-Code-q1"],
      ["RD-Code-q0", "RD-Code-q1"],
    ]);
  });
});

describe("a room whose tests started before sections (no draw rows)", () => {
  it("looks as before: the room's questions as columns, each student's submitted ones, every mark, and no draw written", async () => {
    const room = await makeRoom("RD-Q", "mcq");
    const listed = (await rows<{ id: string; title: string }>(
      "SELECT q.id, q.title FROM room_questions rq JOIN questions q ON q.id = rq.question_id WHERE rq.room_id = ? ORDER BY q.created_at, q.title, q.id",
      room.id,
    )) as { id: string; title: string }[];
    expect(listed).toHaveLength(20);
    const done = await takingStudent(room, "Old Done");
    const taking = await takingStudent(room, "Old Taking");
    await start(room);
    // As migration 0019 leaves them: tests marked legacy, with no draw; one finished (a row per question, as the old Finish stored).
    const tests: Record<string, string> = {};
    for (const [s, status, score] of [
      [done, "attempted", 50],
      [taking, "in_progress", 0],
    ] as const) {
      const { id: studentId } = await one<{ id: string }>("SELECT id FROM user WHERE email = ?", s.email);
      tests[s.email] = crypto.randomUUID();
      await env.DB.prepare("INSERT INTO student_tests (id, room_id, student_id, status, total_score, max_score, legacy_draw) VALUES (?, ?, ?, ?, ?, 100, 1)")
        .bind(tests[s.email], room.id, studentId, status, score)
        .run();
    }
    await env.DB.batch(
      listed.map((q, i) =>
        env.DB.prepare(
          "INSERT INTO submissions (id, student_test_id, question_id, question_title, code, language, test_cases_passed, test_cases_total, score, marks_obtained) VALUES (?, ?, ?, ?, ?, 'python', ?, 1, ?, ?)",
        ).bind(crypto.randomUUID(), tests[done.email], q.id, q.title, "0", i < 10 ? 1 : 0, i < 10 ? 100 : 0, i < 10 ? 5 : 0),
      ),
    );

    const data = (await roomResults(db(), room.id))!;
    expect(data.questions).toEqual(listed);
    const old = data.rows.find((r) => r.email === done.email)!;
    expect(old.questions).toEqual(listed.map((q) => q.id));
    expect(old.marks).toEqual(Object.fromEntries(listed.map((q, i) => [q.id, i < 10 ? 5 : 0])));
    expect(data.rows.find((r) => r.email === taking.email)!.questions).toEqual([]);
    expect(data.stats.mcq!.map((q) => [q.given, q.answers])).toEqual(listed.map(() => [1, 1]));
    expect(data.stats.mcq!.map((q) => q.passRate)).toEqual(listed.map((_, i) => (i < 10 ? 1 : 0)));

    const [header, ...body] = (await csvOf(room)) as [string[], ...string[][]];
    expect(header.slice(14)).toEqual(listed.map((q, i) => `Q${i + 1} marks: ${q.title}`));
    const line = (email: string) => body.find((r) => r[1] === email)!;
    expect(line(done.email)[13]).toBe(listed.map((q) => q.title).join("; "));
    expect(line(done.email).slice(14)).toEqual(listed.map((_, i) => (i < 10 ? "5" : "0")));
    expect(line(taking.email).slice(13)).toEqual(["", ...listed.map(() => "")]);

    // Nothing is marked as not given when the questions are only known from submissions, and reading wrote no draw.
    const html = await (await call(`/admin/results/${room.id}`, { cookie: admin })).text();
    expect(count(html, NOT_GIVEN)).toBe(0);
    expect(await rows("SELECT 1 FROM test_draws WHERE student_test_id IN (?, ?)", tests[done.email], tests[taking.email])).toEqual([]);
  });
});
