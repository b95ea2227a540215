// The runner pool inside workerd (issue 16): RUNNER_URL lists the two real
// runners of global-setup.ts, and the Worker's own client spreads judge jobs
// over them and passes over a URL where nothing listens. (A runner killed
// mid-job is in runner/tests/pool.test.ts, where a runner can be killed.)
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { getServerEnv } from "~/lib/env.server";
import { createRunnerClient, RunnerError, type Attempt } from "~/lib/runner/client.server";

const urls = inject("runnerUrls");
/** A job whose right answer is its own. */
const job = (i: number) => ({
  language: "python" as const,
  code: `print(int(input()) + ${i})\n`,
  testCases: [1, 2].map((n) => ({ id: n, input: `${n}\n`, expected_output: `${n + i}\n` })),
});

describe("the runner pool in the Worker", () => {
  it("reads RUNNER_URL as the list of both runners", () => {
    expect(urls).toHaveLength(2);
    expect(getServerEnv(env).RUNNER_URL.split(",")).toEqual(urls);
  });

  it("spreads a burst of judge jobs over both runners, each job with its own right verdict", async () => {
    const attempts: Attempt[] = [];
    const client = createRunnerClient(getServerEnv(env), { onAttempt: (a) => void attempts.push(a) });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => client.judge(job(i))));
    expect(results.map((r) => r.testResults.map((t) => t.verdict))).toEqual(Array(12).fill(["AC", "AC"]));
    expect(attempts.map((a) => a.outcome)).toEqual(Array(12).fill("ok"));
    for (const url of urls) expect(attempts.filter((a) => a.url === url).length, url).toBeGreaterThanOrEqual(3);
    expect(client.runners().map((r) => [r.url, r.status])).toEqual(urls.map((u) => [u, "up"]));
  });

  it("skips a dead URL in the list", async () => {
    const dead = "http://127.0.0.1:9";
    const attempts: Attempt[] = [];
    const client = createRunnerClient(
      { RUNNER_URL: `${dead},${urls[0]}`, RUNNER_TOKEN: getServerEnv(env).RUNNER_TOKEN },
      { onAttempt: (a) => void attempts.push(a) },
    );
    for (let i = 0; i < 3; i++) expect((await client.judge(job(i))).passedCount).toBe(2);
    expect(attempts.map((a) => [a.url, a.outcome])).toEqual(Array(3).fill([urls[0], "ok"]));
    expect(client.runners().find((r) => r.url === dead)?.status).toBe("down");
  });

  it("a Submit Code's client waits out a full queue (waitWhileBusy); the default client refuses after two rounds", async () => {
    const narrow = { RUNNER_URL: inject("narrowRunnerUrl"), RUNNER_TOKEN: getServerEnv(env).RUNNER_TOKEN };
    const burst = (options: Parameters<typeof createRunnerClient>[1]) => {
      const attempts: Attempt[] = [];
      const client = createRunnerClient(narrow, { ...options, onAttempt: (a) => void attempts.push(a) });
      return { attempts, results: Promise.allSettled(Array.from({ length: 6 }, (_, i) => client.judge(job(i)))) };
    };
    // One slot, one queue place: six at once find it full, and the runner asks for more than 3 s once it has timed a job.
    const impatient = burst({ maxRetryAfterSeconds: 0 });
    const refused = (await impatient.results).filter((r) => r.status === "rejected");
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(RunnerError);
    expect(String((refused[0] as PromiseRejectedResult).reason.message)).toContain("The code runner is busy");

    const patient = burst({ waitWhileBusy: true });
    const settled = await patient.results;
    expect(settled.map((r) => r.status)).toEqual(Array(6).fill("fulfilled"));
    expect(settled.map((r) => (r as PromiseFulfilledResult<{ testResults: { verdict: string }[] }>).value.testResults.map((t) => t.verdict))).toEqual(Array(6).fill(["AC", "AC"]));
    // It did meet the full queue, and waited rather than failing.
    expect(patient.attempts.filter((a) => a.outcome === "busy").length).toBeGreaterThan(0);
  });
});
