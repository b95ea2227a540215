// Questions → Import questions (issue 24, decision 027; CSV joined in issue 42):
// the bank's CSV, Moodle XML (with CodeRunner), GIFT and problem packages, one
// pipeline for all. The file is read here, in the browser (the parsers load
// only when a file is chosen); the preview says per question what will be
// created, what is skipped and why (a CSV row by its number), and which are
// already in the bank (keep / replace / skip). Nothing is written until
// Import: then the questions are staged in chunks, with a progress bar, and
// committed in one batch.
import { checkerSummary, limitsText } from "~/lib/questions/grading";
import { useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { FilePicker, FileReadError } from "~/components/ui/file-picker";
import { ProgressBar } from "~/components/ui/progress-bar";
import type { Language } from "~/db/schema";
import { CSV_TEMPLATES, templateDataUrl, type CsvKind } from "~/lib/questions/csv-templates";
import type { QuestionFileFormat } from "~/lib/questions/formats";
import type { ImportedQuestion, Skipped } from "~/lib/questions/formats/model";
import {
  DUPLICATE_ACTIONS,
  duplicateKey,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  importChunks,
  toBankImport,
  type BankImportInput,
  type DuplicateAction,
} from "~/lib/questions/import-plan";
import { splitSummary } from "./coding-question-form";
import { languageLabel, LANGUAGE_OPTIONS } from "./shared";
import { ScrollBox } from "~/components/ui/scroll-box";

const ENDPOINT = "/admin/api/questions/import";
const ROWS_SHOWN = 100;

type Item = {
  source: ImportedQuestion;
  question: BankImportInput;
  problem: string | null;
  duplicateOf: string | null;
  action: DuplicateAction;
};

type Plan = {
  fileName: string;
  format: QuestionFileFormat;
  items: Item[];
  skipped: Skipped[];
  warnings: string[];
  newCategories: string[];
};

type Stage =
  | { kind: "reading"; percent: number }
  | { kind: "uploading"; sent: number; total: number }
  | { kind: "done"; imported: number; replaced: number }
  | { kind: "failed"; count: number; reason: string };

const DUPLICATE_LABELS: Record<DuplicateAction, string> = { keep: "Keep both", replace: "Replace", skip: "Skip" };
const KIND_LABEL: Record<CsvKind, string> = { coding: "coding", mcq: "MCQ" };
/** The spec's message for a CSV that cannot be read (spec 1 section 8). */
const CSV_UNREADABLE = "Failed to parse CSV file";

async function post<T>(body: unknown): Promise<T> {
  const res = await fetch(ENDPOINT, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = (await res.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!res.ok || !data) throw new Error(data?.error ?? IMPORT_MESSAGES.failed);
  return data;
}

function readFile(file: File, onProgress: (percent: number) => void): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress((e.loaded / e.total) * 100);
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(new Error("The file could not be read"));
    reader.readAsArrayBuffer(file);
  });
}

/** Each category of the file spelled as the bank (or the file's first mention) spells it. */
function canonicalCategories(questions: ImportedQuestion[], bank: readonly string[]) {
  const spelling = new Map(bank.map((n) => [n.toLowerCase(), n]));
  const fresh: string[] = [];
  for (const q of questions) {
    const key = q.category.trim().toLowerCase();
    if (key && !spelling.has(key)) {
      spelling.set(key, q.category.trim());
      fresh.push(q.category.trim());
    }
  }
  return { nameOf: (name: string) => spelling.get(name.trim().toLowerCase()) ?? name, fresh };
}

function planItem(source: ImportedQuestion, language: Language | null, duplicateOf: string | null, action: DuplicateAction): Item {
  const { question, problem } = toBankImport(source, language);
  const tooBig = !problem && JSON.stringify(question).length > IMPORT_LIMITS.chunkBytes ? "Its test data is over 4 MB: shorten or split its cases" : null;
  return { source, question, problem: problem ?? tooBig, duplicateOf, action };
}

const sent = (i: Item) => !i.problem && !(i.duplicateOf && i.action === "skip");

/** The questions Import sends, with the bank question each replaces. */
function toSend(items: Item[]) {
  return items
    .filter(sent)
    .map((i) => ({ ...i.question, replaces: i.duplicateOf && i.action === "replace" ? i.duplicateOf : null }));
}

export function QuestionFileImport() {
  const uid = useId();
  const toast = useToast();
  const revalidator = useRevalidator();
  const fileRef = useRef<HTMLInputElement>(null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [error, setError] = useState<{ fileName: string; message: string } | null>(null);
  const [stage, setStage] = useState<Stage | null>(null);
  const [language, setLanguage] = useState<Language | "">("");
  const [showAll, setShowAll] = useState(false);
  const busy = stage?.kind === "reading" || stage?.kind === "uploading";
  // The parse under way: stopped when the page goes away or another file is read.
  const parsing = useRef<AbortController | null>(null);
  useEffect(() => () => parsing.current?.abort(), []);

  function reset() {
    parsing.current?.abort();
    parsing.current = null;
    setPlan(null);
    setError(null);
    setStage(null);
    setShowAll(false);
    if (fileRef.current) fileRef.current.value = "";
  }

  async function onFile(file: File | undefined) {
    reset();
    if (!file) return;
    const fail = (message: string, csv = /\.csv$/i.test(file.name)) => {
      setError({ fileName: file.name, message });
      setStage(null);
      toast({ type: "error", message: csv ? CSV_UNREADABLE : `Could not read ${file.name}` });
    };
    if (file.size > IMPORT_LIMITS.fileBytes) return fail(IMPORT_MESSAGES.tooLarge);
    setStage({ kind: "reading", percent: 0 });
    const controller = new AbortController();
    parsing.current = controller;
    try {
      const [bytes, { parseQuestionFileOffThread, FormatError }] = await Promise.all([
        readFile(file, (percent) => setStage({ kind: "reading", percent: percent * 0.9 })),
        import("~/lib/questions/formats/parse-off-thread"),
      ]);
      // Parsed in a Web Worker: the page stays responsive, and the bar waits at 90% until the questions are read.
      let parsed;
      try {
        parsed = await parseQuestionFileOffThread(file.name, bytes, controller.signal);
      } catch (e) {
        if (controller.signal.aborted) return;
        return fail(e instanceof FormatError ? e.message : "The file could not be read as CSV, Moodle XML, GIFT or a problem package");
      }
      if (controller.signal.aborted) return;
      if (parsed.questions.length > IMPORT_LIMITS.questions) return fail(IMPORT_MESSAGES.tooMany, parsed.format === "csv");
      // The server says which questions the bank has (the category compared in any case) and its categories now.
      const drafts = parsed.questions.map((q) => planItem(q, language || null, null, "skip"));
      const { duplicates, categories } = await post<{ duplicates: { index: number; id: string }[]; categories: string[] }>({
        intent: "check",
        items: drafts.map((i) => ({ kind: i.question.kind, title: i.question.title.slice(0, 2_000), category: (i.question.category ?? "").slice(0, 200) })),
      });
      const { nameOf, fresh } = canonicalCategories(parsed.questions, categories);
      const planned = parsed.questions.map((q) => planItem({ ...q, category: nameOf(q.category) }, language || null, null, "skip"));
      for (const d of duplicates) if (planned[d.index]) planned[d.index]!.duplicateOf = d.id;
      // A file that names the same question twice: the second is a duplicate of the first, reported like one.
      const seen = new Set<string>();
      for (const item of planned) {
        const key = duplicateKey({ kind: item.question.kind, title: item.question.title, category: item.question.category ?? "" });
        if (seen.has(key) && !item.problem) item.problem = "The file has this question twice: only the first is imported";
        seen.add(key);
      }
      const used = new Set(planned.filter((i) => !i.problem).map((i) => (i.question.category ?? "").toLowerCase()));
      setPlan({
        fileName: file.name,
        format: parsed.format,
        items: planned,
        skipped: parsed.skipped,
        warnings: parsed.warnings,
        newCategories: fresh.filter((c) => used.has(c.toLowerCase())),
      });
      setStage(null);
    } catch (e) {
      fail(e instanceof Error ? e.message : "The file could not be read");
    }
  }

  function chooseLanguage(value: Language | "") {
    setLanguage(value);
    if (!plan) return;
    setPlan({ ...plan, items: plan.items.map((i) => (i.source.kind === "coding" && i.source.language === null ? planItem(i.source, value || null, i.duplicateOf, i.action) : i)) });
  }

  /** One duplicate's choice (`index`), or every duplicate's (null). */
  function chooseAction(index: number | null, action: DuplicateAction) {
    if (!plan) return;
    setPlan({ ...plan, items: plan.items.map((i, n) => (n === index || (index === null && i.duplicateOf) ? { ...i, action } : i)) });
  }

  async function start() {
    if (!plan || busy) return;
    const questions = toSend(plan.items);
    if (!questions.length) return;
    const csvKind = csvKindOf(plan);
    setStage({ kind: "uploading", sent: 0, total: questions.length });
    let importId: string | null = null;
    try {
      importId = (await post<{ importId: string }>({ intent: "begin", fileName: plan.fileName })).importId;
      let offset = 0;
      for (const part of importChunks(questions)) {
        await post({ intent: "stage", importId, offset, questions: part });
        offset += part.length;
        setStage({ kind: "uploading", sent: offset, total: questions.length });
      }
      const done = await post<{ imported: number; replaced: number }>({ intent: "commit", importId, count: questions.length });
      setStage({ kind: "done", ...done });
      toast({ type: "success", message: importedMessage(done.imported, done.replaced, csvKind) });
      // As the CSV import always said: the rows that will not be imported are counted as failed (spec 1 section 5).
      const failed = plan.skipped.length + plan.items.filter((i) => i.problem).length;
      if (csvKind && failed > 0) toast({ type: "error", message: `Failed to import ${failed} questions` });
      revalidator.revalidate();
    } catch (e) {
      if (importId) void post({ intent: "discard", importId }).catch(() => {});
      setStage({ kind: "failed", count: questions.length, reason: e instanceof Error ? e.message : "the server did not answer" });
      toast({ type: "error", message: `Failed to import ${questions.length} questions` });
    }
  }

  const sending = plan ? plan.items.filter(sent).length : 0;
  const needsLanguage = plan?.items.some((i) => i.source.kind === "coding" && i.source.language === null) ?? false;

  return (
    <div className="space-y-4">
      <FormatsHelp />

      <FilePicker
        ref={fileRef}
        id={`${uid}-file`}
        label="Question file"
        accept=".csv,.xml,.gift,.txt,.zip,text/csv,application/xml,text/xml,application/zip"
        disabled={busy}
        onFile={onFile}
      />

      {stage?.kind === "reading" ? <ProgressBar label="Reading the file" percent={stage.percent} text="Reading the file…" /> : null}

      {error ? <FileReadError fileName={error.fileName} message={error.message} /> : null}

      {plan ? (
        <FilePreview
          plan={plan}
          uid={uid}
          showAll={showAll}
          onShowAll={() => setShowAll(true)}
          onAction={chooseAction}
          disabled={busy || stage?.kind === "done"}
          language={needsLanguage ? { value: language, onChange: chooseLanguage } : null}
        />
      ) : null}

      {plan ? (
        <div className="space-y-3">
          {stage?.kind === "uploading" ? (
            <ProgressBar label="Import progress" percent={(stage.sent / Math.max(1, stage.total)) * 100} text={`Importing ${stage.sent} of ${stage.total}…`} />
          ) : null}
          {stage?.kind === "done" ? (
            <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
              {importedMessage(stage.imported, stage.replaced, csvKindOf(plan))}
            </p>
          ) : null}
          {stage?.kind === "failed" ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {`Failed to import ${stage.count} questions: ${stage.reason}. Nothing was imported.`}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={reset} disabled={busy}>
              {stage?.kind === "done" ? "Import another file" : "Clear"}
            </Button>
            {stage?.kind !== "done" ? (
              <Button onClick={start} busy={stage?.kind === "uploading"} disabled={sending === 0}>
                {stage?.kind === "uploading" ? "Importing…" : `Import ${sending} question${sending === 1 ? "" : "s"}`}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** A CSV's kind (one file holds one kind), which its messages name; null for other files. */
const csvKindOf = (plan: Plan): CsvKind | null => (plan.format === "csv" ? (plan.items[0]?.source.kind ?? null) : null);

/** A CSV's success in the spec's words ("Imported 23 MCQ questions"); other files count questions of any kind. */
function importedMessage(imported: number, replaced: number, csvKind: CsvKind | null) {
  const parts = [csvKind ? `Imported ${imported} ${KIND_LABEL[csvKind]} questions` : `Imported ${imported} question${imported === 1 ? "" : "s"}`];
  if (replaced) parts.push(`replaced ${replaced}`);
  return parts.join(", ");
}

const code = "text-xs break-words";

/** What the import reads: the bank's CSV (columns and templates, spec 1 section 5), then the other formats. */
function FormatsHelp() {
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
      <p>
        <strong>CSV</strong>, one question a row; the header says which kind:
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Coding questions: <code className={code}>title, description, category, test1_input, test1_output, test1_hidden</code> …{" "}
          <code className={code}>test5_*</code>. Every row needs all 5 test cases; <code className={code}>true</code> in a hidden column
          hides that case from students.
        </li>
        <li>
          MCQ questions: <code className={code}>title, category, option_a, option_b, option_c, option_d, correct_option</code>. The
          correct option is A, B, C or D (any case).
        </li>
      </ul>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {(["coding", "mcq"] as const).map((k) => (
          <a key={k} href={templateDataUrl(k)} download={CSV_TEMPLATES[k].fileName} className="font-medium text-link hover:underline">
            Download {KIND_LABEL[k]} template
          </a>
        ))}
      </p>
      <p>
        <strong>Moodle XML</strong> (multiple choice, true/false and CodeRunner program questions in C, C++, Python or Java),{" "}
        <strong>GIFT</strong> (multiple choice) and <strong>problem packages</strong> (a .zip in the ICPC / Kattis format). Up to 20 MB. You
        see every question before anything is saved.
      </p>
    </div>
  );
}

const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted";
const td = "px-3 py-2 align-top";

function FilePreview({
  plan,
  uid,
  showAll,
  onShowAll,
  onAction,
  disabled,
  language,
}: {
  plan: Plan;
  uid: string;
  showAll: boolean;
  onShowAll: () => void;
  /** One duplicate's choice, or (index null) every duplicate's. */
  onAction: (index: number | null, action: DuplicateAction) => void;
  disabled: boolean;
  language: { value: Language | ""; onChange: (value: Language | "") => void } | null;
}) {
  const creatable = plan.items.filter((i) => !i.problem);
  const duplicates = creatable.filter((i) => i.duplicateOf).length;
  // What the duplicates are set to: one action for all, or several.
  const choices = new Set(creatable.filter((i) => i.duplicateOf).map((i) => i.action));
  const notImported = plan.items.filter((i) => i.problem).length + plan.skipped.length;
  const shown = showAll ? plan.items : plan.items.slice(0, ROWS_SHOWN);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="import-summary">
        <span className="font-medium">{plan.fileName}</span>
        <Badge tone="green">{creatable.length - duplicates} to create</Badge>
        {duplicates ? <Badge tone="yellow">{duplicates} already in the bank</Badge> : null}
        <Badge tone={notImported ? "red" : "gray"}>{notImported} skipped</Badge>
      </div>

      {plan.newCategories.length ? (
        <p className="text-sm">
          New categories: <strong>{plan.newCategories.join(", ")}</strong> (created with the import)
        </p>
      ) : null}

      {language ? (
        <div className="max-w-xs space-y-1">
          <label htmlFor={`${uid}-language`} className="block text-sm font-medium">
            {plan.format === "csv" ? "Language of the coding questions" : "Language of the problem package questions"}
          </label>
          <select
            id={`${uid}-language`}
            value={language.value}
            disabled={disabled}
            onChange={(e) => language.onChange(e.target.value as Language | "")}
            className={controlClass}
          >
            <option value="">Choose a language…</option>
            {LANGUAGE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {duplicates > 1 ? (
        <div className="max-w-xs space-y-1">
          <label htmlFor={`${uid}-duplicates`} className="block text-sm font-medium">
            For all {duplicates} already in the bank
          </label>
          <select
            id={`${uid}-duplicates`}
            value={choices.size === 1 ? [...choices][0] : ""}
            disabled={disabled}
            onChange={(e) => e.target.value && onAction(null, e.target.value as DuplicateAction)}
            className={controlClass}
          >
            <option value="" disabled>
              As chosen for each
            </option>
            {DUPLICATE_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {DUPLICATE_LABELS[a]}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {plan.items.length ? (
        <div>
          <h4 className="mb-1 text-sm font-semibold">Questions in the file</h4>
          <ScrollBox label="Questions in the file" className="max-h-96 rounded-lg border border-slate-200 dark:border-slate-800">
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
                <tr>
                  <th className={th} scope="col">Question</th>
                  <th className={th} scope="col">Category</th>
                  <th className={th} scope="col">Type</th>
                  <th className={th} scope="col">Import</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {shown.map((item, index) => (
                  <tr key={index} data-testid="import-row">
                    <td className={td}>
                      <span className="line-clamp-2 break-words font-medium">{item.question.title}</span>
                      {item.source.kind === "coding" && item.source.notes.length ? (
                        <span className="mt-0.5 block text-xs text-muted">Note: {item.source.notes.join("; ")}</span>
                      ) : null}
                    </td>
                    <td className={td}>{item.question.category}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {item.question.kind === "mcq" ? (
                        `MCQ · ${item.question.options.length} options`
                      ) : (
                        <>
                          {item.question.language ? languageLabel(item.question.language) : "Coding"} · {item.question.testCases.length} test case
                          {item.question.testCases.length === 1 ? "" : "s"} ({splitSummary(item.question.testCases.map((t) => ({ isHidden: Boolean(t.isHidden) })))})
                          {limitsText(item.question) ? <span className="block text-xs text-muted">{limitsText(item.question)}</span> : null}
                          {item.question.checker ? (
                            <span className="block text-xs text-muted">{`Output check: ${checkerSummary(item.question.checker)}`}</span>
                          ) : null}
                        </>
                      )}
                    </td>
                    <td className={td}>
                      {item.problem ? (
                        <span className="text-red-700 dark:text-red-300">Skipped: {item.problem}</span>
                      ) : item.duplicateOf ? (
                        <label className="block">
                          <span className="mb-1 block text-xs text-amber-700 dark:text-amber-300">Already in the bank</span>
                          <select
                            aria-label={`What to do with ${item.question.title}`}
                            value={item.action}
                            disabled={disabled}
                            onChange={(e) => onAction(index, e.target.value as DuplicateAction)}
                            className={`${controlClass} py-1`}
                          >
                            {DUPLICATE_ACTIONS.map((a) => (
                              <option key={a} value={a}>
                                {DUPLICATE_LABELS[a]}
                              </option>
                            ))}
                          </select>
                        </label>
                      ) : (
                        <Badge tone="green">Create</Badge>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          {plan.items.length > shown.length ? (
            <p className="mt-1 text-xs text-muted">
              Showing {shown.length} of {plan.items.length}.{" "}
              <button type="button" onClick={onShowAll} className="font-medium text-link hover:underline">
                Show all
              </button>
            </p>
          ) : null}
        </div>
      ) : null}

      {plan.skipped.length ? (
        <div>
          <h4 className="mb-1 text-sm font-semibold text-red-700 dark:text-red-300">Not imported</h4>
          <ul className="max-h-64 space-y-1 overflow-auto rounded-lg border border-red-200 p-3 text-sm dark:border-red-900" data-testid="import-skipped">
            {plan.skipped.map((s, i) => (
              <li key={i}>
                <span className="font-medium">{s.title}</span>
                <span className="text-muted"> ({s.sourceRef})</span>: {s.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {plan.warnings.length ? (
        <div>
          <h4 className="mb-1 text-sm font-semibold text-amber-700 dark:text-amber-300">Warnings</h4>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {plan.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
