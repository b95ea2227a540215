/**
 * Connection quality and server clock offset, measured against our own
 * `/api/health` every 10 seconds (spec README difference 11, spec §9).
 *
 * One monitor per page, shared by every `useNetworkStatus()` caller: it
 * starts with the first subscriber and stops with the last, so a header
 * indicator and a page that needs `serverOffset` do not ping twice.
 */
import { useSyncExternalStore } from "react";

export type NetworkLabel = "Slow" | "Good" | "Fast" | "Offline";

export type NetworkStatus = {
  /** null until the first check has finished (and during server rendering). */
  label: NetworkLabel | null;
  /** Last measured transfer speed in kilobits per second; null when unknown or offline. */
  kbps: number | null;
  online: boolean;
  /** Estimated server clock minus browser clock, in ms; null until measured (or restored). */
  serverOffset: number | null;
};

export const PING_INTERVAL_MS = 10_000;
const PING_TIMEOUT_MS = 8_000;
const HEALTH_URL = "/api/health";
// Padding asked of the health endpoint. Weak links get the small probe, so
// the indicator never eats much of a student's bandwidth (16 KB / 10 s is
// ~13 kbps; 4 KB is ~3 kbps).
const PROBE_BYTES = 16_384;
const SMALL_PROBE_BYTES = 4_096;
const OFFSET_SAMPLES = 6;
const OFFSET_STORAGE_KEY = "net:serverOffset";

/** Spec §9: below 100 Slow, below 500 Good, otherwise Fast. */
export function labelForKbps(kbps: number): NetworkLabel {
  if (kbps < 100) return "Slow";
  if (kbps < 500) return "Good";
  return "Fast";
}

const SERVER_SNAPSHOT: NetworkStatus = { label: null, kbps: null, online: true, serverOffset: null };

let snapshot: NetworkStatus = SERVER_SNAPSHOT;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let inflight: AbortController | null = null;
let offsetSamples: { rtt: number; offset: number }[] = [];

function set(patch: Partial<NetworkStatus>) {
  const next = { ...snapshot, ...patch };
  if (
    next.label === snapshot.label &&
    next.kbps === snapshot.kbps &&
    next.online === snapshot.online &&
    next.serverOffset === snapshot.serverOffset
  ) {
    return;
  }
  snapshot = next;
  for (const listener of listeners) listener();
}

function goOffline() {
  set({ label: "Offline", kbps: null, online: false });
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
  const bytes = snapshot.label === null || snapshot.label === "Slow" || snapshot.label === "Offline" ? SMALL_PROBE_BYTES : PROBE_BYTES;
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
      return;
    }
    // kbps = bits / ms. The whole round trip counts, as the spec's speed
    // check did; body length is bytes because the padding is ASCII.
    const kbps = (text.length * 8) / Math.max(1, end - start);
    set({ label: labelForKbps(kbps), kbps: Math.round(kbps), online: true, serverOffset: offsetFrom(body.time, sentAt, headersAt - start) });
  } catch {
    if (controller === inflight) goOffline();
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

function restoreOffset(): number | null {
  try {
    const raw = localStorage.getItem(OFFSET_STORAGE_KEY);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

function onOnline() {
  void check();
}
function onOffline() {
  inflight?.abort();
  inflight = null;
  goOffline();
}

function start() {
  if (snapshot.serverOffset === null) set({ serverOffset: restoreOffset() });
  if (navigator.onLine === false) goOffline();
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

function stop() {
  window.removeEventListener("load", firstCheck);
  window.removeEventListener("online", onOnline);
  window.removeEventListener("offline", onOffline);
  if (timer) clearInterval(timer);
  timer = null;
  inflight?.abort();
  inflight = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/**
 * Server clock minus this clock, as well as this device knows it: measured on
 * this page, else measured earlier on this device (kept for offline reloads).
 * Null when it was never measured here. Better than any loader's `serverNow`,
 * which is stale by the time between rendering and hydration (or by much
 * more, for a page the service worker kept).
 */
export function bestServerOffset(): number | null {
  if (typeof window === "undefined") return null;
  return snapshot.serverOffset ?? restoreOffset();
}

/** The current status, for code outside React (e.g. a journal's clockOffset). */
export function getNetworkStatus(): NetworkStatus {
  return snapshot;
}

export function useNetworkStatus(): NetworkStatus {
  return useSyncExternalStore(subscribe, getNetworkStatus, () => SERVER_SNAPSHOT);
}

const DOT: Record<NetworkLabel, string> = {
  Fast: "bg-emerald-500",
  Good: "bg-lime-500",
  Slow: "bg-amber-500",
  Offline: "bg-red-500",
};

export function NetworkIndicator({ className }: { className?: string }) {
  const { label, kbps } = useNetworkStatus();
  return (
    <div
      role="status"
      aria-live="polite"
      title={kbps !== null ? `${kbps} kbps` : undefined}
      data-network={label ?? "checking"}
      className={`inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-2.5 py-1 text-xs font-medium text-slate-700 dark:border-slate-700 dark:text-slate-200 ${className ?? ""}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${label ? DOT[label] : "animate-pulse bg-slate-400"}`} />
      <span className="sr-only">Network: </span>
      <span>{label ?? "Checking…"}</span>
    </div>
  );
}
