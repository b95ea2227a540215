// The bank's questions as a filterable checklist: the room page's Change
// questions dialog and a hand-picked section of the Sections dialog.
import { useMemo, useState } from "react";
import { controlClass } from "~/components/ui/field";
import { LANGUAGE_LABELS } from "~/lib/ui/format";
import type { RoomPageData } from "./room-page";

export function QuestionChecklist({
  data,
  selected,
  onToggle,
  size = "tall",
}: {
  data: Pick<RoomPageData, "availableQuestions" | "room">;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** "short" inside a section, with a count of what is ticked; "tall" as a dialog's whole body. */
  size?: "tall" | "short";
}) {
  const [filter, setFilter] = useState("");
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return data.availableQuestions.filter((q) => !f || q.title.toLowerCase().includes(f) || q.category.toLowerCase().includes(f));
  }, [data.availableQuestions, filter]);
  const short = size === "short";
  return (
    <div>
      <input className={controlClass} placeholder="Filter by title or category" value={filter} onChange={(e) => setFilter(e.target.value)} aria-label="Filter questions" />
      {short ? <p className="mt-1 text-xs text-muted">{selected.size} selected</p> : null}
      <ul
        className={`${short ? "mt-1 max-h-48" : "mt-3 max-h-80"} divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-700`}
      >
        {shown.length === 0 ? <li className="p-3 text-sm text-muted">No questions match.</li> : null}
        {shown.map((q) => (
          <li key={q.id}>
            <label className={`flex cursor-pointer items-center gap-3 px-3 ${short ? "py-1.5" : "py-2"} text-sm hover:bg-slate-50 dark:hover:bg-slate-800`}>
              <input type="checkbox" checked={selected.has(q.id)} onChange={() => onToggle(q.id)} />
              <span className="flex-1">{q.title}</span>
              <span className="text-xs text-muted">
                {q.category}
                {data.room.questionType === "coding" ? ` · ${LANGUAGE_LABELS[q.language]}` : ""}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
