// npm run bench:similarity (issue 39, decision 026): the similarity engine
// measured on PUBLIC labelled sets made by others, next to two other scorers on
// the same pairs; then its speed on a large room, and a hostile room.
//
//   SIMILARITY_DATA=/path/to/data npm run bench:similarity
//
// SIMILARITY_DATA names a folder with one subfolder per set (never committed;
// a set that is missing is reported with how to get it):
// - emse25:     github.com/tsaglam/EMSE25-SM (JPlag team, "Evaluating Software
//               Plagiarism Detection in the Age of AI"), its datasets/ folder.
// - codeforces: github.com/cuong0001/Dataset-Code-Plagiarism-Detection.
// - cheers:     github.com/hjc851/SourceCodePlagiarismDetectionDataset (Cheers et al.).
// Karnalim's IR-Plag set is held out: it is only measured by
// `npm run similarity:acceptance` and must never be added here.
//
// Each set's adapter turns its layout into tasks (one question, one language)
// of labelled programs (scripts/similarity-metrics.ts: Program). For each set,
// pooled over its tasks, with every pair of a task scored by each scorer (the
// engine with commonShare 1, Dolos's measure, token 3-gram Jaccard):
// - everyPair: ROC AUC and precision@k, positives = the two programs share a
//   family (original and copy, or two copies of one original), negatives =
//   every other pair of the task;
// - byLevel[disguise]: ROC AUC and precision@k of (original X, copy of X by
//   that disguise) against the same negatives.
// Prints JSON on stdout: { data, sets: { emse25, codeforces, cheers }, speed, hostile }.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, openSync, closeSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import Papa from "papaparse";
import { analyse } from "../app/lib/similarity/engine.ts";
import type { Language } from "../app/lib/similarity/tokenize.ts";
import { sourceFiles } from "./similarity.ts";
import { AI_GENERATED, round, SCORERS, scoreTasks, summarise, type Program, type ScoredPair, type Task } from "./similarity-metrics.ts";

const SETS = {
  emse25: "git clone https://github.com/tsaglam/EMSE25-SM \"$SIMILARITY_DATA/emse25\" (its datasets/ folder is read)",
  codeforces: "git clone https://github.com/cuong0001/Dataset-Code-Plagiarism-Detection \"$SIMILARITY_DATA/codeforces\"",
  cheers: "git clone https://github.com/hjc851/SourceCodePlagiarismDetectionDataset \"$SIMILARITY_DATA/cheers\"",
  conplag:
    "ConPlag (Slobodkin & Sadovnikov 2022, zenodo.org/records/7332790), template-free version as CSV: copy dataset/version_2/{train,validation,test}.csv of https://github.com/FahadEbrahim/SCPD_FSE into \"$SIMILARITY_DATA/conplag\"",
} as const;
type SetName = keyof typeof SETS;

const REPO_SET = new URL("../tests/similarity/dataset/", import.meta.url).pathname;
const CLI = new URL("./similarity.ts", import.meta.url).pathname;

const dirs = (at: string) =>
  readdirSync(at, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** One program from a file or a folder: a folder's source files concatenated in path order (other files ignored). */
function readProgram(path: string, language: Language): string {
  if (!existsSync(path)) return "";
  const files = statSync(path).isDirectory() ? sourceFiles(path, language) : [path];
  return files.map((f) => readFileSync(f, "utf8")).join("\n");
}

type Loaded = { tasks: Task[]; notes: string[] };

/**
 * EMSE25 (datasets/<Dataset>/...): one task per dataset (Progpedia19, Progpedia56:
 * Java; z5z1, z5z5: C++). The README and layout give the labels:
 * - human/<s>/: a student's submission (several files are one program). All
 *   human submissions solve the same problem independently: family = itself;
 *   kind "original" when a plagiarized copy of it is in the set, else "independent".
 * - insert/plag-<s>/: plagiarism of human/<s> by dead-code insertion (kind "insert").
 * - refactor/plag-<s>/: plagiarism of human/<s> by refactoring (kind "refactor").
 * - gptobf/gpt<K>-<s>/: plagiarism of human/<s> obfuscated by GPT-4, 15 each
 *   for 5 submissions (kind "gptobf"); copies of one <s> are one family.
 * - gpt/gpt-<K>.java: fully AI-generated programs, copies of no human one
 *   (kind "ai-generated"): they stay in the room (they shape the engine's
 *   weights as they would in a class) but are left out of the copy measures;
 *   `aiGenerated` shows how alike they are to each other.
 * Other files (the .csv of human/ and insert/) are ignored. BoardGame and
 * TicTacToe (no human submissions published) are skipped.
 */
function emse25(root: string): Loaded {
  const base = existsSync(join(root, "datasets")) ? join(root, "datasets") : root;
  const tasks: Task[] = [];
  const notes: string[] = [];
  for (const dataset of dirs(base)) {
    const at = join(base, dataset);
    if (!existsSync(join(at, "human"))) {
      notes.push(`${dataset}: no human/ submissions (not published), skipped`);
      continue;
    }
    const language: Language = sourceFiles(join(at, "human"), "java").length ? "java" : "cpp";
    const task = `emse25/${dataset}`;
    const programs: Program[] = [];
    const add = (id: string, path: string, family: string, kind: string) => {
      const code = readProgram(path, language);
      if (code.trim()) programs.push({ id, code, language, task, family, kind });
    };
    const copied = new Set<string>();
    for (const disguise of ["insert", "refactor", "gptobf"]) {
      if (!existsSync(join(at, disguise))) continue;
      for (const name of dirs(join(at, disguise))) {
        const original = name.replace(/^(plag|gpt\d+)-/, "");
        if (!existsSync(join(at, "human", original))) {
          notes.push(`${dataset}/${disguise}/${name}: no human/${original}, skipped`);
          continue;
        }
        copied.add(original);
        add(`${disguise}/${name}`, join(at, disguise, name), `human/${original}`, disguise);
      }
    }
    for (const name of dirs(join(at, "human"))) add(`human/${name}`, join(at, "human", name), `human/${name}`, copied.has(name) ? "original" : "independent");
    if (existsSync(join(at, "gpt"))) {
      for (const path of sourceFiles(join(at, "gpt"), language)) {
        const id = `gpt/${relative(join(at, "gpt"), path)}`;
        add(id, path, id, AI_GENERATED);
      }
    }
    tasks.push({ name: task, language, programs });
  }
  return { tasks, notes };
}

/**
 * Codeforces (dataset/<problem>/<problem>-{C,C++,Python}/): one task per problem
 * and language. `<id>.<ext>` is an Accepted solution, independent of the others
 * (kind "original": each has one copy); `<id>_cheat_<kind>.<ext>` is a synthetic
 * copy of `<id>` (scripts/plagiarism_code_gen.py: comment, rename, format,
 * header, combo), as dataset_metadata.csv also says (original_source).
 */
function codeforces(root: string): Loaded {
  const base = existsSync(join(root, "dataset")) ? join(root, "dataset") : root;
  const LANGUAGE: Record<string, Language> = { C: "c", "C++": "cpp", Python: "python" };
  const tasks: Task[] = [];
  const notes: string[] = [];
  for (const problem of dirs(base)) {
    for (const folder of dirs(join(base, problem))) {
      const language = LANGUAGE[folder.slice(problem.length + 1)];
      if (!language) {
        notes.push(`${problem}/${folder}: unknown language, skipped`);
        continue;
      }
      const task = `codeforces/${problem}/${language}`;
      const programs: Program[] = [];
      const files = readdirSync(join(base, problem, folder)).sort();
      for (const file of files) {
        const match = /^(.+?)(?:_cheat_([a-z]+))?\.(c|cpp|py)$/.exec(file);
        if (!match) continue;
        const [, id, cheat] = match;
        const original = files.find((f) => f.startsWith(`${id}.`));
        if (!original) {
          notes.push(`${problem}/${folder}/${file}: its original is missing, skipped`);
          continue;
        }
        const code = readFileSync(join(base, problem, folder, file), "utf8");
        programs.push({ id: file, code, language, task, family: original, kind: cheat ?? (files.some((f) => f.startsWith(`${id}_cheat_`)) ? "original" : "independent") });
      }
      tasks.push({ name: task, language, programs });
    }
  }
  return { tasks, notes };
}

/**
 * Cheers et al. (Java, multi-file projects; "Entire Dataset/<N>-<v>/"): four
 * original programs N = 1..4 (N-src, the same as "Base Programs/N"), each with
 * an exact copy (N-clone, kind "clone") and 49 variants N-0..N-48 made by
 * automated semantics-preserving obfuscation ("Variant Programs/N/N-K", whose
 * analytics.json lists modifications of all six classic levels at once; kind
 * "obfuscated"). There are no independent solutions of the same assignment, so
 * the set is one task and the negatives are pairs of different assignments:
 * easier than elsewhere, and read as such. Non-Java files (.idea, analytics.json) are ignored.
 */
function cheers(root: string): Loaded {
  const base = join(root, "Entire Dataset");
  const programs: Program[] = [];
  const notes = ["no independent solutions of one assignment: the four assignments are one task, negatives are pairs of different assignments"];
  for (const name of dirs(base)) {
    const match = /^(\d+)-(src|clone|\d+)$/.exec(name);
    if (!match) continue;
    const [, n, v] = match;
    const kind = v === "src" ? "original" : v === "clone" ? "clone" : "obfuscated";
    programs.push({ id: name, code: readProgram(join(base, name), "java"), language: "java", task: "cheers", family: `${n}-src`, kind });
  }
  return { tasks: [{ name: "cheers", language: "java", programs }], notes };
}

/**
 * ConPlag (Java, real Codeforces contests): pairs of accepted submissions that
 * experts labelled plagiarised (1) or not (0), disguises as contestants made
 * them. Each labelled pair is a task of its own (the CSVs name no problem), an
 * original and its "copy" when labelled 1, two independent programs when 0, so
 * the every-pair AUC ranks the plagiarised pairs against the others.
 */
function conplag(root: string): Loaded {
  const tasks: Task[] = [];
  for (const split of ["train", "validation", "test"]) {
    const path = join(root, `${split}.csv`);
    if (!existsSync(path)) continue;
    const rows = Papa.parse<Record<string, string>>(readFileSync(path, "utf8"), { header: true, skipEmptyLines: true }).data;
    for (const row of rows) {
      const copied = row.labels === "1";
      const name = `${split}:${row.filename_1}-${row.filename_2}`;
      const a: Program = { id: `${row.filename_1}.java`, code: row.code_1 ?? "", language: "java", task: name, family: "a", kind: copied ? "original" : "independent" };
      const b: Program = { id: `${row.filename_2}.java#2`, code: row.code_2 ?? "", language: "java", task: name, family: copied ? "a" : "b", kind: copied ? "copy" : "independent" };
      tasks.push({ name, language: "java", programs: [a, b] });
    }
  }
  return { tasks, notes: ["each labelled pair is a task of its own: the score of a pair is the engine's on a room of those two programs"] };
}

const ADAPTERS: Record<SetName, (root: string) => Loaded> = { emse25, codeforces, cheers, conplag };

// SIMILARITY_QUICK=1: the engine alone on the sets, no speed or hostile room (for trying a change).
const QUICK = !!process.env.SIMILARITY_QUICK;
type ScorerName = keyof typeof SCORERS;
const ALL_SCORERS = Object.keys(SCORERS) as ScorerName[];

/** The set's measures by each of `names` (the engine first: the others are reported beside it). */
function measureSet(loaded: Loaded, names: readonly ["engine", ...ScorerName[]]) {
  const started = performance.now();
  const programs = loaded.tasks.flatMap((t) => t.programs);
  const kinds: Record<string, number> = {};
  for (const p of programs) kinds[p.kind] = (kinds[p.kind] ?? 0) + 1;
  const seconds: Record<string, number> = {};
  const summaries: Partial<Record<ScorerName, ReturnType<typeof summarise>>> = {};
  for (const name of names) {
    const at = performance.now();
    const pairs: ScoredPair[] = scoreTasks(loaded.tasks, SCORERS[name]);
    seconds[name] = round((performance.now() - at) / 1000);
    summaries[name] = summarise(pairs);
  }
  const of = (name: ScorerName) => summaries[name]!;
  const levels = [...new Set(names.flatMap((n) => Object.keys(of(n).byLevel)))];
  const e = of("engine");
  return {
    tasks: loaded.tasks.length,
    languages: [...new Set(loaded.tasks.map((t) => t.language))],
    programs: programs.length,
    kinds,
    notes: loaded.notes,
    // Every set is small enough (the bench takes about 2 minutes on 2 cores): nothing is sampled.
    sampling: "none: every pair of every task",
    everyPair: { positives: e.everyPair.positives, negatives: e.everyPair.negatives, ...Object.fromEntries(names.map((n) => [n, pick(of(n).everyPair)])) },
    byLevel: Object.fromEntries(
      levels.map((level) => [
        level,
        {
          copies: e.byLevel[level]?.copies ?? 0,
          ...Object.fromEntries(names.map((n) => [n, of(n).byLevel[level] ? pickLevel(of(n).byLevel[level]!) : null])),
        },
      ]),
    ),
    meanNegativeScore: Object.fromEntries(names.map((n) => [n, of(n).meanNegativeScore])),
    ...(e.aiGenerated ? { aiGenerated: Object.fromEntries(names.map((n) => [n, of(n).aiGenerated])) } : {}),
    seconds: { ...seconds, total: round((performance.now() - started) / 1000) },
  };
}
const pick = (m: { rocAuc: number | null; precisionAtK: number | null }) => ({ rocAuc: m.rocAuc, precisionAtK: m.precisionAtK });
const pickLevel = (m: { rocAuc: number | null; precisionAtK: number | null; meanCopyScore: number | null }) => ({ ...pick(m), meanCopyScore: m.meanCopyScore });

/** A room of `students` for one question: the repository set's programs of one language, each student's copy renamed and re-spaced. */
function syntheticRoom(language: Language, students: number, seed: number) {
  const labels = (JSON.parse(readFileSync(join(REPO_SET, "labels.json"), "utf8")) as { files: { path: string; language: Language; level: number }[] }).files;
  const sources = labels.filter((l) => l.language === language && l.level === 0).map((l) => readFileSync(join(REPO_SET, l.path), "utf8"));
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: students }, (_, i) => {
    const source = sources[Math.floor(random() * sources.length)]!;
    const suffix = `_${i}`;
    const renamed = source.replace(/\b([a-z][a-z0-9]{2,})\b/g, (w) => (random() < 0.5 ? w + suffix : w));
    return { id: `student-${i}`, code: renamed.replace(/\n/g, random() < 0.5 ? "\n\n" : "\n") };
  });
}

/** A room of 500 students with two questions, in this process. */
function speed() {
  const students = 500;
  const questions: Language[] = ["python", "c"];
  const started = performance.now();
  let pairs = 0;
  for (const [q, language] of questions.entries()) pairs += analyse(syntheticRoom(language, students, q + 1), { language }).pairs.length;
  const ms = Math.round(performance.now() - started);
  return { students, questions: questions.length, ms, targetMs: 10_000, withinTarget: ms <= 10_000, pairsScored: pairs };
}

const HOSTILE_TIMEOUT_S = 120;

/**
 * A hostile room through the CLI in a child process: the repository set's 30
 * Java programs (the first 10 twice, as 40 students) and two programs of about
 * 60 KB (under the 64 KB limit) that repeat one statement, `x = x + 1;`, inside
 * a main method. Wall seconds and the child's maximum RSS (/usr/bin/time -v when
 * present, else process.resourceUsage in a wrapper); killed after 120 s.
 */
async function hostile() {
  const dir = mkdtempSync(join(tmpdir(), "similarity-hostile-"));
  try {
    const java = sourceFiles(join(REPO_SET, "java"), "java");
    const students = 40;
    for (let i = 0; i < students; i++) writeFileSync(join(dir, `student-${String(i).padStart(2, "0")}.java`), `// student ${i}\n${readFileSync(java[i % java.length]!, "utf8")}`);
    const statement = "        x = x + 1;\n";
    const repeats = Math.floor((60 * 1024 - 120) / statement.length);
    for (const name of ["RepeatA", "RepeatB"]) {
      writeFileSync(join(dir, `${name}.java`), `public class ${name} {\n    public static void main(String[] args) {\n        int x = 0;\n${statement.repeat(repeats)}        System.out.println(x);\n    }\n}\n`);
    }
    const bigBytes = readFileSync(join(dir, "RepeatA.java")).length;
    const timeV = existsSync("/usr/bin/time");
    const cli = [CLI, "--language", "java", "--json", dir];
    const wrapper = `process.argv[1] = ${JSON.stringify(CLI)}; process.argv.splice(2, 0, ...${JSON.stringify(cli.slice(1))}); process.on("exit", () => process.stderr.write("maxRSS kB: " + process.resourceUsage().maxRSS + "\\n")); await import(${JSON.stringify(CLI)});`;
    const [command, args] = timeV ? ["/usr/bin/time", ["-v", process.execPath, ...cli]] : [process.execPath, ["--input-type=module", "-e", wrapper]];
    const outPath = join(dir, "..", `${dir.split("/").pop()}.out`);
    const errPath = `${outPath}.err`;
    const out = openSync(outPath, "w");
    const err = openSync(errPath, "w");
    const started = performance.now();
    const child = spawn(command, args as string[], { detached: true, stdio: ["ignore", out, err] });
    const killGroup = () => {
      try {
        process.kill(-child.pid!, "SIGKILL"); // the whole group: /usr/bin/time and node
      } catch {
        /* already gone */
      }
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, HOSTILE_TIMEOUT_S * 1000);
    process.once("exit", killGroup); // the bench stopped early: never leave the child running
    const status = await new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    clearTimeout(timer);
    process.off("exit", killGroup);
    const wallSeconds = round((performance.now() - started) / 1000);
    closeSync(out);
    closeSync(err);
    const stderr = readFileSync(errPath, "utf8");
    const stdout = readFileSync(outPath, "utf8");
    rmSync(outPath, { force: true });
    rmSync(errPath, { force: true });
    const rssKb = Number((timeV ? /Maximum resident set size \(kbytes\): (\d+)/ : /maxRSS kB: (\d+)/).exec(stderr)?.[1] ?? NaN);
    let pairs: { a: string; b: string; similarity: number }[] | null = null;
    try {
      pairs = JSON.parse(stdout);
    } catch {
      pairs = null;
    }
    const big = pairs?.find((p) => p.a.startsWith("Repeat") && p.b.startsWith("Repeat"));
    return {
      programs: students + 2,
      bigProgramBytes: bigBytes,
      command: `node scripts/similarity.ts --language java --json DIR`,
      measuredWith: timeV ? "/usr/bin/time -v" : "process.resourceUsage (wrapper)",
      timeoutSeconds: HOSTILE_TIMEOUT_S,
      timedOut,
      exitCode: status,
      wallSeconds,
      maxRssMb: Number.isFinite(rssKb) ? round(rssKb / 1024) : null,
      pairsPrinted: pairs ? pairs.length : null,
      repeatPairSimilarity: big ? big.similarity : null,
      skipped: stderr.split("\n").filter((l) => l.startsWith("skipped ")),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const data = process.env.SIMILARITY_DATA;
  if (!data) {
    process.stderr.write(
      [
        "bench:similarity: set SIMILARITY_DATA to a folder holding the public labelled sets (never commit them), one subfolder each:",
        ...Object.entries(SETS).map(([name, how]) => `  ${name}: ${how}`),
        "then: SIMILARITY_DATA=/path/to/that/folder npm run bench:similarity",
        "",
      ].join("\n"),
    );
    process.exit(2);
  }
  const sets: Record<string, unknown> = {};
  for (const name of Object.keys(SETS) as SetName[]) {
    const root = join(data, name);
    if (!existsSync(root)) {
      sets[name] = { missing: SETS[name] };
      continue;
    }
    const loaded = ADAPTERS[name](root);
    sets[name] = loaded.tasks.some((t) => t.programs.length) ? measureSet(loaded, QUICK ? ["engine"] : ["engine", ...ALL_SCORERS.filter((n) => n !== "engine")]) : { missing: `${root} holds no programs in the expected layout; ${SETS[name]}` };
  }
  const out = QUICK ? { data, sets } : { data, sets, speed: speed(), hostile: await hostile() };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

await main();
