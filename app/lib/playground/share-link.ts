// Share links of the playground. The spec's links carry the code (base64) and
// the language as query parameters (?code=&lang=), which sends a student's
// code to every server log and Referer on the way. Ours put both in the URL
// fragment, which the browser never sends, compressed (deflate-raw, then
// base64url): #lang=python&z=... . Links in the spec's query form still open.
// Isomorphic: CompressionStream, Blob and jose's base64url run in browsers,
// Workers and Node alike.
import { base64url } from "jose";
import { LANGUAGES, MAX_CODE_BYTES, type Language } from "./playground";

export type SharedCode = { code: string; language: Language | null };
export type ShareLoad = { kind: "none" } | { kind: "loaded"; shared: SharedCode } | { kind: "error" };

/** A share link may hold more than the runner takes (someone may share a long file to read), but not without bound. */
export const MAX_SHARED_BYTES = 4 * MAX_CODE_BYTES;

/** Standard or URL-safe base64, padded or not; a "+" that a query string turned into a space is a "+" again. Throws on anything else. */
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const urlSafe = text.trim().replace(/ /g, "+").replace(/\+/g, "-").replace(/\//g, "_");
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(urlSafe)) throw new Error("not base64");
  // A new array over a buffer of its own, as Blob wants it (jose types it loosely).
  return base64url.decode(urlSafe.replace(/=+$/, "")) as Uint8Array<ArrayBuffer>;
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Inflates, refusing (throwing) past `maxBytes` so a tiny link cannot expand into a huge page. */
async function inflate(bytes: Uint8Array<ArrayBuffer>, maxBytes: number): Promise<Uint8Array> {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error("shared code too large");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** UTF-8, as our links and `btoa(unescape(encodeURIComponent(code)))` write it; bytes that are not UTF-8 were `btoa(code)` of Latin-1 text. */
function decodeText(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return Array.from(bytes, (b) => String.fromCharCode(b)).join("");
  }
}

function parseLanguage(value: string | null): Language | null | "invalid" {
  if (value === null || value === "") return null;
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : "invalid";
}

/** The fragment (without "#") of a link that opens this code: `lang=python&z=<deflate-raw, base64url>`. */
export async function shareFragment(code: string, language: Language): Promise<string> {
  const z = base64url.encode(await deflate(new TextEncoder().encode(code)));
  return `lang=${language}&z=${z}`;
}

/** The whole link: the playground's address (no query) and the fragment. */
export async function shareUrl(page: string, code: string, language: Language): Promise<string> {
  const base = page.replace(/[?#].*$/, "");
  return `${base}#${await shareFragment(code, language)}`;
}

/** The spec's query form, `?code=<base64 of UTF-8>&lang=`, for tests and for anyone who still makes them. */
export function legacyShareQuery(code: string, language: Language): string {
  const b64 = base64url.encode(code).replace(/-/g, "+").replace(/_/g, "/");
  const padded = b64.padEnd(Math.ceil(b64.length / 4) * 4, "=");
  return `?${new URLSearchParams({ code: padded, lang: language })}`;
}

/**
 * What a link opens: our fragment form first, then the spec's query form;
 * `none` when it carries no code, `error` when it does but cannot be read
 * (the page then says "Failed to load shared code").
 */
export async function readShareLink(href: string | URL): Promise<ShareLoad> {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { kind: "error" };
  }
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ""));
  const compressed = fragment.get("z");
  if (compressed !== null) {
    const language = parseLanguage(fragment.get("lang"));
    if (language === "invalid" || compressed === "") return { kind: "error" };
    try {
      const code = decodeText(await inflate(fromBase64(compressed), MAX_SHARED_BYTES));
      return { kind: "loaded", shared: { code, language } };
    } catch {
      return { kind: "error" };
    }
  }
  const plain = url.searchParams.get("code");
  if (plain !== null) {
    const language = parseLanguage(url.searchParams.get("lang"));
    if (language === "invalid" || plain.trim() === "") return { kind: "error" };
    try {
      const bytes = fromBase64(plain);
      if (bytes.length > MAX_SHARED_BYTES) return { kind: "error" };
      return { kind: "loaded", shared: { code: decodeText(bytes), language } };
    } catch {
      return { kind: "error" };
    }
  }
  return { kind: "none" };
}

/** The address without the shared code, for history.replaceState once it is loaded (an edit must not be undone by a reload). */
export function withoutShare(href: string): string {
  const url = new URL(href);
  url.hash = "";
  url.searchParams.delete("code");
  url.searchParams.delete("lang");
  return url.pathname + url.search;
}
