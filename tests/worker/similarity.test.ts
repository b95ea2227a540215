// The similarity check of a room (issue 23, decision 026): admin-only, stored
// and reused, decisions with their trail, the results' marker, and no way for
// a student to reach another student's code through it.
import { beforeAll, describe, expect, it } from "vitest";
import { call, postForm, signUp } from "./helpers";
import { disguised, original, own } from "../fixtures/similarity-programs";
import { journal, launch, makeRoom, one, rows, seedCodingCategory, signUpAdmin, start, takingStudent, testOf, type Room } from "./rooms-fixture";
import { analyse, analysed } from "./similarity-fixture";

const CATEGORY = "Similarity";
const Q0 = `${CATEGORY}-q0`;

let admin = "";
let room: Room;
const students: { cookie: string; email: string; name: string; testId: string }[] = [];

beforeAll(async () => {
  admin = await signUpAdmin();
  await seedCodingCategory(CATEGORY);
  room = await makeRoom(CATEGORY, "coding");
  const names = ["Ana Copy", "Ben Copy", "Cy Own"];
  for (const name of names) students.push({ ...(await takingStudent(room, name)), name, testId: "" });
  await start(room);
  for (const [i, s] of students.entries()) {
    expect((await launch(s.cookie, room)).status).toBe(302);
    s.testId = (await testOf(room, s.email)).id;
    const code = [original, disguised, own][i]!;
    const res = await journal(s.cookie, s.testId, [{ seq: 0, kind: "code", payload: { questionId: Q0, code } }]);
    expect(res.status).toBe(200);
  }
});

const similarityPage = () => `/admin/results/${room.id}/similarity`;

describe("the room's similarity", () => {
  it("analyses a question: the renamed, reordered copy is one pair at the top; the own solution is not with them", async () => {
    const res = await analyse(room, { questionId: Q0 });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Analysis started");
    // In the background: the room's object, on its own alarms.
    await analysed(room, Q0);
    const pairs = await rows<{ test_a: string; test_b: string; similarity: number; fragments: string }>(
      "SELECT test_a, test_b, similarity, fragments FROM similarity_pairs WHERE room_id = ? AND question_id = ? ORDER BY similarity DESC",
      room.id,
      Q0,
    );
    expect(pairs.length).toBeGreaterThan(0);
    expect([pairs[0]!.test_a, pairs[0]!.test_b].sort()).toEqual([students[0]!.testId, students[1]!.testId].sort());
    expect(pairs[0]!.similarity).toBeGreaterThanOrEqual(700);
    expect(JSON.parse(pairs[0]!.fragments).length).toBeGreaterThan(0);
    for (const p of pairs.slice(1)) expect(p.similarity).toBeLessThan(400);
    // The page lists it, above the default threshold.
    const page = await (await call(similarityPage(), { cookie: admin })).text();
    // A pair's two sides are in the order of their test ids, which are random.
    expect(page).toMatch(/Ana Copy(<!-- -->)? · (<!-- -->)?Ben Copy|Ben Copy(<!-- -->)? · (<!-- -->)?Ana Copy/);
    expect(page).not.toContain("Cy Own");
  });

  it("analysing again with nothing changed reuses the stored result; a change analyses again", async () => {
    const before = await one<{ analysed_at: number }>("SELECT analysed_at FROM similarity_runs WHERE room_id = ? AND question_id = ?", room.id, Q0);
    const again = await analyse(room, { questionId: Q0 });
    expect(await again.text()).toContain("Nothing changed since the last analysis");
    expect(await one("SELECT analysed_at FROM similarity_runs WHERE room_id = ? AND question_id = ?", room.id, Q0)).toEqual(before);
    const cy = students[2]!;
    expect((await journal(cy.cookie, cy.testId, [{ seq: 1, kind: "code", payload: { questionId: Q0, code: `${own}print("done")\n` } }])).status).toBe(200);
    expect(await (await analyse(room, { questionId: Q0 })).text()).toContain("Analysis started");
    await analysed(room, Q0);
    // The new run replaced the old one: one run's pairs, the one the page shows.
    const runIds = await rows<{ run_id: string }>("SELECT DISTINCT run_id FROM similarity_pairs WHERE room_id = ? AND question_id = ?", room.id, Q0);
    expect(runIds).toEqual([{ run_id: (await one<{ run_id: string }>("SELECT run_id FROM similarity_runs WHERE room_id = ? AND question_id = ?", room.id, Q0)).run_id }]);
  });

  it("records decisions with their trail; the results show a marker on the students of a confirmed pair", async () => {
    const pair = await one<{ id: string }>("SELECT id FROM similarity_pairs WHERE room_id = ? ORDER BY similarity DESC LIMIT 1", room.id);
    const members = [students[0]!.testId, students[1]!.testId].join(",");
    const dismissed = await postForm(`${similarityPage()}/${pair.id}`, { intent: "decide", questionId: Q0, members, verdict: "dismissed", note: "Same tutor example" }, admin);
    expect(dismissed.status).toBe(200);
    const confirmed = await postForm(`${similarityPage()}/${pair.id}`, { intent: "decide", questionId: Q0, members, verdict: "confirmed" }, admin);
    expect(confirmed.status).toBe(200);
    const trail = await rows<{ verdict: string; note: string | null; admin_name: string }>(
      "SELECT verdict, note, admin_name FROM similarity_decisions WHERE room_id = ? ORDER BY created_at",
      room.id,
    );
    expect(trail).toEqual([
      { verdict: "dismissed", note: "Same tutor example", admin_name: "Test Person" },
      { verdict: "confirmed", note: null, admin_name: "Test Person" },
    ]);
    const pairPage = await (await call(`${similarityPage()}/${pair.id}`, { cookie: admin })).text();
    expect(pairPage).toContain("Same tutor example");
    const results = await (await call(`/admin/results/${room.id}`, { cookie: admin })).text();
    expect(results.match(/Similarity confirmed/g)?.length).toBe(2);
    // Nothing changes a score by itself.
    expect(await one("SELECT total_score FROM student_tests WHERE id = ?", students[0]!.testId)).toEqual({ total_score: 0 });
  });

  it("refuses bad input with a message and writes nothing", async () => {
    const count = async () => (await one<{ n: number }>("SELECT count(*) AS n FROM similarity_decisions")).n;
    const before = await count();
    const cases: [Record<string, string>, string][] = [
      [{ intent: "decide", questionId: Q0, members: students[0]!.testId, verdict: "confirmed" }, "Pick at least two students"],
      [{ intent: "decide", questionId: Q0, members: `${students[0]!.testId},${students[1]!.testId}`, verdict: "maybe" }, "Choose confirmed or dismissed"],
      [{ intent: "decide", questionId: Q0, members: `${students[0]!.testId},nope`, verdict: "confirmed" }, "These students are not all in this room"],
      [{ intent: "decide", questionId: Q0, members: `${students[0]!.testId},${students[1]!.testId}`, verdict: "confirmed", note: "x".repeat(1001) }, "The note is too long"],
      [{ intent: "analyse", questionId: "not-in-room" }, "This question is not in the room"],
      [{ intent: "analyse", questionId: Q0, earlier: "maybe" }, "Choose whether to compare with earlier rooms"],
      [{ intent: "stop", questionId: Q0 }, "No analysis of this question is running"],
      [{ intent: "stop" }, "No analysis of this question is running"],
    ];
    for (const [fields, message] of cases) {
      const res = await postForm(similarityPage(), fields, admin);
      expect(res.status, message).toBeGreaterThanOrEqual(400);
      expect(res.status, message).toBeLessThan(500);
      expect(await res.text()).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it("is admin-only: a student, even one of the pair, reaches neither page nor action, nor any code", async () => {
    const pair = await one<{ id: string }>("SELECT id FROM similarity_pairs WHERE room_id = ? LIMIT 1", room.id);
    const other = await signUp({ role: "student" });
    for (const cookie of [students[0]!.cookie, other.cookie, undefined]) {
      for (const path of [similarityPage(), `${similarityPage()}/${pair.id}`]) {
        const page = await call(path, { cookie });
        expect(page.status).toBe(302);
        expect(await page.text()).not.toContain("sum_of_evens");
        // Single fetch answers a loader's redirect to sign-in as a 202 that names it; never the data.
        const data = await call(`${path}.data`, { cookie });
        expect(data.status).not.toBe(200);
        expect(await data.text()).not.toContain("sum_of_evens");
        const act = await postForm(`${path}.data`, { intent: "decide", questionId: Q0, members: `${students[0]!.testId},${students[1]!.testId}`, verdict: "dismissed" }, cookie);
        expect([401, 403]).toContain(act.status);
      }
      // Nor can they start or stop an analysis (issue 39).
      for (const fields of [{ intent: "analyse", questionId: Q0, earlier: "on" }, { intent: "stop", questionId: Q0 }] as Record<string, string>[]) {
        const act = await postForm(`${similarityPage()}.data`, fields, cookie);
        expect([401, 403]).toContain(act.status);
      }
    }
    expect(await rows("SELECT 1 FROM similarity_jobs WHERE room_id = ?", room.id)).toEqual([]);
  });
});
