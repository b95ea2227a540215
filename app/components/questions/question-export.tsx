// Exporting the bank (issue 24): the hub's "Moodle XML of a category" card,
// and the selection the coding and MCQ lists export from. The files come from
// the admin.questions.export resource route; these are plain download links.
import { useState, type ReactNode } from "react";
import { SelectField } from "~/components/ui/field";
import { categoryOptions, CheckboxField } from "./shared";

const EXPORT_PATH = "/admin/questions/export";

/** The Moodle XML of a category (else all) or of the given questions. */
export function moodleXmlHref({ category, ids }: { category?: string; ids?: readonly string[] }) {
  const params = new URLSearchParams({ format: "moodle-xml" });
  if (category) params.set("category", category);
  if (ids?.length) params.set("ids", ids.join(","));
  return `${EXPORT_PATH}?${params}`;
}

/** A coding question's problem package (.zip). */
export function packageHref(id: string) {
  return `${EXPORT_PATH}?${new URLSearchParams({ format: "package", id })}`;
}

const linkButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:ring-2 focus:ring-brand-500 focus:ring-offset-1 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";
const disabledLinkClass =
  "inline-flex cursor-not-allowed items-center justify-center rounded-md border border-slate-200 px-3.5 py-2 text-sm font-medium text-slate-400 dark:border-slate-800 dark:text-slate-600";

/** A download link styled as a button; without `href`, the same label, greyed out and out of the tab order. */
export function DownloadLink({ href, children }: { href: string | null; children: ReactNode }) {
  if (href === null)
    return (
      <span className={disabledLinkClass} aria-disabled="true">
        {children}
      </span>
    );
  return (
    <a href={href} download className={linkButtonClass}>
      {children}
    </a>
  );
}

/** The hub's export card body: one category (or all) as Moodle XML. */
export function QuestionExport({ categories }: { categories: { name: string; questionCount: number }[] }) {
  const [category, setCategory] = useState("");
  const count = category
    ? (categories.find((c) => c.name === category)?.questionCount ?? 0)
    : categories.reduce((sum, c) => sum + c.questionCount, 0);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="w-60">
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          options={[{ value: "", label: "All categories" }, ...categoryOptions(categories.map((c) => c.name))]}
        />
      </div>
      <DownloadLink href={count > 0 ? moodleXmlHref({ category }) : null}>Download Moodle XML</DownloadLink>
      <p className="w-full text-xs text-muted" aria-live="polite">
        {count > 0
          ? `${count.toLocaleString("en-US")} question${count === 1 ? "" : "s"}: MCQs as multiple choice, coding questions as CodeRunner questions with all their test cases.`
          : category
            ? "This category has no questions."
            : "The bank has no questions yet."}
      </p>
    </div>
  );
}

/** Which questions of the page are selected for export (a new page keeps only its own). */
export function useSelection(ids: readonly string[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const selected = ids.filter((id) => chosen.has(id));
  return {
    selected,
    allSelected: ids.length > 0 && selected.length === ids.length,
    isSelected: (id: string) => chosen.has(id),
    toggle: (id: string, on: boolean) =>
      setChosen((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    setAll: (on: boolean) => setChosen(new Set(on ? ids : [])),
  };
}

export type Selection = ReturnType<typeof useSelection>;

/** One row's checkbox, named after the question. */
export function SelectQuestion({ selection, id, title }: { selection: Selection; id: string; title: string }) {
  return (
    <CheckboxField
      label={<span className="sr-only">{`Select ${title}`}</span>}
      checked={selection.isSelected(id)}
      onChange={(on) => selection.toggle(id, on)}
    />
  );
}

/** "Select all on this page" and the export of what is selected. */
export function SelectionBar({ selection }: { selection: Selection }) {
  const n = selection.selected.length;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3">
      <CheckboxField label="Select all on this page" checked={selection.allSelected} onChange={selection.setAll} />
      <span className="text-sm text-muted" aria-live="polite">
        {n > 0 ? `${n} selected` : ""}
      </span>
      <span className="ml-auto">
        <DownloadLink href={n > 0 ? moodleXmlHref({ ids: selection.selected }) : null}>Export selected (Moodle XML)</DownloadLink>
      </span>
    </div>
  );
}
