import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

export const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none disabled:opacity-60 dark:border-slate-700 dark:bg-slate-800";

/** `hideLabel`: the label is read, not shown (a toolbar's filter). `compact`: a small label over a control as wide as its content (a filter bar). */
type LabelLook = { hideLabel?: boolean; compact?: boolean };

function Labelled({ label, hint, id, hideLabel, compact, children }: { label: ReactNode; hint?: ReactNode; id: string; children: ReactNode } & LabelLook) {
  return (
    <div className={hideLabel ? undefined : "space-y-1"}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : `block ${compact ? "text-xs" : "text-sm"} font-medium`}>
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
    </div>
  );
}

export function TextField({
  label,
  hint,
  className = "",
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode }) {
  const id = useId();
  return (
    <Labelled label={label} hint={hint} id={props.id ?? id}>
      <input id={props.id ?? id} className={`${controlClass} ${className}`} data-autofocus={props.autoFocus || undefined} {...props} />
    </Labelled>
  );
}

export function TextAreaField({
  label,
  hint,
  className = "",
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; hint?: ReactNode }) {
  const id = useId();
  return (
    <Labelled label={label} hint={hint} id={props.id ?? id}>
      <textarea id={props.id ?? id} className={`${controlClass} font-mono ${className}`} {...props} />
    </Labelled>
  );
}

export function SelectField({
  label,
  hint,
  options,
  hideLabel,
  compact,
  className = "",
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & LabelLook & {
  label: ReactNode;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <Labelled label={label} hint={hint} id={props.id ?? id} hideLabel={hideLabel} compact={compact}>
      <select id={props.id ?? id} className={`${controlClass} ${compact ? "w-auto" : ""} ${className}`} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
