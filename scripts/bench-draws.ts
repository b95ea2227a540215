// npm run bench:draws: is each student's draw fair, and does it hold (issue 36,
// decision 040)? 200 simulated students draw from a room of two sections,
// "15 of 40" and "5 of 10", with the app's own draw (crypto randomness). Prints JSON:
//   { students, sections: [{ pick, of, chiSquare, df, pValue, fair }], options, reloads, ok }
// pValue: a chi-square test that every question of a section is drawn equally
// often; it must be above 0.01. reloads: each draw stored as the app stores it
// (test_draws from migration 0019, INSERT OR IGNORE, then read back), then a
// second load that draws again: the stored draw must never change.
import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { cryptoRandomInt, drawQuestions, type DrawnQuestion, type SectionPool } from "../app/lib/rooms/sections.ts";

const STUDENTS = Number(process.env.DRAWS_STUDENTS ?? 200);
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
const pools: SectionPool[] = [
  { sectionId: "programming-fundamentals", pick: 15, questionIds: ids("pf", 40) },
  { sectionId: "strings", pick: 5, questionIds: ids("str", 10) },
];
const optionCounts = new Map(pools.flatMap((p) => p.questionIds.map((id) => [id, 4] as const)));

// The table exactly as the migration makes it.
const migration = readFileSync(new URL("../migrations/0019_sections_and_draws.sql", import.meta.url), "utf8");
const ddl = migration
  .split("--> statement-breakpoint")
  .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
  .filter((s) => /^CREATE (TABLE|UNIQUE INDEX) `test_draws/.test(s) || /ON `test_draws`/.test(s));
// Only test_draws is made here, so its foreign keys have no tables to check.
const db = new DatabaseSync(":memory:", { enableForeignKeyConstraints: false });
for (const statement of ddl) db.exec(statement);
const insert = db.prepare("INSERT OR IGNORE INTO test_draws (student_test_id, position, question_id, section_id, option_order) VALUES (?, ?, ?, ?, ?)");
const read = db.prepare("SELECT question_id, section_id, option_order FROM test_draws WHERE student_test_id = ? ORDER BY position");

/** storeDraw: every row in one transaction, ignored if the test has a draw; then the stored draw. */
function storeDraw(testId: string, draw: DrawnQuestion[]) {
  db.exec("BEGIN");
  draw.forEach((d, position) => insert.run(testId, position, d.questionId, d.sectionId, d.optionOrder ? JSON.stringify(d.optionOrder) : null));
  db.exec("COMMIT");
  return JSON.stringify(read.all(testId));
}

const counts = new Map<string, number>();
const optionFirst = [0, 0, 0, 0];
let changed = 0;
for (let s = 0; s < STUDENTS; s++) {
  const testId = `test-${s}`;
  const first = storeDraw(testId, drawQuestions(pools, cryptoRandomInt, optionCounts));
  // A reload, or a second launch: it draws again, and must get the stored draw back.
  const second = storeDraw(testId, drawQuestions(pools, cryptoRandomInt, optionCounts));
  if (first !== second) changed++;
  for (const row of JSON.parse(first) as { question_id: string; option_order: string }[]) {
    counts.set(row.question_id, (counts.get(row.question_id) ?? 0) + 1);
    optionFirst[(JSON.parse(row.option_order) as number[])[0]!]!++;
  }
}

const sections = pools.map((p) => {
  const n = p.questionIds.length;
  const prob = p.pick / n;
  const expected = STUDENTS * prob;
  // Each student draws `pick` of `n` without replacement: a question's count is
  // Binomial(students, pick/n), the counts tied by their fixed sum, so Pearson's
  // sum is scaled by (n - 1) / (n (1 - pick/n)) to be chi-square with n - 1 df.
  const squares = p.questionIds.reduce((sum, id) => sum + ((counts.get(id) ?? 0) - expected) ** 2, 0);
  const chiSquare = prob < 1 ? (squares * (n - 1)) / (n * expected * (1 - prob)) : 0;
  const pValue = prob < 1 ? upperGammaQ((n - 1) / 2, chiSquare / 2) : 1;
  return { section: p.sectionId, pick: p.pick, of: n, chiSquare: round(chiSquare), df: n - 1, pValue: round(pValue), fair: pValue > 0.01 };
});
// Which of a question's own options is shown first: uniform over 4 (chi-square, 3 df).
const shown = optionFirst.reduce((a, b) => a + b, 0);
const optionChi = optionFirst.reduce((sum, c) => sum + (c - shown / 4) ** 2 / (shown / 4), 0);
const optionP = upperGammaQ(1.5, optionChi / 2);
const options = { shownFirst: optionFirst, chiSquare: round(optionChi), df: 3, pValue: round(optionP), fair: optionP > 0.01 };

const result = {
  students: STUDENTS,
  random: "crypto.getRandomValues, rejection sampling",
  sections,
  options,
  reloads: { loads: STUDENTS * 2, changed, stable: changed === 0 },
  // The bar: every section's pValue above 0.01 (a fair source misses it 1 run in 100), and no draw ever changed.
  ok: sections.every((s) => s.fair) && changed === 0,
};
console.log(JSON.stringify(result, null, 2));
if (!result.ok) process.exitCode = 1;

function round(x: number) {
  return Math.round(x * 10_000) / 10_000;
}

/** Q(a, x), the regularized upper incomplete gamma function (Numerical Recipes' gammq). */
function upperGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const gln = lnGamma(a);
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let k = 1; k < 500; k++) {
      term *= x / (a + k);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - gln);
  }
  let b = x + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - gln) * h;
}

function lnGamma(z: number): number {
  // Lanczos approximation (g = 7, n = 9).
  const g = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - lnGamma(1 - z);
  const x = z - 1;
  let a = g[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += g[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}
