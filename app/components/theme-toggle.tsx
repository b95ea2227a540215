import { useEffect, useState } from "react";
import { applyTheme, readTheme, THEME_KEY, THEMES, type Theme } from "~/lib/ui/theme";

const LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

export function ThemeToggle() {
  // Server render does not know the stored theme; settle after hydration.
  const [theme, setTheme] = useState<Theme>("system");
  useEffect(() => setTheme(readTheme()), []);

  useEffect(() => {
    if (theme !== "system") return;
    const query = matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => applyTheme("system");
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [theme]);

  function choose(next: Theme) {
    setTheme(next);
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    applyTheme(next);
  }

  return (
    <div role="radiogroup" aria-label="Theme" className="inline-flex rounded-lg border border-slate-200 p-0.5 text-xs dark:border-slate-700">
      {THEMES.map((t) => (
        <button
          key={t}
          type="button"
          role="radio"
          aria-checked={theme === t}
          onClick={() => choose(t)}
          className={`rounded-md px-2 py-1 ${
            theme === t
              ? "bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900"
              : "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          }`}
        >
          {LABELS[t]}
        </button>
      ))}
    </div>
  );
}
