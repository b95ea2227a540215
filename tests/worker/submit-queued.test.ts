// An online Submit Code that outlives the runner queue (issue 40, item 5): the
// coding page's action answers `queued` with the journal's message instead of
// "Failed to submit code", and the page's journal entry is then judged once
// the runner has room. The route's own action runs with a runner that cannot
// be reached (an address nothing listens on); the journal then judges the
// same submission on the real runner.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getLoadContext } from "../../load-context";
import { action } from "~/routes/test.$roomId.coding";
import { RUNNER_BUSY_SAVED } from "~/lib/student-tests/submit-messages";
import { ORIGIN } from "./helpers";
import { journal, launch, makeRoom, rows, seedCodingCategory, signUpAdmin, start, takingStudent, testOf, type Room } from "./rooms-fixture";

const CATEGORY = "SQ-Coding";
let room: Room;
let student: { cookie: string; email: string };

/** An address nothing listens on. */
const NO_RUNNER = "http://127.0.0.1:9";

/** The coding page's action, as Remix calls it, on a Worker whose runner is `runnerUrl`. */
function actOn(runnerUrl: string, fields: Record<string, string>) {
  const request = new Request(`${ORIGIN}/test/${room.id}/coding`, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: student.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const context = getLoadContext(request, { env: { ...env, RUNNER_URL: runnerUrl }, ctx: createExecutionContext(), cf: undefined, caches });
  return action({ request, context, params: { roomId: room.id } }) as Promise<unknown>;
}

beforeAll(async () => {
  await signUpAdmin();
  await seedCodingCategory(CATEGORY);
  room = await makeRoom(CATEGORY, "coding");
  student = await takingStudent(room, "Queued Submitter");
  await start(room);
  expect((await launch(student.cookie, room)).status).toBe(302);
});

describe("a Submit Code the runner cannot take now", () => {
  it("is answered `queued` with the journal's message, stores nothing yet, and the journal's entry is judged later", async () => {
    const test = await testOf(room, student.email);
    const [{ question_id: questionId }] = await rows<{ question_id: string }>("SELECT question_id FROM test_draws WHERE student_test_id = ? ORDER BY position", test.id);
    const code = "print(input())";

    const answer = await actOn(NO_RUNNER, { intent: "submit", questionId: questionId!, code });
    expect(answer).toEqual({ ok: false, error: RUNNER_BUSY_SAVED, queued: true });
    expect(await rows("SELECT id FROM submissions WHERE student_test_id = ?", test.id)).toEqual([]);

    // The page then appends a submit-code entry to its journal; the Worker's own runner judges it.
    const res = await journal(student.cookie, test.id, [{ seq: 1, kind: "submit-code", payload: { questionId, code } }]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { accepted: string[]; judged: { questionId: string; passed: number | null; total: number | null }[] };
    expect(body.accepted).toHaveLength(1);
    expect(body.judged.map((j) => j.questionId)).toEqual([questionId]);
    expect((await rows("SELECT code FROM submissions WHERE student_test_id = ?", test.id)).map((r) => r.code)).toEqual([code]);
  });

  it("a Run Code the runner cannot take keeps its own message", async () => {
    const test = await testOf(room, student.email);
    const [{ question_id: questionId }] = await rows<{ question_id: string }>("SELECT question_id FROM test_draws WHERE student_test_id = ? ORDER BY position", test.id);
    const answer = await actOn(NO_RUNNER, { intent: "run", questionId: questionId!, code: "print(1)" });
    // Remix's data(): the failure's body and its status.
    const { data, init } = answer as { data: { ok: boolean; error: string; queued?: boolean }; init: { status: number } };
    expect(data.ok).toBe(false);
    expect(data.error).toMatch(/^Failed to run code: /);
    expect(data.queued).toBeUndefined();
    expect(init.status).toBe(503);
  });
});
