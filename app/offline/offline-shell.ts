// The offline shell's registration, which a test page loads after its first
// paint (decision 022) through `useOfflineShell`.
import { inSeb } from "~/lib/seb/seb";
import { lazyLoadsSettled } from "./lazy";

declare global {
  interface Window {
    __remixManifest?: { version?: string };
  }
}

/** The build's assets this page has loaded, plus the page itself. */
function pageResources(): string[] {
  const urls = new Set<string>([location.pathname]);
  for (const el of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="modulepreload"], link[rel="stylesheet"]')) {
    urls.add("src" in el && el.src ? el.src : (el as HTMLLinkElement).href);
  }
  for (const entry of performance.getEntriesByType("resource")) {
    if (new URL(entry.name).pathname.startsWith("/assets/")) urls.add(entry.name);
  }
  return [...urls].filter((u) => u && new URL(u, location.origin).origin === location.origin);
}

/** The worker's cache (public/sw.js: "proctor-shell-" + build version), keyed by the page's path as it keys pages. */
async function keepThisPage(version: string) {
  const response = await fetch(location.pathname, { credentials: "same-origin", cache: "no-store", redirect: "manual" });
  if (!response.ok || !(response.headers.get("Content-Type") ?? "").includes("text/html")) return;
  await (await caches.open(`proctor-shell-${version}`)).put(new URL(location.pathname, location.origin).href, response);
}

/**
 * Registers public/sw.js and, when `cacheThisPage`, has it keep this page and
 * every asset it loaded. Returns the function that stops listening.
 */
export function registerOfflineShell(cacheThisPage: boolean): () => void {
  let cancelled = false;
  // The worker answers once this page and its assets are kept: mark the
  // document, so anyone (a test, a support person) can see it is ready.
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === "cached") document.documentElement.dataset.offlineReady = "true";
  };
  navigator.serviceWorker.addEventListener("message", onMessage);
  const version = window.__remixManifest?.version ?? "dev";
  navigator.serviceWorker
    .register(`/sw.js?v=${encodeURIComponent(version)}`, { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    // Chunks the page loads after its first paint are assets of it too.
    .then(async (registration) => (await lazyLoadsSettled(), registration))
    .then(async (registration) => {
      if (cancelled || !cacheThisPage) return;
      if (inSeb()) {
        // SEB adds no headers to the worker's requests (decision 042): the page keeps its own copy, fetched as a checked
        // request (with SEB's JS-API keys from here on, for SEB views that send no headers).
        (await import("~/lib/seb/client")).installSebFetch();
        registration.active?.postMessage({ type: "seb" });
        await keepThisPage(version);
      }
      registration.active?.postMessage({ type: "cache-test", urls: pageResources() });
    })
    .catch(() => {
      // No offline reload on this browser; autosave still works.
    });
  return () => {
    cancelled = true;
    navigator.serviceWorker.removeEventListener("message", onMessage);
  };
}
