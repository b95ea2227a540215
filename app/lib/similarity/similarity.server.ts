// A room's similarity check (issue 23, decision 026): each coding question's
// final code per student analysed by the engine, the result stored so the
// page opens at once, analysed again only when some code changed; decisions
// with their trail; and the evidence only we have, the code timeline.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import {
  liveCodeProgress,
  questions,
  roomParticipants,
  similarityDecisions,
  similarityPairs,
  similarityRuns,
  studentTests,
  submissions,
  user,
} from "~/db/schema";
import { chunk, rowsPerInsert } from "~/lib/d1/limits";
import type { Db } from "~/lib/d1/db.server";
import { FormError } from "~/lib/http/forms.server";
import { codeTimeline } from "~/lib/monitor/monitor.server";
import type { Room } from "~/lib/rooms/rooms.server";
import { inRoomOrDrawn } from "~/lib/rooms/draws.server";
import { analyse, type Span } from "./engine";
import { fragmentEvidence, type FragmentEvidence } from "./evidence";
import { SIMILARITY_MESSAGES } from "./validation";
import { flushRoomJournal } from "~/lib/student-tests/code-journal.server";

export { SIMILARITY_MESSAGES };

/** Bumped when the engine changes, so every stored result is analysed again. */
export const ENGINE_VERSION = "2";
/** Pairs below this are not stored (the page's threshold never goes lower). */
export const STORE_FLOOR = 0.2;
/** At most this many pairs per question are stored, the most similar first. */
export const STORE_MAX = 2000;


const toPm = (x: number) => Math.round(x * 1000);
const spanArray = (s: Span) => [s.startLine, s.startCol, s.endLine, s.endCol];

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
  const [submitted, saved] = await db.batch([
    db
      .select({ testId: submissions.studentTestId, code: submissions.code })
      .from(submissions)
      .innerJoin(studentTests, eq(studentTests.id, submissions.studentTestId))
      .where(and(eq(studentTests.roomId, roomId), eq(submissions.questionId, questionId))),
    db
      .select({ testId: liveCodeProgress.studentTestId, code: liveCodeProgress.code })
      .from(liveCodeProgress)
      .innerJoin(studentTests, eq(studentTests.id, liveCodeProgress.studentTestId))
      .where(and(eq(studentTests.roomId, roomId), eq(liveCodeProgress.questionId, questionId))),
  ]);
  const byTest = new Map<string, string>();
  for (const row of saved) byTest.set(row.testId, row.code);
  for (const row of submitted) if (row.code.trim()) byTest.set(row.testId, row.code);
  return [...byTest].map(([id, code]) => ({ id, code })).sort((a, b) => a.id.localeCompare(b.id));
}

async function inputHash(items: { id: string; code: string }[]) {
  const text = `${ENGINE_VERSION}\n${items.map((s) => `${s.id}\u0000${s.code}`).join("\u0001")}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/**
 * Analyses one coding question of the room, unless nothing changed since the
 * last analysis. The new result replaces the old one in one batch.
 */
export async function analyseQuestion(db: Db, env: Env, room: Room, questionId: string): Promise<{ reused: boolean; pairs: number; durationMs: number }> {
  if (room.questionType !== "coding") throw new FormError(SIMILARITY_MESSAGES.notCoding);
  const question = (await roomCodingQuestions(db, room.id)).find((q) => q.id === questionId);
  if (!question) throw new FormError(SIMILARITY_MESSAGES.unknownQuestion, 404);
  const code = await finalCode(db, env, room.id, questionId);
  const hash = await inputHash(code);
  const before = await db
    .select()
    .from(similarityRuns)
    .where(and(eq(similarityRuns.roomId, room.id), eq(similarityRuns.questionId, questionId)))
    .get();
  if (before?.inputHash === hash) {
    const stored = await db.$count(similarityPairs, and(eq(similarityPairs.roomId, room.id), eq(similarityPairs.questionId, questionId)));
    return { reused: true, pairs: stored, durationMs: before.durationMs };
  }
  const started = Date.now();
  const result = analyse(code, { language: room.language });
  const durationMs = Date.now() - started;
  const kept = result.pairs.filter((p) => p.similarity >= STORE_FLOOR).slice(0, STORE_MAX);
  const rows = kept.map((p) => ({
    id: crypto.randomUUID(),
    roomId: room.id,
    questionId,
    testA: p.a,
    testB: p.b,
    similarity: toPm(p.similarity),
    coveredA: toPm(p.coveredA),
    coveredB: toPm(p.coveredB),
    longestFragment: p.longestFragment,
    fragments: p.fragments.map((f) => ({ a: spanArray(f.a), b: spanArray(f.b), tokens: f.tokens })),
  }));
  const thisQuestion = and(eq(similarityPairs.roomId, room.id), eq(similarityPairs.questionId, questionId));
  const run = {
    roomId: room.id,
    questionId,
    inputHash: hash,
    submissions: result.analysed,
    skipped: result.skipped.map((s) => ({ testId: s.id, reason: s.reason })),
    analysedAt: new Date(),
    durationMs,
  };
  await db.batch([
    db.delete(similarityPairs).where(thisQuestion),
    ...chunk(rows, rowsPerInsert(10)).map((part) => db.insert(similarityPairs).values(part)),
    db
      .insert(similarityRuns)
      .values(run)
      .onConflictDoUpdate({ target: [similarityRuns.roomId, similarityRuns.questionId], set: run }),
  ]);
  return { reused: false, pairs: rows.length, durationMs };
}

export type Student = { testId: string; name: string; email: string };

/** The students of the room's tests, by test id (names for the page; never their code). */
async function studentsOf(db: Db, roomId: string): Promise<Map<string, Student>> {
  const rows = await db
    .select({ testId: studentTests.id, name: roomParticipants.fullName, userName: user.name, email: user.email })
    .from(studentTests)
    .innerJoin(user, eq(user.id, studentTests.studentId))
    .leftJoin(roomParticipants, and(eq(roomParticipants.roomId, studentTests.roomId), eq(roomParticipants.studentId, studentTests.studentId)))
    .where(eq(studentTests.roomId, roomId))
    .all();
  return new Map(rows.map((r) => [r.testId, { testId: r.testId, name: r.name ?? r.userName, email: r.email }]));
}

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

/** The page: per coding question, its last analysis and stored pairs (above `minPm`), with names and decisions. */
export async function similarityOverview(db: Db, room: Room, minPm: number) {
  const [questionsOfRoom, students, runs, decisions] = await Promise.all([
    roomCodingQuestions(db, room.id),
    studentsOf(db, room.id),
    db.select().from(similarityRuns).where(eq(similarityRuns.roomId, room.id)).all(),
    decisionsOf(db, room.id),
  ]);
  const pairs = await db
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
    .where(eq(similarityPairs.roomId, room.id))
    .orderBy(desc(similarityPairs.similarity))
    .all();
  return {
    questions: questionsOfRoom.map((q) => {
      const run = runs.find((r) => r.questionId === q.id);
      return {
        ...q,
        run: run
          ? { analysedAt: run.analysedAt.getTime(), submissions: run.submissions, durationMs: run.durationMs, skipped: run.skipped.map((s) => ({ ...s, name: students.get(s.testId)?.name ?? "A student" })) }
          : null,
        pairs: pairs
          .filter((p) => p.questionId === q.id && p.similarity >= minPm)
          .map((p) => ({ ...p, a: students.get(p.testA) ?? null, b: students.get(p.testB) ?? null })),
      };
    }),
    decisions: decisions.map((d) => ({ ...d, names: d.members.map((m) => students.get(m)?.name ?? "A student") })),
  };
}

/** A pair with both programs, their matching fragments, and when each fragment first appeared in each student's code. */
export async function pairDetail(db: Db, env: Env, roomId: string, pairId: string) {
  const pair = await db
    .select()
    .from(similarityPairs)
    .where(and(eq(similarityPairs.id, pairId), eq(similarityPairs.roomId, roomId)))
    .get();
  if (!pair) throw new FormError(SIMILARITY_MESSAGES.pairNotFound, 404);
  const [students, code, question, timelineA, timelineB, decisions] = await Promise.all([
    studentsOf(db, roomId),
    finalCode(db, env, roomId, pair.questionId),
    db.select({ id: questions.id, title: questions.title, language: questions.language }).from(questions).where(eq(questions.id, pair.questionId)).get(),
    codeTimeline(db, env, roomId, pair.testA),
    codeTimeline(db, env, roomId, pair.testB),
    decisionsOf(db, roomId, pair.questionId),
  ]);
  const codeA = code.find((c) => c.id === pair.testA)?.code ?? "";
  const codeB = code.find((c) => c.id === pair.testB)?.code ?? "";
  const versions = (timeline: Awaited<ReturnType<typeof codeTimeline>>) =>
    timeline.versions.filter((v) => v.questionId === pair.questionId).sort((x, y) => x.at - y.at);
  const fragments = pair.fragments.map((f) => {
    const a = { startLine: f.a[0]!, startCol: f.a[1]!, endLine: f.a[2]!, endCol: f.a[3]! };
    const b = { startLine: f.b[0]!, startCol: f.b[1]!, endLine: f.b[2]!, endCol: f.b[3]! };
    return {
      a,
      b,
      tokens: f.tokens,
      evidenceA: fragmentEvidence(codeA, a, versions(timelineA)),
      evidenceB: fragmentEvidence(codeB, b, versions(timelineB)),
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
    a: { ...(students.get(pair.testA) ?? { testId: pair.testA, name: "A student", email: "" }), code: codeA },
    b: { ...(students.get(pair.testB) ?? { testId: pair.testB, name: "A student", email: "" }), code: codeB },
    fragments,
    trail: decisions.filter((d) => d.members.join(",") === key),
  };
}

/** Records a decision on a pair or group of the room's tests (the trail keeps every one). */
export async function decide(
  db: Db,
  roomId: string,
  input: { questionId: string; members: string[]; verdict: "confirmed" | "dismissed"; note: string | null },
  admin: { id: string; name: string },
) {
  const members = [...new Set(input.members)].sort();
  if (members.length < 2) throw new FormError("Pick at least two students");
  const known = await db
    .select({ id: studentTests.id })
    .from(studentTests)
    .where(and(eq(studentTests.roomId, roomId), inArray(studentTests.id, members)))
    .all();
  if (known.length !== members.length) throw new FormError("These students are not all in this room", 404);
  const question = (await roomCodingQuestions(db, roomId)).find((q) => q.id === input.questionId);
  if (!question) throw new FormError(SIMILARITY_MESSAGES.unknownQuestion, 404);
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
