// npm run bench:runner-failover: a burst of judge jobs through the Worker's
// own runner client (app/lib/runner/client.server.ts, the pool of decision 015) on
// runners started here, each its own process on a free port (beside any
// runner already running), and prints JSON:
//
//   one:      the burst on one runner (reference)
//   two:      the burst on two runners, both alive
//   failover: the burst on two runners, one SIGKILLed when half the jobs
//             have their verdict
//
// Each job is a small real program (Python and C by turns, 3 cases) whose
// right output contains its own number, so a verdict from another job's code
// would be WA. Per job id it counts the verdicts the client hands back (what a
// caller would score): `lost` = jobs without one (an error), `duplicated` =
// jobs with more than one, `wrong` = verdicts that are not AC on every case.
//
// BENCH_JOBS (200), BENCH_TIMEOUT_MS (the client's budget per job; default the
// Worker's 60 s).
import { availableParallelism } from "node:os";
import { createRunnerClient, type Attempt } from "../../app/lib/runner/client.server.ts";
import { spawnRunner, type RunnerProcess } from "./runner-process.ts";

const JOBS = Number(process.env.BENCH_JOBS ?? 200);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 60_000);
const TOKEN = "bench-failover-token-0123456789";
// Slot uids clear of the default runner (61000), the tests' and each other's.
const UID_BASE = 400_000 + (process.pid % 50_000) * 64;

type Scenario = "one" | "two" | "failover";

function job(scenario: number, i: number) {
  const n = scenario * 100_000 + i;
  const language = i % 2 === 0 ? ("python" as const) : ("c" as const);
  const code =
    language === "python"
      ? `n = int(input())\nprint(n * 2 + ${n})\n`
      : `#include <stdio.h>\nint main(void){long x;if(scanf("%ld",&x)!=1)return 1;printf("%ld\\n",x*2+${n}L);return 0;}\n`;
  return {
    language,
    code,
    testCases: [1, 2, 3].map((c) => ({ id: `${n}-${c}`, input: `${c}\n`, expected_output: `${c * 2 + n}\n` })),
  };
}

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function burst(index: number, scenario: Scenario, runners: RunnerProcess[], killAt?: { after: number; victim: RunnerProcess }) {
  const RUNNER_URL = runners.map((r) => r.url).join(",");
  const verdicts = new Map<number, number>();
  const errors: string[] = [];
  const latencies: number[] = [];
  const attempts: Attempt[][] = Array.from({ length: JOBS }, () => []);
  let wrong = 0;
  let done = 0;
  let killed: Promise<void> | undefined;
  let killedAtMs: number | null = null;
  let inFlightAtVictim = 0;

  const started = performance.now();
  await Promise.all(
    Array.from({ length: JOBS }, async (_, i) => {
      const client = createRunnerClient(
        { RUNNER_URL, RUNNER_TOKEN: TOKEN },
        { timeoutMs: TIMEOUT_MS, onAttempt: (a) => void attempts[i]!.push(a) },
      );
      const sent = performance.now();
      try {
        const result = await client.judge(job(index, i));
        // What a caller does with the verdict: score it, once.
        verdicts.set(i, (verdicts.get(i) ?? 0) + 1);
        latencies.push(performance.now() - sent);
        if (!result.testResults.every((t) => t.verdict === "AC")) wrong++;
      } catch (error) {
        errors.push(`job ${i}: ${(error as Error).message}`);
      }
      done++;
      if (killAt && !killed && done >= killAt.after) {
        killedAtMs = Math.round(performance.now() - started);
        const health = await fetch(`${killAt.victim.url}/healthz`).then((r) => r.json() as Promise<{ queue: { running: number; waiting: number } }>);
        inFlightAtVictim = health.queue.running + health.queue.waiting;
        killed = killAt.victim.kill();
      }
    }),
  );
  const wallMs = performance.now() - started;
  await killed;

  const all = attempts.flat();
  const perRunner = Object.fromEntries(
    runners.map((r, k) => [
      `runner${k + 1}${killAt?.victim === r ? " (killed)" : ""}`,
      { ok: all.filter((a) => a.url === r.url && a.outcome === "ok").length, failed: all.filter((a) => a.url === r.url && a.outcome !== "ok").length },
    ]),
  );
  const values = [...Array(JOBS).keys()].map((i) => verdicts.get(i) ?? 0);
  return {
    scenario,
    runners: runners.length,
    jobs: JOBS,
    lost: values.filter((v) => v === 0).length,
    duplicated: values.filter((v) => v > 1).length,
    wrong,
    jobsPerMin: Math.round((JOBS / wallMs) * 60_000),
    wallMs: Math.round(wallMs),
    latencyMs: {
      p50: Math.round(percentile(latencies, 50) ?? 0),
      p95: Math.round(percentile(latencies, 95) ?? 0),
      max: Math.round(Math.max(0, ...latencies)),
    },
    /** Jobs that needed more than one runner (judged again after theirs failed). */
    retried: attempts.filter((a) => a.length > 1).length,
    perRunner,
    ...(killAt ? { killedAfterVerdicts: killAt.after, killedAtMs, victimQueueWhenKilled: inFlightAtVictim } : {}),
    ...(errors.length ? { errors: errors.slice(0, 5) } : {}),
  };
}

const runners: RunnerProcess[] = [];
const stopAll = () => Promise.all(runners.map((r) => r.stop().catch(() => {})));
process.on("SIGINT", () => void stopAll().then(() => process.exit(130)));

try {
  const t0 = performance.now();
  runners.push(
    ...(await Promise.all([0, 1].map((k) => spawnRunner({ token: TOKEN, uidBase: UID_BASE + k * 16 })))),
  );
  const startMs = Math.round(performance.now() - t0);
  const [a, b] = runners as [RunnerProcess, RunnerProcess];
  // Every burst's programs are new (the job's number is in them): no compile is cached from an earlier one.
  const one = await burst(1, "one", [a]);
  const two = await burst(2, "two", [a, b]);
  const failover = await burst(3, "failover", [a, b], { after: Math.floor(JOBS / 2), victim: b });
  const report = {
    bench: "runner-failover",
    machine: { cores: availableParallelism() },
    slotsPerRunner: availableParallelism(),
    clientTimeoutMs: TIMEOUT_MS,
    runnersStartedInMs: startMs,
    one,
    two,
    failover,
    target: { lost: 0, duplicated: 0 },
    pass: [one, two, failover].every((r) => r.lost === 0 && r.duplicated === 0 && r.wrong === 0),
  };
  console.log(JSON.stringify(report, null, 2));
  await stopAll();
  process.exit(report.pass ? 0 : 1);
} catch (error) {
  console.error(error);
  await stopAll();
  process.exit(1);
}
