export type QuestionBadge = { tone: "queued" | "done"; text: string } | null;

/** The coding test's question list: one button per question, the current one marked, with its submission state. */
export function QuestionList<Q extends { id: string; title: string }>({
  questions,
  active,
  onSelect,
  badge,
}: {
  questions: Q[];
  active: number;
  onSelect: (index: number) => void;
  badge: (question: Q) => QuestionBadge;
}) {
  return (
    <nav aria-label="Questions" className="space-y-1 overflow-y-auto border-b border-slate-200 p-3 lg:border-r lg:border-b-0 dark:border-slate-800">
      {questions.map((q, i) => {
        const b = badge(q);
        return (
          <button
            key={q.id}
            type="button"
            onClick={() => onSelect(i)}
            aria-current={i === active ? "true" : undefined}
            className={`w-full rounded-md px-3 py-2 text-left text-sm ${i === active ? "bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-white" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`}
          >
            <span className="block">Question {i + 1}</span>
            <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{q.title}</span>
            {b ? <span className={`mt-1 block text-xs ${b.tone === "queued" ? "text-amber-700 dark:text-amber-300" : "text-emerald-700 dark:text-emerald-300"}`}>{b.text}</span> : null}
          </button>
        );
      })}
    </nav>
  );
}
