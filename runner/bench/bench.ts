// npm run bench:runner: measures the runner against the bare floor in one run
// on this machine and prints JSON. Programs are the seed's real questions
// (scripts/seed-data.mjs), each with its 5 test cases.
//
//   floor:   compile once + 5 runs in sequence, same commands, no sandbox, no HTTP
//   latency: end-to-end POST /v1/judge, cold (new source: compiles) and cached
//   burst:   200 concurrent Python judge requests
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codingQuestions } from "../../scripts/seed-data.mjs";
import { loadConfig } from "../src/config.ts";
import { javaMainClassFromSource, javaSourceClass } from "../src/java.ts";
import { fill, loadLanguages, type LanguageName } from "../src/languages.ts";
import { startRunner } from "../src/runner.ts";

const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
const BURST = Number(process.env.BENCH_BURST ?? 200);
const TOKEN = "bench-token-0123456789";

type Question = { language: string; solution: string; testCases: { input: string; expected_output: string }[] };
const questions = codingQuestions as Question[];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const round = (x: number) => Math.round(x * 10) / 10;
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
const now = () => performance.now();

const config = loadConfig({}, {
  token: TOKEN,
  port: 0,
  workDir: mkdtempSync(join(tmpdir(), "runner-bench-")),
  cgroupName: "proctor-runner-bench",
});
const languages = loadLanguages(config.languagesDir);
const LANGS: LanguageName[] = ["c", "cpp", "python", "java"];
const program = (lang: LanguageName) => questions.find((q) => q.language === lang)!;

/** Compile once and run the 5 cases in sequence with the runner's own commands, unsandboxed. */
function floorOnce(lang: LanguageName, source: string): number {
  const l = languages.get(lang)!;
  const dir = mkdtempSync(join(tmpdir(), "runner-floor-"));
  try {
    const className = lang === "java" ? javaSourceClass(source) : "";
    const sourceFile = fill([l.sourceFile], { className })[0]!;
    writeFileSync(join(dir, sourceFile), source);
    const started = now();
    if (l.compile) execFileSync(l.compile[0]!, fill(l.compile, { sourceFile }).slice(1), { cwd: dir, stdio: "ignore" });
    const argv = fill(l.run, {
      mainClass: lang === "java" ? javaMainClassFromSource(source) ?? "Main" : "",
      heapMb: String(config.runMemoryMb * 2),
      cds: "-Xshare:auto",
    }).map((a) => (a === "/box" ? dir : a));
    for (const tc of program(lang).testCases) {
      const r = spawnSync(argv[0]!, argv.slice(1), { cwd: dir, input: tc.input });
      if (r.status !== 0) throw new Error(`floor run failed for ${lang}: ${r.stderr}`);
    }
    return now() - started;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const runner = await startRunner(config);
async function judge(lang: LanguageName, code: string) {
  const q = program(lang);
  const started = now();
  const res = await fetch(`${runner.url}/v1/judge`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ language: lang, code, testCases: q.testCases.map((t, i) => ({ id: i, ...t })) }),
  });
  const body = res.status === 200 ? ((await res.json()) as { passedCount: number; testResults: { verdict: string; error: string | null }[] }) : null;
  const failures = body?.testResults.filter((t) => t.verdict !== "AC").map((t) => `${t.verdict}: ${(t.error ?? "").slice(0, 80)}`) ?? [];
  return { ms: now() - started, status: res.status, passed: body?.passedCount ?? 0, failures };
}
const comment = (lang: LanguageName, nonce: string) => (lang === "python" ? `\n# ${nonce}\n` : `\n// ${nonce}\n`);

const results: Record<string, unknown> = {};
try {
  const perLanguage: Record<string, unknown> = {};
  for (const lang of LANGS) {
    const source = program(lang).solution;
    floorOnce(lang, source); // warm the page cache
    const floor: number[] = [];
    const cold: number[] = [];
    const cached: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      floor.push(floorOnce(lang, source));
      // A new comment makes a new source: a cache miss, so a real compile.
      const fresh = source + comment(lang, `bench ${Date.now()} ${i} ${Math.random()}`);
      const c = await judge(lang, fresh);
      if (c.status !== 200 || c.passed !== 5) throw new Error(`${lang}: cold judge failed (${c.status}, ${c.passed}/5)`);
      cold.push(c.ms);
      const h = await judge(lang, fresh);
      if (h.status !== 200 || h.passed !== 5) throw new Error(`${lang}: cached judge failed (${h.status}, ${h.passed}/5)`);
      cached.push(h.ms);
    }
    const floorMs = median(floor);
    const coldMs = median(cold);
    const cachedMs = median(cached);
    perLanguage[lang] = {
      floorMs: round(floorMs),
      coldMs: round(coldMs),
      cachedMs: round(cachedMs),
      coldOverFloor: ratio(coldMs, floorMs),
      coldMinusFloorMs: round(coldMs - floorMs),
      cachedOverFloor: ratio(cachedMs, floorMs),
      target: lang === "c" || lang === "python" ? "cold <= floor + 60 ms" : "cold <= 1.5 x floor",
      meetsTarget: lang === "c" || lang === "python" ? coldMs <= floorMs + 60 : coldMs <= floorMs * 1.5,
      cacheBeatsFloor: cachedMs < floorMs,
    };
  }
  results.languages = perLanguage;

  const py = program("python").solution;
  const started = now();
  const burst = await Promise.all(
    Array.from({ length: BURST }, (_, i) => judge("python", py + comment("python", `burst ${i}`)).catch((e: unknown) => ({ ms: 0, status: 0, passed: 0, failures: [String(e)] }))),
  );
  const totalMs = now() - started;
  const ok = burst.filter((b) => b.status === 200 && b.passed === 5);
  const latencies = ok.map((b) => b.ms);
  const why = new Map<string, number>();
  for (const b of burst.filter((b) => !(b.status === 200 && b.passed === 5))) {
    const key = b.status === 200 ? b.failures[0] ?? "?" : `HTTP ${b.status} ${b.failures[0] ?? ""}`;
    why.set(key, (why.get(key) ?? 0) + 1);
  }
  results.burst = {
    requests: BURST,
    casesPerRequest: 5,
    completed: ok.length,
    dropped: BURST - ok.length,
    droppedBecause: Object.fromEntries(why),
    totalMs: Math.round(totalMs),
    jobsPerMinute: Math.round((ok.length / totalMs) * 60_000),
    p50Ms: Math.round(percentile(latencies, 50)),
    p95Ms: Math.round(percentile(latencies, 95)),
    target: ">= 600 jobs/min, 0 dropped",
    meetsTarget: ok.length === BURST && (ok.length / totalMs) * 60_000 >= 600,
  };
  results.machine = { cores: config.concurrency, repeats: REPEATS, note: "medians; floor measured in the same run" };
} finally {
  await runner.close();
  rmSync(config.workDir, { recursive: true, force: true });
}
console.log(JSON.stringify(results, null, 2));
