// Safe Exam Browser in the page (decision 042). SEB exposes hashes of its
// Config Key and Browser Exam Key, computed for the page's URL, to the page's
// JavaScript; SEB's newer macOS view sends no headers at all, and no SEB adds
// them to a WebSocket upgrade or a service worker's fetch. So, inside SEB,
// every same-origin request our page makes carries those values and the URL
// they were computed for; the server checks the URL is one of the room's
// student pages and the hashes match it.
import { SEB_PAGE_CONFIG_KEY_HEADER, SEB_PAGE_EXAM_KEY_HEADER, SEB_PAGE_URL_HEADER } from "./headers";

type SebSecurity = { configKey?: string; browserExamKey?: string; updateKeys?: (callback: () => void) => void };
type SebWindow = Window & { SafeExamBrowser?: { security?: SebSecurity } };

const security = () => (typeof window === "undefined" ? undefined : (window as SebWindow).SafeExamBrowser?.security);

export { inSeb } from "./seb";

const withoutFragment = (href: string) => href.split("#")[0]!;

/** The URL SEB's JS-API keys were last computed for: the page's URL when it loaded, or when updateKeys last ran. */
let keysUrl = typeof window === "undefined" ? "" : withoutFragment(window.location.href);

/** SEB's keys for the current URL: after a client-side navigation they are computed again (updateKeys) before use. */
async function currentKeys(): Promise<{ url: string; configKey?: string; browserExamKey?: string } | null> {
  const api = security();
  if (!api) return null;
  const here = withoutFragment(window.location.href);
  if (here !== keysUrl && typeof api.updateKeys === "function") {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      api.updateKeys!(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    keysUrl = here;
  }
  return { url: keysUrl, configKey: api.configKey, browserExamKey: api.browserExamKey };
}

/** The headers that carry SEB's JS-API keys, or none outside SEB. */
export async function sebPageHeaders(): Promise<Record<string, string>> {
  const keys = await currentKeys();
  if (!keys?.configKey) return {};
  return {
    [SEB_PAGE_URL_HEADER]: keys.url,
    [SEB_PAGE_CONFIG_KEY_HEADER]: keys.configKey,
    ...(keys.browserExamKey ? { [SEB_PAGE_EXAM_KEY_HEADER]: keys.browserExamKey } : {}),
  };
}

let installed = false;
/**
 * Inside SEB with its JS API, every same-origin fetch of this page (Remix's
 * data requests and actions, the journal, the party's ticket) carries the
 * page's keys. Outside SEB nothing changes.
 */
export function installSebFetch() {
  if (installed || !security()) return;
  installed = true;
  const original = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.origin !== window.location.origin) return original(input, init);
    const extra = await sebPageHeaders();
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return original(input, { ...init, headers });
  };
}

/** The room party's ticket, fetched (and so checked) before each connection; null outside SEB or when refused. */
export async function sebTicket(roomId: string): Promise<string | null> {
  try {
    const res = await fetch(`/seb/${encodeURIComponent(roomId)}/ticket`, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } });
    if (!res.ok) return null;
    const body = (await res.json()) as { ticket?: unknown };
    return typeof body.ticket === "string" ? body.ticket : null;
  } catch {
    return null;
  }
}
