// The runner's HTTP contract (shared/spec/README.md, runner section) as zod
// schemas: the one definition both sides import by design. The runner
// (runner/src/http.ts) parses requests with the request schemas; the Worker's
// client (app/lib/runner.server.ts) parses every reply with the reply schemas,
// so a runner of another version fails loudly instead of being cast.
//
// Plain TypeScript with zod as its only import: Node runs it as is (the
// runner), and Vite bundles it (the Worker).
import { z } from "zod";

export const LANGUAGES = ["c", "cpp", "python", "java"] as const;
export type Language = (typeof LANGUAGES)[number];

export const VERDICTS = ["AC", "WA", "TLE", "MLE", "RE", "OLE", "CE"] as const;
export type Verdict = (typeof VERDICTS)[number];

// ------------------------------------------------------------ requests

export const LanguageSchema = z.enum(LANGUAGES, {
  errorMap: (issue, ctx) => ({
    message:
      issue.code === "invalid_enum_value"
        ? `Unknown language: ${JSON.stringify(ctx.data)} (expected one of ${LANGUAGES.join(", ")})`
        : "language is required",
  }),
});

export const TestCaseSchema = z.object({
  id: z.union([z.string(), z.number()]),
  input: z.string(),
  expected_output: z.string(),
});
export type TestCase = z.infer<typeof TestCaseSchema>;

/**
 * Who waits when the runner is busy: "normal" (the default) is test judging,
 * evaluation and practice; "low" is the free playground, whose tasks run only
 * when no normal task waits and which may fill at most half of the queue, so
 * it can never crowd tests out. Our addition to the spec's contract.
 */
export const PRIORITIES = ["normal", "low"] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PrioritySchema = z.enum(PRIORITIES, {
  errorMap: (issue, ctx) => ({
    message:
      issue.code === "invalid_enum_value"
        ? `Unknown priority: ${JSON.stringify(ctx.data)} (expected one of ${PRIORITIES.join(", ")})`
        : "priority must be a string",
  }),
});

/** POST /v1/execute. Sizes are the runner's configuration (413), not the schema's. */
export const ExecuteRequestSchema = z.object({
  language: LanguageSchema,
  code: z.string({ required_error: "code is required" }),
  stdin: z.string().optional().default(""),
  priority: PrioritySchema.optional().default("normal"),
});
export type ExecuteRequest = z.input<typeof ExecuteRequestSchema>;

/** POST /v1/judge. */
export const JudgeRequestSchema = z.object({
  language: LanguageSchema,
  code: z.string({ required_error: "code is required" }),
  testCases: z.array(TestCaseSchema).min(1, "testCases must not be empty"),
  priority: PrioritySchema.optional().default("normal"),
});
export type JudgeRequest = z.input<typeof JudgeRequestSchema>;

// ------------------------------------------------------------ replies

export const CompileOutcomeSchema = z.object({
  code: z.number(),
  stdout: z.string(),
  stderr: z.string(),
  timeMs: z.number(),
});
export type CompileOutcome = z.infer<typeof CompileOutcomeSchema>;

export const RunOutcomeSchema = z.object({
  code: z.number(),
  /** At most the first 64 KB of the output (cut at a UTF-8 character boundary); a run may write 8 MB. */
  stdout: z.string(),
  stderr: z.string(),
  verdict: z.enum(["OK", "TLE", "MLE", "RE", "OLE"]),
  timeMs: z.number(),
  memoryKb: z.number(),
});
export type RunOutcome = z.infer<typeof RunOutcomeSchema>;

export const TestResultSchema = z.object({
  testCaseId: z.union([z.string(), z.number()]),
  passed: z.boolean(),
  /** At most the first 64 KB of the output (cut at a UTF-8 character boundary); all of it (up to 8 MB) was compared. */
  actualOutput: z.string(),
  error: z.string().nullable(),
  verdict: z.enum(VERDICTS),
  timeMs: z.number(),
  memoryKb: z.number(),
});
export type TestResult = z.infer<typeof TestResultSchema>;

export const JudgeResponseSchema = z.object({
  /** null for Python unless its byte-compile failed (a syntax error: CE on every case). */
  compile: CompileOutcomeSchema.nullable(),
  testResults: z.array(TestResultSchema),
  passedCount: z.number().int().nonnegative(),
  totalTestCases: z.number().int().nonnegative(),
});
export type JudgeResponse = z.infer<typeof JudgeResponseSchema>;

export const ExecuteResponseSchema = z.object({
  compile: CompileOutcomeSchema.nullable(),
  run: RunOutcomeSchema.nullable(),
});
export type ExecuteResponse = z.infer<typeof ExecuteResponseSchema>;

/** GET /healthz (no token). */
export const HealthSchema = z.object({
  ok: z.boolean(),
  languages: z.array(z.object({ language: z.enum(LANGUAGES), version: z.string() })),
  queue: z.object({ running: z.number(), waiting: z.number() }),
});
export type Health = z.infer<typeof HealthSchema>;

/** An error reply (4xx, 5xx): `{ error }`. */
export const ErrorReplySchema = z.object({ error: z.string() });
