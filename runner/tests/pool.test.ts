// The Worker's runner client (app/lib/runner/client.server.ts) with RUNNER_URL
// listing several runners (issue 16): real runners, each its own process so
// one can be SIGKILLed mid-job like a crashed VM.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunnerClient, type Attempt } from "../../app/lib/runner/client.server.ts";
import { spawnRunner, type RunnerProcess } from "../bench/runner-process.ts";

const TOKEN = "runner-pool-test-token";
// Slot uids of their own, clear of the harness's and the Worker tests'.
const UID_BASE = 300_000 + (process.pid % 50_000) * 64;

let a: RunnerProcess;
let b: RunnerProcess;
beforeAll(async () => {
  [a, b] = await Promise.all([spawnRunner({ token: TOKEN, uidBase: UID_BASE }), spawnRunner({ token: TOKEN, uidBase: UID_BASE + 32 })]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

/** A job whose right answer is its own: a verdict from another job's code would be WA. */
function job(i: number, language: "python" | "c", sleepMs = 0) {
  const code =
    language === "python"
      ? `import time\ntime.sleep(${sleepMs / 1000})\nprint(int(input()) + ${i})\n`
      : `#include <stdio.h>\n#include <unistd.h>\nint main(void){long x;usleep(${sleepMs * 1000});if(scanf("%ld",&x)!=1)return 1;printf("%ld\\n",x+${i});return 0;}\n`;
  return {
    language,
    code,
    testCases: [1, 2, 3].map((n) => ({ id: `case-${n}`, input: `${n}\n`, expected_output: `${n + i}\n` })),
  };
}

function recorder() {
  const attempts: Attempt[] = [];
  return { attempts, onAttempt: (x: Attempt) => void attempts.push(x) };
}

async function freePortClosed(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function fakeRunner(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
const closeFake = (server: Server) =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  });
/** Keeps one of `runner`'s slots busy for a while, so an idle fake runner beside it is the first choice. */
async function occupy(runner: RunnerProcess): Promise<{ done: Promise<unknown> }> {
  const busy = fetch(`${runner.url}/v1/execute`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ language: "python", code: "import time\ntime.sleep(2.5)\n" }),
  }).then((r) => r.text());
  for (;;) {
    const health = (await (await fetch(`${runner.url}/healthz`)).json()) as { queue: { running: number } };
    if (health.queue.running > 0) return { done: busy };
    await new Promise((r) => setTimeout(r, 20));
  }
}
/** What a healthy idle runner says: beside a busy one, it is the first choice. */
const inviting = JSON.stringify({ ok: true, languages: [], queue: { running: 0, waiting: 0, slots: 64, maxWaiting: 256 } });

describe("a pool of runners", () => {
  it("spreads a burst over both runners by their load, and every job gets its own right verdict", async () => {
    const { attempts, onAttempt } = recorder();
    const client = createRunnerClient({ RUNNER_URL: `${a.url}, ${b.url}`, RUNNER_TOKEN: TOKEN }, { onAttempt });
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => client.judge(job(i, i % 2 ? "c" : "python"))),
    );
    for (const [i, r] of results.entries()) {
      expect(r.testResults.map((t) => t.verdict), `job ${i}`).toEqual(["AC", "AC", "AC"]);
    }
    expect(attempts.every((x) => x.outcome === "ok")).toBe(true);
    const onA = attempts.filter((x) => x.url === a.url).length;
    const onB = attempts.filter((x) => x.url === b.url).length;
    expect(onA + onB).toBe(24);
    expect(onA, `a ${onA}, b ${onB}`).toBeGreaterThanOrEqual(8);
    expect(onB, `a ${onA}, b ${onB}`).toBeGreaterThanOrEqual(8);
    expect(client.runners().map((r) => r.status)).toEqual(["up", "up"]);
  });

  it("skips a dead URL in the list: its probe fails first, so no job is sent there", async () => {
    const dead = `http://127.0.0.1:${await freePortClosed()}`;
    const { attempts, onAttempt } = recorder();
    const client = createRunnerClient({ RUNNER_URL: `${dead},${a.url}`, RUNNER_TOKEN: TOKEN }, { onAttempt });
    expect((await client.judge(job(1, "python"))).passedCount).toBe(3);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => client.judge(job(i, "c"))));
    expect(results.map((r) => r.passedCount)).toEqual(Array(8).fill(3));
    expect(attempts.filter((x) => x.url === dead)).toEqual([]);
    expect(client.runners().find((r) => r.url === dead)?.status).toBe("down");
  });

  it("a burst that starts before any probe may try the dead URL, and every such job is retried on the live one", async () => {
    const dead = `http://127.0.0.1:${await freePortClosed()}`;
    const { attempts, onAttempt } = recorder();
    const client = createRunnerClient({ RUNNER_URL: `${dead},${b.url}`, RUNNER_TOKEN: TOKEN }, { onAttempt });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => client.judge(job(i, "python"))));
    expect(results.map((r) => r.passedCount)).toEqual(Array(8).fill(3));
    for (const x of attempts.filter((x) => x.url === dead)) expect(x.outcome).toBe("down");
    expect(attempts.filter((x) => x.outcome === "ok")).toHaveLength(8);
  });

  it("a job on a runner that answers 500 is judged on the other, once", async () => {
    const broken = await fakeRunner((req, res) => {
      if (req.url === "/healthz") return res.end(inviting);
      res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "Internal runner error" }));
    });
    try {
      const { attempts, onAttempt } = recorder();
      const busy = await occupy(a);
      const client = createRunnerClient({ RUNNER_URL: `${broken.url},${a.url}`, RUNNER_TOKEN: TOKEN }, { onAttempt });
      expect((await client.judge(job(7, "c"))).passedCount).toBe(3);
      expect(attempts.map((x) => [x.url, x.outcome])).toEqual([
        [broken.url, "down"],
        [a.url, "ok"],
      ]);
      await busy.done;
    } finally {
      await closeFake(broken.server);
    }
  });

  it("a runner that vanishes mid-job without a reset (no reply, no /healthz) loses the job to the other after the liveness check", async () => {
    let vanished = false;
    const silent = await fakeRunner((req, res) => {
      if (req.url === "/healthz" && !vanished) return res.end(inviting);
      // The VM is gone: the job and every later probe hang.
      if (req.url === "/v1/judge") vanished = true;
    });
    try {
      const { attempts, onAttempt } = recorder();
      const busy = await occupy(a);
      const client = createRunnerClient(
        { RUNNER_URL: `${silent.url},${a.url}`, RUNNER_TOKEN: TOKEN },
        { onAttempt, livenessMs: 300, probeTimeoutMs: 300 },
      );
      const started = Date.now();
      expect((await client.judge(job(9, "python"))).passedCount).toBe(3);
      expect(attempts.map((x) => [x.url, x.outcome])).toEqual([
        [silent.url, "down"],
        [a.url, "ok"],
      ]);
      // Two liveness periods at most, not the 60 s budget.
      expect(attempts[0]!.ms).toBeLessThan(2_000);
      expect(Date.now() - started).toBeLessThan(10_000);
      await busy.done;
    } finally {
      await closeFake(silent.server);
    }
  });

  // Last: it kills b.
  it("a runner killed mid-job: its jobs complete on the other, each with exactly one verdict", async () => {
    const RUNNER_URL = `${a.url},${b.url}`;
    const perJob = Array.from({ length: 8 }, () => recorder());
    const jobs = perJob.map(({ onAttempt }, i) =>
      createRunnerClient({ RUNNER_URL, RUNNER_TOKEN: TOKEN }, { onAttempt }).judge(job(i, i % 2 ? "c" : "python", 600)),
    );
    // Kill b once it is running one of them.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const health = (await (await fetch(`${b.url}/healthz`)).json()) as { queue: { running: number } };
      if (health.queue.running > 0) break;
      if (Date.now() > deadline) throw new Error("b never started a job");
      await new Promise((r) => setTimeout(r, 20));
    }
    await b.kill();
    const results = await Promise.all(jobs);

    for (const [i, r] of results.entries()) {
      expect(r.testResults.map((t) => t.verdict), `job ${i}`).toEqual(["AC", "AC", "AC"]);
      expect(perJob[i]!.attempts.filter((x) => x.outcome === "ok"), `job ${i}`).toHaveLength(1);
    }
    const moved = perJob.filter(({ attempts }) => attempts.some((x) => x.url === b.url && x.outcome === "down"));
    expect(moved.length).toBeGreaterThan(0);
    for (const { attempts } of moved) {
      expect(attempts.map((x) => [x.url, x.outcome])).toEqual([
        [b.url, "down"],
        [a.url, "ok"],
      ]);
    }
    const client = createRunnerClient({ RUNNER_URL, RUNNER_TOKEN: TOKEN });
    expect(client.runners().find((r) => r.url === b.url)?.status).toBe("down");
    // Later jobs go straight to a.
    const { attempts, onAttempt } = recorder();
    const after = createRunnerClient({ RUNNER_URL, RUNNER_TOKEN: TOKEN }, { onAttempt });
    expect((await after.judge(job(42, "c"))).passedCount).toBe(3);
    expect(attempts.map((x) => [x.url, x.outcome])).toEqual([[a.url, "ok"]]);
  });
});
