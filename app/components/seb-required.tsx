import { useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { SebRefusal } from "~/lib/seb/seb";

/**
 * A room that requires Safe Exam Browser, opened elsewhere (decision 042):
 * the message, the link that opens the room in SEB, and where to get SEB.
 * Inside SEB, a document that came without SEB's header (SEB's newer macOS
 * view sends none; nor does a service worker's fetch) proves itself with SEB's
 * JS API: the page asks again through the router with the keys.
 */
export function SebRequired({ refusal }: { refusal: SebRefusal }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  // Asks run so far (at most two: a page whose first answer was this refusal
  // gets that same answer from its first ask, kept from the document's load).
  const [asks, setAsks] = useState(0);
  const asking = useRef(false);
  useEffect(() => {
    if (asking.current || asks >= 2 || navigation.state !== "idle" || !("SafeExamBrowser" in window)) return;
    asking.current = true;
    void import("~/lib/seb/client").then(async (seb) => {
      const keys = await seb.sebPageHeaders();
      asking.current = false;
      if (Object.keys(keys).length === 0) return setAsks(2);
      seb.installSebFetch();
      setAsks((n) => n + 1);
      // This page again, through the router: its loaders run, now with the keys.
      navigate(`${location.pathname}${location.search}`, { replace: true });
    });
  }, [asks, navigate, navigation.state]);
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
