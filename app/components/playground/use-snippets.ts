import { useCallback, useEffect, useState } from "react";
import {
  exportSnippets,
  mergeSnippets,
  parseSnippetImport,
  readSnippets,
  SNIPPET_MESSAGES,
  SNIPPETS_KEY,
  writeSnippets,
  type Snippet,
} from "~/lib/playground/snippets";

type Outcome = { ok: true; message: string } | { ok: false; error: string };

/**
 * Asks the browser to keep this site's storage under pressure (issue 14,
 * item 8). Called on a save or an import, a user's gesture, because Firefox
 * asks the user; a refusal changes nothing else.
 */
async function persistStorage() {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Not offered here (older browser, private mode): snippets still save.
  }
}

function storageError(error: unknown): string {
  const quota = error instanceof DOMException && (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED");
  return quota ? SNIPPET_MESSAGES.storageFull : SNIPPET_MESSAGES.storageUnavailable;
}

/** The saved snippets in localStorage under code_snippets (spec 2 section 3), shared live with other tabs. */
export function useSnippets() {
  const [snippets, setSnippets] = useState<Snippet[]>([]);

  useEffect(() => {
    const load = () => {
      try {
        setSnippets(readSnippets(localStorage));
      } catch {
        setSnippets([]);
      }
    };
    load();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === SNIPPETS_KEY) load();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  /** Writes the list read fresh from storage with `change` applied, so another tab's save is never overwritten. */
  const commit = useCallback((change: (saved: Snippet[]) => Snippet[]): string | null => {
    try {
      const next = change(readSnippets(localStorage));
      writeSnippets(localStorage, next);
      setSnippets(next);
      return null;
    } catch (error) {
      return storageError(error);
    }
  }, []);

  const add = useCallback(
    (snippet: Snippet): Outcome => {
      const error = commit((saved) => [...saved, snippet]);
      if (error) return { ok: false, error };
      void persistStorage();
      return { ok: true, message: SNIPPET_MESSAGES.saved(snippet.name) };
    },
    [commit],
  );

  const remove = useCallback(
    (target: Snippet): Outcome => {
      const same = (s: Snippet) => s.name === target.name && s.lang === target.lang && s.code === target.code && s.savedAt === target.savedAt;
      const error = commit((saved) => {
        const i = saved.findIndex(same);
        return i < 0 ? saved : [...saved.slice(0, i), ...saved.slice(i + 1)];
      });
      return error ? { ok: false, error } : { ok: true, message: SNIPPET_MESSAGES.deleted(target.name) };
    },
    [commit],
  );

  const importText = useCallback(
    (text: string): Outcome => {
      const parsed = parseSnippetImport(text);
      if (!parsed.ok) return parsed;
      let counts = { added: 0, skipped: 0 };
      const error = commit((saved) => {
        const merged = mergeSnippets(saved, parsed.snippets);
        counts = merged;
        return merged.snippets;
      });
      if (error) return { ok: false, error };
      void persistStorage();
      return { ok: true, message: SNIPPET_MESSAGES.imported(counts.added, counts.skipped) };
    },
    [commit],
  );

  const exportFile = useCallback((): string | null => (snippets.length ? exportSnippets(snippets) : null), [snippets]);

  return { snippets, add, remove, importText, exportFile };
}
