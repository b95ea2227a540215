// The Worker's runner client (app/lib/runner/client.server.ts) against a real runner.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunnerClient, RunnerError, runnerFailureMessage } from "../../app/lib/runner/client.server.ts";
import { startTestRunner, TOKEN, type TestRunner } from "./harness.ts";

let runner: TestRunner;
beforeAll(async () => {
  runner = await startTestRunner();
});
afterAll(() => runner?.stop());

const sum = "#include <stdio.h>\nint main(){long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a+b);return 0;}";

describe("runner client", () => {
  it("judges with the token and returns the contract's shape", async () => {
    const client = createRunnerClient({ RUNNER_URL: runner.url, RUNNER_TOKEN: TOKEN });
    const result = await client.judge({
      language: "c",
      code: sum,
      testCases: [
        { id: "open", input: "1 2\n", expected_output: "3\n" },
        { id: "hidden", input: "5 5\n", expected_output: "11\n" },
      ],
    });
    expect(result.passedCount).toBe(1);
    expect(result.totalTestCases).toBe(2);
    expect(result.testResults.map((t) => [t.testCaseId, t.verdict])).toEqual([
      ["open", "AC"],
      ["hidden", "WA"],
    ]);
  });

  it("executes with stdin", async () => {
    const client = createRunnerClient({ RUNNER_URL: `${runner.url}/`, RUNNER_TOKEN: TOKEN });
    const result = await client.execute({ language: "python", code: "print(input()[::-1])", stdin: "abc\n" });
    expect(result.compile).toBeNull();
    expect(result.run).toMatchObject({ stdout: "cba\n", verdict: "OK" });
  });

  it("reports a wrong token as a configuration problem", async () => {
    const client = createRunnerClient({ RUNNER_URL: runner.url, RUNNER_TOKEN: "wrong-token" });
    const error = await client.execute({ language: "python", code: "print(1)" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunnerError);
    expect((error as RunnerError).status).toBe(401);
    expect(runnerFailureMessage("Execution failed", error)).toBe(
      "Execution failed: The code runner refused this server's token (check RUNNER_TOKEN)",
    );
  });

  it("reports an unreachable runner", async () => {
    const client = createRunnerClient({ RUNNER_URL: "http://127.0.0.1:9", RUNNER_TOKEN: TOKEN });
    const error = await client.health().catch((e: unknown) => e);
    expect((error as RunnerError).message).toBe("The code runner is unreachable. Please try again shortly");
  });

  it("reports a bad request with the runner's reason", async () => {
    const client = createRunnerClient({ RUNNER_URL: runner.url, RUNNER_TOKEN: TOKEN });
    const error = await client.judge({ language: "c", code: sum, testCases: [] }).catch((e: unknown) => e);
    expect((error as RunnerError).status).toBe(400);
    expect((error as RunnerError).message).toMatch(/testCases must not be empty/);
  });

  it("retries a full queue as the runner asks, then says it is busy", async () => {
    const busy = await startTestRunner({ maxQueue: 0 });
    try {
      const waits: number[] = [];
      const client = createRunnerClient(
        { RUNNER_URL: busy.url, RUNNER_TOKEN: TOKEN },
        { sleep: async (ms) => void waits.push(ms) },
      );
      const error = await client.execute({ language: "python", code: "print(1)" }).catch((e: unknown) => e);
      expect((error as RunnerError).status).toBe(429);
      expect(waits).toHaveLength(2);
      for (const ms of waits) expect(ms).toBeGreaterThanOrEqual(1000);
      expect((error as RunnerError).message).toBe("The code runner is busy. Please try again in a few seconds");
    } finally {
      await busy.stop();
    }
  });

  it("parses the health reply against the contract", async () => {
    const client = createRunnerClient({ RUNNER_URL: runner.url, RUNNER_TOKEN: TOKEN });
    const health = await client.health();
    expect(health.ok).toBe(true);
    expect(health.languages.map((l) => l.language).sort()).toEqual(["c", "cpp", "java", "python"]);
  });

  it("refuses a reply that is not the contract's shape (a runner of another version) with a clear error", async () => {
    // A real HTTP server on this machine that answers 200 with an older reply shape.
    const server = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ passed: 1, total: 2, results: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = createRunnerClient({ RUNNER_URL: `http://127.0.0.1:${port}`, RUNNER_TOKEN: TOKEN });
      const error = await client
        .judge({ language: "c", code: sum, testCases: [{ id: 1, input: "", expected_output: "" }] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RunnerError);
      expect((error as RunnerError).message).toBe("The code runner sent a reply this server cannot read (is it another version?)");
      expect(runnerFailureMessage("Failed to submit code", error)).toMatch(/^Failed to submit code: The code runner sent a reply/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
