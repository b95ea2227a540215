import { useFetcher } from "@remix-run/react";
import { useCallback, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { controlClass, describedBy, FieldError, SelectField, TextAreaField } from "~/components/ui/field";
import { useActionToast } from "~/components/use-action-toast";
import { useValidateOnSubmit } from "~/components/use-validate-on-submit";
import {
  DEFAULT_CATEGORY,
  DEFAULT_DIFFICULTY,
  LIMITS,
  MCQ_LETTERS,
  McqQuestionSchema,
  type McqLetter,
} from "~/lib/questions/question-validation";
import { categoryOptions, DIFFICULTY_OPTIONS } from "./shared";

export type McqDefaults = {
  id?: string;
  title?: string;
  options?: string[];
  correctOption?: McqLetter;
  category?: string;
  difficulty?: string;
};

/**
 * The MCQ form: question, options A-D, the correct option, category and
 * difficulty. Adds (hub) or edits (MCQ list) depending on `intent`.
 */
export function McqForm({
  categories,
  defaults,
  intent,
  submitLabel,
  busyLabel,
  onDone,
  onCancel,
}: {
  categories: string[];
  defaults?: McqDefaults;
  intent: "add-mcq" | "update-mcq";
  submitLabel: string;
  busyLabel: string;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const fetcher = useFetcher<{ ok: boolean }>();
  const validate = useValidateOnSubmit(fetcher.data);
  const { errors } = validate;
  const uid = useId();
  const [formKey, setFormKey] = useState(0);
  const [correct, setCorrect] = useState<McqLetter>(defaults?.correctOption ?? "A");

  useActionToast(
    fetcher.data,
    useCallback(() => {
      if (intent === "add-mcq") {
        setFormKey((k) => k + 1);
        setCorrect("A");
      }
      onDone?.();
    }, [intent, onDone]),
  );

  const category = defaults?.category ?? DEFAULT_CATEGORY;
  const names = categories.includes(category) ? categories : [...categories, category];
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" onSubmit={validate(McqQuestionSchema)} noValidate key={formKey} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {defaults?.id ? <input type="hidden" name="id" value={defaults.id} /> : null}
      <TextAreaField
        label="Question"
        name="title"
        rows={3}
        defaultValue={defaults?.title}
        maxLength={LIMITS.mcqTitle}
        placeholder="e.g. Which keyword defines a function in Python?"
        error={errors.title}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Options (select the correct one)</legend>
        <div className="space-y-2">
          {MCQ_LETTERS.map((letter, i) => {
            const inputId = `${uid}-option-${letter}`;
            const isCorrect = correct === letter;
            const error = errors[`option${letter}`];
            return (
              <div key={letter} className="space-y-1">
                <div
                  className={`flex items-center gap-3 rounded-lg border p-2 ${
                    isCorrect
                      ? "border-emerald-400 bg-emerald-50 dark:border-emerald-700 dark:bg-emerald-950/40"
                      : "border-slate-200 dark:border-slate-700"
                  }`}
                >
                  <label className="flex shrink-0 cursor-pointer items-center gap-1.5 text-sm font-semibold">
                    <input
                      type="radio"
                      name="correctOption"
                      value={letter}
                      checked={isCorrect}
                      onChange={() => setCorrect(letter)}
                      className="h-4 w-4 text-emerald-600 focus:ring-emerald-500"
                      aria-label={`Option ${letter} is correct`}
                    />
                    {letter}
                  </label>
                  <label htmlFor={inputId} className="sr-only">
                    Option {letter}
                  </label>
                  <input
                    id={inputId}
                    name={`option${letter}`}
                    defaultValue={defaults?.options?.[i]}
                    maxLength={LIMITS.option}
                    placeholder={`Option ${letter}`}
                    className={controlClass}
                    {...describedBy(inputId, { error })}
                  />
                </div>
                <FieldError id={inputId} error={error} />
              </div>
            );
          })}
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          name="category"
          defaultValue={category}
          options={categoryOptions(names)}
          error={errors.category}
        />
        <SelectField
          label="Difficulty"
          name="difficulty"
          defaultValue={defaults?.difficulty ?? DEFAULT_DIFFICULTY}
          options={DIFFICULTY_OPTIONS}
          error={errors.difficulty}
        />
      </div>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" busy={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  );
}
