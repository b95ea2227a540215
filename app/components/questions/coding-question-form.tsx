import { useFetcher } from "@remix-run/react";
import { useCallback, useId, useState } from "react";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FieldError, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useActionToast } from "~/components/use-action-toast";
import { useValidateOnSubmit } from "~/components/use-validate-on-submit";
import type { FieldErrors } from "~/lib/http/field-errors";
import {
  CodingQuestionSchema,
  DEFAULT_CATEGORY,
  DEFAULT_DIFFICULTY,
  DEFAULT_LANGUAGE,
  DEFAULT_POINTS,
  defaultTestCases,
  LIMITS,
  MSG_MAX_FIVE,
  TEST_CASES_PER_QUESTION,
} from "~/lib/questions/question-validation";
import type { StoredGrading } from "~/lib/questions/grading";
import { GradingFields } from "./grading-fields";
import { categoryOptions, CheckboxField, DIFFICULTY_OPTIONS, LANGUAGE_OPTIONS } from "./shared";

export type EditableTestCase = { input: string; expectedOutput: string; points: number | string; isHidden: boolean };

/** Title, description, category, language, difficulty, limits and output check: shared by the add form and the edit dialog. */
export function CodingQuestionFields({
  categories,
  defaults,
  errors = {},
}: {
  categories: string[];
  defaults?: { title?: string; description?: string; category?: string; language?: string; difficulty?: string } & Partial<StoredGrading>;
  /** Each field's error, from `useValidateOnSubmit`. */
  errors?: FieldErrors;
}) {
  const idPrefix = useId();
  const names = categories.includes(defaults?.category ?? DEFAULT_CATEGORY)
    ? categories
    : [...categories, defaults?.category ?? DEFAULT_CATEGORY];
  return (
    <div className="space-y-4">
      <TextField label="Title" name="title" defaultValue={defaults?.title} maxLength={LIMITS.title} placeholder="e.g. Sum of Two Numbers" error={errors.title} />
      <TextAreaField
        label="Description"
        name="description"
        defaultValue={defaults?.description}
        rows={5}
        placeholder="Problem statement, input and output format, constraints…"
        error={errors.description}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <SelectField
          label="Category"
          name="category"
          error={errors.category}
          defaultValue={defaults?.category ?? DEFAULT_CATEGORY}
          options={categoryOptions(names)}
        />
        <SelectField
          label="Language"
          name="language"
          error={errors.language}
          defaultValue={defaults?.language ?? DEFAULT_LANGUAGE}
          options={LANGUAGE_OPTIONS}
        />
        <SelectField
          label="Difficulty"
          name="difficulty"
          error={errors.difficulty}
          defaultValue={defaults?.difficulty ?? DEFAULT_DIFFICULTY}
          options={DIFFICULTY_OPTIONS}
        />
      </div>
      <GradingFields defaults={defaults} idPrefix={idPrefix} errors={errors} />
    </div>
  );
}

/** One test case: input, expected output, points and the hidden flag (controlled). */
export function TestCaseEditor({
  value,
  onChange,
  label,
  onRemove,
  idPrefix,
  errors = {},
}: {
  value: EditableTestCase;
  onChange: (next: EditableTestCase) => void;
  label: string;
  onRemove?: () => void;
  idPrefix: string;
  /** The case's errors by field (input, expectedOutput, points), where one case is a form of its own (the test-case manager). */
  errors?: FieldErrors;
}) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        {label}
        <Badge tone={value.isHidden ? "gray" : "green"}>{value.isHidden ? "Hidden" : "Open"}</Badge>
      </legend>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-[1fr_1fr_8.5rem]">
        <TextAreaField
          id={`${idPrefix}-input`}
          label="Input"
          rows={3}
          value={value.input}
          onChange={(e) => onChange({ ...value, input: e.target.value })}
          error={errors.input}
        />
        <TextAreaField
          id={`${idPrefix}-output`}
          label="Expected output"
          rows={3}
          value={value.expectedOutput}
          onChange={(e) => onChange({ ...value, expectedOutput: e.target.value })}
          error={errors.expectedOutput}
        />
        <div className="flex flex-wrap items-start gap-x-4 gap-y-2 md:flex-col md:flex-nowrap">
          <div className="w-28 md:w-full">
            <TextField
              id={`${idPrefix}-points`}
              label="Points"
              type="number"
              min={0}
              max={100}
              step={1}
              value={value.points}
              onChange={(e) => onChange({ ...value, points: e.target.value })}
              error={errors.points}
            />
          </div>
          <div className="pt-6 md:pt-0">
            <CheckboxField
              label="Hidden"
              checked={value.isHidden}
              onChange={(isHidden) => onChange({ ...value, isHidden })}
            />
          </div>
          {onRemove ? (
            <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${label}`} className="-ml-2.5">
              Remove
            </Button>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}

export function splitSummary(cases: { isHidden: boolean }[]) {
  const hidden = cases.filter((c) => c.isHidden).length;
  return `${hidden} hidden · ${cases.length - hidden} open`;
}

/** The add-coding-question form: question fields plus exactly 5 test cases (4 hidden + 1 open by default). */
export function CodingQuestionForm({ categories }: { categories: string[] }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  const toast = useToast();
  const validate = useValidateOnSubmit(fetcher.data);
  const [formKey, setFormKey] = useState(0);
  const [cases, setCases] = useState<EditableTestCase[]>(defaultTestCases);

  useActionToast(
    fetcher.data,
    useCallback(() => {
      setCases(defaultTestCases());
      setFormKey((k) => k + 1);
    }, []),
  );

  function addCase() {
    if (cases.length >= TEST_CASES_PER_QUESTION) return toast({ type: "error", message: MSG_MAX_FIVE });
    setCases([...cases, { input: "", expectedOutput: "", points: DEFAULT_POINTS, isHidden: cases.some((c) => !c.isHidden) }]);
  }

  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" onSubmit={validate(CodingQuestionSchema)} noValidate key={formKey} className="space-y-5">
      <input type="hidden" name="intent" value="add-coding" />
      <input type="hidden" name="testCases" value={JSON.stringify(cases)} />
      <CodingQuestionFields categories={categories} errors={validate.errors} />

      <div>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <div>
            <h4 className="text-sm font-semibold">Test cases</h4>
            <p className="text-xs text-muted">
              Exactly {TEST_CASES_PER_QUESTION} per question, {DEFAULT_POINTS} points each by default. Open cases are shown to
              students; hidden ones only report pass or fail.
            </p>
          </div>
          <Badge tone={cases.length === TEST_CASES_PER_QUESTION ? "green" : "yellow"}>
            {cases.length} of {TEST_CASES_PER_QUESTION} · {splitSummary(cases)}
          </Badge>
        </div>
        {/* No one control holds the cases: the message sits under their heading, and the toast announces it. */}
        <div className="mb-2">
          <FieldError id={`new-cases-${formKey}`} error={validate.errors.testCases} />
        </div>
        <div className="space-y-3">
          {cases.map((c, i) => (
            <TestCaseEditor
              key={i}
              idPrefix={`new-case-${formKey}-${i}`}
              label={`Test case ${i + 1}`}
              value={c}
              onChange={(next) => setCases(cases.map((old, j) => (j === i ? next : old)))}
              onRemove={() => setCases(cases.filter((_, j) => j !== i))}
            />
          ))}
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={addCase}
          aria-disabled={cases.length >= TEST_CASES_PER_QUESTION || undefined}
        >
          + Add test case
        </Button>
      </div>

      <div className="flex justify-end">
        <Button type="submit" busy={busy}>
          {busy ? "Adding question…" : "Add coding question"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
