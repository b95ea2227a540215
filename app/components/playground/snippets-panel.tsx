import { useRef, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { codeStats, LANGUAGE_LABELS } from "~/lib/playground/playground";
import { MAX_IMPORT_BYTES, SNIPPET_MESSAGES, type Snippet } from "~/lib/playground/snippets";

/** The Saved Snippets tab: load or delete each, export all to one file, import one back. */
export function SnippetsPanel({
  snippets,
  onLoad,
  onDelete,
  onExport,
  onImport,
  onImportError,
}: {
  snippets: Snippet[];
  onLoad: (snippet: Snippet) => void;
  onDelete: (snippet: Snippet) => void;
  onExport: () => void;
  onImport: (text: string) => void;
  onImportError: (message: string) => void;
}) {
  const file = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<Snippet | null>(null);

  async function pick(chosen: File | undefined) {
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) return onImportError(SNIPPET_MESSAGES.fileTooLarge);
    try {
      onImport(await chosen.text());
    } catch {
      onImportError(SNIPPET_MESSAGES.notJson);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">Snippets are kept in this browser only. Export them to keep a copy or to move them to another browser.</p>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={onExport} disabled={snippets.length === 0} aria-label="Export snippets">
            Export
          </Button>
          <Button variant="secondary" size="sm" onClick={() => file.current?.click()} aria-label="Import snippets">
            Import
          </Button>
          <input
            ref={file}
            type="file"
            accept=".json,application/json"
            className="hidden"
            data-testid="snippets-import-input"
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </div>
      </div>
      {snippets.length === 0 ? (
        <EmptyState title="No saved snippets yet">Use Save Snippet in the toolbar to keep the code you are working on.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900" aria-label="Saved snippets">
          {snippets.map((snippet, i) => (
            <li key={`${i}:${snippet.name}:${snippet.savedAt ?? ""}`} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{snippet.name}</p>
                <p className="text-xs text-muted">
                  {`${codeStats(snippet.code).lines} lines`}
                  {snippet.savedAt ? ` · saved ${new Date(snippet.savedAt).toLocaleString()}` : ""}
                </p>
              </div>
              <Badge tone="blue">{LANGUAGE_LABELS[snippet.lang]}</Badge>
              <Button size="sm" onClick={() => onLoad(snippet)} aria-label={`Load snippet ${snippet.name}`}>
                Load
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDeleting(snippet)} aria-label={`Delete snippet ${snippet.name}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) onDelete(deleting);
          setDeleting(null);
        }}
        title="Delete snippet?"
        description={deleting ? `"${deleting.name}" will be removed from this browser.` : ""}
      />
    </div>
  );
}
