import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { FilePicker, FileReadError } from "~/components/ui/file-picker";
import { ProgressBar } from "~/components/ui/progress-bar";
import {
  CSV_TEMPLATES,
  parseQuestionsCsv,
  templateDataUrl,
  type CodingCsvRow,
  type CsvFailure,
  type CsvKind,
  type McqCsvRow,
  type ParsedRow,
} from "~/lib/questions/csv";
import { DEFAULT_LANGUAGE, IMPORT_CHUNK_MAX } from "~/lib/questions/question-validation";
import { splitSummary } from "./coding-question-form";
import { languageLabel, LANGUAGE_OPTIONS } from "./shared";
import { ScrollBox } from "~/components/ui/scroll-box";

/** Rows per import request, and a cap on its size so big test cases still go through. */
export const IMPORT_CHUNK_ROWS = 100;
const IMPORT_CHUNK_BYTES = 1_500_000;
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const PREVIEW_ROWS = 50;
const FAILED_ROWS_SHOWN = 200;

type Parsed = { kind: CsvKind; fileName: string; valid: ParsedRow[]; failed: CsvFailure[]; error?: string };
type Progress = { total: number; sent: number; imported: number; failed: number; done: boolean };
type ImportResponse = { ok: true; message: string; imported?: number } | { ok: false; error: string };

const KIND_LABEL: Record<CsvKind, string> = { coding: "coding", mcq: "MCQ" };

function chunkRows(rows: ParsedRow[]): ParsedRow[][] {
  const chunks: ParsedRow[][] = [];
  let current: ParsedRow[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = JSON.stringify(row).length;
    if (current.length && (current.length >= Math.min(IMPORT_CHUNK_ROWS, IMPORT_CHUNK_MAX) || bytes + size > IMPORT_CHUNK_BYTES)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

export function CsvImport() {
  const toast = useToast();
  const uid = useId();
  const fetcher = useFetcher<ImportResponse>();
  const [kind, setKind] = useState<CsvKind>("coding");
  const [language, setLanguage] = useState<string>(DEFAULT_LANGUAGE);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [reading, setReading] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const text = useRef<{ name: string; content: string } | null>(null);
  // The import loop: chunks still to send, the size of the one in flight, the running totals.
  const queue = useRef<ParsedRow[][]>([]);
  const inFlight = useRef<number | null>(null);
  const totals = useRef<Progress | null>(null);
  const importing = progress !== null && !progress.done;

  function parse(k: CsvKind, lang: string) {
    if (!text.current) return;
    const result = parseQuestionsCsv(k, text.current.content, { language: lang });
    setParsed({ kind: k, fileName: text.current.name, ...result });
    setProgress(null);
    if (result.error) toast({ type: "error", message: "Failed to parse CSV file" });
  }

  async function onFile(file: File | undefined) {
    setParsed(null);
    setProgress(null);
    text.current = null;
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setParsed({ kind, fileName: file.name, valid: [], failed: [], error: "The file is larger than 10 MB: split it into smaller files" });
      toast({ type: "error", message: "Failed to parse CSV file" });
      return;
    }
    setReading(true);
    try {
      text.current = { name: file.name, content: await file.text() };
      parse(kind, language);
    } catch {
      setParsed({ kind, fileName: file.name, valid: [], failed: [], error: "The file could not be read" });
      toast({ type: "error", message: "Failed to parse CSV file" });
    } finally {
      setReading(false);
    }
  }

  function reset() {
    setParsed(null);
    setProgress(null);
    text.current = null;
    if (fileRef.current) fileRef.current.value = "";
  }

  function sendNext(k: CsvKind) {
    const next = queue.current.shift();
    if (!next) return finish(k);
    inFlight.current = next.length;
    fetcher.submit(
      {
        intent: "import",
        kind: k,
        rows: JSON.stringify(next.map(({ row: _row, ...question }) => question)),
        // Only the last chunk refreshes the page's counts.
        last: queue.current.length === 0 ? "1" : "0",
      },
      { method: "post" },
    );
  }

  function finish(k: CsvKind) {
    const t = totals.current;
    if (!t || !parsed) return;
    const done = { ...t, done: true };
    totals.current = done;
    setProgress(done);
    if (done.imported > 0) toast({ type: "success", message: `Imported ${done.imported} ${KIND_LABEL[k]} questions` });
    const failed = done.failed + parsed.failed.length;
    if (failed > 0) toast({ type: "error", message: `Failed to import ${failed} questions` });
  }

  function start() {
    if (!parsed || parsed.valid.length === 0 || importing) return;
    queue.current = chunkRows(parsed.valid);
    totals.current = { total: parsed.valid.length, sent: 0, imported: 0, failed: 0, done: false };
    setProgress(totals.current);
    sendNext(parsed.kind);
  }

  // One response per chunk: add it to the totals, then send the next chunk.
  useEffect(() => {
    if (fetcher.state !== "idle" || inFlight.current === null || !totals.current || !parsed) return;
    const size = inFlight.current;
    inFlight.current = null;
    const data = fetcher.data;
    const imported = data && data.ok && typeof data.imported === "number" ? data.imported : 0;
    const t = totals.current;
    totals.current = { ...t, sent: t.sent + size, imported: t.imported + imported, failed: t.failed + (size - imported) };
    setProgress(totals.current);
    sendNext(parsed.kind);
    // Runs per response only; sendNext/finish read refs and the current parse.
  }, [fetcher.state, fetcher.data]);

  const percent = progress ? Math.round((progress.sent / Math.max(1, progress.total)) * 100) : 0;

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <fieldset disabled={importing}>
          <legend className="mb-1 text-sm font-medium">Question type</legend>
          <div className="flex gap-2">
            {(["coding", "mcq"] as const).map((k) => (
              <label
                key={k}
                className={`flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm ${
                  kind === k
                    ? "border-brand-500 bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-white"
                    : "border-slate-300 dark:border-slate-700"
                }`}
              >
                <input
                  type="radio"
                  name={`${uid}-kind`}
                  value={k}
                  checked={kind === k}
                  onChange={() => {
                    setKind(k);
                    parse(k, language);
                  }}
                  className="sr-only"
                />
                {k === "coding" ? "Coding questions" : "MCQ questions"}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === "coding" ? (
          <div className="space-y-1">
            <label htmlFor={`${uid}-language`} className="block text-sm font-medium">
              Language for imported questions
            </label>
            <select
              id={`${uid}-language`}
              value={language}
              disabled={importing}
              onChange={(e) => {
                setLanguage(e.target.value);
                parse(kind, e.target.value);
              }}
              className={controlClass}
            >
              {LANGUAGE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>

      <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
        {kind === "coding" ? (
          <p>
            Columns: <code className="text-xs">title, description, category, test1_input, test1_output, test1_hidden</code> …{" "}
            <code className="text-xs">test5_*</code>. Every row needs all 5 test cases; <code className="text-xs">true</code> in a
            hidden column hides that case from students.
          </p>
        ) : (
          <p>
            Columns:{" "}
            <code className="text-xs">title, category, option_a, option_b, option_c, option_d, correct_option</code>. The
            correct option is A, B, C or D (any case).
          </p>
        )}
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {(["coding", "mcq"] as const).map((k) => (
            <a
              key={k}
              href={templateDataUrl(k)}
              download={CSV_TEMPLATES[k].fileName}
              className="font-medium text-link hover:underline"
            >
              Download {KIND_LABEL[k]} template
            </a>
          ))}
        </p>
      </div>

      <FilePicker ref={fileRef} id={`${uid}-file`} label="CSV file" accept=".csv,text/csv" disabled={importing || reading} onFile={onFile}>
        {reading ? <p className="text-xs text-muted">Reading file…</p> : null}
      </FilePicker>

      {parsed ? (
        <Preview parsed={parsed} />
      ) : null}

      {parsed && !parsed.error ? (
        <div className="space-y-3">
          {progress ? (
            <ProgressBar
              label="Import progress"
              percent={percent}
              tone={progress.done && progress.failed ? "warning" : "brand"}
              text={
                progress.done
                  ? `Done: ${progress.imported} imported${progress.failed ? `, ${progress.failed} failed` : ""}`
                  : `Importing ${progress.sent} of ${progress.total}…`
              }
            />
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={reset} disabled={importing}>
              {progress?.done ? "Import another file" : "Clear"}
            </Button>
            {!progress?.done ? (
              <Button onClick={start} busy={importing} disabled={parsed.valid.length === 0}>
                {importing
                  ? "Importing…"
                  : `Import ${parsed.valid.length} ${KIND_LABEL[parsed.kind]} question${parsed.valid.length === 1 ? "" : "s"}`}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

const thBase = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide";
const th = `${thBase} text-muted`;
/** On the failed rows' red header, muted grey falls under 4.5:1 (axe): a darker grey. */
const failedTh = `${thBase} text-slate-600 dark:text-slate-300`;
const td = "px-3 py-2 align-top";

function Preview({ parsed }: { parsed: Parsed }) {
  if (parsed.error) return <FileReadError fileName={parsed.fileName} message={parsed.error} />;
  const shown = parsed.valid.slice(0, PREVIEW_ROWS);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{parsed.fileName}</span>
        <Badge tone="green">{parsed.valid.length} valid</Badge>
        <Badge tone={parsed.failed.length ? "red" : "gray"}>{parsed.failed.length} failed</Badge>
      </div>

      {parsed.valid.length ? (
        <div>
          <h4 className="mb-1 text-sm font-semibold">Ready to import</h4>
          <ScrollBox label="Ready to import" className="max-h-80 rounded-lg border border-slate-200 dark:border-slate-800">
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
                <tr>
                  <th className={th} scope="col">Row</th>
                  <th className={th} scope="col">{parsed.kind === "coding" ? "Title" : "Question"}</th>
                  <th className={th} scope="col">Category</th>
                  <th className={th} scope="col">{parsed.kind === "coding" ? "Test cases" : "Correct"}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {shown.map((r) => (
                  <tr key={r.row}>
                    <td className={`${td} text-muted tabular-nums`}>{r.row}</td>
                    <td className={td}>
                      <span className="line-clamp-2 break-words">{r.title}</span>
                    </td>
                    <td className={td}>{r.category}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {parsed.kind === "coding" ? (
                        <>
                          {languageLabel((r as CodingCsvRow).language)} · {splitSummary((r as CodingCsvRow).testCases)}
                        </>
                      ) : (
                        <CorrectCell row={r as McqCsvRow} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          {parsed.valid.length > shown.length ? (
            <p className="mt-1 text-xs text-muted">
              Showing the first {shown.length} of {parsed.valid.length} valid rows.
            </p>
          ) : null}
        </div>
      ) : null}

      {parsed.failed.length ? (
        <div>
          <h4 className="mb-1 text-sm font-semibold text-red-700 dark:text-red-300">Will not be imported</h4>
          <ScrollBox label="Will not be imported" className="max-h-64 rounded-lg border border-red-200 dark:border-red-900">
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-red-50 dark:bg-red-950">
                <tr>
                  <th className={failedTh} scope="col">Row</th>
                  <th className={failedTh} scope="col">Why</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-red-100 dark:divide-red-900/50">
                {parsed.failed.slice(0, FAILED_ROWS_SHOWN).map((f) => (
                  <tr key={f.row}>
                    <td className={`${td} text-muted tabular-nums`}>{f.row}</td>
                    <td className={td}>{f.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          {parsed.failed.length > FAILED_ROWS_SHOWN ? (
            <p className="mt-1 text-xs text-muted">
              Showing the first {FAILED_ROWS_SHOWN} of {parsed.failed.length} failed rows.
            </p>
          ) : null}
          <p className="mt-1 text-xs text-muted">Row numbers count the header as row 1, as in a spreadsheet.</p>
        </div>
      ) : null}
    </div>
  );
}

function CorrectCell({ row }: { row: McqCsvRow }) {
  const text = { A: row.optionA, B: row.optionB, C: row.optionC, D: row.optionD }[row.correctOption];
  return (
    <span title={text}>
      <Badge tone="green">{row.correctOption}</Badge> <span className="text-muted">{text.length > 24 ? `${text.slice(0, 24)}…` : text}</span>
    </span>
  );
}
