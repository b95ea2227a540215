/**
 * The code editor of the coding test, evaluation, practice, playground,
 * monitor and results screens.
 *
 * It comes in two steps (issue 27). First a plain, styled textarea
 * (plain-code-area.tsx) that takes keystrokes as soon as the page shows; then
 * CodeMirror 6 (through @uiw/react-codemirror, with the one language mode the
 * room needs), loaded lazily after the page is up and swapped in place with
 * the same text, caret, scroll position and focus. A read-only editor shows
 * plain text first. Safe to server-render: CodeMirror is only imported in an
 * effect.
 */
import type { EditorView, Extension } from "@uiw/react-codemirror";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { loadLazily, whenLoaded } from "~/offline/lazy";
import { PlainCodeArea, readHandoff, type Handoff } from "./plain-code-area";
import { clampFontSize, FONT_SIZE_DEFAULT, FONT_SIZE_MAX, FONT_SIZE_MIN, FONT_SIZE_STEP, type CodeEditorProps, type EditorLanguage } from "./settings";

export * from "./settings";

type ViewComponent = typeof import("./codemirror-view").default;
type Loaded = { View: ViewComponent; mode: Extension };

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
  (view ??= loadLazily(() => import("./codemirror-view"))
    .then((m) => m.default)
    .catch((error) => {
      view = null;
      throw error;
    }));

/**
 * Downloads CodeMirror and one language mode (once per page; a failure, e.g.
 * offline, is retried on the next call). Resolves when the editor can show.
 * Called once the page is up, not while it loads: on a weak link the page's
 * own code and data come first, and the plain area takes keystrokes meanwhile.
 */
export function loadEditor(language: EditorLanguage): Promise<Loaded> {
  const v = loadView();
  let m = modes.get(language);
  if (!m) {
    m = loadLazily(LANGUAGE_MODES[language]).catch((error) => {
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

/**
 * The swap: CodeMirror is built hidden under the plain area (the text kept in
 * step through `value`), and once its view exists the plain area's caret,
 * scroll position and focus are read and CodeMirror takes its place in the
 * same layout pass, so nothing flickers and nothing typed is lost.
 */
function useUpgrade(value: string) {
  const area = useRef<HTMLTextAreaElement>(null);
  const editor = useRef<EditorView | null>(null);
  const handoff = useRef<Handoff | null>(null);
  const [upgraded, setUpgraded] = useState(false);
  const onCreateEditor = useCallback((created: EditorView) => {
    editor.current = created;
    handoff.current = area.current ? readHandoff(area.current) : null;
    setUpgraded(true);
  }, []);
  useLayoutEffect(() => {
    const created = editor.current;
    const from = handoff.current;
    if (!upgraded || !created || !from) return;
    handoff.current = null;
    // Keys typed between the read and now went in at the caret.
    const typed = value.length - from.length;
    const at = (pos: number) => Math.max(0, Math.min(created.state.doc.length, pos + typed));
    created.dispatch({ selection: { anchor: at(from.anchor), head: at(from.head) } });
    created.scrollDOM.scrollTop = from.scrollTop;
    created.scrollDOM.scrollLeft = from.scrollLeft;
    // Focus follows only a student who was typing, and who has not since clicked elsewhere.
    const active = document.activeElement;
    if (from.focused && (active === null || active === document.body)) created.contentDOM.focus({ preventScroll: true });
    // `value` is read at the swap only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [upgraded]);
  return { area, upgraded, onCreateEditor };
}

export function CodeEditor(props: CodeEditorProps) {
  const { value, onChange, language, fontSize = FONT_SIZE_DEFAULT, readOnly = false, blockClipboard = false, onBlocked, ariaLabel, height = "24rem", className, theme } = props;
  const dark = useDarkClass();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // After the page is up; offline before it ever loaded, tried again until it comes (the plain area works meanwhile).
  useEffect(() => whenLoaded(() => loadEditor(language), setLoaded), [language]);
  const { area, upgraded, onCreateEditor } = useUpgrade(value);

  const size = clampFontSize(fontSize);
  const colours = theme === undefined ? "bg-white text-slate-800 dark:bg-[#282c34] dark:text-slate-100" : theme === "light" ? "bg-white text-slate-800" : "bg-black text-white";
  const frame = `relative overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700 ${className ?? ""}`;
  const plain = readOnly ? (
    <pre aria-label={ariaLabel} aria-busy="true" className={`h-full overflow-auto p-2 font-mono whitespace-pre ${colours}`} style={{ fontSize: `${size}px`, lineHeight: 1.4 }}>
      {value}
    </pre>
  ) : (
    <PlainCodeArea areaRef={area} value={value} onChange={onChange} blockClipboard={blockClipboard} onBlocked={onBlocked} ariaLabel={ariaLabel} fontSize={size} colours={colours} />
  );
  return (
    <div className={frame} style={{ height }} data-editor={upgraded ? "codemirror" : "plain"}>
      {upgraded ? null : plain}
      {loaded ? (
        <div className={upgraded ? "h-full" : "invisible absolute inset-0"} aria-hidden={upgraded ? undefined : true}>
          <loaded.View {...props} ariaLabel={upgraded ? ariaLabel : ""} height="100%" className="h-full" languageMode={loaded.mode} dark={dark} onCreateEditor={onCreateEditor} />
        </div>
      ) : null}
    </div>
  );
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
