// The page's network status (spec README difference 11, spec §9): a store
// every `useNetworkStatus()` caller shares, so a header indicator and a page
// that needs the server's clock do not ping twice. The measuring itself
// (network-monitor.ts) loads after the first paint (decision 022): it starts
// with the first subscriber and stops with the last.
import { lazyModule, whenLoaded } from "~/offline/lazy";

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

/** Where the last measured offset is kept, so an offline reload still computes the countdown on server time. */
export const OFFSET_STORAGE_KEY = "net:serverOffset";

export const SERVER_NETWORK_STATUS: NetworkStatus = { label: null, kbps: null, online: true, serverOffset: null };

let snapshot: NetworkStatus = SERVER_NETWORK_STATUS;
const listeners = new Set<() => void>();

export function setNetworkStatus(patch: Partial<NetworkStatus>) {
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

export function goOffline() {
  setNetworkStatus({ label: "Offline", kbps: null, online: false });
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

/** The current status, for code outside React. */
export function getNetworkStatus(): NetworkStatus {
  return snapshot;
}

const loadMonitor = lazyModule(() => import("./network-monitor"));
let cancelStart = () => {};
let running: { stop: () => void } | null = null;

export function subscribeNetworkStatus(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    if (snapshot.serverOffset === null) setNetworkStatus({ serverOffset: restoreOffset() });
    if (navigator.onLine === false) goOffline();
    // Said at once, also before the monitor's code is here (or if it could not load).
    window.addEventListener("offline", goOffline);
    cancelStart = whenLoaded(loadMonitor, (monitor) => {
      running = monitor;
      monitor.start();
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener("offline", goOffline);
    cancelStart();
    running?.stop();
    running = null;
  };
}
