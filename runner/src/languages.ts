// Languages are data: runner/languages/<name>/language.json plus a self-test
// program. Adding a language means adding a folder. Placeholders in commands:
// {sourceFile} {className} {mainClass} {heapMb} {stackMb} {cds}.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { LANGUAGES, type Language as LanguageName } from "../../contracts/runner.ts";
import { EMPTY_ENV } from "./sandbox.ts";

/** The contract's languages; each must have its folder under runner/languages. */
export const LANGUAGE_NAMES = LANGUAGES;
export type { LanguageName };

const LanguageSchema = z.object({
  name: z.enum(LANGUAGE_NAMES),
  displayName: z.string(),
  sourceFile: z.string().min(1),
  compile: z.array(z.string()).min(1).optional(),
  /**
   * "onFailure": a successful compile answers `compile: null`, as if there
   * were no compile step (Python's byte-compile only checks the syntax).
   */
  reportCompile: z.enum(["always", "onFailure"]).default("always"),
  run: z.array(z.string()).min(1),
  /**
   * The run command for interactive sessions, when it must differ: output
   * has to reach the user as it is written, not when a pipe buffer fills
   * (Python's -u; C and C++ under stdbuf). Defaults to `run`.
   */
  interactiveRun: z.array(z.string()).min(1).optional(),
  version: z.array(z.string()).min(1),
  /** Extra read-only host paths the toolchain needs inside the sandbox. */
  mounts: z.array(z.string()).default([]),
  /** Memory the runtime itself needs on top of the program's limit (the JVM). */
  memoryOverheadMb: z.number().int().min(0).default(0),
  minPids: z.number().int().min(1).default(1),
  appCds: z.boolean().default(false),
  /**
   * For a runtime that ignores SIGXFSZ (Python, the JVM): a regular
   * expression for the end of its stderr when the program dies of a write
   * past the file-size limit (EFBIG). A run that exits non-zero with stderr
   * matching it is OLE, as death by SIGXFSZ is. Anchor it at the end ($).
   */
  fileTooLargeError: z.string().optional(),
  selfTest: z.string(),
});

export type Language = z.infer<typeof LanguageSchema> & {
  dir: string;
  toolchainVersion: string;
  selfTestSource: string;
  fileTooLarge: RegExp | null;
};

function readVersion(cmd: string[]): string {
  const out = execFileSync(cmd[0]!, cmd.slice(1), { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: EMPTY_ENV });
  return out.trim().split("\n")[0]!.replace(/^(javac|Python)\s+/i, "");
}

export function loadLanguages(dir: string): Map<LanguageName, Language> {
  const languages = new Map<LanguageName, Language>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const langDir = join(dir, entry.name);
    const file = join(langDir, "language.json");
    if (!existsSync(file)) continue;
    const parsed = LanguageSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    const lang = parsed.data;
    for (const cmd of [lang.compile?.[0], lang.run[0], lang.interactiveRun?.[0], lang.version[0]]) {
      if (cmd?.startsWith("/") && !existsSync(cmd)) {
        throw new Error(`${lang.displayName}: ${cmd} is not installed (see runner/README.md for the packages)`);
      }
    }
    let toolchainVersion: string;
    try {
      toolchainVersion = readVersion(lang.version);
    } catch (error) {
      throw new Error(`${lang.displayName}: cannot read the toolchain version with ${lang.version.join(" ")}: ${String(error)}`);
    }
    let fileTooLarge: RegExp | null = null;
    try {
      if (lang.fileTooLargeError) fileTooLarge = new RegExp(lang.fileTooLargeError);
    } catch (error) {
      throw new Error(`${file}: fileTooLargeError: ${(error as Error).message}`);
    }
    languages.set(lang.name, {
      ...lang,
      fileTooLarge,
      dir: langDir,
      toolchainVersion,
      selfTestSource: readFileSync(join(langDir, lang.selfTest), "utf8"),
    });
  }
  for (const name of LANGUAGE_NAMES) {
    if (!languages.has(name)) throw new Error(`Language ${name} is missing from ${dir}`);
  }
  return languages;
}

export function fill(template: string[], values: Record<string, string>): string[] {
  return template
    .map((part) => part.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? ""))
    .filter((part) => part !== "");
}
