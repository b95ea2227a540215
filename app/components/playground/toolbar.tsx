import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { fileName, LANGUAGE_LABELS, LANGUAGES, UPLOAD_ACCEPT, type Language } from "~/lib/playground/playground";
import type { EditorTheme } from "~/components/code-editor";

/** Spec 2: file name chip, language selector, theme toggle, settings, upload, download, save snippet, fullscreen, share, run. */
export function Toolbar({
  language,
  onLanguage,
  theme,
  onToggleTheme,
  onSettings,
  onUpload,
  onDownload,
  onSave,
  fullscreen,
  onFullscreen,
  copied,
  onShare,
  running,
  onRun,
  interactive,
}: {
  language: Language;
  onLanguage: (language: Language) => void;
  theme: EditorTheme;
  onToggleTheme: () => void;
  onSettings: () => void;
  onUpload: (file: File) => void;
  onDownload: () => void;
  onSave: () => void;
  fullscreen: boolean;
  onFullscreen: () => void;
  copied: boolean;
  onShare: () => void;
  running: boolean;
  onRun: () => void;
  /** The interactive run's button, when the code reads input (InteractiveRun). */
  interactive?: React.ReactNode;
}) {
  const upload = useRef<HTMLInputElement>(null);
  const light = theme === "light";
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Compiler toolbar">
      <span
        className="inline-flex items-center rounded-full border border-slate-300 bg-slate-100 px-3 py-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-800"
        data-testid="file-name"
        title="File name"
      >
        {fileName(language)}
      </span>
      <SelectField
        id="playground-language"
        label="Language"
        hideLabel
        compact
        value={language}
        onChange={(e) => onLanguage(e.target.value as Language)}
        className="py-1.5"
        options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
      />
      <Button variant="secondary" size="sm" onClick={onToggleTheme} aria-label="Toggle theme" title={light ? "Editor theme: Light" : "Editor theme: Dark"}>
        <span aria-hidden>{light ? "☀" : "☾"}</span>
      </Button>
      <Button variant="secondary" size="sm" onClick={onSettings}>
        Settings
      </Button>
      <span className="mx-1 h-6 w-px bg-slate-200 dark:bg-slate-700" aria-hidden />
      <Button variant="secondary" size="sm" onClick={() => upload.current?.click()}>
        Upload
      </Button>
      <input
        ref={upload}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="hidden"
        data-testid="upload-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onUpload(file);
          e.target.value = "";
        }}
      />
      <Button variant="secondary" size="sm" onClick={onDownload}>
        Download
      </Button>
      <Button variant="secondary" size="sm" onClick={onSave}>
        Save Snippet
      </Button>
      <Button variant="secondary" size="sm" onClick={onFullscreen}>
        {fullscreen ? "Exit Fullscreen" : "Fullscreen"}
      </Button>
      <Button variant="secondary" size="sm" onClick={onShare} aria-live="polite">
        {copied ? "Copied!" : "Share"}
      </Button>
      <div className="ml-auto flex items-center gap-2">
        {interactive}
        <Button onClick={onRun} busy={running}>
          {running ? "Running..." : "Run"}
        </Button>
      </div>
    </div>
  );
}
