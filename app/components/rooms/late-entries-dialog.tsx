import { useEffect, useRef, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { useJsonResource } from "~/components/use-json-resource";
import type { RoomPageData } from "./room-page";

type LateEntry = RoomPageData["participants"][number]["lateEntries"][number];
type LateChange = { id: string; kind: string; createdAt: number; reason: string | null; preview: string };

const LATE_KIND_LABELS: Record<string, string> = {
  code: "Code saved",
  "mcq-progress": "Answers saved",
  "tab-switch": "Tab switch",
  unlock: "Unlock attempt",
  "submit-code": "Submit Code",
  finish: "Finish / Submit Test",
};

const WITH_CONTENT = new Set(["code", "submit-code", "mcq-progress", "finish"]);

/**
 * Answers that reached the server after the test ended and were not counted
 * (after the grace window, or with no outage the server saw): the admin can
 * read them. The list carries no payloads; the one open change is loaded
 * when it opens (the newest first).
 */
export function LateEntries({ name, roomId, entries }: { name: string; roomId: string; entries: LateEntry[] }) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const change = useJsonResource<LateChange>();
  const loadChange = change.load;
  // Opens on the newest change with something to read (code or answers).
  const shown = selected ?? (entries.findLast((e) => WITH_CONTENT.has(e.kind)) ?? entries.at(-1))?.id ?? null;
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (!open || !shown || requested.current === shown) return;
    requested.current = shown;
    loadChange(`/admin/api/late-change/${encodeURIComponent(shown)}?room=${encodeURIComponent(roomId)}`);
  }, [open, shown, roomId, loadChange]);
  if (entries.length === 0) return null;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="mt-1 text-xs font-medium text-red-700 underline underline-offset-2 dark:text-red-300">
        {entries.length} late change{entries.length === 1 ? "" : "s"} kept
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Late changes from ${name}`}
        description="These reached the server after the test ended and were not counted: after the grace window, or while the student was connected. They are kept here for you to review."
      >
        <ol className="max-h-96 space-y-2 overflow-y-auto text-sm">
          {entries.map((entry) => {
            const isOpen = entry.id === shown;
            const data = isOpen && !change.loading ? change.data : undefined;
            const loaded = data && "id" in data && data.id === entry.id ? data : null;
            const failed = data && "error" in data ? data.error : null;
            return (
              <li key={entry.id} className="rounded-md border border-slate-200 dark:border-slate-700">
                <button type="button" aria-expanded={isOpen} onClick={() => setSelected(entry.id)} className="flex w-full justify-between gap-2 p-2 text-left font-medium">
                  <span>{LATE_KIND_LABELS[entry.kind] ?? entry.kind}</span>
                  <span className="text-xs font-normal text-muted">written {new Date(entry.createdAt).toLocaleTimeString()}</span>
                </button>
                {isOpen ? (
                  <div className="px-2 pb-2">
                    {loaded ? (
                      <>
                        {loaded.reason ? <p className="text-xs text-muted">{loaded.reason}</p> : null}
                        {loaded.preview ? <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap dark:bg-slate-800">{loaded.preview}</pre> : null}
                      </>
                    ) : (
                      <p className="text-xs text-muted">{failed ?? "Loading…"}</p>
                    )}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      </Dialog>
    </>
  );
}
