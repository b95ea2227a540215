/**
 * The code editor of the coding test, evaluation and practice screens
 * (CodeMirror 6 through @uiw/react-codemirror).
 *
 * Safe to server-render: CodeMirror is only imported (lazily, with the one
 * language mode the room needs) in an effect; see codemirror-view.tsx.
 */
import type { Extension } from "@uiw/react-codemirror";
import { useEffect, useState } from "react";

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

type ViewComponent = typeof import("./codemirror-view").default;

/** Only the room's language mode is downloaded; C has no mode of its own (the C++ grammar covers it). */
const LANGUAGE_MODES: Record<EditorLanguage, () => Promise<Extension>> = {
  python: () => import("@codemirror/lang-python").then((m) => m.python()),
  java: () => import("@codemirror/lang-java").then((m) => m.java()),
  c: () => import("@codemirror/lang-cpp").then((m) => m.cpp()),
  cpp: () => import("@codemirror/lang-cpp").then((m) => m.cpp()),
};

let view: Promise<ViewComponent> | null = null;
const modes = new Map<EditorLanguage, Promise<Extension>>();
const loadView = () =>
  (view ??= import("./codemirror-view")
    .then((m) => m.default)
    .catch((error) => {
      view = null;
      throw error;
    }));
// In the browser the download starts as soon as a page with an editor loads, not after it hydrates.
if (typeof document !== "undefined") loadView().catch(() => {});

/**
 * Downloads CodeMirror and one language mode (once per page; a failure, e.g.
 * offline, is retried on the next call). Resolves when the editor can show.
 */
export function loadEditor(language: EditorLanguage): Promise<{ View: ViewComponent; mode: Extension }> {
  const v = loadView();
  let m = modes.get(language);
  if (!m) {
    m = LANGUAGE_MODES[language]().catch((error) => {
      modes.delete(language);
      throw error;
    });
    modes.set(language, m);
  }
  return Promise.all([v, m]).then(([View, mode]) => ({ View, mode }));
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

export function CodeEditor(props: CodeEditorProps) {
  const { value, language, fontSize = FONT_SIZE_DEFAULT, ariaLabel, height = "24rem", className, theme } = props;
  const dark = useDarkClass();
  // CodeMirror and the language mode arrive after the page is usable (they
  // are most of a coding page's weight); until then, and on the server, the
  // code shows as plain text of the same size.
  const [loaded, setLoaded] = useState<{ View: ViewComponent; mode: Extension } | null>(null);
  useEffect(() => {
    let current = true;
    void loadEditor(language).then(
      (editor) => current && setLoaded(editor),
      () => {}, // offline before it ever loaded: the text stays, read-only
    );
    return () => {
      current = false;
    };
  }, [language]);

  const size = clampFontSize(fontSize);
  const frame = `overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700 ${className ?? ""}`;
  if (!loaded) {
    const fixed = theme === undefined ? "" : theme === "light" ? "bg-white text-slate-800" : "bg-black text-white";
    return (
      <div className={frame} style={{ height }}>
        <pre
          aria-label={ariaLabel}
          aria-busy="true"
          className={`h-full overflow-auto p-2 font-mono whitespace-pre ${fixed || "text-slate-800 dark:text-slate-100"}`}
          style={{ fontSize: `${size}px` }}
        >
          {value}
        </pre>
      </div>
    );
  }
  const { View, mode } = loaded;
  return <View {...props} languageMode={mode} dark={dark} />;
}

/**
 * Tab indents inside the editor, so the page says how to leave it (WCAG 2.1.2,
 * no keyboard trap): CodeMirror hands Tab back to the browser after Escape.
 */
export function EditorExitHint({ className = "" }: { className?: string }) {
  return (
    <span className={`text-xs text-muted ${className}`}>
      <kbd>Esc</kbd> then <kbd>Tab</kbd> leaves the editor
    </span>
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
        aria-label="A- (smaller font)"
        className={button}
        disabled={current <= FONT_SIZE_MIN}
        onClick={() => onChange(clampFontSize(current - FONT_SIZE_STEP))}
      >
        A-
      </button>
      <button
        type="button"
        aria-label="A+ (larger font)"
        className={button}
        disabled={current >= FONT_SIZE_MAX}
        onClick={() => onChange(clampFontSize(current + FONT_SIZE_STEP))}
      >
        A+
      </button>
    </div>
  );
}
