import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

// The network indicator pings this every 10 s (spec README difference 11).
// `?bytes=N` (at most 32768) adds N characters of padding so the client can
// measure throughput, not just latency.
const MAX_PADDING_BYTES = 32_768;

export function loader({ request }: LoaderFunctionArgs) {
  const requested = Number(new URL(request.url).searchParams.get("bytes") ?? 0);
  const bytes = Number.isFinite(requested) ? Math.min(MAX_PADDING_BYTES, Math.max(0, Math.floor(requested))) : 0;
  const body: { ok: true; time: number; padding?: string } = { ok: true, time: Date.now() };
  if (bytes > 0) body.padding = randomPadding(bytes);
  return Response.json(body, {
    // no-transform: a compressed response would make the speed look far higher.
    headers: { "Cache-Control": "no-store, no-transform" },
  });
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Random base64url-like text (6 bits a character): compresses to ~75% at best. */
function randomPadding(length: number): string {
  const random = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  for (const b of random) out += ALPHABET[b & 63];
  return out;
}
