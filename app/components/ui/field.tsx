import { errorIdOf } from "~/lib/http/field-errors";
import { useId, type AriaAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

export const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-800";

/**
 * What a control with a hint or an error carries: aria-describedby naming the
 * hint and the error (after any the caller gave), and aria-invalid while it
 * has an error. For hand-written controls, with `FieldError` under them.
 */
export function describedBy(
  id: string,
  { hint, error, own }: { hint?: ReactNode; error?: string; own?: { "aria-describedby"?: string; "aria-invalid"?: AriaInvalid } },
) {
  const ids = [own?.["aria-describedby"], hint ? `${id}-hint` : undefined, error ? errorIdOf(id) : undefined].filter(Boolean).join(" ");
  return { "aria-describedby": ids || undefined, "aria-invalid": error ? (true as const) : own?.["aria-invalid"] };
}
type AriaInvalid = AriaAttributes["aria-invalid"];

/** A control's error message, under it; its id is the one `describedBy` names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={errorIdOf(id)} className="text-xs font-medium text-red-700 dark:text-red-300">
      {error}
    </p>
  ) : null;
}

/** `hideLabel`: the label is read, not shown (a toolbar's filter). `compact`: a small label over a control as wide as its content (a filter bar). */
type LabelLook = { hideLabel?: boolean; compact?: boolean };

function Labelled({
  label,
  hint,
  error,
  id,
  hideLabel,
  compact,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  /** The field's error message, shown under the control (issue 42, item 6). */
  error?: string;
  id: string;
  children: ReactNode;
} & LabelLook) {
  return (
    <div className={hideLabel ? undefined : "space-y-1"}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : `block ${compact ? "text-xs" : "text-sm"} font-medium`}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The `error` prop every field takes: its message under the control, with aria-invalid and aria-describedby. */
type ErrorProp = { error?: string };

export function TextField({
  label,
  hint,
  error,
  className = "",
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode } & ErrorProp) {
  const id = useId();
  const fieldId = props.id ?? id;
  return (
    <Labelled label={label} hint={hint} error={error} id={fieldId}>
      <input
        id={fieldId}
        className={`${controlClass} ${className}`}
        data-autofocus={props.autoFocus || undefined}
        {...props}
        {...describedBy(fieldId, { hint, error, own: props })}
      />
    </Labelled>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className = "",
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; hint?: ReactNode } & ErrorProp) {
  const id = useId();
  const fieldId = props.id ?? id;
  return (
    <Labelled label={label} hint={hint} error={error} id={fieldId}>
      <textarea
        id={fieldId}
        className={`${controlClass} font-mono ${className}`}
        {...props}
        {...describedBy(fieldId, { hint, error, own: props })}
      />
    </Labelled>
  );
}

export function SelectField({
  label,
  hint,
  error,
  options,
  hideLabel,
  compact,
  className = "",
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & LabelLook & {
  label: ReactNode;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
} & ErrorProp) {
  const id = useId();
  const fieldId = props.id ?? id;
  return (
    <Labelled label={label} hint={hint} error={error} id={fieldId} hideLabel={hideLabel} compact={compact}>
      <select
        id={fieldId}
        className={`${controlClass} ${compact ? "w-auto" : ""} ${className}`}
        {...props}
        {...describedBy(fieldId, { hint, error, own: props })}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
