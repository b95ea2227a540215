import { createContext, useContext, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from "react";
import { ScrollBox } from "./scroll-box";

/**
 * The house table (issue 42): one box, one header row, one cell padding per
 * density, so that the tables do not each grow their own.
 *
 * - The box is positioned and scrolls sideways on its own, so a wide table
 *   never widens the page and its `sr-only` caption stays inside it
 *   (decision 046).
 * - `scrollLabel`: give it when the rows hold nothing focusable. The box is
 *   then a named, focusable region (`ScrollBox`), so a keyboard can scroll it.
 *   A table with links or buttons in its rows gets a plain box: those already
 *   take the focus, and the box would only add a tab stop.
 * - `boxed`: the table is a card of its own (border, shaded header row).
 * - `inset`: the table sits in a card whose heading is padded `px-5`; its
 *   first and last columns line up with it.
 */
type Density = "compact" | "normal";

const PADDING: Record<Density, string> = { compact: "px-3 py-2", normal: "px-4 py-3" };
const CARD = "rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900";
const INSET = "[&_tr>*:first-child]:pl-5 [&_tr>*:last-child]:pr-5";

const TableContext = createContext<{ density: Density; shaded: boolean }>({ density: "compact", shaded: false });

export function Table({
  caption,
  labelledBy,
  scrollLabel,
  density = "compact",
  boxed = false,
  inset = false,
  busy,
  className = "",
  children,
}: {
  /** Read by screen readers only; the table's name. */
  caption?: string;
  /** The id of a visible heading that names the table instead of a caption. */
  labelledBy?: string;
  scrollLabel?: string;
  density?: Density;
  boxed?: boolean;
  inset?: boolean;
  /** The rows are being replaced (a new page, a search): dimmed, and `aria-busy`. */
  busy?: boolean;
  /** The box's own classes: margins, a height cap, a border. */
  className?: string;
  children: ReactNode;
}) {
  const box = `${boxed ? CARD : ""} ${busy === undefined ? "" : `transition-opacity ${busy ? "opacity-60" : ""}`} ${className}`;
  const table = (
    <TableContext.Provider value={{ density, shaded: boxed }}>
      <table className={`w-full text-left text-sm ${inset ? INSET : ""}`} aria-labelledby={labelledBy} aria-busy={busy || undefined}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </TableContext.Provider>
  );
  if (scrollLabel) {
    return (
      <ScrollBox label={scrollLabel} className={box}>
        {table}
      </ScrollBox>
    );
  }
  return (
    <div className={`relative overflow-x-auto ${box}`}>
      {table}
    </div>
  );
}

/** The header row. `sticky`: it stays in view while a box with a height cap scrolls. */
export function THead({ sticky = false, children }: { sticky?: boolean; children: ReactNode }) {
  const { shaded } = useContext(TableContext);
  const shade = shaded || sticky ? "border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800" : "";
  return (
    <thead className={`text-xs tracking-wide text-slate-600 uppercase dark:text-slate-400 ${shade} ${sticky ? "sticky top-0" : ""}`}>
      <tr>{children}</tr>
    </thead>
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100 dark:divide-slate-800">{children}</tbody>;
}

/** A row that lights up under the pointer (rows that open something). */
export const hoverRow = "hover:bg-slate-50 dark:hover:bg-slate-800/50";

export function Th({ className = "", scope = "col", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  const { density } = useContext(TableContext);
  return <th scope={scope} className={`${PADDING[density]} font-medium ${className}`} {...props} />;
}

export function Td({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  const { density } = useContext(TableContext);
  return <td className={`${PADDING[density]} ${className}`} {...props} />;
}
