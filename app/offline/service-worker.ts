import { useEffect } from "react";
import { lazyModule, whenLoaded } from "./lazy";

const loadOfflineShell = lazyModule(() => import("./offline-shell"));

/**
 * Registers the offline shell (public/sw.js) and, on a test page, has it keep
 * this page and every asset it loaded, so a reload while offline opens it.
 * Its code (offline-shell.ts) loads after the first paint (decision 022); a
 * failed load is tried again, as the journal's is.
 * Best effort: without service workers (old browsers, some private modes) the
 * test still autosaves to IndexedDB; only an offline reload is lost.
 */
export function useOfflineShell(cacheThisPage: boolean) {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let stop: (() => void) | null = null;
    const cancel = whenLoaded(loadOfflineShell, ({ registerOfflineShell }) => {
      stop = registerOfflineShell(cacheThisPage);
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [cacheThisPage]);
}

/** Sign-out: drop every test page this device kept. */
export async function forgetOfflineShell() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    registration?.active?.postMessage({ type: "forget" });
  } catch {
    // Nothing registered.
  }
}
