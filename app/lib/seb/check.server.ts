// The Safe Exam Browser check (issue 38, decision 042): one function for the
// pages, the journal and the party's ticket. A request passes when it carries
// SEB's own header hash for its URL, or our client's copy of SEB's JS-API
// keys for one of this room's student pages; with Browser Exam Keys listed,
// the request hash over a listed key is needed as well.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getServerEnv } from "~/lib/env.server";
import { signPayload, verifyPayload } from "~/lib/http/signed.server";
import { configKey, plistXml, roomSebSettings, sha256Hex, type PlistDict } from "./config";
import { SEB_CONFIG_KEY_HASH_HEADER, SEB_PAGE_CONFIG_KEY_HEADER, SEB_PAGE_EXAM_KEY_HEADER, SEB_PAGE_URL_HEADER, SEB_REQUEST_HASH_HEADER } from "./headers";
import { isRoomStudentPage, SEB_DOWNLOAD_URL, SEB_QUIT_PATH, SEB_REQUIRED_MESSAGE, sebLink, sebStartPath, type SebRefusal } from "./seb";

/** What the check needs of a room. */
export type SebRoom = { id: string; sebRequired: boolean; sebBrowserExamKeys: readonly string[] };

/** The site's own origin: the configuration's start, quit and filter, and so its Config Key, are made from it. */
export const siteOrigin = (env: Env) => new URL(getServerEnv(env).BETTER_AUTH_URL).origin;

/** A room's SEB settings (the .seb's content) for this site. */
export function roomSettings(origin: string, roomId: string): PlistDict {
  return roomSebSettings({ origin, startUrl: new URL(sebStartPath(roomId), origin).href, quitUrl: new URL(SEB_QUIT_PATH, origin).href });
}

/** The .seb file: the room's settings as an XML property list. */
export const roomConfigFile = (origin: string, roomId: string) => plistXml(roomSettings(origin, roomId));

const configKeys = new Map<string, Promise<string>>();
/** The room's Config Key for this site, computed as SEB computes it (kept per isolate: it changes only with the site). */
export function roomConfigKey(origin: string, roomId: string): Promise<string> {
  const id = `${origin} ${roomId}`;
  let key = configKeys.get(id);
  if (!key) {
    key = configKey(roomSettings(origin, roomId));
    configKeys.set(id, key);
    if (configKeys.size > 1000) configKeys.delete(configKeys.keys().next().value!);
  }
  return key;
}

/** Equal strings, compared in time that depends only on their length. */
export function sameHash(a: string | null | undefined, b: string): boolean {
  if (typeof a !== "string" || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The absolute URL a SEB hash is computed over: the request's, without its fragment. */
const hashedUrl = (url: string) => url.split("#")[0]!;

/** Any of `keys` hashed with `url` equals `hash`. */
async function hashMatches(url: string, hash: string | null, keys: readonly string[]): Promise<boolean> {
  if (!hash) return false;
  const value = hash.trim().toLowerCase();
  let ok = false;
  for (const key of keys) ok = sameHash(value, await sha256Hex(hashedUrl(url) + key)) || ok;
  return ok;
}

/**
 * Whether this request comes from SEB with this room's configuration (and,
 * when the room lists Browser Exam Keys, one of those builds).
 * - SEB's headers: hashes over the URL the browser asked for (`requestUrl`).
 * - Our client's JS-API headers: hashes SEB computed for a page's URL, which
 *   must be one of this room's student pages on this site. A hash made for
 *   one URL matches no other, so nothing replays across pages or rooms.
 */
export async function passesSeb(request: Request, requestUrl: string, room: SebRoom, origin: string): Promise<boolean> {
  const config = await roomConfigKey(origin, room.id);
  const examKeys = room.sebBrowserExamKeys;
  const headers = request.headers;
  const viaHeaders = async () =>
    (await hashMatches(requestUrl, headers.get(SEB_CONFIG_KEY_HASH_HEADER), [config])) &&
    (examKeys.length === 0 || (await hashMatches(requestUrl, headers.get(SEB_REQUEST_HASH_HEADER), examKeys)));
  const viaPage = async () => {
    const page = headers.get(SEB_PAGE_URL_HEADER);
    if (!page || page.length > 2048) return false;
    let url: URL;
    try {
      url = new URL(page);
    } catch {
      return false;
    }
    if (url.origin !== new URL(requestUrl).origin || !isRoomStudentPage(url.pathname, room.id)) return false;
    return (
      (await hashMatches(page, headers.get(SEB_PAGE_CONFIG_KEY_HEADER), [config])) &&
      (examKeys.length === 0 || (await hashMatches(page, headers.get(SEB_PAGE_EXAM_KEY_HEADER), examKeys)))
    );
  };
  return (await viaHeaders()) || (await viaPage());
}

/** The refusal's body: the message, the link that opens the room in SEB, and where to get SEB. */
export const sebRefusal = (origin: string, roomId: string): SebRefusal => ({
  error: SEB_REQUIRED_MESSAGE,
  seb: { link: sebLink(origin, roomId), download: SEB_DOWNLOAD_URL },
});

/**
 * Throws the 403 refusal unless the room does not require SEB, the student is
 * allowed without it, or the request passes. Pages show it in their error
 * boundary; the journal's client keeps its entries.
 */
export async function requireSeb(request: Request, context: AppLoadContext, room: SebRoom, exempt: boolean): Promise<void> {
  if (!room.sebRequired || exempt) return;
  const origin = siteOrigin(context.cloudflare.env);
  // The URL the browser asked for (a data request's loader sees another), as SEB hashed it.
  if (await passesSeb(request, context.requestUrl ?? request.url, room, origin)) return;
  throw Response.json(sebRefusal(origin, room.id), { status: 403 });
}

// The party's ticket: SEB cannot add headers to a WebSocket upgrade, so a
// request that passed the check gets a short-lived ticket the party accepts.
export const SEB_TICKET_MS = 2 * 60_000;
const ticketKey = (secret: string) => `proctor-edge/seb-ticket/v1\0${secret}`;

/** `secret`: the auth secret (the ticket's key is derived from it). */
export async function signSebTicket(secret: string, roomId: string, userId: string, now = Date.now()): Promise<string> {
  return signPayload(ticketKey(secret), [encodeURIComponent(roomId), encodeURIComponent(userId), String(now + SEB_TICKET_MS)].join("~"));
}

export async function verifySebTicket(secret: string, ticket: string | null, roomId: string, userId: string, now = Date.now()): Promise<boolean> {
  if (!ticket || ticket.length > 1024) return false;
  const payload = await verifyPayload(ticketKey(secret), ticket);
  const [room, user, until] = payload?.split("~") ?? [];
  return room === encodeURIComponent(roomId) && user === encodeURIComponent(userId) && Number(until) > now;
}
