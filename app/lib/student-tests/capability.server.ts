// The test capability (issue 40, decision 045): what lets an autosave skip the
// session lookup. Every journal answer that read the session carries one,
// HMAC-signed under a key derived from the auth secret, naming the test, its
// room, the student and the session, when the session was checked and when the
// capability ends. While it lasts, the journal's fast path takes autosaves on
// it alone; after that, the request goes the full way (the session cookie is
// read again) and its answer carries a new one. So a sign-out or a password
// reset ends it within CAPABILITY_MS; the room's Durable Object ends it at
// once for a removed or disqualified student.
import { signPayload, verifyPayload } from "~/lib/http/signed.server";
import { CAPABILITY_HEADER } from "./journal-response";

/** How long after its session was checked a capability lasts; then the full journal checks the session again and renews it. */
export const CAPABILITY_MS = 3 * 60_000;
export { CAPABILITY_HEADER };

export type Capability = { testId: string; roomId: string; studentId: string; sessionId: string; checkedAt: number };

const keyOf = (secret: string) => `test-capability:${secret}`;
const SAFE = /^[\w-]{1,100}$/;

/** The signed capability; null for ids it cannot carry (the journal then simply answers without one). */
export async function signCapability(secret: string, c: Capability): Promise<string | null> {
  if (![c.testId, c.roomId, c.studentId, c.sessionId].every((id) => SAFE.test(id))) return null;
  return signPayload(keyOf(secret), [c.testId, c.roomId, c.studentId, c.sessionId, c.checkedAt.toString(36)].join("~"));
}

/**
 * A capability for a student's test from a request that has just read their
 * session (the journal's full path, the test pages' loaders): so the page's
 * first autosaves already take the fast path.
 */
export function issueCapability(secret: string, ids: { testId: string; roomId: string; studentId: string; sessionId: string }): Promise<string | null> {
  return signCapability(secret, { ...ids, checkedAt: Date.now() });
}

/**
 * The capability for `testId`, when the token is one this server signed for
 * that test and it has not ended (its session checked within CAPABILITY_MS); else null.
 */
export async function readCapability(secret: string, token: string | null, testId: string, now = Date.now()): Promise<Capability | null> {
  if (!token || token.length > 600) return null;
  const payload = await verifyPayload(keyOf(secret), token);
  if (!payload) return null;
  const [tId, roomId, studentId, sessionId, checked] = payload.split("~");
  const checkedAt = parseInt(checked ?? "", 36);
  if (tId !== testId || !roomId || !studentId || !sessionId || !Number.isFinite(checkedAt)) return null;
  // A capability from the future (a clock moved back) is no fresher than one just issued.
  if (now - checkedAt > CAPABILITY_MS || checkedAt - now > 60_000) return null;
  return { testId: tId, roomId, studentId, sessionId, checkedAt };
}
