// The page's network status as data (spec README difference 11, spec §9):
// the snapshot every `useNetworkStatus()` caller shares, what the monitor
// (network-monitor.ts) writes to it, and the server clock's offset. No
// measuring here: network-status.ts starts and stops the monitor.

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
/** Who hears of a change: network-status.ts adds and removes them. */
export const listeners = new Set<() => void>();

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

export function restoreOffset(): number | null {
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
