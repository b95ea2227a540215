/**
 * The code editor of the coding test, evaluation and practice screens
 * (CodeMirror 6 through @uiw/react-codemirror).
 *
 * Safe to server-render: CodeMirror only builds its view in an effect, and
 * everything here that touches `document` runs in effects too.
 */
import { cpp } from "@codemirror/lang-cpp";
import { java } from "@codemirror/lang-java";
import { python } from "@codemirror/lang-python";
// Both come with the language packages above (their own dependencies), so no
// new package: they only style the High Contrast Dark theme.
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import CodeMirror, { EditorState, EditorView, type Extension } from "@uiw/react-codemirror";
import { useEffect, useMemo, useRef, useState } from "react";

export type EditorLanguage = "c" | "cpp" | "python" | "java";
export type BlockedAction = "paste" | "copy" | "cut";

export const FILE_NAMES: Record<EditorLanguage, string> = {
  c: "main.c",
  cpp: "main.cpp",
  python: "main.py",
  java: "main.java",
};

/** Messages the page shows when `onBlocked` fires (spec §5, verbatim). */
export const BLOCKED_MESSAGES: Record<BlockedAction, string> = {
  paste: "Paste is disabled during the test",
  copy: "Copy is disabled during the test",
  cut: "Cut is disabled during the test",
};

export const FONT_SIZE_MIN = 10;
export const FONT_SIZE_MAX = 24;
export const FONT_SIZE_STEP = 2;
export const FONT_SIZE_DEFAULT = 14;

/** Clamps to 10–24 and snaps to the 2 px steps of the spec. */
export function clampFontSize(size: number): number {
  if (!Number.isFinite(size)) return FONT_SIZE_DEFAULT;
  const snapped = FONT_SIZE_MIN + Math.round((size - FONT_SIZE_MIN) / FONT_SIZE_STEP) * FONT_SIZE_STEP;
  return Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, snapped));
}

/** The compiler playground's editor themes (spec 2 section 9: Dark, Light, High Contrast Dark). */
export const EDITOR_THEMES = ["dark", "light", "high-contrast-dark"] as const;
export type EditorTheme = (typeof EDITOR_THEMES)[number];
export const EDITOR_THEME_LABELS: Record<EditorTheme, string> = {
  dark: "Dark",
  light: "Light",
  "high-contrast-dark": "High Contrast Dark",
};

/** Black ground, white text, saturated tokens and a bright cursor and selection, for low vision and glare. */
const highContrastDark: Extension = [
  EditorView.theme(
    {
      "&": { color: "#ffffff", backgroundColor: "#000000" },
      ".cm-content": { caretColor: "#ffff00" },
      ".cm-cursor, .cm-dropCursor": { borderLeftColor: "#ffff00", borderLeftWidth: "2px" },
      "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection": {
        backgroundColor: "#264f78",
      },
      "&.cm-focused": { outline: "2px solid #6fc3df" },
      ".cm-gutters": { backgroundColor: "#000000", color: "#ffffff", borderRight: "1px solid #6fc3df" },
      ".cm-activeLine": { backgroundColor: "transparent", outline: "1px solid #f38518" },
      ".cm-activeLineGutter": { backgroundColor: "#000000", color: "#ffff00" },
      ".cm-matchingBracket, .cm-nonmatchingBracket": { outline: "1px solid #ffff00", backgroundColor: "transparent" },
    },
    { dark: true },
  ),
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: [tags.keyword, tags.controlKeyword, tags.modifier, tags.operatorKeyword], color: "#569cd6", fontWeight: "bold" },
      { tag: [tags.string, tags.special(tags.string), tags.character], color: "#ce9178" },
      { tag: [tags.number, tags.bool, tags.null, tags.atom], color: "#b5cea8" },
      { tag: [tags.comment, tags.lineComment, tags.blockComment], color: "#7ca668", fontStyle: "italic" },
      { tag: [tags.typeName, tags.className, tags.namespace], color: "#4ec9b0" },
      { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "#dcdcaa" },
      { tag: [tags.processingInstruction, tags.meta], color: "#c586c0" },
      { tag: [tags.variableName, tags.propertyName], color: "#9cdcfe" },
      { tag: [tags.operator, tags.punctuation, tags.bracket], color: "#ffffff" },
      { tag: tags.invalid, color: "#ff4444", textDecoration: "underline" },
    ]),
  ),
];

function languageExtension(language: EditorLanguage): Extension {
  switch (language) {
    case "python":
      return python();
    case "java":
      return java();
    default:
      return cpp(); // C has no mode of its own; the C++ grammar covers it.
  }
}

/** Follows the `dark` class on <html>, which the theme toggle flips at any time. */
function useDarkClass(): boolean {
  // false on the server and on the first client render, so hydration matches.
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setDark(root.classList.contains("dark"));
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

export type CodeEditorProps = {
  value: string;
  onChange: (code: string) => void;
  language: EditorLanguage;
  /** 10–24 in steps of 2; default 14. */
  fontSize?: number;
  readOnly?: boolean;
  /** Block paste, copy and cut (and drag in/out), calling `onBlocked` instead. */
  blockClipboard?: boolean;
  onBlocked?: (kind: BlockedAction) => void;
  ariaLabel: string;
  /** CSS height of the editor; default "24rem". */
  height?: string;
  className?: string;
  /** A fixed theme (the playground's setting); by default the editor follows the site's light or dark theme. */
  theme?: EditorTheme;
};

export function CodeEditor({
  value,
  onChange,
  language,
  fontSize = FONT_SIZE_DEFAULT,
  readOnly = false,
  blockClipboard = false,
  onBlocked,
  ariaLabel,
  height = "24rem",
  className,
  theme,
}: CodeEditorProps) {
  const dark = useDarkClass();
  // CodeMirror builds its view in the browser only (and @uiw's component uses
  // useLayoutEffect, which warns on the server), so the server and the first
  // client render show the code as plain text of the same height.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // Read through refs so toggling blocking or a new callback identity does
  // not rebuild (and reconfigure) the editor's extensions.
  const blockRef = useRef(blockClipboard);
  blockRef.current = blockClipboard;
  const onBlockedRef = useRef(onBlocked);
  onBlockedRef.current = onBlocked;

  const clipboardGuard = useMemo<Extension>(() => {
    const block = (kind: BlockedAction, event: Event) => {
      if (!blockRef.current) return false;
      event.preventDefault();
      onBlockedRef.current?.(kind);
      return true; // handled: CodeMirror's own clipboard code does not run
    };
    return [
      EditorView.domEventHandlers({
        paste: (event) => block("paste", event),
        copy: (event) => block("copy", event),
        cut: (event) => block("cut", event),
        // Dropping text in is a paste; dragging a selection out is a copy.
        drop: (event) => block("paste", event),
        dragstart: (event) => block("copy", event),
        beforeinput: (event) =>
          event.inputType === "insertFromPaste" || event.inputType === "insertFromDrop"
            ? block("paste", event)
            : false,
      }),
      // Whatever still gets through (middle-click paste, a browser that skips
      // the events above) is cancelled before it reaches the document.
      EditorState.changeFilter.of((tr) => {
        if (!blockRef.current || !tr.docChanged) return true;
        if (!tr.isUserEvent("input.paste") && !tr.isUserEvent("input.drop")) return true;
        // Not from inside the filter: the page's toast sets React state.
        queueMicrotask(() => onBlockedRef.current?.("paste"));
        return false;
      }),
    ];
  }, []);

  const size = clampFontSize(fontSize);
  const extensions = useMemo<Extension[]>(
    () => [
      languageExtension(language),
      EditorView.theme({
        "&": { fontSize: `${size}px` },
        ".cm-scroller": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
      }),
      EditorView.contentAttributes.of({ "aria-label": ariaLabel }),
      clipboardGuard,
    ],
    [language, size, ariaLabel, clipboardGuard],
  );

  const frame = `overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700 ${className ?? ""}`;
  if (!mounted) {
    const fixed = theme === undefined ? "" : theme === "light" ? "bg-white text-slate-800" : "bg-black text-white";
    return (
      <div className={frame} style={{ height }}>
        <pre
          aria-label={ariaLabel}
          className={`h-full overflow-auto p-2 font-mono whitespace-pre ${fixed || "text-slate-800 dark:text-slate-100"}`}
          style={{ fontSize: `${size}px` }}
        >
          {value}
        </pre>
      </div>
    );
  }

  return (
    <CodeMirror
      value={value}
      onChange={(code) => onChange(code)}
      extensions={extensions}
      theme={theme === "high-contrast-dark" ? highContrastDark : (theme ?? (dark ? "dark" : "light"))}
      readOnly={readOnly}
      height={height}
      className={frame}
    />
  );
}

export function FontSizeControls({ size, onChange }: { size: number; onChange: (size: number) => void }) {
  const current = clampFontSize(size);
  const button =
    "rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800";
  return (
    <div className="inline-flex items-center gap-1">
      <button
        type="button"
        aria-label="Decrease font size"
        className={button}
        disabled={current <= FONT_SIZE_MIN}
        onClick={() => onChange(clampFontSize(current - FONT_SIZE_STEP))}
      >
        A-
      </button>
      <button
        type="button"
        aria-label="Increase font size"
        className={button}
        disabled={current >= FONT_SIZE_MAX}
        onClick={() => onChange(clampFontSize(current + FONT_SIZE_STEP))}
      >
        A+
      </button>
    </div>
  );
}
