import { useState } from "react";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/http/field-errors";
import {
  CHECKER_LABELS,
  CHECKER_TYPES,
  CUSTOM_CHECKER_HINT,
  gradingFormDefaults,
  LIMIT_BOUNDS,
  MAX_CHECKER_SOURCE_CHARS,
  type CheckerType,
  type StoredGrading,
} from "~/lib/questions/grading";
import { CheckboxField } from "./shared";

const CHECKER_OPTIONS = CHECKER_TYPES.map((value) => ({ value, label: CHECKER_LABELS[value] }));

/**
 * A coding question's limits and output check (issue 35), on the add form and
 * the edit dialog. Posted flat (timeLimit in seconds, memoryLimit in MB,
 * checkerType and its own fields); `withGrading` in ~/lib/questions/grading
 * reads them. Only the chosen check's fields are rendered, so only they post.
 */
export function GradingFields({
  defaults,
  idPrefix,
  errors = {},
}: {
  defaults?: Partial<StoredGrading>;
  idPrefix: string;
  errors?: FieldErrors;
}) {
  const initial = gradingFormDefaults(defaults);
  const [type, setType] = useState<CheckerType>(initial.checkerType);
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">Grading</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField
          id={`${idPrefix}-time-limit`}
          label="Time limit (seconds)"
          name="timeLimit"
          error={errors.timeLimit}
          inputMode="decimal"
          defaultValue={initial.timeLimit}
          placeholder="Default"
          hint={`CPU time per test case, ${LIMIT_BOUNDS.timeMs.min / 1000} to ${LIMIT_BOUNDS.timeMs.max / 1000}. Empty: the runner's default.`}
        />
        <TextField
          id={`${idPrefix}-memory-limit`}
          label="Memory limit (MB)"
          name="memoryLimit"
          error={errors.memoryLimit}
          inputMode="numeric"
          defaultValue={initial.memoryLimit}
          placeholder="Default"
          hint={`${LIMIT_BOUNDS.memoryMb.min} to ${LIMIT_BOUNDS.memoryMb.max}. Empty: the runner's default.`}
        />
        <SelectField
          id={`${idPrefix}-checker`}
          label="Output check"
          name="checkerType"
          error={errors.checkerType}
          value={type}
          onChange={(e) => setType(e.target.value as CheckerType)}
          options={CHECKER_OPTIONS}
        />
      </div>
      {type === "tolerance" ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField
            id={`${idPrefix}-absolute`}
            label="Absolute tolerance"
            name="toleranceAbsolute"
          error={errors.toleranceAbsolute}
            defaultValue={initial.toleranceAbsolute}
            placeholder="e.g. 1e-6"
          />
          <TextField
            id={`${idPrefix}-relative`}
            label="Relative tolerance"
            name="toleranceRelative"
          error={errors.toleranceRelative}
            defaultValue={initial.toleranceRelative}
            placeholder="e.g. 1e-6"
          />
          <div className="flex flex-col gap-2 sm:pt-6">
            <CheckboxField label="Case sensitive" name="toleranceCaseSensitive" defaultChecked={initial.toleranceCaseSensitive} />
            <CheckboxField label="Space sensitive" name="toleranceSpaceSensitive" defaultChecked={initial.toleranceSpaceSensitive} />
          </div>
          <p className="text-xs text-muted sm:col-span-3">
            A token that reads as a number passes within the absolute or the relative tolerance; other tokens must match.
          </p>
        </div>
      ) : null}
      {type === "custom" ? (
        <TextAreaField
          id={`${idPrefix}-checker-source`}
          label="Custom checker (C++ source)"
          name="checkerSource"
          error={errors.checkerSource}
          rows={8}
          maxLength={MAX_CHECKER_SOURCE_CHARS}
          defaultValue={initial.checkerSource}
          spellCheck={false}
          hint={CUSTOM_CHECKER_HINT}
        />
      ) : null}
    </fieldset>
  );
}
