// Measures the connection and the server's clock against our own
// `/api/health` every 10 seconds (spec README difference 11, spec §9) and
// writes what it finds to the page's network status. Loaded after the first
// paint by network-status.ts, which starts it with the first subscriber and
// stops it with the last.
import { getNetworkStatus, goOffline, OFFSET_STORAGE_KEY, setNetworkStatus, type NetworkLabel } from "./network-store";

const PING_INTERVAL_MS = 10_000;
const PING_TIMEOUT_MS = 8_000;
const HEALTH_URL = "/api/health";
// Padding asked of the health endpoint. Weak links get the small probe, so
// the indicator never eats much of a student's bandwidth (16 KB / 10 s is
// ~13 kbps; 4 KB is ~3 kbps).
const PROBE_BYTES = 16_384;
const SMALL_PROBE_BYTES = 4_096;
const OFFSET_SAMPLES = 6;
/**
 * After a failed check while the browser says it is online, the next one comes
 * sooner than PING_INTERVAL_MS: first after this, then twice as long each time.
 * The first request after the network returns often fails (the connection is
 * still being set up, ERR_NETWORK_CHANGED), and "You are offline." must not
 * stay up for a whole interval after it (issue 34).
 */
export const RETRY_AFTER_FAILURE_MS = 1_000;

/** Spec §9: below 100 Slow, below 500 Good, otherwise Fast. */
export function labelForKbps(kbps: number): NetworkLabel {
  if (kbps < 100) return "Slow";
  if (kbps < 500) return "Good";
  return "Fast";
}

let timer: ReturnType<typeof setInterval> | null = null;
let inflight: AbortController | null = null;
let offsetSamples: { rtt: number; offset: number }[] = [];
let retry: ReturnType<typeof setTimeout> | null = null;
let retryDelay = RETRY_AFTER_FAILURE_MS;

/** A check failed: while the browser says it is online, try again soon (backing off to the interval). */
function retrySoon() {
  if (retry || timer === null || navigator.onLine === false) return;
  retry = setTimeout(() => {
    retry = null;
    void check();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, PING_INTERVAL_MS);
}

function cancelRetry() {
  if (retry) clearTimeout(retry);
  retry = null;
}

async function check() {
  inflight?.abort(); // a newer check (e.g. on `online`) supersedes the old one
  if (navigator.onLine === false) {
    inflight = null;
    goOffline();
    return;
  }
  const controller = new AbortController();
  inflight = controller;
  const timeout = setTimeout(() => controller.abort(), PING_TIMEOUT_MS);
  // The first probe is small too: it shares the link with the page's own first load.
  const { label } = getNetworkStatus();
  const bytes = label === null || label === "Slow" || label === "Offline" ? SMALL_PROBE_BYTES : PROBE_BYTES;
  try {
    const sentAt = Date.now();
    const start = performance.now();
    const res = await fetch(`${HEALTH_URL}?bytes=${bytes}&t=${sentAt}`, {
      cache: "no-store",
      credentials: "same-origin",
      signal: controller.signal,
    });
    const headersAt = performance.now();
    const text = await res.text();
    const end = performance.now();
    if (controller !== inflight) return;
    const body: unknown = res.ok ? JSON.parse(text) : null;
    if (!isHealth(body)) {
      goOffline(); // reachable but not answering: as good as unreachable
      retrySoon();
      return;
    }
    retryDelay = RETRY_AFTER_FAILURE_MS;
    // kbps = bits / ms. The whole round trip counts, as the spec's speed
    // check did; body length is bytes because the padding is ASCII.
    const kbps = (text.length * 8) / Math.max(1, end - start);
    setNetworkStatus({ label: labelForKbps(kbps), kbps: Math.round(kbps), online: true, serverOffset: offsetFrom(body.time, sentAt, headersAt - start) });
  } catch {
    if (controller === inflight) {
      goOffline();
      retrySoon();
    }
  } finally {
    clearTimeout(timeout);
    if (controller === inflight) inflight = null;
  }
}

function isHealth(body: unknown): body is { ok: boolean; time: number } {
  return typeof body === "object" && body !== null && typeof (body as { time?: unknown }).time === "number";
}

/**
 * NTP-style: the server stamped `time` about half a round trip after we
 * sent. The round trip is measured to the response headers, so the padding's
 * transfer time does not skew it. Of the last few samples, the one with the
 * shortest round trip has the smallest error bound, so that one wins.
 */
function offsetFrom(serverTime: number, sentAt: number, rtt: number): number {
  offsetSamples = [...offsetSamples, { rtt, offset: serverTime - (sentAt + rtt / 2) }].slice(-OFFSET_SAMPLES);
  const best = offsetSamples.reduce((a, b) => (b.rtt < a.rtt ? b : a));
  const offset = Math.round(best.offset);
  try {
    // Kept so an offline reload still computes the countdown on server time.
    localStorage.setItem(OFFSET_STORAGE_KEY, String(offset));
  } catch {
    // Private mode: the measured value still serves this page.
  }
  return offset;
}

function onOnline() {
  cancelRetry();
  retryDelay = RETRY_AFTER_FAILURE_MS;
  void check();
}
// The store itself says Offline on the browser's `offline` event; a check on its way is void.
function onOffline() {
  cancelRetry();
  inflight?.abort();
  inflight = null;
}

/** Checks now (or once the page has loaded) and every PING_INTERVAL_MS; a second start does nothing. */
export function start() {
  if (timer) return;
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);
  // Not before the page itself has loaded: on a weak link its scripts come first.
  if (document.readyState === "complete") void check();
  else window.addEventListener("load", firstCheck, { once: true });
  timer = setInterval(() => void check(), PING_INTERVAL_MS);
}

function firstCheck() {
  void check();
}

export function stop() {
  window.removeEventListener("load", firstCheck);
  window.removeEventListener("online", onOnline);
  window.removeEventListener("offline", onOffline);
  if (timer) clearInterval(timer);
  timer = null;
  cancelRetry();
  inflight?.abort();
  inflight = null;
}

