// The similarity engine (issue 23, decision 026), shared by the room's
// Similarity page and `npm run similarity`. Two measures over the normalized
// tokens of tokenize.ts:
// - an order-free one: every program as the set of its token n-grams and its
//   literals, each weighted by how rare it is in the set (idf), compared by
//   cosine. Moving functions or
//   independent statements around moves n-grams, it does not remove them; it
//   also makes every pair cheap to score through an inverted index.
// - Dolos's winnowed k-gram fingerprints (@dodona/dolos-core), for the pairs
//   the first measure finds: the matching fragments on both sides, their
//   coverage and the longest one.
// Fragments that more than a share of the set has in common (boilerplate) and
// anything in the starter code count for nothing.
import { File, FingerprintIndex, Region, TokenizedFile } from "@dodona/dolos-core";
import { tokenize, type Language, type Token } from "./tokenize.ts";

export type Span = { startLine: number; startCol: number; endLine: number; endCol: number };
export type MatchFragment = { a: Span; b: Span; tokens: number };
export type PairResult = {
  a: string;
  b: string;
  /** 0..1 */
  similarity: number;
  /** Share of each program's tokens inside a matching fragment, 0..1. */
  coveredA: number;
  coveredB: number;
  /** The longest matching fragment, in tokens. */
  longestFragment: number;
  fragments: MatchFragment[];
};
export type Skipped = { id: string; reason: string };
/** A program analysed only in part, and why (e.g. its first tokens only). */
export type Note = { id: string; note: string };
export type Analysis = { pairs: PairResult[]; skipped: Skipped[]; notes: Note[]; analysed: number };

/** `earlier`: from an earlier room; it is compared with this room's programs, never with another earlier one. */
export type Submission = { id: string; code: string; earlier?: boolean };

/**
 * An analysis split into steps (issue 39): `plan` does the cheap, linear work
 * (tokens, the order-free scores) and fixes the list of `total` candidate
 * pairs; `score(from, to)` does the fingerprint work for a slice of that list.
 * The same input always gives the same plan, so a stopped analysis resumes
 * from its last finished slice.
 */
export type Plan = { analysed: number; skipped: Skipped[]; notes: Note[]; total: number; score(from: number, to: number): PairResult[] };

export const LIMITS = {
  maxBytes: 64 * 1024,
  /** A program's tokens past this are not analysed (its first part is, with a note). */
  maxTokens: 10_000,
  /** A fingerprint found more often than this in one program is repetition, not evidence: it is dropped. */
  maxRepeats: 6,
  /** At most this many updates of pair scores in the order-free pass; past it, the most common n-grams are left out. */
  maxPairWork: 4_000_000,
  /** At most this many pairs get the fingerprint comparison, the most similar by the order-free score first. */
  maxFingerprintPairs: 20_000,
} as const;

export const DEFAULTS = {
  /** A fragment in more than this share of the programs is boilerplate. */
  commonShare: 0.5,
  /** A fragment shared by fewer programs than this is never boilerplate (two students who share code are evidence). */
  commonFloor: 3,
  ngram: 5,
  kgram: 10,
  window: 6,
  /** Pairs whose order-free score is below this get no fingerprint comparison (they are far below any threshold). */
  candidate: 0.2,
} as const;

export type Options = { language: Language; commonShare?: number; starterCode?: string | null };

/** Why a submission cannot be compared, or null when it can. */
export function skipReason(code: string): string | null {
  if (new TextEncoder().encode(code).length > LIMITS.maxBytes) return "larger than 64 KB";
  // eslint-disable-next-line no-control-regex -- control characters are what marks a binary file
  if (code.includes("\u0000") || /[\u0001-\u0008\u000e-\u001f]/.test(code.slice(0, 4096))) return "binary";
  if (code.trim().length === 0) return "empty";
  return null;
}

type Prepared = {
  id: string;
  earlier: boolean;
  tokens: Token[];
  grams: Set<string>;
  norm: number;
  file: TokenizedFile;
};

/**
 * What the order-free measure compares: the program's token n-grams (each
 * counts once: counted, a program's repeated shapes, a refactoring's constant
 * classes or a long switch, outweighed what it shares with its original), and
 * its literals themselves, whitespace-collapsed and lowercased: a copy keeps
 * the program's texts and constants, whatever it does to the structure (those
 * the whole set shares weigh little).
 */
function features(tokens: readonly Token[], n: number): Set<string> {
  const kinds = tokens.map((t) => t.kind);
  const out = new Set<string>();
  if (kinds.length < n) {
    if (kinds.length) out.add(kinds.join(" "));
  } else for (let i = 0; i + n <= kinds.length; i++) out.add(kinds.slice(i, i + n).join(" "));
  for (const t of tokens) if (t.value !== undefined) out.add(`${t.kind}:${t.value.replace(/\s+/g, " ").toLowerCase()}`);
  return out;
}

function tokenizedFile(id: string, code: string, tokens: Token[]): TokenizedFile {
  // Dolos's regions count rows from 0.
  const mapping = tokens.map((t) => new Region(t.line - 1, t.col, t.endLine - 1, t.endCol));
  return new TokenizedFile(new File(id, code), tokens.map((t) => t.kind), mapping);
}

const toSpan = (r: Region): Span => ({ startLine: r.startRow + 1, startCol: r.startCol, endLine: r.endRow + 1, endCol: r.endCol });

/** Every pair of submissions scored, most similar first (pairs that share nothing are left out). */
export function analyse(submissions: readonly Submission[], options: Options): Analysis {
  const p = plan(submissions, options);
  const pairs = p.score(0, p.total);
  pairs.sort(byRank);
  return { pairs, skipped: p.skipped, notes: p.notes, analysed: p.analysed };
}

/** Most similar first; ties by the longest fragment. */
export const byRank = (p: PairResult, q: PairResult) => q.similarity - p.similarity || q.longestFragment - p.longestFragment;

/** The analysis's plan: see `Plan`. */
export function plan(submissions: readonly Submission[], options: Options): Plan {
  const share = options.commonShare ?? DEFAULTS.commonShare;
  const skipped: Skipped[] = [];
  const notes: Note[] = [];
  const prepared: Prepared[] = [];
  for (const s of submissions) {
    const reason = skipReason(s.code);
    if (reason) {
      skipped.push({ id: s.id, reason });
      continue;
    }
    let { tokens } = tokenize(s.code, options.language);
    if (tokens.length === 0) {
      skipped.push({ id: s.id, reason: "no code (only comments or blanks)" });
      continue;
    }
    if (tokens.length > LIMITS.maxTokens) {
      const line = tokens[LIMITS.maxTokens - 1]!.endLine;
      notes.push({ id: s.id, note: `only its first ${line} lines were compared (${LIMITS.maxTokens.toLocaleString("en-US")} of its ${tokens.length.toLocaleString("en-US")} tokens)` });
      tokens = tokens.slice(0, LIMITS.maxTokens);
    }
    prepared.push({ id: s.id, earlier: !!s.earlier, tokens, grams: features(tokens, DEFAULTS.ngram), norm: 0, file: tokenizedFile(s.id, s.code, tokens) });
  }
  const n = prepared.length;
  // At most this many programs may share a fragment before it is boilerplate.
  const maxShared = Math.max(DEFAULTS.commonFloor - 1, Math.floor(share * n));

  const starter = options.starterCode ? tokenize(options.starterCode, options.language).tokens : [];
  // The starter code's n-grams and literals count for nothing: every student was given them.
  const starterGrams = features(starter, DEFAULTS.ngram);
  const df = new Map<string, number>();
  for (const p of prepared) for (const g of p.grams) df.set(g, (df.get(g) ?? 0) + 1);
  const weight = (g: string) => {
    const d = df.get(g) ?? 0;
    if (d > maxShared || starterGrams.has(g)) return 0;
    return Math.log((n + 1) / d) + 1;
  };
  // Inverted index of the n-grams that count, with each program's weighted count.
  const postings = new Map<string, { p: number; w: number }[]>();
  prepared.forEach((p, index) => {
    let norm = 0;
    for (const g of p.grams) {
      const w = weight(g);
      if (w === 0) continue;
      norm += w * w;
      let list = postings.get(g);
      if (!list) postings.set(g, (list = []));
      list.push({ p: index, w });
    }
    p.norm = Math.sqrt(norm);
  });
  // The pair work is quadratic in a posting list's length: past the budget, the
  // longest lists (the most common n-grams, the least telling) are left out.
  const lists = [...postings.values()].filter((list) => list.length > 1).sort((x, y) => x.length - y.length);
  let work = 0;
  let within = 0;
  for (; within < lists.length; within++) {
    const len = lists[within]!.length;
    if (work + (len * (len - 1)) / 2 > LIMITS.maxPairWork) break;
    work += (len * (len - 1)) / 2;
  }
  const dots = new Map<number, number>();
  for (const list of lists.slice(0, within)) {
    for (let x = 0; x < list.length; x++) {
      for (let y = x + 1; y < list.length; y++) {
        if (prepared[list[x]!.p]!.earlier && prepared[list[y]!.p]!.earlier) continue;
        const key = list[x]!.p * n + list[y]!.p;
        dots.set(key, (dots.get(key) ?? 0) + list[x]!.w * list[y]!.w);
      }
    }
  }

  // Fingerprints for the candidates: fragments, coverage, longest.
  const index = new FingerprintIndex(DEFAULTS.kgram, DEFAULTS.window, false, maxShared);
  index.addFiles(prepared.map((p) => p.file));
  // One statement repeated thousands of times makes a pair's matching quadratic (issue 39): such fingerprints are repetition, not evidence.
  const repeated: number[] = [];
  for (const shared of index.sharedFingerprints()) {
    for (const file of shared.files()) {
      if (shared.occurrencesOf(file).length > LIMITS.maxRepeats) {
        repeated.push(shared.hash);
        break;
      }
    }
  }
  if (repeated.length) index.addIgnoredHashes(repeated);
  if (options.starterCode) {
    // Added after the submissions: Dolos then drops every fingerprint it shares with them.
    if (starter.length >= DEFAULTS.kgram) index.addIgnoredFile(tokenizedFile("starter code", options.starterCode, starter));
  }
  // The candidates in a fixed order (by program, then partner), so a slice names the same pairs after a restart.
  const keys = [...dots.keys()].sort((x, y) => x - y);
  const cosineOf = (key: number) => {
    const a = prepared[Math.floor(key / n)]!;
    const b = prepared[key % n]!;
    return a.norm && b.norm ? Math.min(1, dots.get(key)! / (a.norm * b.norm)) : 0;
  };
  // The fingerprint comparison for at most maxFingerprintPairs pairs, the most similar first.
  let fingerprinted: Set<number> | null = null;
  const candidates = keys.filter((key) => cosineOf(key) >= DEFAULTS.candidate);
  if (candidates.length > LIMITS.maxFingerprintPairs) {
    candidates.sort((x, y) => cosineOf(y) - cosineOf(x) || x - y);
    fingerprinted = new Set(candidates.slice(0, LIMITS.maxFingerprintPairs));
  }
  const scoreOne = (key: number): PairResult | null => {
    const dot = dots.get(key)!;
    const x = Math.floor(key / n);
    const y = key % n;
    const a = prepared[x]!;
    const b = prepared[y]!;
    if (!a.norm || !b.norm) return null;
    const cosine = Math.min(1, dot / (a.norm * b.norm));
    if (cosine < DEFAULTS.candidate || (fingerprinted && !fingerprinted.has(key))) {
      return { a: a.id, b: b.id, similarity: round(cosine), coveredA: 0, coveredB: 0, longestFragment: 0, fragments: [] };
    }
    const pair = index.getPair(a.file, b.file);
    const fragments = pair.buildFragments().map((f) => ({
      a: toSpan(f.leftSelection),
      b: toSpan(f.rightSelection),
      tokens: f.leftkgrams.to - f.leftkgrams.from + DEFAULTS.kgram - 1,
    }));
    fragments.sort((f, g) => f.a.startLine - g.a.startLine || f.a.startCol - g.a.startCol);
    const coveredA = pair.leftTotal ? pair.leftCovered / pair.leftTotal : 0;
    const coveredB = pair.rightTotal ? pair.rightCovered / pair.rightTotal : 0;
    return {
      a: a.id,
      b: b.id,
      similarity: round(combine(cosine, pair.similarity)),
      coveredA: round(coveredA),
      coveredB: round(coveredB),
      longestFragment: pair.longest ? pair.longest + DEFAULTS.kgram - 1 : 0,
      fragments,
    };
  };
  return {
    analysed: n,
    skipped,
    notes,
    total: keys.length,
    score(from, to) {
      const out: PairResult[] = [];
      for (let i = Math.max(0, from); i < Math.min(to, keys.length); i++) {
        const result = scoreOne(keys[i]!);
        if (result) out.push(result);
      }
      return out;
    },
  };
}

/** The reported similarity: the order-free measure, raised where whole fragments match in order. */
export function combine(cosine: number, fingerprints: number) {
  return Math.max(cosine, (cosine + fingerprints) / 2);
}

const round = (x: number) => Math.round(x * 1000) / 1000;
