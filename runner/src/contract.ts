// The runner's HTTP contract (shared/spec/README.md) as types: the one
// definition both the runner and the Worker's client (app/lib/runner.server.ts)
// import, so the two sides cannot drift apart. Types only: nothing here runs.

export type Language = "c" | "cpp" | "python" | "java";
export type Verdict = "AC" | "WA" | "TLE" | "MLE" | "RE" | "OLE" | "CE";
export type CompileOutcome = { code: number; stdout: string; stderr: string; timeMs: number };
export type RunOutcome = {
  code: number;
  stdout: string;
  stderr: string;
  verdict: "OK" | "TLE" | "MLE" | "RE" | "OLE";
  timeMs: number;
  memoryKb: number;
};
export type TestCase = { id: string | number; input: string; expected_output: string };
export type TestResult = {
  testCaseId: string | number;
  passed: boolean;
  actualOutput: string;
  error: string | null;
  verdict: Verdict;
  timeMs: number;
  memoryKb: number;
};
export type JudgeResponse = {
  compile: CompileOutcome | null;
  testResults: TestResult[];
  passedCount: number;
  totalTestCases: number;
};
export type ExecuteResponse = { compile: CompileOutcome | null; run: RunOutcome | null };
export type Health = {
  ok: boolean;
  languages: { language: Language; version: string }[];
  queue: { running: number; waiting: number };
};
