// Each student their own exam (issue 36, decision 040): the draw made at
// launch and stored, held across reloads and launches, options shown in the
// stored order and graded back, and lists past D1's 100 bound parameters.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { legacySeed, shuffleFor } from "~/lib/student-tests/legacy-shuffle.server";
import { actionAnswer, call, loaderData, postForm } from "./helpers";
import { admin, journal, launch, makeRoom, one, rows, seedMcqs, signUpAdmin, start, takingStudent, testOf, UNLOCK, type Room } from "./rooms-fixture";

type DrawRow = { position: number; question_id: string; section_id: string | null; option_order: string | null };

const drawOf = (testId: string) => rows<DrawRow>("SELECT position, question_id, section_id, option_order FROM test_draws WHERE student_test_id = ? ORDER BY position", testId);

/**
 * The questions and options in the order a page's data lists them: each
 * question as "id:[its own option indices in the order shown]".
 */
function shownOrder(page: string, draw: DrawRow[]) {
  const at = (text: string) => page.indexOf(JSON.stringify(text));
  const [category] = draw[0]!.question_id.split("-m");
  return draw
    .map((d) => {
      const n = d.question_id.split("-m").pop();
      const options = [0, 1, 2, 3].map((j) => ({ j, at: at(`${category}-opt-${n}-${j}`) }));
      expect(options.every((o) => o.at > 0)).toBe(true);
      const order = options.sort((a, b) => a.at - b.at).map((o) => o.j);
      return { at: at(`${category} question ${n}`), key: `${d.question_id}:${JSON.stringify(order)}` };
    })
    .sort((a, b) => a.at - b.at)
    .map((x) => x.key);
}

/** A student who joined, the room started, and the test launched: the student and their test's id. */
async function launched(room: Room) {
  const s = await takingStudent(room);
  await start(room);
  expect((await launch(s.cookie, room)).status).toBe(302);
  return { s, testId: (await testOf(room, s.email)).id };
}

const correctOf = (questionId: string) => Number(questionId.split("-m").pop()) % 4;

const mcqRoom = (category: string, shuffleOptions: boolean) => makeRoom(category, "mcq", { shuffleOptions });

beforeAll(async () => {
  await signUpAdmin();
  await seedMcqs("DR-MCQ", 40);
});

describe("a student's draw", () => {
  it("is made at launch and stored: 20 of the category, no repeats, each with its option order", async () => {
    const room = await mcqRoom("DR-MCQ", true);
    const s = await takingStudent(room);
    await start(room);
    // Nothing is drawn before the student launches.
    expect(await rows("SELECT id FROM student_tests WHERE room_id = ?", room.id)).toHaveLength(0);
    expect((await launch(s.cookie, room)).status).toBe(302);
    const test = await testOf(room, s.email);
    expect(test.max_score).toBe(100);
    const draw = await drawOf(test.id);
    expect(draw.map((d) => d.position)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(new Set(draw.map((d) => d.question_id)).size).toBe(20);
    expect(draw.every((d) => d.question_id.startsWith("DR-MCQ-m") && d.section_id !== null)).toBe(true);
    for (const d of draw) expect([...(JSON.parse(d.option_order!) as number[])].sort()).toEqual([0, 1, 2, 3]);
  });

  it("holds across a reload and a second launch: the same questions and option order", async () => {
    const room = await mcqRoom("DR-MCQ", true);
    const { s, testId } = await launched(room);
    const first = await drawOf(testId);
    const page1 = await (await call(`/test/${room.id}/mcq.data`, { cookie: s.cookie })).text();
    expect((await launch(s.cookie, room)).status).toBe(302);
    const page2 = await (await call(`/test/${room.id}/mcq.data`, { cookie: s.cookie })).text();
    expect(await drawOf(testId)).toEqual(first);
    // Both loads list the questions, and each one's options, in the stored order.
    for (const page of [page1, page2]) expect(shownOrder(page, first)).toEqual(first.map((d) => `${d.question_id}:${d.option_order}`));
  });

  it("is stored once when two launches race", async () => {
    const room = await mcqRoom("DR-MCQ", true);
    const s = await takingStudent(room);
    await start(room);
    const [a, b] = await Promise.all([launch(s.cookie, room), launch(s.cookie, room)]);
    expect([a.status, b.status]).toEqual([302, 302]);
    const tests = await rows<{ id: string }>("SELECT id FROM student_tests WHERE room_id = ?", room.id);
    expect(tests).toHaveLength(1);
    const draw = await drawOf(tests[0]!.id);
    expect(draw).toHaveLength(20);
    expect(new Set(draw.map((d) => d.question_id)).size).toBe(20);
  });

  it("is drawn by a student who joins a running test", async () => {
    const room = await mcqRoom("DR-MCQ", false);
    await takingStudent(room);
    await start(room);
    const late = await takingStudent(room, "Late");
    expect((await launch(late.cookie, room)).status).toBe(302);
    const draw = await drawOf((await testOf(room, late.email)).id);
    expect(draw).toHaveLength(20);
    // Shuffle options off: each question's options in its own order.
    expect(draw.every((d) => d.option_order === null)).toBe(true);
  });

  it("differs between students of one room (40 questions, 20 each)", async () => {
    const room = await mcqRoom("DR-MCQ", true);
    const a = await takingStudent(room, "Student A");
    const b = await takingStudent(room, "Student B");
    await start(room);
    await launch(a.cookie, room);
    await launch(b.cookie, room);
    const da = await drawOf((await testOf(room, a.email)).id);
    const db = await drawOf((await testOf(room, b.email)).id);
    // Equal by chance: 1 in C(40,20) x 20! x 24^20.
    expect(da.map((d) => `${d.question_id}:${d.option_order}`)).not.toEqual(db.map((d) => `${d.question_id}:${d.option_order}`));
  });
});

describe("a coding room", () => {
  it("draws 2 of the category in its language, and its page shows only those", async () => {
    const category = "DR-CODE";
    await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (?, ?)").bind(`cat-${category}`, category).run();
    await env.DB.batch(
      Array.from({ length: 5 }, (_, i) =>
        env.DB.prepare("INSERT INTO questions (id, title, description, language, category, type) VALUES (?, ?, 'Echo.', ?, ?, 'coding')").bind(
          `${category}-q${i}`,
          `${category} task ${i}`,
          i === 4 ? "java" : "python",
          category,
        ),
      ),
    );
    const name = `draws coding ${crypto.randomUUID()}`;
    await postForm("/admin?index", { intent: "create", roomName: name, category, questionType: "coding", language: "python", durationMinutes: "30" }, admin);
    const { id } = await one<{ id: string }>("SELECT id FROM test_rooms WHERE room_name = ?", name);
    await postForm(`/admin/room/${id}`, { intent: "enable" }, admin);
    await postForm(`/admin/room/${id}`, { intent: "generate-otp" }, admin);
    const room = { id, otp: (await one<{ otp: string }>("SELECT otp FROM test_rooms WHERE id = ?", id)).otp };
    const s = await takingStudent(room);
    await start(room);
    expect((await launch(s.cookie, room)).status).toBe(302);
    const test = await testOf(room, s.email);
    expect(test.max_score).toBe(100);
    const draw = await drawOf(test.id);
    expect(draw).toHaveLength(2);
    expect(draw[0]!.question_id).not.toBe(draw[1]!.question_id);
    expect(draw.every((d) => d.question_id !== `${category}-q4` && d.option_order === null)).toBe(true);
    const page = await (await call(`/test/${room.id}/coding.data`, { cookie: s.cookie })).text();
    for (let i = 0; i < 5; i++) {
      const drawn = draw.some((d) => d.question_id === `${category}-q${i}`);
      expect(page.includes(`"${category} task ${i}"`), `task ${i}`).toBe(drawn);
    }
  });
});

describe("shuffled options", () => {
  it("an answer given in the shown order is graded right, and the submission keeps the question's own option", async () => {
    const room = await mcqRoom("DR-MCQ", true);
    const { s, testId } = await launched(room);
    const draw = await drawOf(testId);
    // Right for the first 15 questions (the shown index of the correct option), wrong for the last 5.
    const answers: Record<string, number> = {};
    draw.forEach((d, i) => {
      const order = JSON.parse(d.option_order!) as number[];
      const shownCorrect = order.indexOf(correctOf(d.question_id));
      answers[d.question_id] = i < 15 ? shownCorrect : (shownCorrect + 1) % 4;
    });
    const res = await journal(s.cookie, testId, [{ seq: 0, kind: "finish", payload: { answers } }]);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body).state).toMatchObject({ status: "completed", totalScore: 75, maxScore: 100 });
    expect(body).not.toContain("correct");
    const subs = await rows<{ question_id: string; code: string; marks_obtained: number }>(
      "SELECT question_id, code, marks_obtained FROM submissions WHERE student_test_id = ?",
      testId,
    );
    expect(subs).toHaveLength(20);
    for (const [i, d] of draw.entries()) {
      const sub = subs.find((x) => x.question_id === d.question_id)!;
      const own = (JSON.parse(d.option_order!) as number[])[answers[d.question_id]!]!;
      expect(Number(sub.code)).toBe(own);
      expect(sub.marks_obtained).toBe(i < 15 ? 5 : 0);
    }
  });

  it("never sends the answer key: not in the page's data nor in the journal's answers", async () => {
    const room = await mcqRoom("DR-MCQ", true);
    const { s, testId } = await launched(room);
    for (const path of [`/test/${room.id}/mcq`, `/test/${room.id}/mcq.data`]) {
      const text = await (await call(path, { cookie: s.cookie })).text();
      expect(text, path).toContain("DR-MCQ question");
      for (const secret of ["correct_index", "correct_answer", "correctIndex", "option_order", "optionOrder", UNLOCK]) expect(text, path).not.toContain(secret);
    }
    const res = await journal(s.cookie, testId, [{ seq: 0, kind: "mcq-progress", payload: { answers: {}, marked: [], currentIndex: 0 } }]);
    expect(await res.text()).not.toContain("correct");
  });
});

describe("a test that started before sections", () => {
  it("keeps the questions and order it had (shuffleFor), options in their own order", async () => {
    const room = await mcqRoom("DR-MCQ", true);
    const s = await takingStudent(room);
    await start(room);
    const { id: studentId } = await one<{ id: string }>("SELECT id FROM user WHERE email = ?", s.email);
    // As migration 0019 leaves it: a test row, marked legacy, with no draw.
    const testId = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO student_tests (id, room_id, student_id, status, max_score, legacy_draw) VALUES (?, ?, ?, 'in_progress', 100, 1)")
      .bind(testId, room.id, studentId)
      .run();
    await env.DB.prepare("UPDATE room_participants SET status = 'in_progress' WHERE room_id = ? AND student_id = ?").bind(room.id, studentId).run();
    const roomQuestions = (await rows<{ question_id: string }>("SELECT question_id FROM room_questions WHERE room_id = ?", room.id)).map((r) => r.question_id);
    const expected = await shuffleFor(legacySeed(studentId, room.id), roomQuestions);
    expect((await call(`/test/${room.id}/mcq.data`, { cookie: s.cookie })).status).toBe(200);
    const draw = await drawOf(testId);
    expect(draw.map((d) => d.question_id)).toEqual(expected);
    expect(draw.every((d) => d.option_order === null && d.section_id === null)).toBe(true);
  });
});

describe("lists past D1's 100 bound parameters", () => {
  it("a 500-question list draws, shows and grades all 500", async () => {
    const ids = await seedMcqs("DR-BIG", 500);
    const room = await mcqRoom("DR-BIG", true);
    expect((await postForm(`/admin/room/${room.id}`, { intent: "change-questions", questionIds: ids.join(",") }, admin)).status).toBe(200);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM room_section_questions sq JOIN room_sections s ON s.id = sq.section_id WHERE s.room_id = ?", room.id)).n).toBe(500);
    const s = await takingStudent(room);
    await start(room);
    expect((await launch(s.cookie, room)).status).toBe(302);
    const test = await testOf(room, s.email);
    expect(test.max_score).toBe(2500);
    const draw = await drawOf(test.id);
    expect(draw).toHaveLength(500);
    expect(new Set(draw.map((d) => d.question_id)).size).toBe(500);
    const page = await call(`/test/${room.id}/mcq.data`, { cookie: s.cookie });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(ids.every((id) => text.includes(`"DR-BIG question ${id.split("-m").pop()}"`))).toBe(true);
    const answers = Object.fromEntries(draw.map((d) => [d.question_id, (JSON.parse(d.option_order!) as number[]).indexOf(correctOf(d.question_id))]));
    const res = await journal(s.cookie, test.id, [{ seq: 0, kind: "finish", payload: { answers } }]);
    expect(res.status).toBe(200);
    expect(JSON.parse(await res.text()).state).toMatchObject({ status: "completed", totalScore: 2500, maxScore: 2500 });
  });
});

describe("sections", () => {
  it("cannot change while the test runs, and a draw already made stays", async () => {
    const room = await mcqRoom("DR-MCQ", false);
    const { testId } = await launched(room);
    const before = await drawOf(testId);
    const res = await postForm(`/admin/room/${room.id}`, { intent: "change-questions", questionIds: "DR-MCQ-m0,DR-MCQ-m1" }, admin);
    expect(res.status).toBe(400);
    expect(await drawOf(testId)).toEqual(before);
  });

  it("a section asking for more than its pool refuses the launch with its message, and leaves no test", async () => {
    await seedMcqs("DR-SMALL", 20);
    const room = await mcqRoom("DR-SMALL", false);
    const s = await takingStudent(room);
    // The bank lost a question after the room was made.
    await env.DB.prepare("DELETE FROM questions WHERE id = 'DR-SMALL-m19'").run();
    await start(room);
    const res = await launch(s.cookie, room);
    expect(await res.text()).toContain("Section 1 asks for more questions than it has (20 of 19)");
    expect(await rows("SELECT id FROM student_tests WHERE room_id = ?", room.id)).toHaveLength(0);
  });

  it("draw 1 from each of two categories, refuse a section bigger than its pool, and are fixed once the test starts", async () => {
    await seedMcqs("DR-A", 5);
    await seedMcqs("DR-B", 5);
    const room = await mcqRoom("DR-MCQ", true);
    const save = (sections: unknown) => postForm(`/admin/room/${room.id}`, { intent: "sections", sections: JSON.stringify(sections) }, admin);
    let res = await save([{ pick: 6, category: "DR-A" }]);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Section 1 asks for more questions than it has (6 of 5)");
    // As the dialog reads them: a rule on the sections, or a failed parse of them, names the field the message shows under.
    const answer = async (sections: unknown) =>
      actionAnswer(await postForm(`/admin/room/${room.id}.data`, { intent: "sections", sections: JSON.stringify(sections) }, admin));
    expect(await answer([{ pick: 6, category: "DR-A" }])).toEqual({ ok: false, error: "Section 1 asks for more questions than it has (6 of 5)", field: "sections" });
    expect(await answer([{ pick: 1, category: "DR-none" }])).toEqual({ ok: false, error: 'Category "DR-none" does not exist', field: "sections" });
    expect(await answer([{ pick: 0, category: "DR-A" }])).toMatchObject({ ok: false, field: "sections" });
    res = await save([{ pick: 1, category: "DR-A" }, { pick: 1, questionIds: ["DR-B-m0", "DR-B-m1"] }]);
    expect(res.status).toBe(200);
    const s = await takingStudent(room);
    await start(room);
    await launch(s.cookie, room);
    const test = await testOf(room, s.email);
    expect(test.max_score).toBe(10);
    const draw = await drawOf(test.id);
    expect(draw).toHaveLength(2);
    expect(draw.filter((d) => d.question_id.startsWith("DR-A-m"))).toHaveLength(1);
    expect(draw.filter((d) => ["DR-B-m0", "DR-B-m1"].includes(d.question_id))).toHaveLength(1);
    res = await save([{ pick: 2, category: "DR-A" }]);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Sections cannot change once the test has started");
    expect(await drawOf(test.id)).toEqual(draw);
  });
});

describe("a coding test's 100 marks", () => {
  const ECHO = "print(input())";
  /** `n` python questions `${category}-q${i}`, each with one open and one hidden echo case. */
  async function seedEchoQuestions(category: string, n: number) {
    await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (?, ?)").bind(`cat-${category}`, category).run();
    await env.DB.batch(
      Array.from({ length: n }, (_, i) => [
        env.DB.prepare("INSERT INTO questions (id, title, description, language, category, type) VALUES (?, ?, 'Echo.', 'python', ?, 'coding')").bind(`${category}-q${i}`, `${category} task ${i}`, category),
        ...[0, 1].map((k) =>
          env.DB.prepare("INSERT INTO test_cases (id, question_id, input, expected_output, points, is_hidden, position) VALUES (?, ?, ?, ?, 10, ?, ?)").bind(
            `${category}-q${i}-tc${k}`,
            `${category}-q${i}`,
            `line-${i}-${k}\n`,
            `line-${i}-${k}\n`,
            k,
            k,
          ),
        ),
      ]).flat(),
    );
  }

  it("are shared among the questions drawn (34, 33, 33 for 3), by Submit Code, the pages and a rejudge", async () => {
    const category = "DR-C3";
    await seedEchoQuestions(category, 3);
    const name = `draws coding 3 ${crypto.randomUUID()}`;
    await postForm("/admin?index", { intent: "create", roomName: name, category, questionType: "coding", language: "python", durationMinutes: "30" }, admin);
    const { id } = await one<{ id: string }>("SELECT id FROM test_rooms WHERE room_name = ?", name);
    // 11 questions in all is refused; 3 is a coding room's test now.
    const save = (sections: unknown) => postForm(`/admin/room/${id}`, { intent: "sections", sections: JSON.stringify(sections) }, admin);
    const tooMany = await save([{ pick: 11, category }]);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain("A coding room's sections can pick at most 10 questions in all");
    expect((await save([{ pick: 3, category }])).status).toBe(200);
    await postForm(`/admin/room/${id}`, { intent: "enable" }, admin);
    await postForm(`/admin/room/${id}`, { intent: "generate-otp" }, admin);
    const room = { id, otp: (await one<{ otp: string }>("SELECT otp FROM test_rooms WHERE id = ?", id)).otp };
    const s = await takingStudent(room);
    await start(room);
    expect((await launch(s.cookie, room)).status).toBe(302);
    const test = await testOf(room, s.email);
    const draw = await drawOf(test.id);
    expect(draw).toHaveLength(3);
    const shares = [34, 33, 33];
    // The page tells each question's marks, in the order shown.
    const page = await loaderData<{ questions: { id: string; marks: number }[] }>(`/test/${room.id}/coding`, "routes/test.$roomId.coding", s.cookie);
    expect(page.questions.map((q) => [q.id, q.marks])).toEqual(draw.map((d, i) => [d.question_id, shares[i]]));
    // Full marks on the first two, the open case only on the third: 34 + 33 + round(33 x 10 / 20) = 84.
    for (const [i, d] of draw.entries()) {
      const code = i < 2 ? ECHO : `s = input()\nprint(s if s.endswith('-0') else 'no')`;
      const res = await postForm(`/test/${room.id}/coding`, { intent: "submit", questionId: d.question_id, code }, s.cookie);
      expect(res.status).toBe(200);
    }
    const marks = await rows<{ question_id: string; marks_obtained: number }>("SELECT question_id, marks_obtained FROM submissions WHERE student_test_id = ?", test.id);
    expect(draw.map((d) => marks.find((m) => m.question_id === d.question_id)!.marks_obtained)).toEqual([34, 33, 17]);
    expect((await testOf(room, s.email)).total_score).toBe(84);
    // The admin's submission view tells each question's share.
    type View = { view: { totalScore: number; questions: { id: string; marks: number; maxMarks: number }[] } };
    const { view } = await loaderData<View>(`/admin/submission/${test.id}`, "routes/admin.submission.$testId", admin);
    expect(view.totalScore).toBe(84);
    expect(view.questions.map((q) => [q.id, q.marks, q.maxMarks])).toEqual(draw.map((d, i) => [d.question_id, [34, 33, 17][i], shares[i]]));

    // A rejudge with the third question's hidden case changed to what the code prints judges it by the same share.
    const third = draw[2]!.question_id;
    await env.DB.prepare("UPDATE test_cases SET expected_output = 'no\n' WHERE id = ?").bind(`${third}-tc1`).run();
    expect((await call(`/admin/results/${room.id}.data`, { method: "POST", body: new URLSearchParams({ intent: "rejudge-start", questionId: third }), cookie: admin })).status).toBe(200);
    const until = Date.now() + 60_000;
    let item: { new_marks: number | null } | undefined;
    while (Date.now() < until) {
      item = await one<{ new_marks: number | null } | undefined>(
        "SELECT i.new_marks FROM rejudge_items i JOIN rejudges r ON r.id = i.rejudge_id WHERE r.room_id = ? AND i.judged_at IS NOT NULL",
        room.id,
      );
      if (item) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(item?.new_marks).toBe(33);
  });
});

describe("the review", () => {
  it("shows each student their own questions and option order with their answers, and the admin the right option, never the student", async () => {
    const room = await mcqRoom("DR-MCQ", true);
    const { s, testId } = await launched(room);
    const draw = await drawOf(testId);
    // Right on the first question, wrong on the second, the rest unanswered.
    const first = JSON.parse(draw[0]!.option_order!) as number[];
    const second = JSON.parse(draw[1]!.option_order!) as number[];
    const answers = {
      [draw[0]!.question_id]: first.indexOf(correctOf(draw[0]!.question_id)),
      [draw[1]!.question_id]: (second.indexOf(correctOf(draw[1]!.question_id)) + 1) % 4,
    };
    expect((await journal(s.cookie, testId, [{ seq: 0, kind: "finish", payload: { answers } }])).status).toBe(200);

    type Review = { id: string; options: string[]; chosen: number | null; correct?: number };
    type View = { view: { mcq: { answered: number; total: number; questions: Review[] } } };
    const studentText = await (await call(`/student/submission/${testId}.data`, { cookie: s.cookie })).text();
    const student = (await loaderData<View>(`/student/submission/${testId}`, "routes/student.submission.$testId", s.cookie)).view.mcq;
    const adminView = (await loaderData<View>(`/admin/submission/${testId}`, "routes/admin.submission.$testId", admin)).view.mcq;
    // Both list the questions in the student's order, each one's options in the student's order.
    const expected = draw.map((d) => ({ id: d.question_id, options: (JSON.parse(d.option_order!) as number[]).map((j) => `DR-MCQ-opt-${d.question_id.split("-m").pop()}-${j}`) }));
    expect(student.questions.map(({ id, options }) => ({ id, options }))).toEqual(expected);
    expect(adminView.questions.map(({ id, options }) => ({ id, options }))).toEqual(expected);
    // The answers as positions in the student's order; the right option for the admin only.
    const chosen = draw.map((d) => answers[d.question_id] ?? null);
    expect(student.questions.map((q) => q.chosen)).toEqual(chosen);
    expect(student).toMatchObject({ answered: 2, total: 20 });
    expect(student.questions.every((q) => !("correct" in q))).toBe(true);
    for (const secret of ["correct_index", "correctIndex", "\"correct\"", "option_order", "optionOrder"]) expect(studentText).not.toContain(secret);
    expect(adminView.questions.map((q) => q.correct)).toEqual(draw.map((d) => (JSON.parse(d.option_order!) as number[]).indexOf(correctOf(d.question_id))));
    // The answers as the pages render them: the student's two, marked in their order; the right options for the admin only.
    const html = await (await call(`/student/submission/${testId}`, { cookie: s.cookie })).text();
    expect(html.match(/data-testid="mcq-review-question"/g)).toHaveLength(20);
    expect(html.match(/data-chosen="true"/g)).toHaveLength(2);
    expect(html).toContain("Your answer");
    expect(html).not.toContain("Correct answer");
    const adminHtml = await (await call(`/admin/submission/${testId}`, { cookie: admin })).text();
    expect(adminHtml.match(/Correct answer/g)).toHaveLength(20);
    expect(adminHtml).toContain(">Right<");
    expect(adminHtml).toContain(">Wrong<");
    expect(adminHtml.match(/>Not answered</g)).toHaveLength(18);
  });
});
