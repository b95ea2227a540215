import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { Language } from "../../../contracts/runner";
import { Button } from "~/components/ui/button";
import { exitSummary, type TerminalStream } from "~/lib/playground/terminal";
import { useInteractiveRun, type InteractiveStatus } from "./use-interactive-run";

const STREAM_CLASS: Record<TerminalStream, string> = {
  stdout: "text-slate-100",
  stderr: "text-red-300",
  stdin: "text-sky-300",
  system: "text-slate-400 italic",
};

const STATUS_TEXT: Record<Exclude<InteractiveStatus, "ended">, string> = {
  idle: "Not running",
  connecting: "Connecting…",
  compiling: "Compiling…",
  running: "Running: type the program's input below and press Enter",
};

export type InteractiveTerminalProps = {
  language: Language;
  code: string;
  /** Start a run as soon as the terminal appears (default). Otherwise the Run button starts it. */
  autoStart?: boolean;
  /** Called when a run ends, with its one-line summary. */
  onEnd?: (summary: string) => void;
  className?: string;
};

/**
 * Runs a program interactively, as a terminal would (issue 14 item 6): its
 * output appears as it is written (stderr in red), each line typed is sent
 * as its input and echoed (in blue), Stop ends it, and the end shows how it
 * ended with its CPU and wall time. The code and language are read when a run
 * starts; editing them does not touch a running program.
 *
 * Mounting: `<InteractiveTerminal key={runId} language={lang} code={code} />`
 * starts a run on mount, so a page's own Run button can start a fresh one by
 * changing `key`; unmounting (or leaving the page) stops the program. A page
 * that wants its own layout can use `useInteractiveRun` directly.
 */
export function InteractiveTerminal({ language, code, autoStart = true, onEnd, className = "" }: InteractiveTerminalProps) {
  const run = useInteractiveRun();
  const [line, setLine] = useState("");
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const stickToBottom = useRef(true);
  const inputId = useId();
  const statusId = useId();
  const latest = useRef({ language, code });
  latest.current = { language, code };

  const active = run.status === "connecting" || run.status === "compiling" || run.status === "running";
  const startRun = () => run.start(latest.current.language, latest.current.code);

  useEffect(() => {
    if (autoStart) startRun();
    // Once, on mount: later runs are the user's (Run again).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Follow the output while the user is at the bottom; leave them be when they scrolled up to read.
  useEffect(() => {
    const log = logRef.current;
    if (log && stickToBottom.current) log.scrollTop = log.scrollHeight;
  }, [run.segments, run.exit, run.compileError]);

  useEffect(() => {
    if (run.status === "running") inputRef.current?.focus();
  }, [run.status]);

  const summary = run.exit ? exitSummary(run.exit) : run.compileError ? "Compilation failed" : null;
  useEffect(() => {
    if (run.status === "ended" && summary) onEnd?.(summary);
    // Only when a run ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run.status, summary]);

  const statusText = run.status === "ended" ? (summary ?? (run.error ? "Not running" : "Stopped")) : STATUS_TEXT[run.status];
  const statusTone =
    run.status !== "ended"
      ? "text-slate-300"
      : run.exit?.verdict === "OK"
        ? "text-emerald-400"
        : run.exit?.reason === "stopped" || (!run.exit && !run.compileError && !run.error)
          ? "text-slate-300"
          : "text-amber-300";

  const submit = () => {
    if (run.status !== "running") return;
    run.sendLine(line);
    setLine("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Ctrl-D on an empty line: end of input, as in a terminal.
    if (event.key === "d" && event.ctrlKey && line === "") {
      event.preventDefault();
      run.sendEof();
    }
  };

  return (
    <section
      aria-label="Interactive terminal"
      className={`flex min-h-0 flex-col overflow-hidden rounded-md border border-slate-800 bg-slate-950 font-mono text-xs text-slate-100 ${className}`}
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-800 px-3 py-1.5">
        <p id={statusId} role="status" className={`truncate ${statusTone}`}>
          {statusText}
        </p>
        <div className="flex shrink-0 gap-1.5">
          {active ? (
            <Button size="sm" variant="danger" onClick={run.stop}>
              Stop
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={startRun}>
              {run.status === "idle" ? "Run" : "Run again"}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={run.clear} disabled={run.segments.length === 0}>
            Clear
          </Button>
        </div>
      </div>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Program output"
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
        className="min-h-32 flex-1 overflow-y-auto p-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <pre className="whitespace-pre-wrap break-words">
          {run.segments.map((s, i) => (
            <span key={i} className={STREAM_CLASS[s.stream]}>
              {s.text}
            </span>
          ))}
        </pre>
        {run.compileError ? (
          <>
            <p className="text-red-400">Compilation failed</p>
            <pre className="mt-1 whitespace-pre-wrap text-red-300">{run.compileError.stderr || run.compileError.stdout}</pre>
          </>
        ) : null}
        {run.error ? (
          <p role="alert" className="mt-1 text-amber-300">
            {run.error}
          </p>
        ) : null}
      </div>

      <form
        className="flex items-center gap-2 border-t border-slate-800 px-3 py-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="shrink-0 text-slate-400">
          Input
        </label>
        <input
          id={inputId}
          ref={inputRef}
          value={line}
          onChange={(e) => setLine(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={run.status !== "running"}
          aria-describedby={statusId}
          autoComplete="off"
          spellCheck={false}
          placeholder={run.status === "running" ? "Type a line and press Enter (Ctrl-D: end of input)" : ""}
          className="min-w-0 flex-1 rounded border border-slate-700 bg-slate-900 px-2 py-1 text-slate-100 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none disabled:opacity-50"
        />
        <Button size="sm" variant="secondary" type="submit" disabled={run.status !== "running"}>
          Send
        </Button>
        <Button size="sm" variant="ghost" onClick={run.sendEof} disabled={run.status !== "running"} title="Close the program's input (end of file)">
          End input
        </Button>
      </form>
    </section>
  );
}
