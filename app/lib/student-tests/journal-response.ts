// The browser's check of the journal endpoint's answer: the same rules and
// defaults as JournalResponseSchema in ./journal-protocol.ts, hand-written so
// the test pages do not load zod (decision 022). journal-protocol.test.ts
// holds the two together.
import type { JournalResponse, JudgedEntry, TestState } from "./journal-protocol";

/** The header the journal sends its test capability in (capability.server.ts, decision 045). */
export const CAPABILITY_HEADER = "X-Test-Capability";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === "number" && !Number.isNaN(v);
const isStr = (v: unknown): v is string => typeof v === "string";
const isNumOrNull = (v: unknown): v is number | null => v === null || isNum(v);

function testState(v: unknown): TestState | null {
  if (!isObj(v)) return null;
  const { status, isDisqualified, isLocked, tabSwitchCount, unlockAttemptsRemaining, endsAt, serverNow } = v;
  // Absent is the schema's default 0; null (held results, decision 041) stays null.
  const totalScore = v.totalScore === undefined ? 0 : v.totalScore;
  const maxScore = v.maxScore === undefined ? 0 : v.maxScore;
  const submittedAt = v.submittedAt === undefined ? null : v.submittedAt;
  if (!isStr(status) || typeof isDisqualified !== "boolean" || typeof isLocked !== "boolean") return null;
  if (!isNum(tabSwitchCount) || !isNum(unlockAttemptsRemaining) || !isNumOrNull(endsAt) || !isNum(serverNow)) return null;
  if (!isNumOrNull(totalScore) || !isNumOrNull(maxScore) || !isNumOrNull(submittedAt)) return null;
  return { status, isDisqualified, isLocked, tabSwitchCount, unlockAttemptsRemaining, endsAt, serverNow, totalScore, maxScore, submittedAt };
}

function judged(v: unknown): JudgedEntry | null {
  if (!isObj(v)) return null;
  const { id, questionId, passed, total, marks, score } = v;
  return isStr(id) && isStr(questionId) && isNumOrNull(passed) && isNumOrNull(total) && isNumOrNull(marks) && isNumOrNull(score)
    ? { id, questionId, passed, total, marks, score }
    : null;
}

/** The answer with its defaults filled in, or null when it is not one (e.g. a captive portal's HTML). */
export function parseJournalResponse(value: unknown): JournalResponse | null {
  if (!isObj(value)) return null;
  const { accepted, rejected, anchor, capability } = value;
  const judgedRaw = value.judged ?? [];
  if (!Array.isArray(accepted) || !accepted.every(isStr)) return null;
  if (!Array.isArray(rejected) || !Array.isArray(judgedRaw)) return null;
  const rejectedOut: JournalResponse["rejected"] = [];
  for (const r of rejected) {
    if (!isObj(r) || !isStr(r.id) || !isStr(r.reason)) return null;
    rejectedOut.push({ id: r.id, reason: r.reason });
  }
  const judgedOut: JudgedEntry[] = [];
  for (const j of judgedRaw) {
    const entry = judged(j);
    if (!entry) return null;
    judgedOut.push(entry);
  }
  const state = testState(value.state);
  if (!state || (anchor !== undefined && !isStr(anchor)) || (capability !== undefined && !isStr(capability))) return null;
  return { accepted, rejected: rejectedOut, judged: judgedOut, state, ...(anchor === undefined ? {} : { anchor }), ...(capability === undefined ? {} : { capability }) };
}
