import { useRef, type KeyboardEvent } from "react";
import { CodeEditor, type EditorLanguage } from "~/components/code-editor";
import type { MonitoredQuestion } from "~/lib/monitor/monitor.server";
import { ViewerTime } from "~/components/ui/viewer-time";

const ignore = () => {};

/** One tab per question and its code, read-only: the live code, or the version the timeline replays. */
export function MonitoredCode({
  questions,
  language,
  activeId,
  onSelect,
  replay,
}: {
  questions: MonitoredQuestion[];
  language: EditorLanguage;
  activeId: string;
  onSelect: (id: string) => void;
  replay: { questionId: string; code: string; at: number } | null;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if (questions.length === 0) return <p className="rounded-lg border border-slate-200 p-6 text-center text-muted dark:border-slate-700">Not started</p>;
  const index = Math.max(0, questions.findIndex((q) => q.id === activeId));
  const question = questions[index]!;
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + questions.length) % questions.length;
    onSelect(questions[next]!.id);
    tabs.current[next]?.focus();
  };
  const code = replay ? replay.code : question.code;
  return (
    <section>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the tabs pattern: the arrow keys are read on the list, and its tabs are what takes the focus */}
      <div role="tablist" aria-label="Questions" className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700" onKeyDown={onKeyDown}>
        {questions.map((q, i) => (
          <button
            key={q.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            role="tab"
            id={`tab-${q.id}`}
            aria-selected={i === index}
            aria-controls="monitored-code"
            tabIndex={i === index ? 0 : -1}
            onClick={() => onSelect(q.id)}
            className={`-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium focus:ring-2 focus:ring-brand-500 focus:outline-none ${
              i === index ? "border-brand-600 text-brand-700 dark:text-brand-100" : "border-transparent text-slate-600 hover:text-slate-800 dark:text-slate-300 dark:hover:text-slate-100"
            }`}
          >
            {`Q${i + 1}. ${q.title}`}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="monitored-code" aria-labelledby={`tab-${question.id}`} className="pt-3">
        <p className="mb-2 text-sm text-muted" data-testid="code-updated">
          {replay ? (
            <>
              Replaying the version saved at <ViewerTime ms={replay.at} style="clock" />
            </>
          ) : question.lastUpdated === null ? (
            "Not started"
          ) : (
            <>
              Last updated <ViewerTime ms={question.lastUpdated} style="clock" />
            </>
          )}
        </p>
        {code === null ? null : <CodeEditor value={code} onChange={ignore} language={language} readOnly ariaLabel={`Code of Q${index + 1}`} height="22rem" />}
      </div>
    </section>
  );
}
