// Saved snippets (spec 2 section 3: "code snippet: name, code, lang; kept only
// in the browser's local storage under the key code_snippets"), and their
// export to one JSON file and import back (issue 14, item 8). Isomorphic and
// storage-agnostic: the page passes localStorage in, tests a Map.
import { z } from "zod";
import { LANGUAGES, type Language } from "./playground";

export const SNIPPETS_KEY = "code_snippets";
export const EXPORT_FORMAT = "proctoredge-snippets";
export const EXPORT_FILE_NAME = "code-snippets.json";
/** An import file larger than this is refused before it is read (local storage holds about 5 MB in all). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_SNIPPET_NAME = 100;

export const SNIPPET_MESSAGES = {
  nameRequired: "Please enter a snippet name",
  nameTooLong: `Snippet name must be at most ${MAX_SNIPPET_NAME} characters`,
  saved: (name: string) => `Snippet "${name}" saved`,
  deleted: (name: string) => `Snippet "${name}" deleted`,
  storageFull: "The snippet could not be saved: this browser's storage is full",
  storageUnavailable: "This browser does not allow saving snippets (storage is turned off)",
  exported: (n: number) => `Exported ${n} snippet${n === 1 ? "" : "s"}`,
  nothingToExport: "There are no saved snippets to export",
  fileTooLarge: "The file is too large to import (at most 5 MB)",
  notJson: "The file is not a snippets export (it is not valid JSON)",
  wrongShape: "The file is not a snippets export (expected a list of snippets with name, code and lang)",
  empty: "The file has no snippets",
  imported: (added: number, skipped: number) =>
    `Imported ${added} snippet${added === 1 ? "" : "s"}${skipped ? ` (${skipped} already saved)` : ""}`,
} as const;

export const SnippetNameSchema = z
  .string({ required_error: SNIPPET_MESSAGES.nameRequired })
  .trim()
  .min(1, SNIPPET_MESSAGES.nameRequired)
  .max(MAX_SNIPPET_NAME, SNIPPET_MESSAGES.nameTooLong);

export const SnippetSchema = z.object({
  name: SnippetNameSchema,
  code: z.string({ required_error: "code is required", invalid_type_error: "code must be text" }),
  lang: z.enum(LANGUAGES, { errorMap: () => ({ message: `lang must be one of ${LANGUAGES.join(", ")}` }) }),
  /** When it was saved (ms); ours, optional so the spec's plain {name, code, lang} entries read too. */
  savedAt: z.number().int().nonnegative().optional(),
});
export type Snippet = z.infer<typeof SnippetSchema>;

/** The export file: `{ format, version, exportedAt, snippets }`. A bare array (the storage value itself) imports too. */
const ExportFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT).optional(),
  version: z.literal(1).optional(),
  snippets: z.array(z.unknown()),
});

type StorageLike = Pick<Storage, "getItem" | "setItem">;

/** The saved snippets; entries that are not snippets (another app's, a damaged write) are skipped, never thrown. */
export function readSnippets(storage: StorageLike): Snippet[] {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(SNIPPETS_KEY) ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = SnippetSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Writes the list; throws the storage's error (QuotaExceededError) for the page to explain. */
export function writeSnippets(storage: StorageLike, snippets: Snippet[]) {
  storage.setItem(SNIPPETS_KEY, JSON.stringify(snippets));
}

export function newSnippet(name: string, code: string, lang: Language, now = Date.now()): Snippet {
  return { name: SnippetNameSchema.parse(name), code, lang, savedAt: now };
}

export function exportSnippets(snippets: Snippet[], now = new Date()): string {
  return JSON.stringify({ format: EXPORT_FORMAT, version: 1, exportedAt: now.toISOString(), snippets }, null, 2);
}

export type ImportResult = { ok: true; snippets: Snippet[] } | { ok: false; error: string };

/** Reads an export file (or a bare list); the first problem is named with its snippet's number. */
export function parseSnippetImport(text: string): ImportResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: SNIPPET_MESSAGES.notJson };
  }
  const file = ExportFileSchema.safeParse(Array.isArray(raw) ? { snippets: raw } : raw);
  if (!file.success) return { ok: false, error: SNIPPET_MESSAGES.wrongShape };
  if (file.data.snippets.length === 0) return { ok: false, error: SNIPPET_MESSAGES.empty };
  const snippets: Snippet[] = [];
  for (const [i, entry] of file.data.snippets.entries()) {
    const parsed = SnippetSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const message = issue.code === "invalid_type" && issue.path.length === 0 ? "not a snippet" : issue.message;
      return { ok: false, error: `Snippet ${i + 1}: ${message}` };
    }
    snippets.push(parsed.data);
  }
  return { ok: true, snippets };
}

/** Adds the imported snippets after the saved ones, skipping any already saved (same name, language and code). */
export function mergeSnippets(saved: Snippet[], incoming: Snippet[]): { snippets: Snippet[]; added: number; skipped: number } {
  const key = (s: Snippet) => JSON.stringify([s.name, s.lang, s.code]);
  const seen = new Set(saved.map(key));
  const merged = [...saved];
  let added = 0;
  for (const snippet of incoming) {
    if (seen.has(key(snippet))) continue;
    seen.add(key(snippet));
    merged.push(snippet);
    added++;
  }
  return { snippets: merged, added, skipped: incoming.length - added };
}
