// Server-signed time anchors (decision 019): "the server's clock read T", in
// a form only the server can produce. Every journal answer and the room
// party's welcome and pong carry one; each journal entry carries the newest
// one its device had seen. An anchor proves the entry was written after T;
// it cannot prove anything later, so a device can only ever weaken its claim
// by sending an older one.

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** A key of its own, derived from the auth secret (domain-separated, never the secret itself). */
function anchorKey(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(`proctor-edge/time-anchor/v1\0${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

function base64url(bytes: ArrayBuffer) {
  let text = "";
  for (const b of new Uint8Array(bytes)) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(new ArrayBuffer(binary.length));
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** `<ms>.<signature>`: the time stays readable, so the browser can order anchors without a key. */
export async function signAnchor(secret: string, now = Date.now()): Promise<string> {
  const time = String(Math.floor(now));
  const signature = await crypto.subtle.sign("HMAC", await anchorKey(secret), encoder.encode(time));
  return `${time}.${base64url(signature)}`;
}

/** The time an anchor vouches for, or null when it is not one this server signed. */
export async function verifyAnchor(secret: string, anchor: string | undefined | null): Promise<number | null> {
  if (!anchor) return null;
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{20,100})$/.exec(anchor);
  if (!match) return null;
  const signature = fromBase64url(match[2]!);
  if (!signature) return null;
  // verify() compares in constant time.
  const ok = await crypto.subtle.verify("HMAC", await anchorKey(secret), signature, encoder.encode(match[1]!));
  return ok ? Number(match[1]) : null;
}
