// Guards for resource routes that write (issue 13). Remix checks nothing on
// a resource route, and a cookie is sent with a form posted from any page of
// the same site (another port of the same host is the same site), so every
// resource route that writes requires both of these:
// - `Content-Type: application/json`: an HTML form can only send
//   urlencoded, multipart or text/plain bodies, so it can never pass;
// - an `Origin` that is ours: browsers send it with every POST, and a page
//   cannot forge it.

/** A refusal with the `{ error }` body every resource route answers with. */
export function jsonError(message: string, status: number, headers?: HeadersInit) {
  return Response.json({ error: message }, { status, headers });
}

export const FOREIGN_ORIGIN_MESSAGE = "This request came from another site, so it was refused.";
export const NOT_JSON_MESSAGE = "Send this request as JSON (Content-Type: application/json).";

/**
 * Throws 403 unless the request's `Origin` is this server's own (the origin
 * it was addressed to, or one of `trusted`, e.g. the configured public URL).
 * A missing or `null` Origin is refused too: browsers always send one with a
 * POST.
 */
export function requireSameOrigin(request: Request, trusted: readonly (string | undefined)[] = []) {
  const origin = request.headers.get("Origin");
  const ours = new Set([new URL(request.url).origin]);
  for (const url of trusted) {
    if (!url) continue;
    try {
      ours.add(new URL(url).origin);
    } catch {
      // Not a URL: trusts nothing.
    }
  }
  if (!origin || !ours.has(origin)) throw jsonError(FOREIGN_ORIGIN_MESSAGE, 403);
}

/**
 * Remix refuses a route action whose `Origin` does not match the request's
 * host (`X-Forwarded-Host`, else `Host`), but by throwing: the answer was a
 * 500 "Unexpected Server Error". The same rule, checked before Remix, answers
 * 403 with our message instead. Null when the request may go on. A request
 * without an Origin passes, as it does in Remix: a browser always sends one
 * with a form post, so only a non-browser client leaves it out.
 */
export function foreignActionRefusal(request: Request): Response | null {
  if (!["POST", "PUT", "PATCH", "DELETE"].includes(request.method)) return null;
  const origin = request.headers.get("Origin");
  if (origin === null) return null;
  const host = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim() || request.headers.get("Host");
  let originHost: string | null = null;
  try {
    originHost = origin === "null" ? null : new URL(origin).host;
  } catch {
    // Not a URL: refused below.
  }
  return originHost !== null && host && originHost === host ? null : jsonError(FOREIGN_ORIGIN_MESSAGE, 403);
}

/** Throws 415 unless the body is declared JSON, then 403 unless it comes from our own origin. */
export function requireJsonWrite(request: Request, trusted: readonly (string | undefined)[] = []) {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw jsonError(NOT_JSON_MESSAGE, 415);
  requireSameOrigin(request, trusted);
}

export function tooLargeMessage(maxBytes: number) {
  return `This request is too large: at most ${formatBytes(maxBytes)} at a time.`;
}

function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * The body parsed as JSON, reading at most `maxBytes`: throws 413 beyond
 * that (before reading anything when Content-Length says so) and 400 when it
 * is not JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const length = request.headers.get("Content-Length");
  const declared = length === null ? NaN : Number(length);
  if (Number.isFinite(declared) && declared > maxBytes) throw jsonError(tooLargeMessage(maxBytes), 413);
  // A declared length within the cap bounds the body (HTTP framing): read it whole (checked again, in case
  // the header lied). Without one, count the bytes as they stream in.
  const text = Number.isInteger(declared) && declared >= 0 ? await readDeclared(request, maxBytes) : await readCapped(request, maxBytes);
  if (text === null) throw jsonError(tooLargeMessage(maxBytes), 413);
  try {
    return JSON.parse(text);
  } catch {
    throw jsonError("Body must be JSON", 400);
  }
}

async function readDeclared(request: Request, maxBytes: number): Promise<string | null> {
  const text = await request.text();
  return text.length > maxBytes ? null : text;
}

async function readCapped(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
