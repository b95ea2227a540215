// Server-signed time anchors (decision 019): "the server's clock read T", in
// a form only the server can produce. Every journal answer and the room
// party's welcome and pong carry one; each journal entry carries the newest
// one its device had seen. An anchor proves the entry was written after T;
// it cannot prove anything later, so a device can only ever weaken its claim
// by sending an older one.

import { signPayload, verifyPayload } from "~/lib/http/signed.server";

/** A key of its own, derived from the auth secret (domain-separated, never the secret itself). */
const anchorKey = (secret: string) => `proctor-edge/time-anchor/v1\0${secret}`;

/** `<ms>.<signature>`: the time stays readable, so the browser can order anchors without a key. */
export async function signAnchor(secret: string, now = Date.now()): Promise<string> {
  return signPayload(anchorKey(secret), String(Math.floor(now)));
}

/**
 * The journal's answers (issue 40): an anchor signed at most ANCHOR_REUSE_MS
 * ago is handed out again. It vouches for an earlier time, which only weakens
 * what an entry can claim, by at most that much; and a class's answers then
 * share anchors, which the journal verifies once (signed.server's cache). The
 * party's welcome and pong sign their exact server time (clock offsets use it).
 */
export const ANCHOR_REUSE_MS = 500;
let lastSigned: { secret: string; at: number; anchor: string } | null = null;
export async function recentAnchor(secret: string, now = Date.now()): Promise<string> {
  const at = Math.floor(now);
  if (lastSigned && lastSigned.secret === secret && at >= lastSigned.at && at - lastSigned.at < ANCHOR_REUSE_MS) return lastSigned.anchor;
  const anchor = await signAnchor(secret, at);
  lastSigned = { secret, at, anchor };
  return anchor;
}

/** The time an anchor vouches for, or null when it is not one this server signed. */
export async function verifyAnchor(secret: string, anchor: string | undefined | null): Promise<number | null> {
  if (!anchor || !/^\d{1,16}\.[A-Za-z0-9_-]{20,100}$/.test(anchor)) return null;
  const time = await verifyPayload(anchorKey(secret), anchor);
  return time === null ? null : Number(time);
}
