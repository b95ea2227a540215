import { forwardRef, type ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost";
const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 unavailable:bg-brand-600/60",
  secondary:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  danger: "bg-red-600 text-white hover:bg-red-700 unavailable:bg-red-600/60",
  ghost: "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: "sm" | "md";
  /** Shows a spinner and disables the button. */
  busy?: boolean;
  /**
   * Disabled or busy, the button stays focused and in the Tab order
   * (`aria-disabled`, dimmed, clicks ignored) instead of taking the `disabled`
   * attribute, which makes the browser drop the focus to <body>. For a button
   * pressed from the keyboard that is unavailable while its own request runs
   * (Run Code, Submit Code): the focus is still on it when the answer comes.
   */
  keepFocus?: boolean;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", busy = false, disabled, keepFocus = false, className = "", children, type = "button", onClick, ...rest },
  ref,
) {
  const off = Boolean(disabled || busy);
  return (
    <button
      ref={ref}
      type={type}
      disabled={off && !keepFocus}
      aria-disabled={(off && keepFocus) || undefined}
      aria-busy={busy || undefined}
      // aria-disabled does not stop a click (nor a form's submission): this does.
      onClick={off ? (e) => e.preventDefault() : onClick}
      // React focuses autoFocus on mount, before a <dialog> opens; the Dialog focuses this once it has (field.tsx does the same).
      data-autofocus={rest.autoFocus || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-md font-medium focus:ring-2 focus:ring-brand-500 focus:ring-offset-1 focus:outline-none unavailable:cursor-not-allowed unavailable:opacity-70 ${
        size === "sm" ? "px-2.5 py-1 text-xs" : "px-3.5 py-2 text-sm"
      } ${VARIANTS[variant]} ${className}`}
      {...rest}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
});

export function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden>
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 1-10 10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
