/**
 * The code editor's first form (issue 27): a styled textarea that takes
 * keystrokes as soon as the page shows, while CodeMirror (most of a coding
 * page's weight) still downloads on a weak link. It looks like CodeMirror
 * (same font, size, line height, line numbers), Tab indents, and the
 * clipboard is blocked like CodeMirror's. `index.tsx` swaps it for CodeMirror
 * in place, handing over the text, the caret and the scroll position.
 */
import { useRef, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent, type RefObject } from "react";
import type { BlockedAction } from "./settings";

/** CodeMirror's default indent unit (indentUnit): what Tab inserts. */
export const INDENT = "  ";

/** What the plain area hands CodeMirror when it takes over. */
export type Handoff = { anchor: number; head: number; length: number; scrollTop: number; scrollLeft: number; focused: boolean };

/** Reads the handoff from the textarea (while it is still in the page). */
export function readHandoff(area: HTMLTextAreaElement): Handoff {
  const backward = area.selectionDirection === "backward";
  return {
    anchor: backward ? area.selectionEnd : area.selectionStart,
    head: backward ? area.selectionStart : area.selectionEnd,
    length: area.value.length,
    scrollTop: area.scrollTop,
    scrollLeft: area.scrollLeft,
    focused: document.activeElement === area,
  };
}

/** Replaces the selection with `text` as typing would (one undo step, an input event for React). */
function insert(area: HTMLTextAreaElement, text: string) {
  if (document.execCommand?.("insertText", false, text)) return;
  area.setRangeText(text, area.selectionStart, area.selectionEnd, "end");
  area.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Shift+Tab: removes up to one indent unit from the start of the caret's line. */
function outdent(area: HTMLTextAreaElement) {
  const lineStart = area.value.lastIndexOf("\n", area.selectionStart - 1) + 1;
  const spaces = /^ */.exec(area.value.slice(lineStart, lineStart + INDENT.length))![0].length;
  if (spaces === 0) return;
  const [start, end] = [area.selectionStart, area.selectionEnd];
  area.setSelectionRange(lineStart, lineStart + spaces);
  insert(area, "");
  area.setSelectionRange(Math.max(lineStart, start - spaces), Math.max(lineStart, end - spaces));
}

export function PlainCodeArea({
  areaRef,
  value,
  onChange,
  blockClipboard,
  onBlocked,
  ariaLabel,
  fontSize,
  colours,
}: {
  areaRef: RefObject<HTMLTextAreaElement>;
  value: string;
  onChange: (code: string) => void;
  blockClipboard: boolean;
  onBlocked?: (kind: BlockedAction) => void;
  ariaLabel: string;
  fontSize: number;
  /** Text and ground classes (the site's theme, or the playground's fixed one). */
  colours: string;
}) {
  const gutter = useRef<HTMLDivElement>(null);
  // Escape then Tab leaves the editor, as in CodeMirror (WCAG 2.1.2, no keyboard trap).
  const escaped = useRef(false);
  const lines = value.split("\n").length;

  const block = (kind: BlockedAction, event: ClipboardEvent | DragEvent | FormEvent) => {
    if (!blockClipboard) return;
    event.preventDefault();
    onBlocked?.(kind);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      escaped.current = true;
      return;
    }
    const leave = escaped.current;
    escaped.current = false;
    if (event.key !== "Tab" || leave || event.ctrlKey || event.altKey || event.metaKey) return;
    event.preventDefault();
    if (event.shiftKey) outdent(event.currentTarget);
    else insert(event.currentTarget, INDENT);
  };

  const metrics = { fontSize: `${fontSize}px`, lineHeight: 1.4 };
  return (
    <div className={`flex h-full overflow-hidden font-mono focus-within:outline-1 focus-within:outline-offset-[-1px] focus-within:outline-slate-500 focus-within:outline-dotted ${colours}`} style={metrics}>
      {/* Where CodeMirror's line numbers and fold markers will be, so the text does not move at the swap. */}
      <div aria-hidden="true" className="shrink-0 overflow-hidden text-slate-500 select-none dark:text-slate-400">
        <div ref={gutter} className="py-1 pr-[13px] pl-[5px] text-right" style={{ minWidth: `calc(${String(lines).length}ch + 18px)` }}>
          {Array.from({ length: lines }, (_, i) => (
            <div key={i}>{i + 1}</div>
          ))}
        </div>
      </div>
      <textarea
        ref={areaRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onScroll={(event) => {
          if (gutter.current) gutter.current.style.transform = `translateY(${-event.currentTarget.scrollTop}px)`;
        }}
        onPaste={(event) => block("paste", event)}
        onCopy={(event) => block("copy", event)}
        onCut={(event) => block("cut", event)}
        onDrop={(event) => block("paste", event)}
        onDragStart={(event) => block("copy", event)}
        aria-label={ariaLabel}
        data-code-area="plain"
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        wrap="off"
        className="h-full min-w-0 flex-1 resize-none border-0 bg-transparent py-1 pr-[2px] pl-[6px] whitespace-pre outline-none focus:ring-0"
        style={{ font: "inherit", lineHeight: "inherit", tabSize: 4 }}
      />
    </div>
  );
}
