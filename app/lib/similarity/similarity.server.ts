// A room's similarity check (issue 23, decision 026): each coding question's
// final code per student analysed by the engine, the result stored so the
// page opens at once, analysed again only when some code changed; decisions
// with their trail; and the evidence only we have, the code timeline. The
// analysis itself runs in the room's Durable Object (issue 39, decision 044:
// analysis-job.server.ts); this is the Worker's side.
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import {
  questions,
  roomParticipants,
  similarityDecisions,
  similarityJobs,
  similarityPairs,
  similarityRuns,
  studentTests,
  testRooms,
  user,
} from "~/db/schema";
import type { Db } from "~/lib/d1/db.server";
import { FormError } from "~/lib/http/forms.server";
import { sha256Base64 } from "~/lib/http/signed.server";
import { roomObject } from "~/lib/party.server";
import { codeTimeline } from "~/lib/monitor/monitor.server";
import type { Room } from "~/lib/rooms/rooms.server";
import { inRoomOrDrawn } from "~/lib/rooms/draws.server";
import type { AnalysisOutcome, StopOutcome } from "./analysis";
import type { EarlierProgram } from "./earlier.server";
import type { Span } from "./engine";
import { fragmentEvidence, type FragmentEvidence } from "./evidence";
import { storedFinalCode } from "./final-code.server";
import { SIMILARITY_MESSAGES } from "./validation";
import { flushRoomJournal } from "~/lib/student-tests/code-journal.server";

export { SIMILARITY_MESSAGES };

/** Bumped when the engine changes, so every stored result is analysed again. */
export const ENGINE_VERSION = "3";
/** Pairs below this are not stored (the page's threshold never goes lower). */
export const STORE_FLOOR = 0.2;
/** At most this many pairs per question are stored, the most similar first. */
export const STORE_MAX = 2000;

/**
 * The room's coding questions and every coding question its students drew
 * (issue 36: a category section can draw a question added to the bank after
 * the room's list was saved), by title. Subqueries, never a list of ids.
 */
export async function roomCodingQuestions(db: Db, roomId: string) {
  return db
    .select({ id: questions.id, title: questions.title, language: questions.language })
    .from(questions)
    .where(and(eq(questions.type, "coding"), inRoomOrDrawn(db, roomId, questions.id)))
    .orderBy(asc(questions.title), asc(questions.id))
    .all();
}

/** Each student's final code for a question: the submitted code, else the last autosave. */
export async function finalCode(db: Db, env: Env, roomId: string, questionId: string) {
  // The room's object writes the code it holds first (decision 031): D1 then has every autosave.
  await flushRoomJournal(env, roomId);
  return storedFinalCode(db, eq(studentTests.roomId, roomId), questionId);
}

/**
 * What decides whether a stored analysis is still current: the engine's
 * version and every (test, final code), and the earlier rooms' programs when
 * compared with them (without them, the hash is the one of before issue 39).
 */
export async function inputHash(items: { id: string; code: string }[], earlier: EarlierProgram[] | null) {
  const join = (list: { id: string; code: string }[]) => list.map((s) => `${s.id}\u0000${s.code}`).join("\u0001");
  const text = `${ENGINE_VERSION}\n${join(items)}${earlier ? `\n\u0002earlier\n${join(earlier)}` : ""}`;
  return sha256Base64(text);
}


/**
 * Analyse now (issue 39): asks the room's object to analyse one coding
 * question, or each in turn, in the background. A question whose stored
 * result is of the same code is not analysed again; one already running is
 * not started twice (the object answers with it).
 */
export async function startAnalyses(
  db: Db,
  env: Env,
  room: Room,
  input: { questionId: string | null; earlier: boolean },
): Promise<{ questionId: string; title: string; outcome: AnalysisOutcome }[]> {
  if (room.questionType !== "coding") throw new FormError(SIMILARITY_MESSAGES.notCoding);
  const all = await roomCodingQuestions(db, room.id);
  const chosen = input.questionId === null ? all : all.filter((q) => q.id === input.questionId);
  if (chosen.length === 0) throw new FormError(SIMILARITY_MESSAGES.unknownQuestion, 404);
  const out = [];
  try {
    const stub = await roomObject(env, room.id);
    for (const q of chosen) {
      const outcome = await stub.startSimilarity({ questionId: q.id, language: room.language, roomCreatedAt: room.createdAt.getTime(), earlier: input.earlier });
      out.push({ questionId: q.id, title: q.title, outcome });
    }
  } catch (error) {
    console.error("similarity: the room's object could not start the analysis", error);
    throw new FormError(SIMILARITY_MESSAGES.analyseFailed, 503);
  }
  return out;
}

/** Stop: the running analysis of the question ends, keeping the pairs it compared (the page shows them as stopped). */
export async function stopAnalysis(env: Env, roomId: string, questionId: string): Promise<StopOutcome> {
  let outcome: StopOutcome;
  try {
    outcome = await (await roomObject(env, roomId)).stopSimilarity(questionId);
  } catch (error) {
    console.error("similarity: the room's object could not stop the analysis", error);
    throw new FormError(SIMILARITY_MESSAGES.stopFailed, 503);
  }
  if (outcome.kind === "not-running") throw new FormError(SIMILARITY_MESSAGES.notRunning, 409);
  return outcome;
}

/**
 * A student of a pair: of this room, or (compared with earlier rooms, issue
 * 39) of an earlier one, with that room's name.
 */
export type Student = { testId: string; name: string; email: string; roomId: string; earlierRoom: string | null };
export type Viewer = { courseOnly: boolean };

/** An LMS course's instructor never sees beyond their course's rooms (decision 025): an earlier room's student stays unnamed. */
function shownTo(viewer: Viewer, student: Student): Student {
  if (!viewer.courseOnly || student.earlierRoom === null) return student;
  return { ...student, name: "A student of an earlier room", email: "", earlierRoom: "an earlier room" };
}

async function studentsWhere(db: Db, roomId: string, which: SQL | undefined): Promise<Map<string, Student>> {
  const rows = await db
    .select({
      testId: studentTests.id,
      name: roomParticipants.fullName,
      userName: user.name,
      email: user.email,
      roomId: studentTests.roomId,
      roomName: testRooms.roomName,
    })
    .from(studentTests)
    .innerJoin(user, eq(user.id, studentTests.studentId))
    .innerJoin(testRooms, eq(testRooms.id, studentTests.roomId))
    .leftJoin(roomParticipants, and(eq(roomParticipants.roomId, studentTests.roomId), eq(roomParticipants.studentId, studentTests.studentId)))
    .where(which)
    .all();
  return new Map(
    rows.map((r) => [r.testId, { testId: r.testId, name: r.name ?? r.userName, email: r.email, roomId: r.roomId, earlierRoom: r.roomId === roomId ? null : r.roomName }]),
  );
}

/** The room's students, and the earlier rooms' students in its stored pairs, by test id (names for the page; never their code). */
function studentsOf(db: Db, roomId: string) {
  const inPairs = (column: typeof similarityPairs.testA) => db.select({ id: column }).from(similarityPairs).where(eq(similarityPairs.roomId, roomId));
  return studentsWhere(
    db,
    roomId,
    or(eq(studentTests.roomId, roomId), inArray(studentTests.id, inPairs(similarityPairs.testA)), inArray(studentTests.id, inPairs(similarityPairs.testB))),
  );
}

/** A stored pair of the run the page shows (never one a running analysis is staging). */
const shownRun = and(
  eq(similarityRuns.roomId, similarityPairs.roomId),
  eq(similarityRuns.questionId, similarityPairs.questionId),
  eq(similarityRuns.runId, similarityPairs.runId),
);

export type Decision = { members: string[]; verdict: "confirmed" | "dismissed"; note: string | null; adminName: string; at: number };

/** Every decision of the room, newest first (the trail); the first per members is the one that stands. */
export async function decisionsOf(db: Db, roomId: string, questionId?: string): Promise<Decision[]> {
  const rows = await db
    .select()
    .from(similarityDecisions)
    .where(questionId ? and(eq(similarityDecisions.roomId, roomId), eq(similarityDecisions.questionId, questionId)) : eq(similarityDecisions.roomId, roomId))
    .orderBy(desc(similarityDecisions.createdAt))
    .limit(2000)
    .all();
  return rows.map((r) => ({ members: r.members.split(","), verdict: r.verdict, note: r.note, adminName: r.adminName, at: r.createdAt.getTime() }));
}

/**
 * The page: per coding question, the analysis shown (finished, or stopped
 * part-way) and its stored pairs from `minPm`, with names and decisions, and
 * the analysis running in the background, if any.
 */
export async function similarityOverview(db: Db, room: Room, minPm: number, viewer: Viewer) {
  const [questionsOfRoom, students, runs, jobs, decisions, pairs] = await Promise.all([
    roomCodingQuestions(db, room.id),
    studentsOf(db, room.id),
    db.select().from(similarityRuns).where(eq(similarityRuns.roomId, room.id)).all(),
    db.select().from(similarityJobs).where(eq(similarityJobs.roomId, room.id)).all(),
    decisionsOf(db, room.id),
    db
      .select({
        id: similarityPairs.id,
        questionId: similarityPairs.questionId,
        testA: similarityPairs.testA,
        testB: similarityPairs.testB,
        similarity: similarityPairs.similarity,
        coveredA: similarityPairs.coveredA,
        coveredB: similarityPairs.coveredB,
        longestFragment: similarityPairs.longestFragment,
      })
      .from(similarityPairs)
      .innerJoin(similarityRuns, shownRun)
      .where(and(eq(similarityPairs.roomId, room.id), sql`${similarityPairs.similarity} >= ${minPm}`))
      .orderBy(desc(similarityPairs.similarity), desc(similarityPairs.longestFragment))
      .all(),
  ]);
  const student = (id: string) => {
    const s = students.get(id);
    return s ? shownTo(viewer, s) : null;
  };
  const named = <T extends { testId: string }>(list: T[]) => list.map((s) => ({ ...s, name: student(s.testId)?.name ?? "A student" }));
  return {
    questions: questionsOfRoom.map((q) => {
      const run = runs.find((r) => r.questionId === q.id);
      const job = jobs.find((j) => j.questionId === q.id);
      return {
        ...q,
        run: run
          ? {
              analysedAt: run.analysedAt.getTime(),
              submissions: run.submissions,
              durationMs: run.durationMs,
              state: run.state,
              pairsDone: run.pairsDone,
              pairsTotal: run.pairsTotal,
              earlier: run.earlier,
              skipped: named(run.skipped),
              notes: named(run.notes),
            }
          : null,
        job: job ? { state: job.state, done: job.done, total: job.total, earlier: job.earlier, startedAt: job.startedAt.getTime(), error: job.error } : null,
        pairs: pairs
          .filter((p) => p.questionId === q.id)
          // This room's student first.
          .map((p) => (students.get(p.testA)?.earlierRoom ? { ...p, testA: p.testB, testB: p.testA, coveredA: p.coveredB, coveredB: p.coveredA } : p))
          .map((p) => ({ ...p, a: student(p.testA), b: student(p.testB) })),
      };
    }),
    decisions: decisions.map((d) => ({ ...d, names: d.members.map((m) => student(m)?.name ?? "A student") })),
  };
}

const toSpan = (f: number[]): Span => ({ startLine: f[0]!, startCol: f[1]!, endLine: f[2]!, endCol: f[3]! });

/**
 * A pair with both programs, their matching fragments, and when each fragment
 * first appeared in each student's code. A student of an earlier room brings
 * the code and timeline of their own room.
 */
export async function pairDetail(db: Db, env: Env, roomId: string, pairId: string, viewer: Viewer) {
  const stored = await db
    .select({ pair: similarityPairs })
    .from(similarityPairs)
    .innerJoin(similarityRuns, shownRun)
    .where(and(eq(similarityPairs.id, pairId), eq(similarityPairs.roomId, roomId)))
    .get();
  if (!stored) throw new FormError(SIMILARITY_MESSAGES.pairNotFound, 404);
  const students = await studentsWhere(db, roomId, inArray(studentTests.id, [stored.pair.testA, stored.pair.testB]));
  // This room's student on the left.
  const swap = students.get(stored.pair.testA)?.earlierRoom != null;
  const pair = swap
    ? {
        ...stored.pair,
        testA: stored.pair.testB,
        testB: stored.pair.testA,
        coveredA: stored.pair.coveredB,
        coveredB: stored.pair.coveredA,
        fragments: stored.pair.fragments.map((f) => ({ a: f.b, b: f.a, tokens: f.tokens })),
      }
    : stored.pair;
  const side = (testId: string): Student => students.get(testId) ?? { testId, name: "A student", email: "", roomId, earlierRoom: null };
  const [a, b] = [side(pair.testA), side(pair.testB)];
  if (viewer.courseOnly && (a.earlierRoom !== null || b.earlierRoom !== null)) throw new FormError(SIMILARITY_MESSAGES.earlierAdminOnly, 403);
  // Each room's object writes the code it holds first (decision 031).
  await Promise.all([...new Set([a.roomId, b.roomId])].map((id) => flushRoomJournal(env, id)));
  const [code, question, timelineA, timelineB, decisions] = await Promise.all([
    storedFinalCode(db, inArray(studentTests.id, [a.testId, b.testId]), pair.questionId),
    db.select({ id: questions.id, title: questions.title, language: questions.language }).from(questions).where(eq(questions.id, pair.questionId)).get(),
    codeTimeline(db, env, a.roomId, a.testId),
    codeTimeline(db, env, b.roomId, b.testId),
    decisionsOf(db, roomId, pair.questionId),
  ]);
  const codeA = code.find((c) => c.id === a.testId)?.code ?? "";
  const codeB = code.find((c) => c.id === b.testId)?.code ?? "";
  const versions = (timeline: Awaited<ReturnType<typeof codeTimeline>>) =>
    timeline.versions.filter((v) => v.questionId === pair.questionId).sort((x, y) => x.at - y.at);
  const fragments = pair.fragments.map((f) => {
    const spanA = toSpan(f.a);
    const spanB = toSpan(f.b);
    return {
      a: spanA,
      b: spanB,
      tokens: f.tokens,
      evidenceA: fragmentEvidence(codeA, spanA, versions(timelineA)),
      evidenceB: fragmentEvidence(codeB, spanB, versions(timelineB)),
    } satisfies { a: Span; b: Span; tokens: number; evidenceA: FragmentEvidence | null; evidenceB: FragmentEvidence | null };
  });
  const key = [pair.testA, pair.testB].sort().join(",");
  // Both students' code timelines for this question, for the monitor's replay side by side.
  const onlyThisQuestion = (timeline: Awaited<ReturnType<typeof codeTimeline>>) => ({
    ...timeline,
    versions: versions(timeline),
    marks: timeline.marks.filter((m) => m.questionId === null || m.questionId === pair.questionId),
    offline: [],
  });
  return {
    timelines: { a: onlyThisQuestion(timelineA), b: onlyThisQuestion(timelineB) },
    pair: {
      id: pair.id,
      questionId: pair.questionId,
      similarity: pair.similarity,
      coveredA: pair.coveredA,
      coveredB: pair.coveredB,
      longestFragment: pair.longestFragment,
    },
    question: question ?? null,
    a: { ...a, code: codeA },
    b: { ...b, code: codeB },
    fragments,
    trail: decisions.filter((d) => d.members.join(",") === key),
  };
}

/**
 * Records a decision on a pair or group of the room's tests (the trail keeps
 * every one). A student of an earlier room may be among them when they are in
 * this question's analysis with this room's students (administrators only).
 */
export async function decide(
  db: Db,
  roomId: string,
  input: { questionId: string; members: string[]; verdict: "confirmed" | "dismissed"; note: string | null },
  admin: { id: string; name: string } & Viewer,
) {
  const members = [...new Set(input.members)].sort();
  if (members.length < 2) throw new FormError("Pick at least two students");
  const known = await db
    .select({ id: studentTests.id, roomId: studentTests.roomId })
    .from(studentTests)
    .where(inArray(studentTests.id, members))
    .all();
  if (known.length !== members.length) throw new FormError(SIMILARITY_MESSAGES.notInDecision, 404);
  const earlier = known.filter((t) => t.roomId !== roomId).map((t) => t.id);
  if (earlier.length === members.length) throw new FormError(SIMILARITY_MESSAGES.earlierOnly);
  const question = (await roomCodingQuestions(db, roomId)).find((q) => q.id === input.questionId);
  if (!question) throw new FormError(SIMILARITY_MESSAGES.unknownQuestion, 404);
  if (earlier.length > 0) {
    if (admin.courseOnly) throw new FormError(SIMILARITY_MESSAGES.earlierAdminOnly, 403);
    const paired = await db
      .select({ a: similarityPairs.testA, b: similarityPairs.testB })
      .from(similarityPairs)
      .innerJoin(similarityRuns, shownRun)
      .where(
        and(
          eq(similarityPairs.roomId, roomId),
          eq(similarityPairs.questionId, input.questionId),
          or(inArray(similarityPairs.testA, earlier), inArray(similarityPairs.testB, earlier)),
        ),
      )
      .all();
    const inAnalysis = new Set(paired.flatMap((p) => [p.a, p.b]));
    if (!earlier.every((id) => inAnalysis.has(id))) throw new FormError(SIMILARITY_MESSAGES.notInDecision, 404);
  }
  await db.insert(similarityDecisions).values({
    roomId,
    questionId: input.questionId,
    members: members.join(","),
    verdict: input.verdict,
    note: input.note,
    adminId: admin.id,
    adminName: admin.name,
  });
}

/** The tests of the room with a confirmed similarity decision standing (the results page's marker). */
export async function confirmedTests(db: Db, roomId: string): Promise<Set<string>> {
  const standing = new Map<string, Decision>();
  for (const d of await decisionsOf(db, roomId)) {
    const key = d.members.join(",");
    if (!standing.has(key)) standing.set(key, d);
  }
  const out = new Set<string>();
  for (const d of standing.values()) if (d.verdict === "confirmed") for (const m of d.members) out.add(m);
  return out;
}
