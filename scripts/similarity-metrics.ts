// Shared measures for the similarity engine's benches (issue 39): used by
// `npm run bench:similarity`, `npm run similarity:acceptance` and the unit test
// on the repository's own set, so that each is computed once, the same way.
// - rocAuc: the chance that a positive pair scores above a negative one (ties count half).
// - precisionAtK: the share of positives among the k best-scored pairs, k = the number of positives.
// - three scorers of every pair of one task's programs, on the same pairs:
//   the engine (analyse, commonShare 1: a task's folder is mostly copies, so
//   nothing counts as boilerplate), Dolos's own measure (@dodona/dolos-core
//   FingerprintIndex, k=23, w=17, its defaults, on our tokens) and a plain
//   baseline (Jaccard of the sets of token 3-grams).
import { File, FingerprintIndex, Region, TokenizedFile } from "@dodona/dolos-core";
import { analyse } from "../app/lib/similarity/engine.ts";
import { tokenize, type Language } from "../app/lib/similarity/tokenize.ts";

/**
 * One labelled program. `family`: the id of the original it derives from, or
 * its own id. `kind`: "original" (has copies), "independent" (has none), or the
 * name of the disguise that made this copy.
 */
export type Program = { id: string; code: string; language: Language; task: string; family: string; kind: string };
/** Scores of a task's pairs, by pairKey; a pair that is missing scored 0. */
export type Scores = Map<string, number>;
export type Scorer = (programs: readonly Program[], language: Language) => Scores;
export type ScoredPair = { a: Program; b: Program; score: number };

export const pairKey = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);
export const round = (x: number) => Math.round(x * 1000) / 1000;
export const sameFamily = (p: { a: Program; b: Program }) => p.a.family === p.b.family;

/** ROC AUC (Mann-Whitney U over ranks, ties count half), unrounded; null without positives or negatives. */
export function rocAuc(positives: readonly number[], negatives: readonly number[]): number | null {
  if (!positives.length || !negatives.length) return null;
  const all = [...positives.map((score) => ({ score, positive: true })), ...negatives.map((score) => ({ score, positive: false }))];
  all.sort((x, y) => x.score - y.score);
  let rankSum = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j]!.score === all[i]!.score) j++;
    const rank = (i + 1 + j) / 2; // the mean of ranks i+1..j
    for (let t = i; t < j; t++) if (all[t]!.positive) rankSum += rank;
    i = j;
  }
  const p = positives.length;
  return (rankSum - (p * (p + 1)) / 2) / (p * negatives.length);
}

/**
 * Precision at k, k = the number of positives: the share of positives among
 * the k best-scored items. Pairs tied across the k-th place count by their
 * share of the places left (the expected precision over the ties' orders).
 */
export function precisionAtK(items: readonly { positive: boolean; score: number }[]): number | null {
  const k = items.filter((x) => x.positive).length;
  if (!k) return null;
  const sorted = [...items].sort((x, y) => y.score - x.score);
  let hits = 0;
  for (let i = 0; i < k; ) {
    let j = i;
    while (j < sorted.length && sorted[j]!.score === sorted[i]!.score) j++;
    const group = sorted.slice(i, j);
    const positives = group.filter((x) => x.positive).length;
    const places = Math.min(j, k) - i;
    hits += (positives * places) / group.length;
    i = j;
  }
  return hits / k;
}

/** Every pair of a task's programs with its score (a pair the scorer left out scored 0). */
export function scorePairs(programs: readonly Program[], scores: Scores): ScoredPair[] {
  const out: ScoredPair[] = [];
  for (let i = 0; i < programs.length; i++) {
    for (let j = i + 1; j < programs.length; j++) {
      const a = programs[i]!;
      const b = programs[j]!;
      out.push({ a, b, score: scores.get(pairKey(a.id, b.id)) ?? 0 });
    }
  }
  return out;
}

const kinds = (code: string, language: Language) => tokenize(code, language).tokens.map((t) => t.kind);

/** The engine, as the room's page and `npm run similarity -- --common-share 1` run it. */
export const engineScores: Scorer = (programs, language) => {
  const result = analyse(
    programs.map((p) => ({ id: p.id, code: p.code })),
    { language, commonShare: 1 },
  );
  return new Map(result.pairs.map((p) => [pairKey(p.a, p.b), p.similarity]));
};

/** Dolos's measure (dolos-core, k=23, w=17) on our token stream: the algorithm, not the Dolos tool. */
export const dolosScores: Scorer = (programs, language) => {
  const index = new FingerprintIndex(23, 17, false);
  index.addFiles(
    programs.map((p) => {
      const tokens = tokenize(p.code, language).tokens;
      const regions = tokens.map((t) => new Region(t.line - 1, t.col, t.endLine - 1, t.endCol));
      return new TokenizedFile(new File(p.id, p.code), tokens.map((t) => t.kind), regions);
    }),
  );
  const out: Scores = new Map();
  for (const pair of index.allPairs()) out.set(pairKey(pair.leftFile.path, pair.rightFile.path), pair.similarity);
  return out;
};

/** The set of token n-grams (the whole sequence when shorter than n). */
export function ngramSet(tokens: readonly string[], n = 3): Set<string> {
  const out = new Set<string>();
  if (tokens.length < n) {
    if (tokens.length) out.add(tokens.join(" "));
    return out;
  }
  for (let i = 0; i + n <= tokens.length; i++) out.add(tokens.slice(i, i + n).join(" "));
  return out;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (!a.size && !b.size) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const x of small) if (large.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

/** The plain baseline: Jaccard of the sets of 3-grams of `tokenize(code, language).tokens.map(t => t.kind)`. */
export const jaccardScores: Scorer = (programs, language) => {
  const sets = programs.map((p) => ngramSet(kinds(p.code, language), 3));
  const out: Scores = new Map();
  for (let i = 0; i < programs.length; i++) {
    for (let j = i + 1; j < programs.length; j++) out.set(pairKey(programs[i]!.id, programs[j]!.id), jaccard(sets[i]!, sets[j]!));
  }
  return out;
};

export const SCORERS = { engine: engineScores, dolos: dolosScores, jaccard3: jaccardScores } as const satisfies Record<string, Scorer>;

/** A task's labelled programs: everything handed in for one question, in one language. */
export type Task = { name: string; language: Language; programs: Program[] };

/** Fully AI-generated programs: not a copy of anyone, left out of the copy measures (see `summarise`). */
export const AI_GENERATED = "ai-generated";
const isCopyKind = (kind: string) => kind !== "original" && kind !== "independent" && kind !== AI_GENERATED;

/** Every pair within each task (never across tasks), scored by `scorer` one task at a time. */
export function scoreTasks(tasks: readonly Task[], scorer: Scorer): ScoredPair[] {
  return tasks.flatMap((task) => scorePairs(task.programs, scorer(task.programs, task.language)));
}

const mean = (xs: readonly number[]) => (xs.length ? round(xs.reduce((s, x) => s + x, 0) / xs.length) : null);
const rounded = (x: number | null) => (x === null ? null : round(x));

/**
 * The measures on a set's scored pairs (pooled over its tasks; AI-generated programs left out):
 * - everyPair: positives = the two programs share a family (an original and a
 *   copy of it, or two copies of it); negatives = every other pair.
 * - byLevel[kind]: positives = (original X, copy of X made by that disguise);
 *   negatives = the pairs of different families, as above.
 * - aiGenerated (when there are any): pairs of two AI-generated programs against
 *   pairs of two human programs of different families, to show how alike the
 *   model's programs are; not a copy measure.
 */
export function summarise(pairs: readonly ScoredPair[]) {
  const human = pairs.filter((p) => p.a.kind !== AI_GENERATED && p.b.kind !== AI_GENERATED);
  const negatives = human.filter((p) => !sameFamily(p));
  const negativeScores = negatives.map((p) => p.score);
  const measure = (positives: readonly ScoredPair[]) => ({
    rocAuc: rounded(rocAuc(positives.map((p) => p.score), negativeScores)),
    precisionAtK: rounded(
      precisionAtK([...positives.map((p) => ({ positive: true, score: p.score })), ...negatives.map((p) => ({ positive: false, score: p.score }))]),
    ),
  });
  const copies = new Map<string, ScoredPair[]>();
  for (const p of human) {
    if (!sameFamily(p)) continue;
    const copy = p.a.kind === "original" && isCopyKind(p.b.kind) ? p.b : p.b.kind === "original" && isCopyKind(p.a.kind) ? p.a : null;
    if (!copy) continue;
    if (!copies.has(copy.kind)) copies.set(copy.kind, []);
    copies.get(copy.kind)!.push(p);
  }
  const family = human.filter(sameFamily);
  const ai = pairs.filter((p) => p.a.kind === AI_GENERATED && p.b.kind === AI_GENERATED).map((p) => p.score);
  const humanIndependent = negatives.filter((p) => !isCopyKind(p.a.kind) && !isCopyKind(p.b.kind)).map((p) => p.score);
  return {
    everyPair: { ...measure(family), positives: family.length, negatives: negatives.length },
    byLevel: Object.fromEntries(
      [...copies.keys()].sort().map((kind) => [kind, { ...measure(copies.get(kind)!), copies: copies.get(kind)!.length, meanCopyScore: mean(copies.get(kind)!.map((p) => p.score)) }]),
    ),
    meanNegativeScore: mean(negativeScores),
    ...(ai.length
      ? { aiGenerated: { rocAuc: rounded(rocAuc(ai, humanIndependent)), pairs: ai.length, meanScore: mean(ai), meanHumanIndependentScore: mean(humanIndependent) } }
      : {}),
  };
}
