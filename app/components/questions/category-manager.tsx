import { useFetcher } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { controlClass, describedBy, FieldError } from "~/components/ui/field";
import { useActionToast } from "~/components/use-action-toast";
import { issuesOf, useValidateOnSubmit, type FormCheck } from "~/components/use-validate-on-submit";
import { CategorySchema, DEFAULT_CATEGORY, MSG_CATEGORY_EXISTS } from "~/lib/questions/question-validation";
import { Card } from "./shared";

export type CategoryItem = { id: string | null; name: string; questionCount: number };

export function CategoryManager({ categories }: { categories: CategoryItem[] }) {
  const add = useFetcher<{ ok: boolean }>();
  const remove = useFetcher<{ ok: boolean }>();
  const validate = useValidateOnSubmit(add.data);
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState<CategoryItem | null>(null);

  useActionToast(
    add.data,
    useCallback(() => formRef.current?.reset(), []),
  );
  useActionToast(
    remove.data,
    useCallback(() => setConfirming(null), []),
  );

  // Instant feedback with the server's own rules (the schema, then a name already listed); the server checks again.
  const checkName: FormCheck = (values) => {
    const issues = issuesOf(CategorySchema, values);
    if (issues.length) return issues;
    const name = String(values.name ?? "").trim().toLowerCase();
    return categories.some((c) => c.name.toLowerCase() === name) ? { field: "name", message: MSG_CATEGORY_EXISTS } : null;
  };
  const error = validate.errors.name;

  return (
    <Card id="categories" title="Categories" description="Rooms and practice draw their questions from a category.">
      <add.Form ref={formRef} method="post" onSubmit={validate(checkName)} noValidate className="space-y-1">
        <input type="hidden" name="intent" value="add-category" />
        <div className="flex gap-2">
          <label htmlFor="new-category" className="sr-only">
            New category name
          </label>
          <input
            id="new-category"
            name="name"
            placeholder="New category name"
            maxLength={50}
            className={controlClass}
            {...describedBy("new-category", { error })}
          />
          <Button type="submit" busy={add.state !== "idle"} className="shrink-0">
            Add
          </Button>
        </div>
        <FieldError id="new-category" error={error} />
      </add.Form>

      <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Categories">
        {categories.map((c) => (
          <li key={c.name} className="flex items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{c.name}</p>
              <p className="text-xs text-muted">
                {c.questionCount} question{c.questionCount === 1 ? "" : "s"}
              </p>
            </div>
            {c.name === DEFAULT_CATEGORY || !c.id ? (
              <Badge tone="blue">Default</Badge>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => setConfirming(c)} aria-label={`Delete category ${c.name}`}>
                Delete
              </Button>
            )}
          </li>
        ))}
      </ul>

      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete category?"
        description={
          confirming ? (
            <>
              <span className="font-medium">{confirming.name}</span> will be removed from the category list.
              {confirming.questionCount > 0
                ? ` Its ${confirming.questionCount} question${confirming.questionCount === 1 ? "" : "s"} stay in the bank under the name "${confirming.name}".`
                : ""}
            </>
          ) : null
        }
        busy={remove.state !== "idle"}
        onConfirm={() => {
          if (confirming?.id) remove.submit({ intent: "delete-category", id: confirming.id }, { method: "post" });
        }}
      />
    </Card>
  );
}
