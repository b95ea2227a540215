// Compile once per submission, then run every test case in parallel slots.
import { createHash, randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { constants } from "node:os";
import { join } from "node:path";
import { checkOutput } from "../../contracts/checkers.ts";
import type { Config } from "./config.ts";
import { truncateUtf8 } from "./compare.ts";
import { javaMainClassFromClassFiles, javaMainClassFromSource, javaSourceClass } from "./java.ts";
import { fill, type Language, type LanguageName } from "./languages.ts";
import type { Mount, Sandbox, SandboxLimits, SandboxProcess, SandboxResult, SandboxStreams } from "./sandbox.ts";
import type { Scheduler, Ticket } from "./scheduler.ts";

import type {
  Checker,
  CompileOutcome,
  ExecuteResponse,
  Limits,
  JudgeResponse,
  RunOutcome,
  TestCase,
  TestResult,
} from "../../contracts/runner.ts";

export type { CompileOutcome, ExecuteResponse, JudgeResponse, RunOutcome, TestCase, TestResult, Verdict } from "../../contracts/runner.ts";

type Artifact = {
  /** The directory mounted read-only at /box for runs; null when compilation failed. */
  dir: string | null;
  compile: CompileOutcome | null;
  mainClass: string;
  /** Requests running from `dir` now: an evicted artifact's directory goes when the last of them ends. */
  users: number;
  evicted: boolean;
};

/** A compiled program of an interactive session, ready to start (see `Engine.prepareInteractive`). */
export type InteractiveProgram = {
  compile: CompileOutcome | null;
  /** False when compilation failed: there is nothing to start. */
  ok: boolean;
  lang: Language;
  /** Starts the program in the slot `uid` with stdin open and its output going to `streams`. */
  start(uid: number, streams: SandboxStreams): SandboxProcess;
  /** Call once the session is over. */
  release(): void;
};

/**
 * An interactive run's CPU weight against judging runs when the CPU is
 * contended (1 = a judging run's): test judging goes first. Each is still
 * capped at one core and at the CPU limit.
 */
export const INTERACTIVE_CPU_WEIGHT = 0.25;

const CDS_PATH = "/opt/cds/app.jsa";

/** The most of a run's stdout that goes back in `actualOutput` / `run.stdout` (all of it is compared). */
export const RETURNED_OUTPUT_BYTES = 64 * 1024;

/** A question's grading, as a judge request carries it (issue 35); both absent: the options' limits and the exact rule. */
export type Grading = { limits?: Limits; checker?: Checker };

/** The most of a custom checker's message (`checkerError`) that goes back, in bytes. */
export const CHECKER_ERROR_BYTES = 1024;
/** A custom checker's stdout is not used; past this much it is stopped (JE). */
const CHECKER_OUTPUT_BYTES = 1024 * 1024;
/** The Kattis output-validator interface: these exit codes are the only verdicts a checker can give. */
const CHECKER_ACCEPTED = 42;
const CHECKER_WRONG_ANSWER = 43;

/** The wall limit of a run whose request sets the CPU limit: room for start-up and I/O, never below the option's. */
export function wallLimitFor(timeMs: number, configWallMs: number): number {
  return Math.max(configWallMs, Math.round(timeMs * 1.5 + 500));
}

function signalName(code: number): string {
  const n = code - 128;
  const name = Object.entries(constants.signals).find(([, v]) => v === n)?.[0];
  return name ?? `signal ${n}`;
}

/**
 * What a custom checker's run says: "AC" or "WA" only from its exit code (42
 * or 43) when nothing stopped it; anything else is a checker error, with a
 * short message for the admin (never a verdict on the student's program).
 */
export function checkerOutcome(r: SandboxResult, limits: SandboxLimits): { verdict: "AC" | "WA" } | { verdict: "JE"; message: string } {
  let message: string;
  if (r.oomKilled) message = `Checker exceeded its memory limit (${limits.memoryMb} MB)`;
  else if (r.wallTimeout || r.cpuExceeded) message = `Checker exceeded its time limit (${limits.cpuMs} ms CPU, ${limits.wallMs} ms wall)`;
  else if (r.outputExceeded) message = "Checker exceeded its output limit (stdout or a file)";
  else if (r.exitCode === CHECKER_ACCEPTED) return { verdict: "AC" };
  else if (r.exitCode === CHECKER_WRONG_ANSWER) return { verdict: "WA" };
  else if (r.exitCode > 128) message = `Checker was killed by ${signalName(r.exitCode)}`;
  else message = `Checker exited with code ${r.exitCode} (42 accepts, 43 rejects)`;
  const stderr = r.stderr.trim();
  return { verdict: "JE", message: truncateUtf8(stderr ? `${message}: ${stderr}` : message, CHECKER_ERROR_BYTES) };
}

/**
 * The verdict the kernel's report gives, before any output comparison.
 *
 * A file past the size limit is OLE. The kernel's evidence is death by
 * SIGXFSZ, but Python (and the JVM) ignore SIGXFSZ at start-up, with no flag
 * to stop them, so the write fails with EFBIG and the program dies of the
 * uncaught error: Python exits 1 with "OSError: [Errno 27] File too large" as
 * the last line of stderr. The language data says what that end of stderr
 * looks like (`fileTooLargeError`, anchored at the end), and it counts only
 * with a non-zero exit: a program that catches the error and goes on, or
 * prints the same words and exits 0, is judged as usual. One that fakes it and
 * exits non-zero still fails (OLE instead of RE), so nothing can be gained.
 * Rejected: resetting SIGXFSZ through a wrapper (runpy) puts the wrapper's
 * frames in every traceback; LD_PRELOAD shims are fragile; reading the
 * files' sizes needs the sandbox's /tmp, which is gone when the run ends.
 */
export function runFailure(r: SandboxResult, lang?: Pick<Language, "fileTooLarge">): Exclude<RunOutcome["verdict"], "OK"> | null {
  if (r.oomKilled) return "MLE";
  if (r.wallTimeout || r.cpuExceeded) return "TLE";
  if (r.outputExceeded) return "OLE";
  if (r.exitCode !== 0 && lang?.fileTooLarge?.test(r.stderr)) return "OLE";
  if (r.exitCode !== 0) return "RE";
  return null;
}

const FAILURE_MESSAGES = {
  TLE: "Time limit exceeded",
  MLE: "Memory limit exceeded",
  OLE: "Output limit exceeded",
} as const;

export class Engine {
  private readonly cache = new Map<string, Artifact>();
  private readonly compiling = new Map<string, Promise<Artifact>>();
  private readonly cacheDir: string;
  private readonly jobsDir: string;
  private cdsArchive: string | null = null;
  /** How many compiles ran (cache misses), for tests and /healthz. */
  compiles = 0;

  private readonly config: Config;
  private readonly languages: Map<LanguageName, Language>;
  private readonly sandbox: Sandbox;
  readonly scheduler: Scheduler;

  constructor(config: Config, languages: Map<LanguageName, Language>, sandbox: Sandbox, scheduler: Scheduler) {
    this.config = config;
    this.languages = languages;
    this.sandbox = sandbox;
    this.scheduler = scheduler;
    this.cacheDir = join(config.workDir, "cache");
    this.jobsDir = join(config.workDir, "jobs");
    // Artifacts from a previous process are not trusted: start clean.
    rmSync(this.cacheDir, { recursive: true, force: true });
    rmSync(this.jobsDir, { recursive: true, force: true });
    mkdirSync(this.cacheDir, { recursive: true, mode: 0o755 });
    mkdirSync(this.jobsDir, { recursive: true, mode: 0o755 });
  }

  get languageList() {
    return [...this.languages.values()].map((l) => ({ language: l.name, version: l.toolchainVersion }));
  }

  /** A run's limits: the request's (a question's) where it sets them, the options' otherwise. */
  private runLimits(lang: Language, limits: Limits = {}): SandboxLimits {
    const c = this.config;
    const memoryMb = (limits.memoryMb ?? c.runMemoryMb) + lang.memoryOverheadMb;
    return {
      cpuMs: limits.timeMs ?? c.runCpuMs,
      wallMs: limits.timeMs === undefined ? c.runWallMs : wallLimitFor(limits.timeMs, c.runWallMs),
      memoryMb,
      // The stack may use all of the memory (recursive solutions must not die at 8 MB).
      stackMb: memoryMb,
      pids: Math.max(c.pids, lang.minPids),
      fileSizeMb: c.fileSizeMb,
      openFiles: c.openFiles,
      outputBytes: c.outputKb * 1024,
      tmpfsMb: c.tmpfsMb,
    };
  }

  /** A custom checker's limits per case: its own options, whatever the question's limits are. */
  private checkerLimits(): SandboxLimits {
    const c = this.config;
    return {
      cpuMs: c.checkerCpuMs,
      wallMs: c.checkerWallMs,
      memoryMb: c.checkerMemoryMb,
      stackMb: c.checkerMemoryMb,
      pids: c.pids,
      fileSizeMb: c.fileSizeMb,
      openFiles: c.openFiles,
      outputBytes: CHECKER_OUTPUT_BYTES,
      tmpfsMb: c.tmpfsMb,
    };
  }

  private compileLimits(lang: Language): SandboxLimits {
    const c = this.config;
    return {
      cpuMs: c.compileCpuMs,
      wallMs: c.compileWallMs,
      memoryMb: c.compileMemoryMb,
      stackMb: c.compileMemoryMb,
      pids: Math.max(c.pids, lang.minPids),
      fileSizeMb: Math.max(c.fileSizeMb, 64),
      openFiles: c.openFiles,
      outputBytes: 256 * 1024,
      tmpfsMb: Math.max(c.tmpfsMb, 256),
    };
  }

  private languageMounts(lang: Language): Mount[] {
    const mounts: Mount[] = lang.mounts.filter((m) => existsSync(m)).map((m) => ({ src: m, dest: m }));
    if (lang.appCds && this.cdsArchive) mounts.push({ src: this.cdsArchive, dest: CDS_PATH });
    return mounts;
  }

  /** `memoryMb`: the program's memory limit (without the runtime's overhead), Java's main thread stack. */
  private runArgv(lang: Language, mainClass: string, command = lang.run, memoryMb = this.config.runMemoryMb): string[] {
    return fill(command, {
      mainClass,
      // Far above the cgroup limit on purpose: the kernel's OOM kill, not the
      // JVM's OutOfMemoryError, decides MLE, even for one huge array. A large
      // -Xmx only reserves address space; start-up is unchanged (54 vs 56 ms).
      heapMb: String(16 * 1024),
      // Java's main thread stack (-Xss): the program's memory limit, as RLIMIT_STACK is for the others.
      stackMb: String(memoryMb),
      cds: lang.appCds && this.cdsArchive ? `-XX:SharedArchiveFile=${CDS_PATH}` : "-Xshare:auto",
    });
  }

  private newJobDir(uid: number): string {
    const dir = join(this.jobsDir, `${Date.now().toString(36)}-${randomBytes(6).toString("hex")}`);
    mkdirSync(dir, { mode: 0o755 });
    chownSync(dir, uid, uid);
    return dir;
  }

  /** Compiles (or finds in the cache) the artifact for this source. */
  private artifact(lang: Language, code: string, ticket: Ticket): Promise<Artifact> {
    const className = lang.name === "java" ? javaSourceClass(code) : "";
    const sourceFile = fill([lang.sourceFile], { className })[0]!;
    const key = createHash("sha256")
      .update(JSON.stringify([lang.name, lang.toolchainVersion, lang.compile ?? null, lang.run, sourceFile, code]))
      .digest("hex");
    const cached = this.cache.get(key);
    if (cached && (cached.dir === null || existsSync(cached.dir))) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return Promise.resolve(cached);
    }
    const pending = this.compiling.get(key);
    if (pending) return pending;
    // Nothing to compile: writing the source needs no sandbox slot.
    const build = lang.compile
      ? ticket.schedule((uid) => this.build(lang, code, sourceFile, key, uid))
      : this.build(lang, code, sourceFile, key, 0);
    const work = build
      .then((artifact) => {
        this.remember(key, artifact);
        return artifact;
      })
      .finally(() => this.compiling.delete(key));
    this.compiling.set(key, work);
    return work;
  }

  private async build(lang: Language, code: string, sourceFile: string, key: string, uid: number): Promise<Artifact> {
    const dir = this.newJobDir(uid);
    writeFileSync(join(dir, sourceFile), code, { mode: 0o644 });
    let compile: CompileOutcome | null = null;
    if (lang.compile) {
      this.compiles++;
      const result = await this.sandbox.run({
        argv: fill(lang.compile, { sourceFile }),
        mounts: [{ src: dir, dest: "/box", writable: true }, ...this.languageMounts(lang)],
        limits: this.compileLimits(lang),
        uid,
      });
      const failure = runFailure(result);
      compile = {
        code: result.exitCode,
        stdout: result.stdout,
        stderr:
          failure && failure !== "RE"
            ? `${result.stderr}${result.stderr ? "\n" : ""}Compilation stopped: ${FAILURE_MESSAGES[failure].toLowerCase()}`
            : result.stderr,
        timeMs: result.wallMs,
      };
      if (failure) {
        rmSync(dir, { recursive: true, force: true });
        return { dir: null, compile: { ...compile, code: compile.code || 1 }, mainClass: "", users: 0, evicted: false };
      }
    }
    let mainClass = "";
    if (lang.name === "java") {
      mainClass = javaMainClassFromSource(code) ?? "";
      if (!mainClass || !existsSync(join(dir, `${mainClass}.class`))) mainClass = javaMainClassFromClassFiles(dir) ?? "";
      if (!mainClass) {
        rmSync(dir, { recursive: true, force: true });
        return {
          dir: null,
          compile: { code: 1, stdout: compile?.stdout ?? "", stderr: "No class declares public static void main(String[] args)", timeMs: compile?.timeMs ?? 0 },
          mainClass: "",
          users: 0,
          evicted: false,
        };
      }
    }
    // Artifacts are read-only for every slot from here on.
    chownSync(dir, 0, 0);
    const final = join(this.cacheDir, key);
    rmSync(final, { recursive: true, force: true });
    renameSync(dir, final);
    // Python: the byte-compile is a syntax check; callers see `compile: null` unless it fails.
    return { dir: final, compile: lang.reportCompile === "onFailure" ? null : compile, mainClass, users: 0, evicted: false };
  }

  private remember(key: string, artifact: Artifact) {
    if (this.config.cacheEntries === 0) return;
    this.cache.set(key, artifact);
    while (this.cache.size > this.config.cacheEntries) {
      const [oldest, old] = this.cache.entries().next().value as [string, Artifact];
      this.cache.delete(oldest);
      old.evicted = true;
      // A run still using it (an interactive session lasts minutes) keeps it until it ends.
      if (old.dir && old.users === 0) rmSync(old.dir, { recursive: true, force: true });
    }
  }

  /** Compiles or finds the artifact, and counts this request as one of its users until `release`. */
  private async acquire(lang: Language, code: string, ticket: Ticket): Promise<Artifact> {
    const artifact = await this.artifact(lang, code, ticket);
    artifact.users++;
    return artifact;
  }

  private release(artifact: Artifact) {
    artifact.users--;
    // Without a cache, an artifact lives only as long as the requests that use it.
    const gone = artifact.evicted || this.config.cacheEntries === 0;
    if (gone && artifact.users === 0 && artifact.dir) rmSync(artifact.dir, { recursive: true, force: true });
  }

  private runOnce(lang: Language, artifact: Artifact, stdin: string, uid: number, limits: Limits = {}) {
    return this.sandbox.run({
      argv: this.runArgv(lang, artifact.mainClass, lang.run, limits.memoryMb ?? this.config.runMemoryMb),
      mounts: [{ src: artifact.dir!, dest: "/box" }, ...this.languageMounts(lang)],
      stdin,
      limits: this.runLimits(lang, limits),
      uid,
    });
  }

  /**
   * Runs a compiled custom checker on one case, Kattis's way:
   * `checker input answer feedback_dir < program_output`, in the sandbox the
   * programs run in (no network, /box read-only), with its own limits. The
   * input and answer are files in a read-only /judge; the feedback directory
   * is on the sandbox's own size-capped /tmp. `output` is the program's
   * whole output (up to the output limit) byte for byte, not the head that
   * goes back.
   */
  private async runChecker(checker: Artifact, input: string, answer: string, output: Buffer, uid: number) {
    const cpp = this.languages.get("cpp")!;
    const dir = join(this.jobsDir, `checker-${Date.now().toString(36)}-${randomBytes(6).toString("hex")}`);
    mkdirSync(dir, { mode: 0o755 });
    try {
      writeFileSync(join(dir, "input"), input, { mode: 0o644 });
      writeFileSync(join(dir, "answer"), answer, { mode: 0o644 });
      const limits = this.checkerLimits();
      const r = await this.sandbox.run({
        argv: [...this.runArgv(cpp, "", cpp.run, limits.memoryMb), "/judge/input", "/judge/answer", "/tmp/feedback"],
        mounts: [{ src: checker.dir!, dest: "/box" }, { src: dir, dest: "/judge" }, ...this.languageMounts(cpp)],
        dirs: ["/tmp/feedback"],
        stdin: output,
        limits,
        uid,
      });
      return checkerOutcome(r, limits);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  async execute(language: LanguageName, code: string, stdin: string, ticket: Ticket, limits: Limits = {}): Promise<ExecuteResponse> {
    const lang = this.languages.get(language)!;
    const artifact = await this.acquire(lang, code, ticket);
    try {
      if (!artifact.dir) return { compile: artifact.compile, run: null };
      const r = await ticket.schedule((uid) => this.runOnce(lang, artifact, stdin, uid, limits));
      return {
        compile: artifact.compile,
        run: {
          code: r.exitCode,
          stdout: truncateUtf8(r.stdout, RETURNED_OUTPUT_BYTES),
          stderr: r.stderr,
          verdict: runFailure(r, lang) ?? "OK",
          timeMs: r.cpuMs,
          memoryKb: r.memoryKb,
        },
      };
    } finally {
      this.release(artifact);
    }
  }

  async judge(language: LanguageName, code: string, testCases: TestCase[], ticket: Ticket, grading: Grading = {}): Promise<JudgeResponse> {
    const lang = this.languages.get(language)!;
    const { limits = {}, checker = { type: "exact" } } = grading;
    // A custom checker compiles (or comes from the cache: the key is its
    // source's hash) alongside the program, with the C++ compile command.
    const [program, custom] = await Promise.allSettled([
      this.acquire(lang, code, ticket),
      checker.type === "custom" ? this.acquire(this.languages.get("cpp")!, checker.source, ticket) : Promise.resolve(null),
    ]);
    if (program.status === "rejected" || custom.status === "rejected") {
      if (program.status === "fulfilled") this.release(program.value);
      if (custom.status === "fulfilled" && custom.value) this.release(custom.value);
      throw program.status === "rejected" ? program.reason : (custom as PromiseRejectedResult).reason;
    }
    const artifact = program.value;
    const checkerArtifact = custom.value;
    try {
      // Custom checkers only: null when it compiled, its compile outcome when it did not.
      const checkerCompile = checkerArtifact ? { checkerCompile: checkerArtifact.dir ? null : checkerArtifact.compile } : {};
      const unrun = (verdict: "CE" | "JE", error: string | null, checkerError?: string): JudgeResponse => ({
        compile: artifact.compile,
        ...checkerCompile,
        testResults: testCases.map((tc) => ({
          testCaseId: tc.id,
          passed: false,
          actualOutput: "",
          error,
          verdict,
          timeMs: 0,
          memoryKb: 0,
          ...(checkerError !== undefined && { checkerError }),
        })),
        passedCount: 0,
        totalTestCases: testCases.length,
      });
      if (!artifact.dir) return unrun("CE", artifact.compile?.stderr || artifact.compile?.stdout || "Compilation failed");
      // Nothing can judge the cases: no program runs.
      if (checkerArtifact && !checkerArtifact.dir) {
        const why = checkerArtifact.compile?.stderr.trim() || checkerArtifact.compile?.stdout.trim() || "";
        return unrun("JE", null, truncateUtf8(why ? `Checker did not compile: ${why}` : "Checker did not compile", CHECKER_ERROR_BYTES));
      }
      const testResults = await Promise.all(
        testCases.map((tc) =>
          ticket.schedule(async (uid): Promise<TestResult> => {
            const r = await this.runOnce(lang, artifact, tc.input, uid, limits);
            const failure = runFailure(r, lang);
            const result = {
              testCaseId: tc.id,
              actualOutput: truncateUtf8(r.stdout, RETURNED_OUTPUT_BYTES),
              error: failure ? (failure === "RE" ? r.stderr.trim() || `Exited with code ${r.exitCode}` : FAILURE_MESSAGES[failure]) : r.stderr.trim() || null,
              timeMs: r.cpuMs,
              memoryKb: r.memoryKb,
            };
            // A program that failed keeps its verdict: no checker runs.
            if (failure) return { ...result, passed: false, verdict: failure };
            if (checker.type !== "custom") {
              // The whole output (up to the output limit) is compared; only its head goes back.
              const passed = checkOutput(checker, r.stdout, tc.expected_output);
              return { ...result, passed, verdict: passed ? "AC" : "WA" };
            }
            // The checker runs in the same slot, right after the program.
            const outcome = await this.runChecker(checkerArtifact!, tc.input, tc.expected_output, r.stdoutBytes, uid);
            if (outcome.verdict === "JE") return { ...result, passed: false, verdict: "JE", checkerError: outcome.message };
            return { ...result, passed: outcome.verdict === "AC", verdict: outcome.verdict };
          }),
        ),
      );
      const passedCount = testResults.filter((t) => t.passed).length;
      return { compile: artifact.compile, ...checkerCompile, testResults, passedCount, totalTestCases: testCases.length };
    } finally {
      this.release(artifact);
      if (checkerArtifact) this.release(checkerArtifact);
    }
  }

  /**
   * Compiles for an interactive session as `execute` does (through the
   * queue, from the cache when it can). The run is started later, by the
   * session, in a slot of its own: see interactive.ts.
   */
  async prepareInteractive(language: LanguageName, code: string, ticket: Ticket): Promise<InteractiveProgram> {
    const lang = this.languages.get(language)!;
    const artifact = await this.acquire(lang, code, ticket);
    let released = false;
    return {
      compile: artifact.compile,
      ok: artifact.dir !== null,
      lang,
      start: (uid, streams) => {
        if (!artifact.dir) throw new Error("Nothing to start: compilation failed");
        return this.sandbox.start(
          {
            argv: this.runArgv(lang, artifact.mainClass, lang.interactiveRun ?? lang.run),
            mounts: [{ src: artifact.dir, dest: "/box" }, ...this.languageMounts(lang)],
            // The wall limit is the session's longest; waiting for input is not the program's time.
            limits: { ...this.runLimits(lang), wallMs: this.config.interactiveMaxMs, cpuWeight: INTERACTIVE_CPU_WEIGHT },
            uid,
          },
          streams,
        );
      },
      release: () => {
        if (released) return;
        released = true;
        this.release(artifact);
      },
    };
  }

  /**
   * Builds the Java AppCDS archive once per toolchain version, inside the
   * sandbox: the class list comes from running the self-test, and the dump
   * uses the same /box class path as every run, so the archive always applies.
   */
  async prepareAppCds(ticket: Ticket): Promise<void> {
    const lang = this.languages.get("java");
    if (!lang?.appCds) return;
    const dir = join(this.config.workDir, "cds", createHash("sha256").update(lang.toolchainVersion).digest("hex").slice(0, 16));
    const archive = join(dir, "app.jsa");
    if (existsSync(archive)) {
      this.cdsArchive = archive;
      return;
    }
    const artifact = await this.artifact(lang, lang.selfTestSource, ticket);
    if (!artifact.dir) throw new Error(`Java self-test does not compile: ${artifact.compile?.stderr}`);
    const java = lang.run[0]!;
    await ticket.schedule(async (uid) => {
      const out = this.newJobDir(uid);
      const empty = this.newJobDir(uid);
      const mounts = [...this.languageMounts(lang), { src: out, dest: "/out", writable: true }];
      const limits = this.compileLimits(lang);
      const list = await this.sandbox.run({
        argv: [java, "-Xshare:off", "-XX:DumpLoadedClassList=/out/classes.lst", "-cp", "/box", artifact.mainClass],
        mounts: [{ src: artifact.dir!, dest: "/box" }, ...mounts],
        stdin: "OK\n",
        limits,
        uid,
      });
      const dump = list.exitCode === 0
        ? await this.sandbox.run({
            argv: [java, "-Xshare:dump", "-XX:SharedClassListFile=/out/classes.lst", "-XX:SharedArchiveFile=/out/app.jsa", "-cp", "/box"],
            mounts: [{ src: empty, dest: "/box" }, ...mounts],
            limits,
            uid,
          })
        : list;
      if (dump.exitCode === 0 && existsSync(join(out, "app.jsa"))) {
        mkdirSync(dir, { recursive: true });
        renameSync(join(out, "app.jsa"), archive);
        chownSync(archive, 0, 0);
        this.cdsArchive = archive;
      } else {
        console.warn(`runner: Java AppCDS archive not built (runs use the JDK's default archive): ${dump.stderr.slice(0, 500)}`);
      }
      rmSync(out, { recursive: true, force: true });
      rmSync(empty, { recursive: true, force: true });
    });
  }

  /** Every language must compile and run its self-test and print OK. */
  async selfTest(admit: () => Ticket): Promise<void> {
    const cds = admit();
    try {
      await this.prepareAppCds(cds);
    } finally {
      cds.done();
    }
    // allSettled: a failing language must not leave the others' runs behind.
    const outcomes = await Promise.allSettled(
      [...this.languages.values()].map(async (lang) => {
        const ticket = admit();
        try {
          const result = await this.judge(lang.name, lang.selfTestSource, [{ id: "self-test", input: "OK\n", expected_output: "OK\n" }], ticket);
          const tc = result.testResults[0]!;
          if (!tc.passed) {
            throw new Error(
              `${lang.displayName} self-test failed (${tc.verdict}): ${tc.error ?? ""} ${result.compile?.stderr ?? ""}`.trim(),
            );
          }
        } finally {
          ticket.done();
        }
      }),
    );
    const failed = outcomes.find((o) => o.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }
}
