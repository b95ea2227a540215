// The page's network status (spec README difference 11, spec §9): a store
// (network-store.ts) every `useNetworkStatus()` caller shares, so a header
// indicator and a page that needs the server's clock do not ping twice. The
// measuring itself (network-monitor.ts) loads after the first paint (decision
// 022): it starts with the first subscriber and stops with the last.
import { lazyModule, whenLoaded } from "~/offline/lazy";
import { getNetworkStatus, goOffline, listeners, restoreOffset, setNetworkStatus } from "./network-store";

export { bestServerOffset, getNetworkStatus, goOffline, OFFSET_STORAGE_KEY, SERVER_NETWORK_STATUS, setNetworkStatus, type NetworkLabel, type NetworkStatus } from "./network-store";

const loadMonitor = lazyModule(() => import("./network-monitor"));
let cancelStart = () => {};
let running: { stop: () => void } | null = null;

export function subscribeNetworkStatus(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    if (getNetworkStatus().serverOffset === null) setNetworkStatus({ serverOffset: restoreOffset() });
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
