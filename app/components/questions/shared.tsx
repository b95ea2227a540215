import { Form, Link, useSearchParams, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { controlClass, SelectField } from "~/components/ui/field";
import { LANGUAGE_LABELS, QUESTION_DIFFICULTIES, QUESTION_LANGUAGES } from "~/lib/questions/question-validation";

export const cardClass =
  "rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";

export function Card({
  title,
  description,
  actions,
  children,
  className = "",
  id,
}: {
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section className={`${cardClass} ${className}`} aria-labelledby={title && id ? `${id}-title` : undefined}>
      {title ? (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 id={id ? `${id}-title` : undefined} className="text-base font-semibold">
              {title}
            </h3>
            {description ? <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

export const LANGUAGE_OPTIONS = QUESTION_LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }));
export const DIFFICULTY_OPTIONS = QUESTION_DIFFICULTIES.map((value) => ({
  value,
  label: value[0]!.toUpperCase() + value.slice(1),
}));
export const categoryOptions = (names: string[]) => names.map((name) => ({ value: name, label: name }));

export function difficultyTone(d: string) {
  return d === "easy" ? ("green" as const) : d === "hard" ? ("red" as const) : ("yellow" as const);
}

export function languageLabel(language: string) {
  return LANGUAGE_LABELS[language as keyof typeof LANGUAGE_LABELS] ?? language;
}

/** Search box + category filter for the two lists (a GET form: the URL holds the filters). */
export function ListFilters({ categories, placeholder }: { categories: string[]; placeholder: string }) {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const q = params.get("q") ?? "";
  const category = params.get("category") ?? "";
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2" key={`${q}|${category}`}>
      <div className="min-w-56 flex-1">
        <label htmlFor="question-search" className="sr-only">
          Search questions
        </label>
        <input
          id="question-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder={placeholder}
          className={controlClass}
        />
      </div>
      <div className="w-52">
        <SelectField
          id="question-category"
          label="Filter by category"
          hideLabel
          name="category"
          defaultValue={category}
          onChange={(e) => submit(e.currentTarget.form, { replace: true })}
          options={[{ value: "", label: "All categories" }, ...categories.map((c) => ({ value: c, label: c }))]}
        />
      </div>
      <button
        type="submit"
        className="rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium hover:bg-slate-50 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
      >
        Search
      </button>
      {q || category ? (
        <Link to="?" replace className="px-2 py-2 text-sm text-link hover:underline">
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}

/** "Page X of Y" with previous/next links that keep the filters. */
export function Pagination({ page, pageCount, total, noun }: { page: number; pageCount: number; total: number; noun: string }) {
  const [params] = useSearchParams();
  const to = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete("page");
    else next.set("page", String(p));
    const s = next.toString();
    return s ? `?${s}` : "?";
  };
  const link =
    "rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";
  const disabled = "rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-400 dark:border-slate-800 dark:text-slate-600";
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
      <p>{`${total.toLocaleString("en-US")} ${noun}${total === 1 ? "" : "s"} · Page ${page} of ${pageCount}`}</p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={to(page - 1)} className={link} prefetch="intent">
            Previous
          </Link>
        ) : (
          <span className={disabled} aria-disabled>
            Previous
          </span>
        )}
        {page < pageCount ? (
          <Link to={to(page + 1)} className={link} prefetch="intent">
            Next
          </Link>
        ) : (
          <span className={disabled} aria-disabled>
            Next
          </span>
        )}
      </div>
    </nav>
  );
}

export function BackToQuestions() {
  return (
    <Link to="/admin/questions" className="mb-3 inline-block text-sm text-link hover:underline">
      ← Back to Questions
    </Link>
  );
}

/** A checkbox with its label, keyboard reachable. */
export function CheckboxField({
  label,
  checked,
  onChange,
  name,
  defaultChecked,
}: {
  label: ReactNode;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  name?: string;
  defaultChecked?: boolean;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        defaultChecked={defaultChecked}
        onChange={onChange ? (e) => onChange(e.target.checked) : undefined}
        className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500 dark:border-slate-600"
      />
      {label}
    </label>
  );
}

/** A bank question's Edit and Delete, named by its title for a screen reader (after any of the list's own buttons). */
export function QuestionRowActions({ title, onEdit, onDelete, children }: { title: string; onEdit: () => void; onDelete: () => void; children?: ReactNode }) {
  return (
    <>
      {children}
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${title}`}>
        Edit
      </Button>
      <Button variant="danger" size="sm" onClick={onDelete} aria-label={`Delete ${title}`}>
        Delete
      </Button>
    </>
  );
}
