// What counts as an outage (decision 035): the room party records a student
// offline when their socket closes or stops pinging, but only the part of that
// time in which the server heard nothing else from them either is time lost.
// The server already keeps when it heard from them: every journal entry keeps
// the time it was received, code and answers in the room's object (decision
// 031, kept after a flush) and the rest in D1's journal_entries. So the hot
// path writes nothing more; the reading happens when an admin looks or credits.
import type { Db } from "~/lib/d1/db.server";
import { heldHeardDuring } from "./code-journal.server";
import { heardSpans, quietMs, type HeardSpan } from "./outages";

/** An outage that has ended and was not credited, with the part of it in which the server heard nothing from the student. */
export type QuietOutage = { id: string; studentId: string; startedAt: number; endedAt: number; quietMs: number };

type OutageRow = { id: string; studentId: string; startedAt: number; endedAt: number; testId: string | null };

/** The room's ended, uncredited outages (one student's, with `studentId`) and their quiet time. */
export async function quietOutages(db: Db, env: Env, roomId: string, studentId?: string): Promise<QuietOutage[]> {
  const d1 = db.$client;
  const student = studentId ? "AND d.student_id = ?" : "";
  const only = studentId ? [studentId] : [];
  const { results: outages } = await d1
    .prepare(
      `SELECT d.id, d.student_id AS studentId, d.started_at AS startedAt, d.ended_at AS endedAt, t.id AS testId
       FROM participant_disconnects d LEFT JOIN student_tests t ON t.room_id = d.room_id AND t.student_id = d.student_id
       WHERE d.room_id = ? ${student} AND d.ended_at IS NOT NULL AND d.credit_id IS NULL`,
    )
    .bind(roomId, ...only)
    .all<OutageRow>();
  const tested = outages.filter((o): o is OutageRow & { testId: string } => o.testId !== null && o.endedAt > o.startedAt);
  if (tested.length === 0) return outages.map((o) => quiet(o, []));
  const from = Math.min(...tested.map((o) => o.startedAt));
  const to = Math.max(...tested.map((o) => o.endedAt));
  const [journal, held] = await Promise.all([
    d1
      .prepare(
        `SELECT j.student_test_id AS testId, j.received_at AS at FROM journal_entries j JOIN student_tests t ON t.id = j.student_test_id
         WHERE t.room_id = ? ${studentId ? "AND t.student_id = ?" : ""} AND j.received_at >= ? AND j.received_at <= ?`,
      )
      .bind(roomId, ...only, from, to)
      .all<{ testId: string; at: number }>(),
    heldHeardDuring(
      env,
      roomId,
      tested.map((o) => ({ testId: o.testId, from: o.startedAt, to: o.endedAt })),
    ),
  ]);
  const timesByTest = new Map<string, number[]>();
  for (const r of journal.results) {
    const times = timesByTest.get(r.testId);
    if (times) times.push(r.at);
    else timesByTest.set(r.testId, [r.at]);
  }
  const spansByTest = new Map([...timesByTest].map(([testId, times]) => [testId, heardSpans(times)]));
  const heldByOutage = new Map(tested.map((o, i) => [o.id, held[i] ?? []]));
  return outages.map((o) => quiet(o, [...(o.testId ? (spansByTest.get(o.testId) ?? []) : []), ...(heldByOutage.get(o.id) ?? [])]));
}

function quiet(o: OutageRow, spans: HeardSpan[]): QuietOutage {
  return { id: o.id, studentId: o.studentId, startedAt: o.startedAt, endedAt: o.endedAt, quietMs: quietMs(o, spans) };
}
