import { describe, expect, it } from "vitest";
import { dispatchOrder, MAX_PROBE_BACKOFF_MS, parseRunnerUrls, probeDueAt, RunnerPool, type ReportedLoad } from "./pool";

const A = "http://10.0.0.1:2358";
const B = "http://10.0.0.2:2358";
const C = "http://10.0.0.3:2358";
const timing = { healthTtlMs: 2_000, probeTimeoutMs: 1_000 };
const load = (running: number, waiting: number, slots = 2, maxWaiting: number | null = 256): ReportedLoad => ({
  running,
  waiting,
  slots,
  maxWaiting,
});
/** Ties go to the first listed: a fixed "random" that grows with each call. */
const inOrder = () => {
  let n = 0;
  return () => n++ / 1000;
};
const order = (pool: RunnerPool, now = 1, tried: string[] = []) =>
  dispatchOrder(pool.states, new Set(tried), now, inOrder()).map((s) => s.url);

function poolWith(reports: Record<string, ReportedLoad | null>, now = 1) {
  const pool = new RunnerPool(Object.keys(reports), inOrder());
  for (const [url, report] of Object.entries(reports)) pool.recordProbe(url, report, now);
  return pool;
}

describe("parseRunnerUrls", () => {
  it("reads one URL or a comma-separated list, trimmed, without trailing slashes or repeats", () => {
    expect(parseRunnerUrls("http://127.0.0.1:2358")).toEqual(["http://127.0.0.1:2358"]);
    expect(parseRunnerUrls(` ${A}/ ,${B},, ${A} `)).toEqual([A, B]);
    expect(parseRunnerUrls(" , ")).toEqual([]);
  });
});

describe("least loaded healthy runner first", () => {
  it("orders by what each reported per slot", () => {
    const pool = poolWith({ [A]: load(2, 6), [B]: load(1, 0), [C]: load(2, 1) });
    expect(order(pool)).toEqual([B, C, A]);
  });

  it("weighs the queue by the runner's slots (a bigger runner takes more)", () => {
    // A: 8 jobs on 8 slots = 1 per slot; B: 3 jobs on 2 slots = 1.5.
    const pool = poolWith({ [A]: load(8, 0, 8), [B]: load(2, 1, 2) });
    expect(order(pool)).toEqual([A, B]);
  });

  it("counts what this isolate sent since the report, so a burst alternates before the next probe", () => {
    const pool = poolWith({ [A]: load(0, 0), [B]: load(0, 0) });
    const picks: string[] = [];
    for (let i = 0; i < 6; i++) {
      const next = pool.next(new Set(), 1)!;
      picks.push(next.url);
      pool.dispatched(next.url);
    }
    expect(picks.filter((u) => u === A)).toHaveLength(3);
    expect(picks.filter((u) => u === B)).toHaveLength(3);
  });

  it("takes an answered job off the count once, and a new report replaces the count", () => {
    const pool = poolWith({ [A]: load(0, 0) });
    const first = pool.dispatched(A);
    const second = pool.dispatched(A);
    expect(pool.states[0]!.sent).toBe(2);
    first();
    first();
    expect(pool.states[0]!.sent).toBe(1);
    // The report counts the job still out; finishing it later must not count it off again.
    pool.recordProbe(A, load(1, 0), 2);
    expect(pool.states[0]!.sent).toBe(0);
    second();
    expect(pool.states[0]!.sent).toBe(0);
  });

  it("breaks equal loads at random, so isolates reading the same reports spread", () => {
    const pool = poolWith({ [A]: load(1, 0), [B]: load(1, 0) });
    expect(dispatchOrder(pool.states, new Set(), 1, () => 0.5)[0]!.url).toBe(A);
    const descending = [0.9, 0.1];
    expect(dispatchOrder(pool.states, new Set(), 1, () => descending.shift()!)[0]!.url).toBe(B);
  });
});

describe("unhealthy runners are skipped", () => {
  it("puts a runner whose probe failed after every healthy one, however loaded they are", () => {
    const pool = poolWith({ [A]: null, [B]: load(2, 40), [C]: load(2, 10) });
    expect(order(pool)).toEqual([C, B, A]);
  });

  it("a job failure takes a runner out until a probe answers again", () => {
    const pool = poolWith({ [A]: load(0, 0), [B]: load(2, 5) });
    expect(order(pool)[0]).toBe(A);
    pool.failed(A, 5);
    expect(order(pool, 5)).toEqual([B, A]);
    pool.recordProbe(A, load(0, 0), 10);
    expect(order(pool, 10)).toEqual([A, B]);
  });

  it("puts runners not probed yet after probed healthy ones and before failed ones", () => {
    const pool = new RunnerPool([A, B, C], inOrder());
    pool.recordProbe(B, load(2, 30), 1);
    pool.recordProbe(C, null, 1);
    expect(order(pool)).toEqual([B, A, C]);
  });

  it("puts a runner that answered 429, or reports a full queue, after the others until its Retry-After passes", () => {
    const pool = poolWith({ [A]: load(0, 0), [B]: load(2, 9) });
    pool.refused(A, 2, 100);
    expect(order(pool, 100)).toEqual([B, A]);
    expect(order(pool, 2_101)).toEqual([A, B]);
    const full = poolWith({ [A]: load(2, 8, 2, 8), [B]: load(2, 30, 2, 256) });
    expect(order(full)).toEqual([B, A]);
  });

  it("still offers failed runners last (a stale verdict is better than no try), longest-failed first", () => {
    const pool = poolWith({ [A]: null, [B]: null }, 1);
    pool.failed(A, 50);
    expect(order(pool, 60)).toEqual([B, A]);
  });
});

describe("retry order", () => {
  it("after a failure the job goes to the next best runner it has not tried, then to none", () => {
    const pool = poolWith({ [A]: load(0, 0), [B]: load(1, 0), [C]: load(2, 2) });
    const tried = new Set<string>();
    const visits: string[] = [];
    for (let s = pool.next(tried, 1); s; s = pool.next(tried, 1)) {
      visits.push(s.url);
      tried.add(s.url);
      pool.failed(s.url, 1);
    }
    expect(visits).toEqual([A, B, C]);
  });

  it("a retried job never goes back to the runner that failed it, even when that one looks least loaded", () => {
    const pool = poolWith({ [A]: load(0, 0), [B]: load(2, 20) });
    expect(pool.next(new Set([A]), 1)!.url).toBe(B);
  });
});

describe("probes", () => {
  it("are due when the report is older than the TTL, and claimed once while under way", () => {
    const pool = new RunnerPool([A, B], inOrder());
    expect(pool.claimProbes(1_000, timing).map((s) => s.url)).toEqual([A, B]);
    expect(pool.claimProbes(1_001, timing)).toEqual([]);
    pool.recordProbe(A, load(0, 0), 1_010);
    pool.recordProbe(B, load(0, 0), 1_010);
    expect(pool.claimProbes(2_000, timing)).toEqual([]);
    expect(pool.claimProbes(3_010, timing).map((s) => s.url)).toEqual([A, B]);
  });

  it("a probe whose request never reported back is claimed again after the probe timeout", () => {
    const pool = new RunnerPool([A], inOrder());
    expect(pool.claimProbes(1, timing)).toHaveLength(1);
    expect(pool.claimProbes(1_001, timing)).toHaveLength(0);
    expect(pool.claimProbes(1_002, timing)).toHaveLength(1);
  });

  it("space out for a runner that keeps failing them, up to a cap, and reset when it answers", () => {
    const pool = new RunnerPool([A], inOrder());
    const state = pool.states[0]!;
    pool.recordProbe(A, null, 10_000);
    expect(probeDueAt(state, timing)).toBe(12_000);
    pool.recordProbe(A, null, 10_000);
    expect(probeDueAt(state, timing)).toBe(14_000);
    for (let i = 0; i < 10; i++) pool.recordProbe(A, null, 10_000);
    expect(probeDueAt(state, timing)).toBe(10_000 + MAX_PROBE_BACKOFF_MS);
    pool.recordProbe(A, load(0, 0), 50_000);
    expect(probeDueAt(state, timing)).toBe(52_000);
  });
});
