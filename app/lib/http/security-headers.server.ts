// Response headers every page and resource carries (decision 021).

/** Headers for every response the Worker makes: pages, data requests, resource routes. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** 128 random bits, base64: fresh for every document. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

const SCRIPT_HASH = /^'?sha256-[A-Za-z0-9+/]{43}='?$/;

/**
 * The Content-Security-Policy of an HTML document.
 *
 * - Scripts: our own files, and inline scripts only with this response's nonce
 *   (the theme boot script, Remix's context, route-module and streaming scripts,
 *   React's Suspense scripts). `extraScriptHashes` admits one more inline
 *   script by hash: wrangler's live-reload script in `npm run dev` only.
 * - Styles: 'unsafe-inline', because server-rendered style="" attributes and
 *   CodeMirror's injected <style> elements need it.
 * - Connections: this origin, including its WebSockets (parties, the
 *   playground's interactive terminal), named explicitly for older browsers
 *   that do not read 'self' as covering ws:/wss:.
 */
export function contentSecurityPolicy(opts: {
  nonce: string;
  url: string;
  extraScriptHashes?: readonly string[];
  /** LMS origins that may frame this page (decision 025); none means 'none'. */
  frameAncestors?: readonly string[];
}): string {
  const url = new URL(opts.url);
  const socketOrigin = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  const hashes = (opts.extraScriptHashes ?? [])
    .map((h) => h.trim())
    .filter((h) => SCRIPT_HASH.test(h))
    .map((h) => `'${h.replace(/'/g, "")}'`);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${opts.nonce}'`, ...hashes],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", socketOrigin],
    "worker-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": opts.frameAncestors?.length ? ["'self'", ...opts.frameAncestors] : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/**
 * The response with SECURITY_HEADERS set. A WebSocket handshake (101) passes
 * untouched: copying it would drop its socket, and it carries no content. A
 * page whose own CSP lets an LMS frame it (decision 025) gets no
 * X-Frame-Options: DENY would forbid what frame-ancestors allows.
 */
export function withSecurityHeaders(response: Response): Response {
  if (response.status === 101 || response.webSocket) return response;
  const framable = /(?:^|;)\s*frame-ancestors\s+(?!'none')/.test(response.headers.get("Content-Security-Policy") ?? "");
  const headers = Object.entries(SECURITY_HEADERS).filter(([name]) => !(framable && name === "X-Frame-Options"));
  let out = response;
  try {
    for (const [name, value] of headers) out.headers.set(name, value);
  } catch {
    // Immutable headers (a fetched response passed through): copy once.
    out = new Response(response.body, response);
    for (const [name, value] of headers) out.headers.set(name, value);
  }
  return out;
}
