// npm run bench:similarity: the similarity engine's accuracy on the labelled
// set in tests/similarity/dataset (independent solutions of a task, and copies
// disguised at the six classic levels), and its speed on a room of 500 students
// with two questions. Prints JSON on stdout (issue 23, decision 026):
//   { accuracy: { engine, dolosCore }, speed }
// Accuracy is over all pairs within a task: ROC AUC (a copy pair ranked above an
// independent pair) and precision at k, per language and per disguise level.
// `dolosCore` is Dolos's own measure (@dodona/dolos-core: winnowed k-gram
// fingerprints, k=23, w=17, its defaults) on the same tokens, for comparison.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { File, FingerprintIndex, Region, TokenizedFile } from "@dodona/dolos-core";
import { analyse } from "../app/lib/similarity/engine.ts";
import { LANGUAGES, tokenize, type Language } from "../app/lib/similarity/tokenize.ts";

const DATASET = new URL("../tests/similarity/dataset/", import.meta.url).pathname;
type Label = { path: string; language: Language; task: string; origin: string; level: number };
const labels = (JSON.parse(readFileSync(join(DATASET, "labels.json"), "utf8")) as { files: Label[] }).files;
type Scored = { a: Label; b: Label; score: number };

/** ROC AUC: the chance that a positive pair scores above a negative one (ties count half). */
export function rocAuc(positives: number[], negatives: number[]): number | null {
  if (!positives.length || !negatives.length) return null;
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return round(wins / (positives.length * negatives.length));
}

/** Precision at k: the share of copy pairs among the k highest-scored pairs (k = the number of copy pairs). */
function precisionAtK(scored: Scored[]): number | null {
  const k = scored.filter(isCopy).length;
  if (!k) return null;
  return round([...scored].sort((x, y) => y.score - x.score).slice(0, k).filter(isCopy).length / k);
}

const isCopy = (s: Scored) => s.a.origin === s.b.origin;
const round = (x: number) => Math.round(x * 1000) / 1000;

function taskPairs(score: (task: Label[]) => Map<string, number>): Scored[] {
  const out: Scored[] = [];
  const tasks = new Map<string, Label[]>();
  for (const l of labels) tasks.set(l.task, [...(tasks.get(l.task) ?? []), l]);
  for (const files of tasks.values()) {
    const scores = score(files);
    for (let i = 0; i < files.length; i++) {
      for (let j = i + 1; j < files.length; j++) {
        const a = files[i]!;
        const b = files[j]!;
        out.push({ a, b, score: scores.get(`${a.path}\n${b.path}`) ?? scores.get(`${b.path}\n${a.path}`) ?? 0 });
      }
    }
  }
  return out;
}

const code = (l: Label) => readFileSync(join(DATASET, l.path), "utf8");

function engineScores(files: Label[]) {
  // A task's folder is mostly copies of one source: nothing counts as boilerplate (--common-share 1).
  const result = analyse(files.map((f) => ({ id: f.path, code: code(f) })), { language: files[0]!.language, commonShare: 1 });
  return new Map(result.pairs.map((p) => [`${p.a}\n${p.b}`, p.similarity]));
}

function dolosScores(files: Label[]) {
  const index = new FingerprintIndex(23, 17, false);
  const tokenized = files.map((f) => {
    const source = code(f);
    const tokens = tokenize(source, f.language).tokens;
    return new TokenizedFile(new File(f.path, source), tokens.map((t) => t.kind), tokens.map((t) => new Region(t.line - 1, t.col, t.endLine - 1, t.endCol)));
  });
  index.addFiles(tokenized);
  const out = new Map<string, number>();
  for (const pair of index.allPairs()) out.set(`${pair.leftFile.path}\n${pair.rightFile.path}`, pair.similarity);
  return out;
}

function report(scored: Scored[]) {
  const negatives = (s: Scored[]) => s.filter((x) => !isCopy(x)).map((x) => x.score);
  const positives = (s: Scored[]) => s.filter(isCopy).map((x) => x.score);
  const byLanguage: Record<string, { rocAuc: number | null; precisionAtK: number | null }> = {};
  for (const language of LANGUAGES) {
    const mine = scored.filter((s) => s.a.language === language);
    byLanguage[language] = { rocAuc: rocAuc(positives(mine), negatives(mine)), precisionAtK: precisionAtK(mine) };
  }
  const byLevel: Record<string, { rocAuc: number | null; meanCopyScore: number }> = {};
  for (let level = 1; level <= 6; level++) {
    // A copy at this level against its original, ranked among every independent pair.
    const copies = scored.filter((s) => isCopy(s) && Math.max(s.a.level, s.b.level) === level && Math.min(s.a.level, s.b.level) === 0);
    byLevel[level] = {
      rocAuc: rocAuc(copies.map((c) => c.score), negatives(scored)),
      meanCopyScore: round(copies.reduce((sum, c) => sum + c.score, 0) / (copies.length || 1)),
    };
  }
  return {
    overall: { rocAuc: rocAuc(positives(scored), negatives(scored)), precisionAtK: precisionAtK(scored) },
    byLanguage,
    byLevel,
    meanIndependentScore: round(negatives(scored).reduce((s, x) => s + x, 0) / (negatives(scored).length || 1)),
  };
}

/** A room of `students` for one question: the set's programs of one language, each student's copy renamed and re-spaced. */
function syntheticRoom(language: Language, students: number, seed: number) {
  const sources = labels.filter((l) => l.language === language && l.level === 0).map(code);
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: students }, (_, i) => {
    const source = sources[Math.floor(random() * sources.length)]!;
    const suffix = `_${i}`;
    const renamed = source.replace(/\b([a-z][a-z0-9]{2,})\b/g, (w) => (random() < 0.5 ? w + suffix : w));
    return { id: `student-${i}`, code: renamed.replace(/\n/g, random() < 0.5 ? "\n\n" : "\n") };
  });
}

function speed() {
  const students = 500;
  const questions: Language[] = ["python", "c"];
  const started = performance.now();
  let pairs = 0;
  for (const [q, language] of questions.entries()) pairs += analyse(syntheticRoom(language, students, q + 1), { language }).pairs.length;
  const ms = Math.round(performance.now() - started);
  return { students, questions: questions.length, ms, targetMs: 10_000, withinTarget: ms <= 10_000, pairsScored: pairs };
}

const engine = report(taskPairs(engineScores));
const dolosCore = report(taskPairs(dolosScores));
process.stdout.write(
  `${JSON.stringify({ dataset: { files: labels.length, tasks: new Set(labels.map((l) => l.task)).size }, accuracy: { engine, dolosCore }, speed: speed() }, null, 2)}\n`,
);
