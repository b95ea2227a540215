import type { ReactNode } from "react";

const TONES = {
  green: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
  yellow: "bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200",
  red: "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200",
  blue: "bg-brand-100 text-brand-700 dark:bg-slate-800 dark:text-brand-100",
  gray: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = "gray", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</span>;
}
