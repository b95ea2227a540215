// npm run similarity -- --language <c|cpp|python|java> [--common-share S] --json DIR
// Every source file under DIR (recursively) is one submission, named by its
// path relative to DIR; prints every pair the engine scores as JSON, with the
// same engine as the room's Similarity page (issue 23, decision 026). Files
// over 64 KB, binary or empty files are skipped, with the reason on stderr.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { analyse, DEFAULTS } from "../app/lib/similarity/engine.ts";
import { LANGUAGES, type Language } from "../app/lib/similarity/tokenize.ts";

export const EXTENSIONS: Record<Language, readonly string[]> = {
  c: [".c", ".h"],
  cpp: [".cpp", ".cc", ".cxx", ".hpp", ".hh", ".h"],
  python: [".py"],
  java: [".java"],
};

function fail(message: string): never {
  process.stderr.write(`similarity: ${message}\n`);
  process.exit(2);
  throw new Error(message);
}

export function sourceFiles(dir: string, language: Language): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && EXTENSIONS[language].some((ext) => entry.name.toLowerCase().endsWith(ext))) out.push(path);
    }
  };
  walk(dir);
  return out;
}

/** Reads DIR as submissions and scores every pair; `allPairs` adds the pairs that share nothing (similarity 0). */
export function analyseFolder(dir: string, language: Language, commonShare: number = DEFAULTS.commonShare) {
  const root = resolve(dir);
  const submissions = sourceFiles(root, language).map((path) => ({ id: relative(root, path), code: readFileSync(path).toString("utf8") }));
  const result = analyse(submissions, { language, commonShare });
  const scored = new Set(result.pairs.map((p) => `${p.a}\n${p.b}`));
  const ids = submissions.map((s) => s.id).filter((id) => !result.skipped.some((x) => x.id === id));
  const zero = [];
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      if (!scored.has(`${ids[i]}\n${ids[j]}`) && !scored.has(`${ids[j]}\n${ids[i]}`)) {
        zero.push({ a: ids[i]!, b: ids[j]!, similarity: 0, coveredA: 0, coveredB: 0, longestFragment: 0, fragments: [] });
      }
    }
  }
  return { pairs: [...result.pairs, ...zero], skipped: result.skipped, notes: result.notes };
}

function main(argv: string[]) {
  let language: string | undefined;
  let commonShare: number = DEFAULTS.commonShare;
  let dir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--language") language = argv[++i];
    else if (arg === "--common-share") commonShare = Number(argv[++i]);
    else if (arg === "--json") continue;
    else if (arg.startsWith("--")) fail(`unknown option ${arg}`);
    else dir = arg;
  }
  if (!language || !LANGUAGES.includes(language as Language)) fail(`--language must be one of ${LANGUAGES.join(", ")}${language ? ` (not "${language}")` : ""}`);
  if (!Number.isFinite(commonShare) || commonShare <= 0 || commonShare > 1) fail("--common-share must be a number above 0 and at most 1");
  if (!dir) fail("name the folder to analyse");
  let stat;
  try {
    stat = statSync(dir);
  } catch {
    fail(`folder not found: ${dir}`);
  }
  if (!stat.isDirectory()) fail(`not a folder: ${dir}`);
  const { pairs, skipped, notes } = analyseFolder(dir, language as Language, commonShare);
  for (const s of skipped) process.stderr.write(`skipped ${s.id}: ${s.reason}\n`);
  for (const s of notes) process.stderr.write(`note ${s.id}: ${s.note}\n`);
  process.stdout.write(`${JSON.stringify(pairs, null, 1)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
