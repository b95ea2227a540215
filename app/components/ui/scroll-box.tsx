import type { ReactNode } from "react";

/**
 * A box that scrolls on its own (a wide table on a phone, a long preview):
 * the page around it keeps to the screen (issue 41). It takes the keyboard's
 * focus and carries a name, so a keyboard user can scroll it too (WCAG 2.1.1),
 * and it is positioned, so a visually hidden caption or label inside it stays
 * inside it instead of widening the page.
 */
export function ScrollBox({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div tabIndex={0} role="region" aria-label={label} className={`relative overflow-auto focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none ${className}`}>
      {children}
    </div>
  );
}
