// npm run similarity:acceptance -- DIR
// The held-out acceptance check of the similarity engine (issue 39) on a folder
// laid out like Karnalim's IR-Plag set:
//   DIR/case-NN/original/<file>.java
//   DIR/case-NN/non-plagiarized/NN/<file>.java
//   DIR/case-NN/plagiarized/L1..L6/NN/<file>.java
// That set is held out: it is never part of `npm run bench:similarity` nor of
// any tuning; this script only measures it. Prints JSON on stdout.
//
// Each case is scored as `npm run similarity -- --language java --common-share 1
// --json DIR/case-NN` does (analyseFolder: every .java file is one program,
// named by its path in the case). The same pairs are also scored by a plain
// baseline: Jaccard of the sets of token 3-grams (scripts/similarity-metrics.ts).
//
// Measures (ROC AUC, ties count half; pooled over the cases, a pair never
// crossing cases):
// - everyPair: positives = pairs whose two programs are both in the case's
//   plagiarism family (the original and its copies at any level, copies with
//   each other too); negatives = every other pair of the case (anything with a
//   non-plagiarized program).
// - original vs copies, L1-3: positives = (original, copy at L1, L2 or L3);
//   negatives = (original, non-plagiarized program).
// - per level L1..L6: positives = (original, copy at that level); negatives =
//   (original, non-plagiarized program), as above.
// These definitions reproduce, to the third decimal, the figures issue 39
// reports for the engine before it (everyPair 0.606, L1-3 0.868, levels 0.970
// 0.908 0.722 0.554 0.447 0.356). The baseline as defined here (set Jaccard of
// kind 3-grams) gives everyPair 0.597, L1-3 0.877, not the 0.653 and
// 0.931; no alternative tried matched both (with the same pairs: multiset
// Jaccard 0.636/0.891, 2- to 5-grams, raw token text, words, characters, a
// statement-end token, per-case means; with all non-family pairs as the L1-3
// negatives, 0.921 but the engine's 0.868 then becomes 0.918). The pairs are
// kept as above, since they give the engine's figures exactly.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { analyseFolder, sourceFiles } from "./similarity.ts";
import { jaccardScores, pairKey, rocAuc, round, scorePairs, type Program, type Scores } from "./similarity-metrics.ts";

const LEVELS = ["L1", "L2", "L3", "L4", "L5", "L6"] as const;

function fail(message: string): never {
  process.stderr.write(`similarity:acceptance: ${message}\n`);
  process.exit(2);
  throw new Error(message);
}

/** A case's programs, labelled by their place in the layout; `kind` is "original", "independent" or L1..L6. */
function caseProgramsOf(caseDir: string): Program[] {
  const task = caseDir.split("/").pop()!;
  return sourceFiles(caseDir, "java").map((path) => {
    const id = relative(caseDir, path);
    const parts = id.split("/");
    let kind: string;
    let family: string;
    if (parts[0] === "original") [kind, family] = ["original", "original"];
    else if (parts[0] === "plagiarized" && LEVELS.includes(parts[1] as (typeof LEVELS)[number])) [kind, family] = [parts[1]!, "original"];
    else if (parts[0] === "non-plagiarized") [kind, family] = ["independent", id];
    else fail(`${task}: cannot place ${id} (expected original/, plagiarized/L1..L6/ or non-plagiarized/)`);
    return { id, code: readFileSync(path, "utf8"), language: "java" as const, task, family, kind };
  });
}

type Tally = { everyPair: { pos: number[]; neg: number[] }; l13: { pos: number[]; neg: number[] }; levels: Record<string, number[]>; independent: number[] };
const tally = (): Tally => ({ everyPair: { pos: [], neg: [] }, l13: { pos: [], neg: [] }, levels: Object.fromEntries(LEVELS.map((l) => [l, []])), independent: [] });

function add(t: Tally, programs: Program[], scores: Scores) {
  for (const pair of scorePairs(programs, scores)) {
    const family = pair.a.family === "original" && pair.b.family === "original";
    (family ? t.everyPair.pos : t.everyPair.neg).push(pair.score);
    const [o, other] = pair.a.kind === "original" ? [pair.a, pair.b] : pair.b.kind === "original" ? [pair.b, pair.a] : [null, null];
    if (!o || !other) continue;
    if (other.kind === "independent") {
      t.independent.push(pair.score);
      t.l13.neg.push(pair.score);
    } else {
      t.levels[other.kind]!.push(pair.score);
      if (["L1", "L2", "L3"].includes(other.kind)) t.l13.pos.push(pair.score);
    }
  }
}

const auc = (pos: number[], neg: number[]) => {
  const x = rocAuc(pos, neg);
  return x === null ? null : round(x);
};
const mean = (xs: number[]) => (xs.length ? round(xs.reduce((s, x) => s + x, 0) / xs.length) : null);

function summary(t: Tally) {
  return {
    everyPair: { rocAuc: auc(t.everyPair.pos, t.everyPair.neg), positives: t.everyPair.pos.length, negatives: t.everyPair.neg.length },
    originalVsCopiesL1to3: { rocAuc: auc(t.l13.pos, t.l13.neg), positives: t.l13.pos.length, negatives: t.l13.neg.length },
    byLevel: Object.fromEntries(LEVELS.map((l) => [l, { rocAuc: auc(t.levels[l]!, t.independent), copies: t.levels[l]!.length, meanCopyScore: mean(t.levels[l]!) }])),
    meanOriginalVsIndependent: mean(t.independent),
  };
}

function main(argv: string[]) {
  const dir = argv.find((a) => !a.startsWith("--"));
  if (!dir) fail("usage: npm run similarity:acceptance -- DIR (a folder of case-NN/{original,non-plagiarized,plagiarized} folders)");
  if (!existsSync(dir) || !statSync(dir).isDirectory()) fail(`folder not found: ${dir}`);
  const root = resolve(dir);
  const cases = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(root, e.name, "original")))
    .map((e) => e.name)
    .sort();
  if (!cases.length) fail(`no case folders (with an original/ folder) in ${dir}`);
  const ours = tally();
  const baseline = tally();
  const skipped: { case: string; id: string; reason: string }[] = [];
  let programs = 0;
  const started = performance.now();
  for (const name of cases) {
    const caseDir = join(root, name);
    const labelled = caseProgramsOf(caseDir);
    programs += labelled.length;
    // Exactly what `npm run similarity -- --language java --common-share 1 --json caseDir` computes.
    const result = analyseFolder(caseDir, "java", 1);
    for (const s of result.skipped) skipped.push({ case: name, id: s.id, reason: s.reason });
    const kept = labelled.filter((p) => !result.skipped.some((s) => s.id === p.id));
    add(ours, kept, new Map(result.pairs.map((p) => [pairKey(p.a, p.b), p.similarity])));
    add(baseline, kept, jaccardScores(kept, "java"));
  }
  const out = {
    dir: root,
    cases: cases.length,
    programs,
    skipped,
    ours: summary(ours),
    baselineToken3gramJaccard: summary(baseline),
    seconds: round((performance.now() - started) / 1000),
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
