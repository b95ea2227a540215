/**
 * What the code editor's two halves share (its plain first form and
 * CodeMirror), and what settings screens read: no React, no CodeMirror.
 */
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
