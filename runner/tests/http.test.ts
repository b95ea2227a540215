// The HTTP contract, against a real runner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRunner, TOKEN, type TestRunner } from "./harness.ts";

let runner: TestRunner;
beforeAll(async () => {
  runner = await startTestRunner({ maxCodeKb: 64, maxInputKb: 1024 });
});
afterAll(() => runner?.stop());

const ok = { language: "python", code: "print(input())", testCases: [{ id: "a", input: "hi\n", expected_output: "hi\n" }] };

describe("GET /healthz", () => {
  it("reports every language with its real toolchain version, and the queue", async () => {
    const res = await fetch(`${runner.url}/healthz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; languages: { language: string; version: string }[]; queue: unknown };
    expect(body.ok).toBe(true);
    expect(body.languages.map((l) => l.language).sort()).toEqual(["c", "cpp", "java", "python"]);
    for (const l of body.languages) expect(l.version).toMatch(/^\d+\.\d+/);
    expect(body.queue).toEqual({ running: 0, waiting: 0, slots: runner.config.concurrency, maxWaiting: runner.config.maxQueue });
  });
});

describe("authentication", () => {
  it.each([
    ["no token", {}],
    ["a wrong token", { Authorization: "Bearer nope" }],
    ["the token without Bearer", { Authorization: TOKEN }],
    ["a longer token", { Authorization: `Bearer ${TOKEN}x` }],
  ])("answers 401 to %s", async (_label, headers) => {
    const res = await fetch(`${runner.url}/v1/judge`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(ok),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Missing or wrong token" });
  });
});

describe("malformed requests", () => {
  it.each([
    ["not JSON", "{nope", /JSON/],
    ["an unknown language", { ...ok, language: "ruby" }, /Unknown language: "ruby"/],
    ["no language", { code: "x", testCases: ok.testCases }, /language/],
    ["no code", { language: "c", testCases: ok.testCases }, /code is required/],
    ["code that is not a string", { ...ok, code: 42 }, /code/],
    ["no test cases", { ...ok, testCases: [] }, /testCases must not be empty/],
    ["a test case without expected_output", { ...ok, testCases: [{ id: 1, input: "" }] }, /expected_output/],
    ["a body that is an array", [ok], /./],
  ])("answers 400 with an error to %s", async (_label, body, message) => {
    const res = await runner.post("/v1/judge", body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
  });

  it("answers 400 to execute with an unknown language", async () => {
    const res = await runner.post("/v1/execute", { language: "cobol", code: "x" });
    expect(res.status).toBe(400);
  });

  it("answers 400 to an unknown priority", async () => {
    for (const [path, body] of [["/v1/execute", { language: "python", code: "print(1)", priority: "urgent" }], ["/v1/judge", { ...ok, priority: 1 }]] as const) {
      const res = await runner.post(path, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/priority/);
    }
  });

  it("answers 404 to an unknown path and 405 to GET on an endpoint", async () => {
    expect((await runner.post("/v2/judge", ok)).status).toBe(404);
    expect((await fetch(`${runner.url}/v1/judge`)).status).toBe(405);
  });
});

describe("size limits", () => {
  it("answers 413 to code over 64 KB", async () => {
    const res = await runner.post("/v1/judge", { ...ok, code: `# ${"x".repeat(64 * 1024)}` });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/Code over 64 KB/);
  });

  it("answers 413 to an input over 1 MB", async () => {
    const res = await runner.post("/v1/execute", { language: "python", code: "pass", stdin: "x".repeat(1024 * 1024 + 1) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/Input over 1024 KB/);
  });

  it("accepts code of exactly 64 KB and an input of exactly 1 MB", async () => {
    const code = `import sys\nprint(len(sys.stdin.read()))\n#`;
    const padded = code + "x".repeat(64 * 1024 - Buffer.byteLength(code));
    const res = await runner.post("/v1/execute", { language: "python", code: padded, stdin: "y".repeat(1024 * 1024) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { run: { stdout: string } }).run.stdout.trim()).toBe(String(1024 * 1024));
  });
});

describe("a full queue", () => {
  it("answers 429 with Retry-After, and finishes every accepted job", async () => {
    const small = await startTestRunner({ concurrency: 1, maxQueue: 2 });
    try {
      const slow = { language: "python", code: "import time\ntime.sleep(0.4)\nprint('done')", stdin: "" };
      const sends = Array.from({ length: 6 }, () => small.post("/v1/execute", slow));
      const responses = await Promise.all(sends);
      const statuses = responses.map((r) => r.status).sort();
      // One running, two waiting, three refused.
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
      for (const r of responses) {
        if (r.status === 429) {
          expect(Number(r.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
          expect(await r.json()).toEqual({ error: "Queue full, retry later" });
        } else {
          expect(((await r.json()) as { run: { stdout: string } }).run.stdout).toBe("done\n");
        }
      }
      const health = (await (await fetch(`${small.url}/healthz`)).json()) as { queue: unknown };
      expect(health.queue).toEqual({ running: 0, waiting: 0, slots: 1, maxWaiting: 2 });
    } finally {
      await small.stop();
    }
  });
});

describe("priority", () => {
  it("judges a test that arrives after a playground run first, when the runner is busy", async () => {
    const small = await startTestRunner({ concurrency: 1, maxQueue: 8 });
    try {
      const finished: string[] = [];
      const track = (name: string, response: Promise<Response>) =>
        response.then(async (r) => {
          finished.push(name);
          return { status: r.status, body: (await r.json()) as Record<string, unknown> };
        });
      const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
      // Something normal holds the only slot; then a playground run arrives, then a test's judge.
      const busy = track("busy", small.post("/v1/execute", { language: "python", code: "import time\ntime.sleep(0.6)\nprint('busy')" }));
      await pause(150);
      const playground = track("playground", small.post("/v1/execute", { language: "python", code: "print('low')", priority: "low" }));
      await pause(150);
      const judge = track(
        "judge",
        small.post("/v1/judge", { language: "python", code: "print(input())", testCases: [1, 2, 3].map((id) => ({ id, input: `${id}\n`, expected_output: `${id}\n` })) }),
      );
      const [b, p, j] = await Promise.all([busy, playground, judge]);
      expect([b.status, p.status, j.status]).toEqual([200, 200, 200]);
      expect(j.body).toMatchObject({ passedCount: 3 });
      expect((p.body as { run: { stdout: string } }).run.stdout).toBe("low\n");
      expect(finished).toEqual(["busy", "judge", "playground"]);
    } finally {
      await small.stop();
    }
  });
});
