// Similarity in the background (issue 39, decision 044), end to end: the
// page's actions, the room's real Durable Object driven alarm by alarm (and
// evicted), real D1. A run resumes after a restart and its pairs are those of
// a whole analysis; two clicks start one analysis; Stop keeps what finished
// and Analyse now goes on from there; earlier rooms' students are compared
// with this room's, never with each other; students reach none of it. Last, a
// measure of the steps for a room of 500 programs.
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { analyse as analyseAll, plan } from "~/lib/similarity/engine";
import { STORE_FLOOR } from "~/lib/similarity/similarity.server";
import { call, postForm } from "./helpers";
import { disguised, original, own } from "../fixtures/similarity-programs";
import { connect } from "./party-client";
import { admin, courseInstructorOf, journal, launch, makeRoom, one, rows, seedCodingCategory, signUpAdmin, start, takingStudent, testOf, type Room } from "./rooms-fixture";
import {
  analyse,
  analysed,
  jobOf,
  manualPace,
  pairKey,
  pairsOf,
  roomObject,
  runOf,
  similarityPage,
  step,
  stepToEnd,
  stop,
  storedJobs,
} from "./similarity-fixture";
import wordFrequency from "../similarity/dataset/python/word-frequency/original.py?raw";
import wordFrequency1 from "../similarity/dataset/python/word-frequency/independent-1.py?raw";
import wordFrequency2 from "../similarity/dataset/python/word-frequency/independent-2.py?raw";
import wordFrequency3 from "../similarity/dataset/python/word-frequency/independent-3.py?raw";

type Student = { cookie: string; email: string; name: string; testId: string; seq: number; code: string };

const fib = `def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

print(fib(int(input())))
`;
const fibRecursive = `import sys
sys.setrecursionlimit(10000)

def f(k, memo={}):
    if k < 2:
        return k
    if k not in memo:
        memo[k] = f(k - 1) + f(k - 2)
    return memo[k]

n = int(input())
print(f(n))
`;
const renamed = original.replaceAll("acc", "total").replaceAll("values", "numbers").replaceAll(" v ", " x ").replaceAll("v % 2", "x % 2").replaceAll("+= v", "+= x");
const evens = `n = int(input())
xs = list(map(int, input().split()))[:n]
s = 0
i = 0
while i < len(xs):
    if xs[i] % 2 == 0:
        s = s + xs[i]
    i += 1
print(s)
`;
const PROGRAMS = [original, disguised, own, renamed, fib, fibRecursive, evens, wordFrequency];

/** Students of the room, each with their first code for `question` sent through the journal. */
async function roomWith(room: Room, question: string, names: string[], programs: string[]): Promise<Student[]> {
  const students: Student[] = [];
  for (const name of names) students.push({ ...(await takingStudent(room, name)), name, testId: "", seq: 0, code: "" });
  await start(room);
  for (const [i, s] of students.entries()) {
    expect((await launch(s.cookie, room)).status).toBe(302);
    s.testId = (await testOf(room, s.email)).id;
    await write(s, question, programs[i]!);
  }
  return students;
}

async function write(s: Student, question: string, code: string) {
  const res = await journal(s.cookie, s.testId, [{ seq: s.seq++, kind: "code", payload: { questionId: question, code } }]);
  expect(res.status).toBe(200);
  s.code = code;
}

/** The engine's own result over the students' code, as the room's object reads it (sorted by test id): the pairs worth keeping. */
function expectedPairs(students: Student[], from = 0, to = Infinity) {
  const input = students.map((s) => ({ id: s.testId, code: s.code })).sort((a, b) => a.id.localeCompare(b.id));
  const p = plan(input, { language: "python" });
  const scored = to === Infinity ? analyseAll(input, { language: "python" }).pairs : p.score(from, to);
  return { total: p.total, keys: scored.filter((r) => r.similarity >= STORE_FLOOR).map((r) => pairKey(r.a, r.b, Math.round(r.similarity * 1000))).sort() };
}

const storedKeys = async (room: Room, question: string) => (await pairsOf(room, question)).map((p) => pairKey(p.test_a, p.test_b, p.similarity)).sort();
const inputsHeld = (room: Room) =>
  runInDurableObject(roomObject(room), (_i, state) => {
    const table = state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name = 'similarity_inputs'").toArray();
    return table.length ? Number(state.storage.sql.exec("SELECT COUNT(*) AS n FROM similarity_inputs").one().n) : 0;
  });
const pageText = async (room: Room) => (await (await call(similarityPage(room), { cookie: admin })).text()).replaceAll("<!-- -->", "");

beforeAll(async () => {
  await signUpAdmin();
});

describe("an analysis in the room's object", () => {
  const Q = "SimBg-q0";
  let room: Room;
  let students: Student[];

  beforeAll(async () => {
    await seedCodingCategory("SimBg");
    room = await makeRoom("SimBg", "coding");
    students = await roomWith(room, Q, PROGRAMS.map((_, i) => `Bg Student ${i}`), PROGRAMS);
    // Three pairs a step, and a step only when the test runs the alarm.
    await manualPace(room, 3);
    expect((await analyse(room, { questionId: Q })).status).toBe(200);
    await stepToEnd(room, Q);
    expect(await runOf(room, Q)).toMatchObject({ state: "done" });
  }, 120_000);

  it("scores a slice per alarm, resumes after a restart of the object, and replaces the older run only at its end", async () => {
    const older = (await runOf(room, Q))!;
    const olderKeys = await storedKeys(room, Q);
    // Cy hands in a copy of Ana's program now.
    await write(students[2]!, Q, `${original}# mine\n`);
    const res = await analyse(room, { questionId: Q });
    expect(await res.text()).toContain("Analysis started");
    expect(await jobOf(room, Q)).toMatchObject({ state: "running", done: 0, total: null });

    await step(room);
    const first = (await jobOf(room, Q))!;
    const total = first.total!;
    expect(total).toBeGreaterThan(9);
    expect(first.done).toBe(3);
    // The page shows the older run's pairs, and the new one's progress.
    expect((await runOf(room, Q))!.run_id).toBe(older.run_id);
    const page = await pageText(room);
    expect(page).toContain(`Analysing: 3 of ${total} pairs`);
    expect(page).toContain('aria-label="Stop the analysis of Echo 0"');

    // A restart (a deploy, an eviction): the job is in storage, the plan is made again from the stored input.
    await evictDurableObject(roomObject(room));
    await step(room);
    expect((await jobOf(room, Q))!.done).toBe(6);
    await evictDurableObject(roomObject(room));
    expect((await storedJobs(room)).map((j) => j.cursor)).toEqual([6]);
    await stepToEnd(room, Q);

    const run = (await runOf(room, Q))!;
    expect(run).toMatchObject({ state: "done", pairs_done: total, pairs_total: total, submissions: PROGRAMS.length });
    expect(run.run_id).not.toBe(older.run_id);
    // Exactly the pairs of one whole analysis of the new code: none twice, none missed, none of the older run.
    expect(await storedKeys(room, Q)).toEqual(expectedPairs(students).keys);
    expect(await storedKeys(room, Q)).not.toEqual(olderKeys);
    expect(new Set((await pairsOf(room, Q)).map((p) => p.run_id))).toEqual(new Set([run.run_id]));
    expect(await storedJobs(room)).toEqual([]);
    expect(await inputsHeld(room)).toBe(0);
  });

  it("two clicks at once start one analysis: the second answers with the running one", async () => {
    await write(students[0]!, Q, `${original}# again\nprint()\n`);
    const [a, b] = await Promise.all([analyse(room, { questionId: Q }), analyse(room, { questionId: Q })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const texts = [await a.text(), await b.text()];
    expect(texts.filter((t) => t.includes("Analysis started"))).toHaveLength(1);
    expect(texts.filter((t) => t.includes("This question is already being analysed"))).toHaveLength(1);
    expect(await storedJobs(room)).toHaveLength(1);
    expect(await rows("SELECT 1 FROM similarity_jobs WHERE room_id = ?", room.id)).toHaveLength(1);
    // A third, later: still the same one.
    expect(await (await analyse(room, { questionId: Q })).text()).toContain("This question is already being analysed: Analysing: preparing the programs");
    await stepToEnd(room, Q);
    expect(await storedKeys(room, Q)).toEqual(expectedPairs(students).keys);
  });

  it("Stop keeps the pairs compared so far and says where it stopped; Analyse now goes on from there", async () => {
    await write(students[1]!, Q, `${disguised}# v2\n`);
    expect(await (await analyse(room, { questionId: Q })).text()).toContain("Analysis started");
    await step(room);
    await step(room);
    const total = (await jobOf(room, Q))!.total!;
    const stopped = await stop(room, Q);
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain(`The analysis was stopped at 6 of ${total} pairs: the pairs compared are kept`);
    expect(await jobOf(room, Q)).toBeUndefined();
    expect(await storedJobs(room)).toEqual([]);
    const run = (await runOf(room, Q))!;
    expect(run).toMatchObject({ state: "stopped", pairs_done: 6, pairs_total: total });
    // The pairs of the first six candidates (which six depends on the random test ids), and only those: the older run's went.
    expect(await storedKeys(room, Q)).toEqual(expectedPairs(students, 0, 6).keys);
    for (const p of await pairsOf(room, Q)) expect(p.run_id).toBe(run.run_id);
    expect(await pageText(room)).toContain(`The analysis was stopped at 6 of ${total} pairs`);
    // Stop again: nothing runs.
    const again = await stop(room, Q);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("No analysis of this question is running");

    // The same code: the stopped run goes on from the 6th pair, under the same run.
    const resumed = await analyse(room, { questionId: Q });
    expect(await resumed.text()).toContain("Analysis started");
    expect(await jobOf(room, Q)).toMatchObject({ run_id: run.run_id, done: 6, total });
    await step(room);
    expect((await jobOf(room, Q))!.done).toBe(9);
    await stepToEnd(room, Q);
    expect(await runOf(room, Q)).toMatchObject({ run_id: run.run_id, state: "done", pairs_done: total });
    expect(await storedKeys(room, Q)).toEqual(expectedPairs(students).keys);
  });

  it("Stop before any pair was compared leaves the result shown as it was", async () => {
    const before = await runOf(room, Q);
    const beforeKeys = await storedKeys(room, Q);
    await write(students[3]!, Q, `${renamed}# v2\n`);
    expect(await (await analyse(room, { questionId: Q })).text()).toContain("Analysis started");
    const stopped = await stop(room, Q);
    expect(await stopped.text()).toContain("Analysis stopped before any pair was compared: the previous result stays");
    expect(await runOf(room, Q)).toEqual(before);
    expect(await storedKeys(room, Q)).toEqual(beforeKeys);
    expect(await jobOf(room, Q)).toBeUndefined();
  });

  it("publishes its progress to the room's admins only: a student of the room hears none of it", async () => {
    const adminSocket = await connect(room.id, admin);
    const studentSocket = await connect(room.id, students[0]!.cookie);
    await write(students[4]!, Q, `${fib}# v2\n`);
    expect(await (await analyse(room, { questionId: Q })).text()).toContain("Analysis started");
    await step(room);
    const { total } = (await jobOf(room, Q))!;
    expect(await adminSocket.inbox.next((m) => m.type === "similarity-changed" && m.state === "running" && m.total !== null)).toMatchObject({ done: 3, total });
    await stepToEnd(room, Q);
    await adminSocket.inbox.next((m) => m.type === "similarity-changed" && m.state === "done");
    // Messages arrive in order: after the student's pong, nothing sent before it is on its way.
    studentSocket.ws.send(JSON.stringify({ type: "ping", sentAt: 1 }));
    await studentSocket.inbox.next((m) => m.type === "pong");
    expect(studentSocket.inbox.seen.filter((m) => m.type === "similarity-changed")).toEqual([]);
    adminSocket.ws.close();
    studentSocket.ws.close();
  });
});

describe("compare with earlier rooms", () => {
  const Q = "SimEarlier-q0";
  let earlier: Room;
  let current: Room;
  let earlierStudents: Student[];
  let students: Student[];
  let later: Student[];
  let earlierName = "";

  beforeAll(async () => {
    await seedCodingCategory("SimEarlier");
    // An earlier room whose two students handed in the same program, this room, and a room made after it.
    earlier = await makeRoom("SimEarlier", "coding");
    earlierStudents = await roomWith(earlier, Q, ["Eve Earlier", "Eli Earlier"], [original, original]);
    current = await makeRoom("SimEarlier", "coding");
    // (Six programs in all: code more than half of them share would count as boilerplate.)
    students = await roomWith(current, Q, ["Nia Now", "Noa Now", "Ned Now", "Nel Now"], [disguised, own, fib, evens]);
    const after = await makeRoom("SimEarlier", "coding");
    later = await roomWith(after, Q, ["Lou Later"], [original]);
    earlierName = (await one<{ room_name: string }>("SELECT room_name FROM test_rooms WHERE id = ?", earlier.id)).room_name;
  }, 120_000);

  it("pairs the earlier room's students with this room's, never with each other, and marks them on the page", async () => {
    const res = await analyse(current, { questionId: Q, earlier: "on" });
    expect(await res.text()).toContain("Analysis started");
    await analysed(current, Q);
    const run = (await runOf(current, Q))!;
    expect(JSON.parse(run.earlier!)).toEqual({ programs: 2, rooms: 1, capped: false });
    const pairs = await pairsOf(current, Q);
    const theirs = new Set(earlierStudents.map((s) => s.testId));
    const ours = new Set(students.map((s) => s.testId));
    // Each earlier student's copy is found with Nia's disguised one...
    for (const e of earlierStudents) {
      const pair = pairs.find((p) => [p.test_a, p.test_b].sort().join() === [e.testId, students[0]!.testId].sort().join());
      expect(pair, `${e.name} with Nia`).toBeDefined();
      expect(pair!.similarity).toBeGreaterThanOrEqual(700);
    }
    // ...but the two identical earlier programs are never a pair, and a room made later is not compared.
    for (const p of pairs) {
      expect(theirs.has(p.test_a) && theirs.has(p.test_b), "two earlier students").toBe(false);
      expect(ours.has(p.test_a) || ours.has(p.test_b)).toBe(true);
      expect([p.test_a, p.test_b]).not.toContain(later[0]!.testId);
    }
    const page = await pageText(current);
    expect(page).toContain(`Earlier room: ${earlierName}`);
    expect(page).toContain("Compared with 2 programs of 1 earlier room.");
    expect(page).toContain("Eve Earlier");
    expect(page).not.toContain("Lou Later");
  });

  it("opens a pair with an earlier student: their name, room and code; decisions name at least one student of this room", async () => {
    const eve = earlierStudents[0]!;
    const nia = students[0]!;
    const pair = (await pairsOf(current, Q)).find((p) => [p.test_a, p.test_b].includes(eve.testId))!;
    const res = await call(`${similarityPage(current)}/${pair.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    const html = (await res.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`Eve Earlier took this question in ${earlierName}`);
    expect(html).toContain("total_even");
    // This room's student on the left.
    expect(html.indexOf("Nia Now&#x27;s code")).toBeLessThan(html.indexOf("Eve Earlier&#x27;s code"));

    const members = [nia.testId, eve.testId].join(",");
    expect((await postForm(`${similarityPage(current)}/${pair.id}`, { intent: "decide", questionId: Q, members, verdict: "confirmed" }, admin)).status).toBe(200);
    expect(await one("SELECT members, verdict FROM similarity_decisions WHERE room_id = ? AND question_id = ?", current.id, Q)).toEqual({
      members: [nia.testId, eve.testId].sort().join(","),
      verdict: "confirmed",
    });
    const cases: [string, number, string][] = [
      [earlierStudents.map((s) => s.testId).join(","), 400, "A decision needs at least one student of this room"],
      // A student of a later room is in no pair of this room.
      [`${nia.testId},${later[0]!.testId}`, 404, "These students are not all in this room"],
    ];
    for (const [m, status, message] of cases) {
      const refused = await postForm(similarityPage(current), { intent: "decide", questionId: Q, members: m, verdict: "confirmed" }, admin);
      expect(refused.status, message).toBe(status);
      expect(await refused.text()).toContain(message);
    }
    // The results page marks this room's student only.
    const results = await (await call(`/admin/results/${current.id}`, { cookie: admin })).text();
    expect(results.match(/Similarity confirmed/g)?.length).toBe(1);
  });

  it("a course instructor of this room neither compares with earlier rooms nor sees who their students are (decision 025)", async () => {
    const instructor = await courseInstructorOf(current);
    const refused = await analyse(current, { questionId: Q, earlier: "on" }, instructor.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only an administrator can see the students of earlier rooms");
    const res = await call(similarityPage(current), { cookie: instructor.cookie });
    expect(res.status).toBe(200);
    const page = (await res.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("A student of an earlier room");
    expect(page).not.toContain("Eve Earlier");
    expect(page).not.toContain(earlierName);
    expect(page).not.toContain("Compare with earlier rooms");
    const pair = (await pairsOf(current, Q)).find((p) => [p.test_a, p.test_b].includes(earlierStudents[0]!.testId))!;
    const detail = await call(`${similarityPage(current)}/${pair.id}`, { cookie: instructor.cookie });
    expect(detail.status).toBe(403);
    expect(await detail.text()).not.toContain("total_even");
  });

  it("without earlier rooms the input differs: analysed again, this room's students only", async () => {
    expect(await (await analyse(current, { questionId: Q })).text()).toContain("Analysis started");
    await analysed(current, Q);
    expect((await runOf(current, Q))!.earlier).toBeNull();
    const ours = new Set(students.map((s) => s.testId));
    for (const p of await pairsOf(current, Q)) expect(ours.has(p.test_a) && ours.has(p.test_b)).toBe(true);
  });
});

describe("a room of 500 programs (a measure, printed)", () => {
  const Q = "SimBig-q0";
  const N = 500;

  it("analyses in steps of about the budget each", async () => {
    await seedCodingCategory("SimBig");
    const room = await makeRoom("SimBig", "coding");
    const { id: questionListed } = await one<{ id: string }>("SELECT question_id AS id FROM room_questions WHERE room_id = ? AND question_id = ?", room.id, Q);
    expect(questionListed).toBe(Q);
    // 500 tests written straight to D1 (signing up 500 students would take minutes): each a word-frequency program, renamed.
    const sources = [wordFrequency, wordFrequency1, wordFrequency2, wordFrequency3];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const tests = Array.from({ length: N }, (_, i) => {
      const source = sources[Math.floor(random() * sources.length)]!;
      return { user: `big-user-${i}-${room.id}`, test: `big-test-${i}-${room.id}`, code: source.replace(/\b([a-z][a-z0-9]{2,})\b/g, (w) => (random() < 0.5 ? `${w}_${i}` : w)) };
    });
    const json = JSON.stringify(tests);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO user (id, name, email) SELECT json_extract(value, '$.user'), 'Big', json_extract(value, '$.user') || '@example.edu' FROM json_each(?)").bind(json),
      env.DB.prepare("INSERT INTO student_tests (id, room_id, student_id) SELECT json_extract(value, '$.test'), ?, json_extract(value, '$.user') FROM json_each(?)").bind(room.id, json),
      env.DB.prepare("INSERT INTO live_code_progress (student_test_id, question_id, code) SELECT json_extract(value, '$.test'), ?, json_extract(value, '$.code') FROM json_each(?)").bind(Q, json),
    ]);
    await manualPace(room, 1_000_000);
    expect(await (await analyse(room, { questionId: Q })).text()).toContain("Analysis started");
    const steps: { ms: number; pairs: number }[] = [];
    let done = 0;
    for (let i = 0; i < 1000 && (await jobOf(room, Q)); i++) {
      const started = Date.now();
      await step(room);
      const job = await jobOf(room, Q);
      const now = job?.done ?? (await runOf(room, Q))!.pairs_done!;
      steps.push({ ms: Date.now() - started, pairs: now - done });
      done = now;
    }
    const run = (await runOf(room, Q))!;
    expect(run).toMatchObject({ state: "done", submissions: N });
    const kept = (await one<{ n: number }>("SELECT COUNT(*) AS n FROM similarity_pairs WHERE run_id = ?", run.run_id)).n;
    const durationMs = (await one<{ duration_ms: number }>("SELECT duration_ms FROM similarity_runs WHERE room_id = ? AND question_id = ?", room.id, Q)).duration_ms;
    console.log(
      `similarity, ${N} programs: ${run.pairs_total} candidate pairs, ${kept} kept, ${steps.length} steps; ` +
        `first step (plan + slice) ${steps[0]!.ms} ms; later steps ${steps.slice(1).map((s) => `${s.ms} ms/${s.pairs} pairs`).join(", ")}; work ${durationMs} ms`,
    );
    expect(steps.length).toBeGreaterThan(1);
  }, 300_000);
});
