// The runner's HTTP contract (shared/spec/README.md, runner section) as zod
// schemas: the one definition both sides import by design. The runner
// (runner/src/http.ts) parses requests with the request schemas; the Worker's
// client (app/lib/runner/client.server.ts) parses every reply with the reply schemas,
// so a runner of another version fails loudly instead of being cast.
//
// Plain TypeScript with zod as its only import: Node runs it as is (the
// runner), and Vite bundles it (the Worker).
import { z } from "zod";

export const LANGUAGES = ["c", "cpp", "python", "java"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * "JE" (judge error) is ours: a custom output checker that crashed, looped or
 * exited with a code other than 42/43. The case did not pass, and it is no
 * verdict on the student's program: students see "Not judged", the admin sees
 * the checker's message (`TestResult.checkerError`).
 */
export const VERDICTS = ["AC", "WA", "TLE", "MLE", "RE", "OLE", "CE", "JE"] as const;
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

// ------------------------------------------------------------ per-question grading (issue 35)

/**
 * A question's own limits; either may be absent (the runner's default). The
 * bounds are the contract's: the runner answers 400 outside them. timeMs is
 * the CPU limit per case; the wall limit becomes max(the runner's,
 * 1.5 timeMs + 500 ms). memoryMb is the program's own (the JVM's overhead
 * comes on top, as it does for the runner's default).
 */
export const LIMIT_BOUNDS = {
  /** CPU time per case, in milliseconds (0.1 s to 10 s). */
  timeMs: { min: 100, max: 10_000 },
  /** Memory per case, in MB. */
  memoryMb: { min: 16, max: 1024 },
} as const;

const bounded = (name: string, unit: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ invalid_type_error: `${name} must be a number` })
    .int(`${name} must be a whole number of ${unit}`)
    .min(min, `${name} must be between ${min} and ${max} ${unit}`)
    .max(max, `${name} must be between ${min} and ${max} ${unit}`);

export const LimitsSchema = z
  .object({
    timeMs: bounded("limits.timeMs", "ms", LIMIT_BOUNDS.timeMs).optional(),
    memoryMb: bounded("limits.memoryMb", "MB", LIMIT_BOUNDS.memoryMb).optional(),
  })
  .strict();
export type Limits = z.infer<typeof LimitsSchema>;

/** The most source a custom checker may have (the same as a submission's default). */
export const MAX_CHECKER_SOURCE_CHARS = 64 * 1024;

const tolerance = z.number().finite().min(0).max(1);

/**
 * How a case's output is compared with its expected output. Every checker
 * but "custom" is a pure function in `contracts/checkers.ts`, which both the
 * runner (the verdict) and the Worker (the evaluation page's hints) run.
 * - exact: today's rule (trailing spaces per line and trailing blank lines ignored);
 * - whitespace: the whitespace-separated tokens must match;
 * - case: as exact, ignoring letter case;
 * - tolerance: Kattis's default output validator: tokens; a token that parses
 *   as a number on both sides matches within the absolute OR the relative
 *   tolerance; any other token exactly (or ignoring case unless caseSensitive);
 *   spaceSensitive compares the whitespace between tokens exactly too;
 * - custom: a C++ program with the Kattis output-validator interface
 *   (`checker input_file answer_file feedback_dir < program_output`; exit 42
 *   accepted, 43 wrong answer, anything else a checker error: verdict "JE").
 */
export const CheckerSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("exact") }).strict(),
  z.object({ type: z.literal("whitespace") }).strict(),
  z.object({ type: z.literal("case") }).strict(),
  z
    .object({
      type: z.literal("tolerance"),
      absolute: tolerance,
      relative: tolerance,
      caseSensitive: z.boolean().optional().default(true),
      spaceSensitive: z.boolean().optional().default(false),
    })
    .strict(),
  z
    .object({
      type: z.literal("custom"),
      source: z
        .string()
        .min(1, "checker.source must not be empty")
        .max(MAX_CHECKER_SOURCE_CHARS, `checker.source must be at most ${MAX_CHECKER_SOURCE_CHARS} characters`),
    })
    .strict(),
]);
export type Checker = z.infer<typeof CheckerSchema>;
export type CheckerInput = z.input<typeof CheckerSchema>;
export const CHECKER_TYPES = ["exact", "whitespace", "case", "tolerance", "custom"] as const satisfies readonly Checker["type"][];

/** POST /v1/execute. Sizes are the runner's configuration (413), not the schema's. */
export const ExecuteRequestSchema = z.object({
  language: LanguageSchema,
  code: z.string({ required_error: "code is required" }),
  stdin: z.string().optional().default(""),
  priority: PrioritySchema.optional().default("normal"),
  limits: LimitsSchema.optional(),
});
export type ExecuteRequest = z.input<typeof ExecuteRequestSchema>;

/** POST /v1/judge. */
export const JudgeRequestSchema = z.object({
  language: LanguageSchema,
  code: z.string({ required_error: "code is required" }),
  testCases: z.array(TestCaseSchema).min(1, "testCases must not be empty"),
  priority: PrioritySchema.optional().default("normal"),
  limits: LimitsSchema.optional(),
  checker: CheckerSchema.optional(),
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
  /** Verdict "JE" only: what the custom checker did (exit code, signal, its stderr's head). For the admin, never a student. */
  checkerError: z.string().optional(),
});
export type TestResult = z.infer<typeof TestResultSchema>;

export const JudgeResponseSchema = z.object({
  /** null for Python unless its byte-compile failed (a syntax error: CE on every case). */
  compile: CompileOutcomeSchema.nullable(),
  /**
   * Custom checkers only (absent for the others): null when the checker
   * compiled; its compile outcome when it did not, and then every case is
   * "JE" and no case runs (unless the program itself failed to compile: CE).
   */
  checkerCompile: CompileOutcomeSchema.nullable().optional(),
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
  queue: z.object({
    /** Sandboxes running now (test cases and compiles), at most `slots`. */
    running: z.number(),
    /** Requests accepted but not started. */
    waiting: z.number(),
    /** Sandboxes at once (RUNNER_CONCURRENCY); optional so an older runner still parses. */
    slots: z.number().int().positive().optional(),
    /** Waiting requests past which the runner answers 429 (RUNNER_MAX_QUEUE). */
    maxWaiting: z.number().int().nonnegative().optional(),
  }),
  /** Interactive sessions running, and the most there may be (absent from runners before them). */
  interactive: z.object({ running: z.number(), limit: z.number() }).optional(),
});
export type Health = z.infer<typeof HealthSchema>;

/** An error reply (4xx, 5xx): `{ error }`. */
export const ErrorReplySchema = z.object({ error: z.string() });

// ------------------------------------------------------------ interactive runs

/**
 * GET /v1/interactive, a WebSocket (docs/decisions/012-interactive-runs.md).
 * The upgrade carries the bearer token; refusals are plain HTTP before the
 * upgrade: 401 (token), 429 with Retry-After (every interactive slot is busy),
 * 503 (interactive runs turned off). Every message is one JSON text message.
 * The Worker forwards the same messages between the browser and the runner.
 *
 * Client to runner: `start` once, first; then `stdin` (each line the user
 * typed, with its newline), `eof` (close the program's stdin) and `close`
 * (stop the program). Runner to client: `compile` once, then `stdout` and
 * `stderr` as the program writes them, then `exit` once, then the runner
 * closes the socket; or `error` and a close.
 */
export const InteractiveClientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), language: LanguageSchema, code: z.string() }),
  z.object({ type: z.literal("stdin"), data: z.string() }),
  z.object({ type: z.literal("eof") }),
  z.object({ type: z.literal("close") }),
]);
export type InteractiveClientMessage = z.infer<typeof InteractiveClientMessageSchema>;

/** Why an interactive program ended. */
export const INTERACTIVE_END_REASONS = [
  /** It exited by itself (any code, or a signal of its own). */
  "exit",
  /** The CPU limit (TLE). */
  "cpu",
  /** The session's longest duration (TLE). */
  "duration",
  /** No input for the idle limit (TLE). */
  "idle",
  "memory",
  "output",
  /** The user stopped it (no verdict). */
  "stopped",
] as const;
export type InteractiveEndReason = (typeof INTERACTIVE_END_REASONS)[number];

export const InteractiveExitSchema = z.object({
  type: z.literal("exit"),
  /** Exit status; a signal shows as 128 + its number, as in `run.code`. */
  code: z.number(),
  /** The signal that ended the program ("SIGSEGV", "SIGKILL" for the limits), or null. */
  signal: z.string().nullable(),
  /** As `run.verdict` of /v1/execute; null when the user stopped the program. */
  verdict: z.enum(["OK", "TLE", "MLE", "RE", "OLE"]).nullable(),
  reason: z.enum(INTERACTIVE_END_REASONS),
  /** CPU time, as `run.timeMs`. */
  timeMs: z.number(),
  wallMs: z.number(),
  memoryKb: z.number(),
});
export type InteractiveExit = z.infer<typeof InteractiveExitSchema>;

export const InteractiveServerMessageSchema = z.discriminatedUnion("type", [
  /** `compile` is as in /v1/execute (null for Python unless it failed); ok false means nothing runs. */
  z.object({ type: z.literal("compile"), ok: z.boolean(), compile: CompileOutcomeSchema.nullable() }),
  z.object({ type: z.literal("stdout"), data: z.string() }),
  z.object({ type: z.literal("stderr"), data: z.string() }),
  InteractiveExitSchema,
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type InteractiveServerMessage = z.infer<typeof InteractiveServerMessageSchema>;

/** The most text one stdout or stderr message carries; longer output comes in several. */
export const INTERACTIVE_CHUNK_CHARS = 32 * 1024;
