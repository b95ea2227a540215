import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { LANGUAGE_LABELS, type Language } from "~/lib/playground/playground";

export type OutputState = { text: string; tone: "ok" | "error" } | null;

/** The program's input: sent as stdin with Run (Ctrl+Enter or ⌘+Enter runs, see Playground). */
export function InputPanel({
  value,
  onChange,
  readsInput,
  inputRef,
}: {
  value: string;
  onChange: (stdin: string) => void;
  readsInput: boolean;
  inputRef: React.RefObject<HTMLTextAreaElement>;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor="playground-stdin" className="block text-sm font-medium">
        Input (stdin)
      </label>
      {readsInput ? (
        <p className="text-xs text-amber-700 dark:text-amber-300" id="playground-stdin-hint">
          Your program reads input. Type it here, one value per line, then press Run (or Ctrl+Enter).
        </p>
      ) : null}
      <textarea
        ref={inputRef}
        id="playground-stdin"
        aria-describedby={readsInput ? "playground-stdin-hint" : undefined}
        className={`${controlClass} h-24 resize-y font-mono text-xs`}
        value={value}
        placeholder={readsInput ? "Enter input value(s)..." : "Input for your program (optional)"}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Spec 2: the output panel, with copy and clear. */
export function OutputPanel({ output, onCopy, onClear, height }: { output: OutputState; onCopy: () => void; onClear: () => void; height: string }) {
  return (
    <section aria-labelledby="playground-output-title" className="flex min-h-0 flex-col overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
      <div className="flex items-center justify-between border-b border-slate-200 bg-slate-50 px-3 py-1.5 dark:border-slate-800 dark:bg-slate-900">
        <h3 id="playground-output-title" className="text-sm font-semibold">
          Output
        </h3>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={onCopy} disabled={!output?.text} aria-label="Copy output">
            Copy
          </Button>
          <Button variant="ghost" size="sm" onClick={onClear} disabled={!output} aria-label="Clear output">
            Clear
          </Button>
        </div>
      </div>
      <pre
        role="log"
        aria-label="Output"
        aria-live="polite"
        style={{ height }}
        className={`overflow-auto bg-slate-950 p-3 font-mono text-xs whitespace-pre-wrap ${output?.tone === "error" ? "text-red-300" : "text-slate-100"}`}
      >
        {output ? output.text || "(no output)" : <span className="text-slate-400">Run your code to see output...</span>}
      </pre>
    </section>
  );
}

/** Spec 2: the status bar with language, line count, character count and execution time. */
export function StatusBar({ language, lines, characters, timeMs }: { language: Language; lines: number; characters: number; timeMs: number | null }) {
  return (
    <footer
      aria-label="Status bar"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md bg-brand-600 px-3 py-1 font-mono text-xs text-white"
    >
      <span data-testid="status-language">{LANGUAGE_LABELS[language]}</span>
      <span data-testid="status-lines">{`Lines: ${lines}`}</span>
      <span data-testid="status-characters">{`Characters: ${characters}`}</span>
      <span data-testid="status-time" className="ml-auto">{`Execution time: ${timeMs === null ? "—" : `${timeMs} ms`}`}</span>
    </footer>
  );
}
