import { useCallback, useEffect, useState } from "react";
import { clampFontSize, EDITOR_THEMES, FONT_SIZE_DEFAULT, type EditorTheme } from "~/components/code-editor";

/** The playground's editor settings (font size, editor theme), kept in this browser. */
export const SETTINGS_KEY = "playground_settings";

export type PlaygroundSettings = { fontSize: number; theme: EditorTheme };
const DEFAULTS: PlaygroundSettings = { fontSize: FONT_SIZE_DEFAULT, theme: "dark" };

function read(): PlaygroundSettings {
  try {
    const raw = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "{}") as Partial<PlaygroundSettings>;
    return {
      fontSize: clampFontSize(Number(raw.fontSize ?? DEFAULTS.fontSize)),
      theme: (EDITOR_THEMES as readonly string[]).includes(raw.theme ?? "") ? (raw.theme as EditorTheme) : DEFAULTS.theme,
    };
  } catch {
    return DEFAULTS;
  }
}

export function usePlaygroundSettings() {
  // The server does not know this browser's settings: defaults first, then the stored ones.
  const [settings, setSettings] = useState(DEFAULTS);
  useEffect(() => setSettings(read()), []);
  const update = useCallback((change: Partial<PlaygroundSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...change, fontSize: clampFontSize(change.fontSize ?? current.fontSize) };
      try {
        localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
      } catch {
        // Storage off: the settings last for this page.
      }
      return next;
    });
  }, []);
  return [settings, update] as const;
}
