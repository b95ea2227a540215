import type { ReactNode } from "react";
import { CodeEditor, EditorExitHint, FILE_NAMES, FontSizeControls, type BlockedAction, type EditorLanguage } from "~/components/code-editor";

/**
 * The coding test's and the practice session's page and its three columns
 * (questions, problem, code). Below 1024 px (a tablet, issue 41) the columns
 * stack and the page scrolls; from 1024 px the page fills the screen and each
 * column scrolls on its own.
 */
export const CODING_PAGE = "flex min-h-screen flex-col lg:h-screen";
export const CODING_COLUMNS = "grid flex-1 grid-cols-1 lg:min-h-0 lg:grid-cols-[13rem_minmax(0,1fr)_minmax(0,1.3fr)]";

/**
 * The code column of the coding test and the practice session: the file name
 * and font size above one editor per question (its own document and undo
 * history), and the page's buttons and panels (`children`) below.
 */
export function CodeSection({
  questionId,
  questionNumber,
  language,
  code,
  onChange,
  fontSize,
  onFontSize,
  blockClipboard = false,
  onBlocked,
  children,
}: {
  questionId: string;
  questionNumber: number;
  language: EditorLanguage;
  code: string;
  onChange: (code: string) => void;
  fontSize: number;
  onFontSize: (size: number) => void;
  blockClipboard?: boolean;
  onBlocked?: (kind: BlockedAction) => void;
  children: ReactNode;
}) {
  return (
    <section aria-label="Code" className="flex min-h-0 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-y-1 border-b border-slate-200 px-3 py-1.5 dark:border-slate-800">
        <span className="font-mono text-xs text-muted">{FILE_NAMES[language]}</span>
        <EditorExitHint className="ml-auto px-3" />
        <FontSizeControls size={fontSize} onChange={onFontSize} />
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        <CodeEditor
          key={questionId}
          value={code}
          onChange={onChange}
          language={language}
          fontSize={fontSize}
          blockClipboard={blockClipboard}
          onBlocked={onBlocked}
          ariaLabel={`Code for question ${questionNumber}`}
        />
      </div>
      {children}
    </section>
  );
}
