// Similarity analyses in Worker tests (issue 39, decision 044): Analyse now and
// Stop through the page's action, the room's object driven step by step (its
// real alarm) or left to run, and what D1 holds.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { postForm } from "./helpers";
import { waitFor } from "./lms-fixture";
import { admin, one, rows, type Room } from "./rooms-fixture";

export const similarityPage = (room: Room) => `/admin/results/${room.id}/similarity`;

export const roomObject = (room: Room) => env.RoomParty.get(env.RoomParty.idFromName(room.id));

export const analyse = (room: Room, fields: Record<string, string> = {}, cookie = admin) => postForm(similarityPage(room), { intent: "analyse", ...fields }, cookie);
export const stop = (room: Room, questionId: string, cookie = admin) => postForm(similarityPage(room), { intent: "stop", questionId }, cookie);

export type JobRow = { run_id: string; state: string; done: number; total: number | null; error: string | null };
export const jobOf = (room: Room, questionId: string) =>
  one<JobRow | undefined>("SELECT run_id, state, done, total, error FROM similarity_jobs WHERE room_id = ? AND question_id = ?", room.id, questionId);

export type RunRow = { run_id: string; state: string; pairs_done: number | null; pairs_total: number | null; submissions: number; earlier: string | null };
export const runOf = (room: Room, questionId: string) =>
  one<RunRow | undefined>("SELECT run_id, state, pairs_done, pairs_total, submissions, earlier FROM similarity_runs WHERE room_id = ? AND question_id = ?", room.id, questionId);

export type PairRow = { id: string; run_id: string; test_a: string; test_b: string; similarity: number };
export const pairsOf = (room: Room, questionId: string) =>
  rows<PairRow>("SELECT id, run_id, test_a, test_b, similarity FROM similarity_pairs WHERE room_id = ? AND question_id = ? ORDER BY similarity DESC, id", room.id, questionId);

/** A pair as a key that does not depend on its order: "a|b|similarity". */
export const pairKey = (a: string, b: string, pm: number) => `${[a, b].sort().join("|")}|${pm}`;

/** Analyses of this room run only when the test runs the room's alarm (`step`), `maxSlice` pairs at most a step. */
export async function manualPace(room: Room, maxSlice: number) {
  await runInDurableObject(roomObject(room), (_instance, state) => state.storage.put("similarity-pace", { maxSlice, manual: true }));
}

/** The room's analyses in storage, as its object keeps them. */
export const storedJobs = (room: Room) =>
  runInDurableObject(roomObject(room), async (_instance, state) => ((await state.storage.get<{ runId: string; questionId: string; cursor: number }[]>("similarity-jobs")) ?? []));

/** One step of the room's analysis: its job made due, and the room's alarm run. */
export async function step(room: Room) {
  await runInDurableObject(roomObject(room), async (_instance, state) => {
    const jobs = (await state.storage.get<{ nextAt: number }[]>("similarity-jobs")) ?? [];
    expect(jobs.length, "an analysis to step").toBeGreaterThan(0);
    await state.storage.put("similarity-jobs", jobs.map((j) => ({ ...j, nextAt: 0 })));
  });
  expect(await runDurableObjectAlarm(roomObject(room))).toBe(true);
}

/** Steps until the question's analysis ends (its job's row goes); fails on a failed one. */
export async function stepToEnd(room: Room, questionId: string) {
  for (let i = 0; i < 1000; i++) {
    const job = await jobOf(room, questionId);
    if (!job) return;
    if (job.state === "failed") throw new Error(`analysis failed: ${job.error}`);
    await step(room);
  }
  throw new Error("the analysis did not end within 1000 steps");
}

/** Waits for an analysis left to its own alarms to end. */
export function analysed(room: Room, questionId: string) {
  return waitFor(async () => {
    const job = await jobOf(room, questionId);
    if (job?.state === "failed") throw new Error(`analysis failed: ${job.error}`);
    return job ? undefined : true;
  }, "the analysis to end");
}
