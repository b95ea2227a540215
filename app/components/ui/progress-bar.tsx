/** A labelled progress bar with its text and percentage above it (imports, uploads). */
export function ProgressBar({ label, percent, text, tone = "brand" }: { label: string; percent: number; text: string; tone?: "brand" | "warning" }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div>
      <div className="mb-1 flex justify-between text-xs text-muted">
        <span>{text}</span>
        <span>{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 ${tone === "warning" ? "bg-amber-500" : "bg-brand-600"}`}
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
