import { useEffect } from "react";
import { loadLazily } from "./lazy";

/**
 * Registers the offline shell (public/sw.js) and, on a test page, has it keep
 * this page and every asset it loaded, so a reload while offline opens it.
 * Its code (offline-shell.ts) loads after the first paint (decision 022).
 * Best effort: without service workers (old browsers, some private modes) the
 * test still autosaves to IndexedDB; only an offline reload is lost.
 */
export function useOfflineShell(cacheThisPage: boolean) {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    loadLazily(() => import("./offline-shell")).then(
      ({ registerOfflineShell }) => {
        if (!cancelled) stop = registerOfflineShell(cacheThisPage);
      },
      () => {
        // Its code could not load: no offline reload of this page; autosave still works.
      },
    );
    return () => {
      cancelled = true;
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
