// Tokens only this server can produce: `<payload>.<HMAC-SHA-256, base64url>`,
// each kind under a key of its own derived from the auth secret
// (domain-separated, never the secret itself). The LMS frame cookie (decision
// 025) and the SEB party ticket (decision 042) use it.
import { base64url } from "jose";

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(material: string) {
  let key = keys.get(material);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(material), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(material, key);
    if (keys.size > 32) keys.delete(keys.keys().next().value!);
  }
  return key;
}

/**
 * The bytes of base64url text as we write it (no padding), or null for
 * anything else. jose's decoder also takes "=" padding and whitespace (the
 * platform's Uint8Array.fromBase64 does, where there is one): refused here.
 */
export function fromB64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    // A new array over a buffer of its own, as WebCrypto wants it (jose types it loosely).
    return base64url.decode(text) as Uint8Array<ArrayBuffer>;
  } catch {
    return null;
  }
}

/** `payload` (no ".") signed under the key `keyMaterial` names (e.g. `lti-frame:${secret}`). */
export async function signPayload(keyMaterial: string, payload: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(keyMaterial), encoder.encode(payload));
  return `${payload}.${base64url.encode(new Uint8Array(signature))}`;
}

/**
 * Tokens this isolate has verified, and their payloads (issue 40): a student's
 * journal sends the same test capability and time anchor with request after
 * request, and an HMAC verifies the same way each time. Only tokens that
 * verified are kept, at most VERIFIED_MAX, the oldest dropped first.
 */
const verified = new Map<string, string>();
const VERIFIED_MAX = 4096;

/** The payload of a token signed under `keyMaterial`, or null (verify() compares in constant time). */
export async function verifyPayload(keyMaterial: string, token: string | null | undefined): Promise<string | null> {
  if (!token) return null;
  const known = `${keyMaterial}\0${token}`;
  const hit = verified.get(known);
  if (hit !== undefined) return hit;
  const payload = await verifyUncached(keyMaterial, token);
  if (payload !== null) {
    verified.set(known, payload);
    if (verified.size > VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  }
  return payload;
}

async function verifyUncached(keyMaterial: string, token: string): Promise<string | null> {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const text = token.slice(dot + 1);
  const signature = fromB64url(text);
  // Only the canonical text of a signature: base64url's last character carries
  // two spare bits, and a token with them flipped is not the token we issued.
  if (!signature || signature.length !== 32 || base64url.encode(signature) !== text) return null;
  return (await crypto.subtle.verify("HMAC", await hmacKey(keyMaterial), signature, encoder.encode(payload))) ? payload : null;
}

/**
 * SHA-256 of a text as standard base64: how a one-time token is kept (the LTI
 * handoff and login state store only this) and how the similarity check
 * knows its input. Stored values: its encoding must not change.
 */
export async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}
