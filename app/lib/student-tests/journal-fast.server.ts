// The journal's fast path (issue 40, decision 045), the Worker's step before
// the full journal: a batch of autosaves, tab switches and unlocks sent with a
// test capability is answered by the room's Durable Object, with no load
// context and no session lookup.
import { getServerEnv } from "~/lib/env.server";
import { requireJsonWrite } from "~/lib/http/json-request.server";
import { roomObject } from "~/lib/party.server";
import { recentAnchor } from "./anchor.server";
import { CAPABILITY_HEADER, readCapability } from "./capability.server";
import { JOURNAL_LIMITS, JournalBatchSchema } from "./journal-protocol";
import { fastPathTakes } from "./journal.server";

/**
 * The room's object answers what it holds: autosaves make no D1 query, and a
 * tab switch or an unlock one batch (its entry and its effect).
 * Otherwise this answers the request to pass on to the full journal (no
 * capability, one that has ended or is for another test, a batch with
 * anything else in it, or one the object leaves to the full journal): the
 * original, or, once the body has been read, a copy carrying it (reading the
 * body once costs less than a clone of the request).
 */
export async function fastJournal(request: Request, env: Env, testId: string): Promise<Response | Request> {
  const token = request.headers.get(CAPABILITY_HEADER);
  if (!token) return request;
  const { BETTER_AUTH_SECRET: secret, BETTER_AUTH_URL: origin } = getServerEnv(env);
  const capability = await readCapability(secret, token, testId);
  if (!capability) return request;
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  try {
    requireJsonWrite(request, [origin]);
  } catch {
    return request; // the full journal gives the refusal its status and message
  }
  // Only a body of a declared length within the cap is read here; the full journal refuses the rest with its message.
  if (!Number.isInteger(declared) || declared < 0 || declared > JOURNAL_LIMITS.batchBytes) return request;
  const text = await request.text();
  const passOn = () => new Request(request.url, { method: request.method, headers: request.headers, body: text });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return passOn();
  }
  const parsed = JournalBatchSchema.safeParse(body);
  if (!parsed.success || !parsed.data.entries.every((e) => fastPathTakes(e.kind))) return passOn();
  const answer = await roomObject(env, capability.roomId).fastJournal(testId, capability.studentId, parsed.data.entries);
  if (!answer) return passOn();
  return Response.json({ ...answer, judged: [], anchor: await recentAnchor(secret) });
}
