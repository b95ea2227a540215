import { useEffect, useState } from "react";
import { useToast } from "~/components/toaster";
import { LANGUAGES, PLAYGROUND_MESSAGES, TEMPLATES, type Language } from "~/lib/playground/playground";
import { readShareLink, withoutShare } from "~/lib/playground/share-link";

/** The code on screen, kept in this browser so a reload does not lose it (not a snippet: one draft, overwritten). */
export const DRAFT_KEY = "playground_draft";

/**
 * The editor's code and language: first a shared link's (our fragment, or the
 * spec's ?code=&lang=), else this browser's draft, else Hello World in C.
 */
export function usePlaygroundCode() {
  const toast = useToast();
  const [language, setLanguage] = useState<Language>("c");
  const [code, setCode] = useState(TEMPLATES.c);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const load = await readShareLink(window.location.href);
      if (cancelled) return;
      if (load.kind === "loaded") {
        const lang = load.shared.language ?? "c";
        setLanguage(lang);
        setCode(load.shared.code);
        // The code is on screen now; a reload must not bring the link's version back over edits.
        window.history.replaceState(window.history.state, "", withoutShare(window.location.href));
      } else {
        if (load.kind === "error") {
          toast({ type: "error", message: PLAYGROUND_MESSAGES.loadSharedFailed });
          window.history.replaceState(window.history.state, "", withoutShare(window.location.href));
        }
        try {
          const draft = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? "null") as { code?: unknown; lang?: unknown } | null;
          if (draft && typeof draft.code === "string" && (LANGUAGES as readonly unknown[]).includes(draft.lang)) {
            setLanguage(draft.lang as Language);
            setCode(draft.code);
          }
        } catch {
          // No draft (or storage off): Hello World.
        }
      }
      setReady(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [toast]);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(DRAFT_KEY, JSON.stringify({ code, lang: language }));
      } catch {
        // Storage full or off: the draft lasts for this page.
      }
    }, 500);
    return () => clearTimeout(timer);
  }, [code, language, ready]);

  return { language, setLanguage, code, setCode };
}
