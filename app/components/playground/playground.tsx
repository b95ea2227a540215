import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CodeEditor, EditorExitHint } from "~/components/code-editor";
import { useToast } from "~/components/toaster";
import { firstError } from "~/lib/accounts/validation";
import type { PlaygroundActionData } from "~/lib/playground/playground.server";
import {
  codeStats,
  fileName,
  isUploadable,
  languageOfFile,
  MAX_CODE_BYTES,
  PLAYGROUND_MESSAGES,
  PlaygroundRunSchema,
  readsInput,
  TEMPLATES,
  COPIED_MS,
  type Language,
} from "~/lib/playground/playground";
import { shareUrl } from "~/lib/playground/share-link";
import { EXPORT_FILE_NAME, newSnippet, SNIPPET_MESSAGES, type Snippet } from "~/lib/playground/snippets";
import { SaveSnippetDialog, SettingsDialog, ShareLinkDialog } from "./dialogs";
import { InteractiveRun } from "./interactive-run";
import { InputPanel, OutputPanel, StatusBar, type OutputState } from "./output-panel";
import { SnippetsPanel } from "./snippets-panel";
import { Toolbar } from "./toolbar";
import { useFullscreen } from "./use-fullscreen";
import { usePlaygroundCode } from "./use-playground-code";
import { usePlaygroundSettings } from "./use-playground-settings";
import { useSnippets } from "./use-snippets";

/** Share links open the spec's address; a student is sent on from there to /student/playground, the fragment kept. */
const SHARE_PATH = "/admin/practice";

function saveFile(name: string, text: string, type = "text/plain") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The compiler screen (spec 2, "Compiler screen (playground)"), rendered by
 * /admin/practice and /student/playground. Runs go to the page's own action.
 */
export function Playground() {
  const toast = useToast();
  const fetcher = useFetcher<PlaygroundActionData>();
  const [settings, updateSettings] = usePlaygroundSettings();
  const { snippets, add, remove, importText, exportFile } = useSnippets();
  const { language, setLanguage, code, setCode } = usePlaygroundCode();
  const [stdin, setStdin] = useState("");
  const [output, setOutput] = useState<OutputState>(null);
  const [timeMs, setTimeMs] = useState<number | null>(null);
  const [tab, setTab] = useState<"editor" | "snippets">("editor");
  const [copied, setCopied] = useState(false);
  const [dialog, setDialog] = useState<"settings" | "save" | null>(null);
  const [manualShare, setManualShare] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const stdinRef = useRef<HTMLTextAreaElement>(null);
  const [fullscreen, toggleFullscreen] = useFullscreen(frame);

  // A run's answer: the output, the time, and the spec's toast when it failed.
  useEffect(() => {
    const reply = fetcher.data;
    if (!reply || fetcher.state !== "idle") return;
    if (reply.ok) {
      setOutput({ text: reply.run.output, tone: reply.run.outcome === "ok" ? "ok" : "error" });
      setTimeMs(reply.run.timeMs);
      if (reply.run.toast) toast({ type: "error", message: reply.run.toast });
      return;
    }
    toast({ type: "error", message: reply.error });
    // "Execution failed" shows the error message in the output as well.
    if (reply.kind === "execution-failed") setOutput({ text: reply.error, tone: "error" });
  }, [fetcher.data, fetcher.state, toast]);

  const running = fetcher.state !== "idle";
  const needsInput = readsInput(code, language);
  const stats = useMemo(() => codeStats(code), [code]);

  const run = useCallback(() => {
    if (running) return;
    if (needsInput && stdin.trim() === "") {
      toast({ type: "error", message: PLAYGROUND_MESSAGES.enterInput });
      stdinRef.current?.focus();
      return;
    }
    const error = firstError(PlaygroundRunSchema, { language, code, stdin });
    if (error) return toast({ type: "error", message: error });
    fetcher.submit({ language, code, stdin }, { method: "post" });
  }, [running, needsInput, stdin, language, code, fetcher, toast]);

  function changeLanguage(next: Language) {
    // Untouched Hello World follows the language; anything the user wrote stays.
    if (code === TEMPLATES[language] || code.trim() === "") setCode(TEMPLATES[next]);
    setLanguage(next);
  }

  async function upload(file: File) {
    if (!isUploadable(file.name)) return toast({ type: "error", message: "Choose a .c, .cpp, .py, .java or .txt file" });
    if (file.size > MAX_CODE_BYTES) return toast({ type: "error", message: "The file is too large (at most 64 KB)" });
    try {
      setCode(await file.text());
      const lang = languageOfFile(file.name);
      if (lang) setLanguage(lang);
      setTab("editor");
      toast({ type: "success", message: `Loaded ${file.name}` });
    } catch {
      toast({ type: "error", message: `Could not read ${file.name}` });
    }
  }

  async function share() {
    const url = await shareUrl(`${window.location.origin}${SHARE_PATH}`, code, language);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      setManualShare(url);
    }
  }

  async function copyOutput() {
    try {
      await navigator.clipboard.writeText(output?.text ?? "");
      toast({ type: "success", message: "Output copied" });
    } catch {
      toast({ type: "error", message: "The browser did not allow copying" });
    }
  }

  function loadSnippet(snippet: Snippet) {
    setLanguage(snippet.lang);
    setCode(snippet.code);
    setTab("editor");
    toast({ type: "success", message: `Loaded snippet "${snippet.name}"` });
  }

  function exportAll() {
    const file = exportFile();
    if (!file) return toast({ type: "error", message: SNIPPET_MESSAGES.nothingToExport });
    saveFile(EXPORT_FILE_NAME, file, "application/json");
    toast({ type: "success", message: SNIPPET_MESSAGES.exported(snippets.length) });
  }

  const outcome = (result: { ok: true; message: string } | { ok: false; error: string }) =>
    toast(result.ok ? { type: "success", message: result.message } : { type: "error", message: result.error });

  const editorHeight = fullscreen ? "calc(100vh - 16rem)" : "28rem";

  return (
    <div
      ref={frame}
      className={`space-y-3 ${fullscreen ? "h-screen overflow-auto bg-slate-50 p-4 dark:bg-slate-950" : ""}`}
      // Ctrl+Enter (⌘+Enter) runs from anywhere in the playground. Caught on the way down, so the
      // editor does not also insert a blank line (its own binding for the keys).
      onKeyDownCapture={(e) => {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          e.stopPropagation();
          run();
        }
      }}
    >
      <Toolbar
        language={language}
        onLanguage={changeLanguage}
        theme={settings.theme}
        onToggleTheme={() => updateSettings({ theme: settings.theme === "light" ? "dark" : "light" })}
        onSettings={() => setDialog("settings")}
        onUpload={(file) => void upload(file)}
        onDownload={() => saveFile(fileName(language), code)}
        onSave={() => setDialog("save")}
        fullscreen={fullscreen}
        onFullscreen={() => void toggleFullscreen()}
        copied={copied}
        onShare={() => void share()}
        running={running}
        onRun={run}
        interactive={needsInput ? <InteractiveRun code={code} language={language} /> : null}
      />

      <div role="tablist" aria-label="Compiler views" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        {(
          [
            ["editor", "Code Editor"],
            ["snippets", `Saved Snippets (${snippets.length})`],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`playground-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`playground-panel-${id}`}
            onClick={() => setTab(id)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              tab === id ? "border-brand-600 text-brand-700 dark:text-brand-100" : "border-transparent text-slate-600 hover:text-slate-800 dark:text-slate-300 dark:hover:text-slate-100"
            }`}
          >
            {label}
          </button>
        ))}
      </div>

      {tab === "editor" ? (
        <section id="playground-panel-editor" role="tabpanel" aria-labelledby="playground-tab-editor" className="space-y-3">
          <div className="grid grid-cols-1 gap-3 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="min-w-0">
              <CodeEditor
                value={code}
                onChange={setCode}
                language={language}
                fontSize={settings.fontSize}
                theme={settings.theme}
                ariaLabel="Code editor"
                height={editorHeight}
              />
              <EditorExitHint className="mt-1 block" />
            </div>
            <div className="flex min-w-0 flex-col gap-3">
              <InputPanel value={stdin} onChange={setStdin} readsInput={needsInput} inputRef={stdinRef} />
              <OutputPanel output={output} onCopy={() => void copyOutput()} onClear={() => setOutput(null)} height={fullscreen ? "calc(100vh - 26rem)" : "16rem"} />
            </div>
          </div>
          <StatusBar language={language} lines={stats.lines} characters={stats.characters} timeMs={timeMs} />
        </section>
      ) : (
        <section id="playground-panel-snippets" role="tabpanel" aria-labelledby="playground-tab-snippets">
          <SnippetsPanel
            snippets={snippets}
            onLoad={loadSnippet}
            onDelete={(snippet) => outcome(remove(snippet))}
            onExport={exportAll}
            onImport={(text) => outcome(importText(text))}
            onImportError={(message) => toast({ type: "error", message })}
          />
        </section>
      )}

      <SettingsDialog open={dialog === "settings"} onClose={() => setDialog(null)} settings={settings} onChange={updateSettings} />
      <SaveSnippetDialog
        open={dialog === "save"}
        onClose={() => setDialog(null)}
        suggestedName={fileName(language)}
        onSave={(name) => {
          const result = add(newSnippet(name, code, language));
          if (!result.ok) return result.error;
          setDialog(null);
          toast({ type: "success", message: result.message });
          return null;
        }}
      />
      <ShareLinkDialog url={manualShare} onClose={() => setManualShare(null)} />
    </div>
  );
}
