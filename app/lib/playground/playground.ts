// The compiler playground (spec 2, "Compiler screen (playground)", sections 5,
// 8 and 9): its constants, messages, the run form's schema (browser and
// action) and the pure helpers the page shows. Isomorphic: no env, no D1.
import { MAX_CODE_CHARS } from "~/lib/runner/code-field";
import { z } from "zod";
import { LANGUAGE_LABELS } from "~/lib/ui/format";

export { LANGUAGE_LABELS };

export const LANGUAGES = ["c", "cpp", "python", "java"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Spec section 9: file extensions c, cpp, py, java; download name main.{ext}. */
export const EXTENSIONS: Record<Language, string> = { c: "c", cpp: "cpp", python: "py", java: "java" };
export const fileName = (language: Language) => `main.${EXTENSIONS[language]}`;

/** Spec section 9: upload accepts .c, .cpp, .py, .java, .txt. */
export const UPLOAD_ACCEPT = ".c,.cpp,.py,.java,.txt";

/** The language an uploaded file's extension names; null for .txt (keep the current one) and anything else. */
export function languageOfFile(name: string): Language | null {
  const ext = name.toLowerCase().split(".").pop();
  const found = (Object.entries(EXTENSIONS) as [Language, string][]).find(([, e]) => e === ext);
  return found ? found[0] : null;
}

export function isUploadable(name: string) {
  return /\.(c|cpp|py|java|txt)$/i.test(name);
}

/** The runner's code limit (64 KB, the one runner/code-field.ts holds), counted in UTF-8 bytes; stdin is held to the same, far below the runner's 1 MB. */
export const MAX_CODE_BYTES = MAX_CODE_CHARS;
export const MAX_STDIN_BYTES = MAX_CODE_CHARS;

/** Per user, across every isolate (run-limit.server.ts): at most RUN_LIMIT runs in any RUN_WINDOW_MS. */
export const RUN_LIMIT = 5;
export const RUN_WINDOW_MS = 10_000;

/** Spec section 9: the share indicator shows "Copied!" for 2 seconds. */
export const COPIED_MS = 2000;

export const PLAYGROUND_MESSAGES = {
  /** Spec section 8, verbatim. */
  compilationFailed: "Compilation failed",
  executionFailed: "Execution failed",
  loadSharedFailed: "Failed to load shared code",
  /** Spec section 5, verbatim (interactive mode with no input). */
  enterInput: "Please enter input value(s)",
  copied: "Copied!",
  codeRequired: "Please write some code first",
  codeTooLarge: "The code is too large to run (at most 64 KB)",
  stdinTooLarge: "The input is too large (at most 64 KB)",
  language: "Choose a language: C, C++, Python or Java",
  testRunning: "The compiler playground is closed while your test is running. Finish your test first; the playground opens again when it ends.",
  rateLimited: (seconds: number) =>
    `Too many runs: at most ${RUN_LIMIT} every ${RUN_WINDOW_MS / 1000} seconds. Please wait ${seconds} s and run again.`,
} as const;

export const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** The run form, parsed by the page (instant feedback) and the action. */
export const PlaygroundRunSchema = z.object({
  language: z.enum(LANGUAGES, { errorMap: () => ({ message: PLAYGROUND_MESSAGES.language }) }),
  code: z
    .string({ required_error: PLAYGROUND_MESSAGES.codeRequired })
    .refine((code) => code.trim() !== "", PLAYGROUND_MESSAGES.codeRequired)
    .refine((code) => byteLength(code) <= MAX_CODE_BYTES, PLAYGROUND_MESSAGES.codeTooLarge),
  stdin: z
    .string()
    .optional()
    .default("")
    .refine((stdin) => byteLength(stdin) <= MAX_STDIN_BYTES, PLAYGROUND_MESSAGES.stdinTooLarge),
});
export type PlaygroundRun = z.infer<typeof PlaygroundRunSchema>;

export const TEMPLATES: Record<Language, string> = {
  c: '#include <stdio.h>\n\nint main(void) {\n    printf("Hello, World!\\n");\n    return 0;\n}\n',
  cpp: '#include <iostream>\n\nint main() {\n    std::cout << "Hello, World!" << std::endl;\n    return 0;\n}\n',
  python: 'print("Hello, World!")\n',
  java: 'public class Main {\n    public static void main(String[] args) {\n        System.out.println("Hello, World!");\n    }\n}\n',
};

/** Lines and characters for the status bar: lines as the editor numbers them, characters as a person counts them (code points). */
export function codeStats(code: string): { lines: number; characters: number } {
  let characters = 0;
  for (const _ of code.replace(/\r\n/g, "\n")) characters++;
  return { lines: code.split(/\r\n|\r|\n/).length, characters };
}

// Spec section 9: input is detected when the code reads it (scanf, cin, input, Scanner).
const READS_INPUT: Record<Language, RegExp> = {
  c: /\b(?:scanf|getchar|fgets|gets|getline)\s*\(/,
  cpp: /\bcin\s*>>|\bgetline\s*\(|\b(?:scanf|getchar|fgets)\s*\(/,
  python: /\binput\s*\(|\bsys\.stdin\b/,
  java: /\bScanner\b|\bBufferedReader\b|\bSystem\.in\b|\bSystem\.console\s*\(/,
};

export function readsInput(code: string, language: Language): boolean {
  return READS_INPUT[language].test(code);
}

/** What the runner's /v1/execute answered (contracts/runner.ts), as far as the page needs it. */
export type ExecuteOutcome = {
  compile: { code: number; stdout: string; stderr: string; timeMs: number } | null;
  run: { code: number; stdout: string; stderr: string; verdict: "OK" | "TLE" | "MLE" | "RE" | "OLE"; timeMs: number; memoryKb: number } | null;
};

export type RunView = {
  outcome: "ok" | "compile-error" | "runtime-error";
  /** The spec's toast for a failure; null when the program ran to the end. */
  toast: string | null;
  output: string;
  /** The run's time for the status bar (the compile's when it failed). */
  timeMs: number | null;
};

const VERDICT_NOTES = {
  TLE: "Time limit exceeded",
  MLE: "Memory limit exceeded",
  OLE: "Output limit exceeded",
} as const;

/** Spec section 8: "Compilation failed" shows the compiler's stderr, else its stdout; a failed run shows its error. */
export function describeRun(result: ExecuteOutcome): RunView {
  const { compile, run } = result;
  if ((compile && compile.code !== 0) || !run) {
    return {
      outcome: "compile-error",
      toast: PLAYGROUND_MESSAGES.compilationFailed,
      output: compile ? compile.stderr || compile.stdout : "",
      timeMs: compile?.timeMs ?? null,
    };
  }
  const parts = [run.stdout];
  if (run.stderr) parts.push(run.stderr);
  if (run.verdict !== "OK") parts.push(run.verdict === "RE" ? `Runtime error (exit code ${run.code})` : VERDICT_NOTES[run.verdict]);
  const output = parts.filter(Boolean).reduce((all, part) => (all && !all.endsWith("\n") ? `${all}\n${part}` : all + part), "");
  return {
    outcome: run.verdict === "OK" ? "ok" : "runtime-error",
    toast: run.verdict === "OK" ? null : PLAYGROUND_MESSAGES.executionFailed,
    output,
    timeMs: run.timeMs,
  };
}
