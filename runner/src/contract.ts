// The runner's HTTP contract (shared/spec/README.md) as types: the one
// definition both the runner and the Worker's client (app/lib/runner.server.ts)
// import, so the two sides cannot drift apart. Types only: nothing here runs.

export type Language = "c" | "cpp" | "python" | "java";
export type Verdict = "AC" | "WA" | "TLE" | "MLE" | "RE" | "OLE" | "CE";
export type CompileOutcome = { code: number; stdout: string; stderr: string; timeMs: number };
export type RunOutcome = {
  code: number;
  /** At most the first 64 KB of the output (cut at a UTF-8 character boundary); a run may write 8 MB. */
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
  /** At most the first 64 KB of the output (cut at a UTF-8 character boundary); all of it (up to 8 MB) was compared. */
  actualOutput: string;
  error: string | null;
  verdict: Verdict;
  timeMs: number;
  memoryKb: number;
};
export type JudgeResponse = {
  /** null for Python unless its byte-compile failed (a syntax error: CE on every case). */
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
