import { useNavigation, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { SebRefusal } from "~/lib/seb/seb";

/**
 * A room that requires Safe Exam Browser, opened elsewhere (decision 042):
 * the message, the link that opens the room in SEB, and where to get SEB.
 * Inside SEB, a document that came without SEB's header (SEB's newer macOS
 * view sends none; nor does a service worker's fetch) proves itself with SEB's
 * JS API: the page's loaders run again with the keys.
 */
export function SebRequired({ refusal }: { refusal: SebRefusal }) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const idle = navigation.state === "idle" && revalidator.state === "idle";
  // Every revalidation reads the root again, so new root data means an ask has come back.
  const rootData = useRouteLoaderData("root");
  // Asks run so far (at most two: a page whose first answer was this refusal
  // gets that same answer from its first ask, kept from the document's load).
  const [asks, setAsks] = useState(0);
  // The ask under way: reading the keys, or sent with the root's data as it was then. The next ask
  // waits for it to come back. (The router's own state cannot tell: its updates are transitions,
  // which React may render after this component's, and with lazy route discovery the router shows
  // as idle while it fetches the routes, so an ask would cut the one before it.)
  const pending = useRef<"keys" | { rootData: unknown } | null>(null);
  useEffect(() => {
    const asked = pending.current;
    // (Without the root's data, under the root's own error boundary, idle is all there is to go by.)
    if (asked === "keys" || (asked && (!idle || (rootData !== undefined && rootData === asked.rootData)))) return;
    pending.current = null;
    if (asks >= 2 || !idle || !("SafeExamBrowser" in window)) return;
    pending.current = "keys";
    void import("~/lib/seb/client").then(async (seb) => {
      const keys = await seb.sebPageHeaders();
      pending.current = null;
      if (Object.keys(keys).length === 0) return setAsks(2);
      seb.installSebFetch();
      pending.current = { rootData };
      setAsks((n) => n + 1);
      revalidator.revalidate();
    });
  }, [asks, idle, revalidator, rootData]);
  // Known after hydration only (the server cannot tell), so the first render matches the server's.
  const [sebView, setSebView] = useState(false);
  useEffect(() => setSebView("SafeExamBrowser" in window), []);
  const checking = sebView && asks < 2;
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">{refusal.error}</h1>
      {checking ? (
        <p className="text-muted" role="status">
          Checking Safe Exam Browser…
        </p>
      ) : (
        <>
          <p className="max-w-md text-slate-600 dark:text-slate-400">
            Open this test in Safe Exam Browser to take it. Anything you already typed on this device is kept and is sent when you open the test there.
          </p>
          <div className="flex flex-wrap items-center justify-center gap-3">
            <a href={refusal.seb.link} className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2">
              Open in Safe Exam Browser
            </a>
            <a href={refusal.seb.download} target="_blank" rel="noreferrer" className="text-link underline">
              Download Safe Exam Browser
            </a>
          </div>
        </>
      )}
    </main>
  );
}
