// Every limit is an option with a documented default (README.md, "Options"),
// read from the environment and validated once at start-up.
import { availableParallelism } from "node:os";
import { z } from "zod";

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const ConfigSchema = z.object({
  host: z.string().default("127.0.0.1"),
  port: int(0, 65535).default(2358),
  token: z.string().min(8, "RUNNER_TOKEN must be at least 8 characters"),
  /** Sandboxes running at once; one unprivileged uid per slot. */
  concurrency: int(1, 256).default(availableParallelism()),
  /** Requests accepted but not started; past this the runner answers 429. */
  maxQueue: int(0, 100_000).default(256),
  uidBase: int(1000, 4_000_000_000).default(61000),
  runCpuMs: int(100, 60_000).default(2000),
  runWallMs: int(100, 120_000).default(3000),
  runMemoryMb: int(16, 16_384).default(256),
  /** Stdout a run may write (all of it is compared); past it the run is OLE. */
  outputKb: int(1, 65_536).default(8192),
  compileCpuMs: int(1000, 300_000).default(10_000),
  compileWallMs: int(1000, 300_000).default(20_000),
  compileMemoryMb: int(64, 16_384).default(1024),
  /** A custom output checker's own limits per case (issue 35): CPU, wall time and memory. */
  checkerCpuMs: int(100, 60_000).default(2000),
  checkerWallMs: int(100, 120_000).default(4000),
  checkerMemoryMb: int(16, 16_384).default(256),
  pids: int(4, 4096).default(64),
  fileSizeMb: int(1, 4096).default(16),
  openFiles: int(16, 65_536).default(128),
  tmpfsMb: int(1, 4096).default(64),
  maxCodeKb: int(1, 16_384).default(64),
  maxInputKb: int(1, 65_536).default(1024),
  maxTestCases: int(1, 1000).default(50),
  cacheEntries: int(0, 1_000_000).default(512),
  /** Interactive sessions (GET /v1/interactive) at once, each in its own uid after the judging slots'; 0 turns them off. */
  interactiveSessions: int(0, 256).default(4),
  /** An interactive program that gets no input for this long is stopped. */
  interactiveIdleMs: int(1000, 3_600_000).default(60_000),
  /** The longest an interactive program may run, input or not (its wall limit). */
  interactiveMaxMs: int(1000, 3_600_000).default(300_000),
  workDir: z.string().default("/var/lib/proctor-runner"),
  cgroupRoot: z.string().default("/sys/fs/cgroup"),
  cgroupName: z.string().regex(/^[a-z0-9-]+$/).default("proctor-runner"),
  languagesDir: z.string().default(new URL("../languages", import.meta.url).pathname),
  bwrap: z.string().default("/usr/bin/bwrap"),
});

export type Config = z.infer<typeof ConfigSchema>;

/** The token `.dev.vars.example` documents for local use: everyone can read it. */
export const LOCAL_DEFAULT_TOKEN = "local-runner-token";
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/** The documented local token is refused on any address other machines can reach (decision 021). */
function refuseLocalTokenOffLoopback(config: Config) {
  if (config.token === LOCAL_DEFAULT_TOKEN && !LOOPBACK.test(config.host)) {
    throw new Error(
      `Invalid runner options: RUNNER_TOKEN: the documented local default cannot be used on ${config.host}; set a secret token (or listen on 127.0.0.1)`,
    );
  }
  return config;
}

const ENV_NAMES: Record<keyof Config, string> = {
  host: "RUNNER_HOST",
  port: "RUNNER_PORT",
  token: "RUNNER_TOKEN",
  concurrency: "RUNNER_CONCURRENCY",
  maxQueue: "RUNNER_MAX_QUEUE",
  uidBase: "RUNNER_UID_BASE",
  runCpuMs: "RUNNER_RUN_CPU_MS",
  runWallMs: "RUNNER_RUN_WALL_MS",
  runMemoryMb: "RUNNER_RUN_MEMORY_MB",
  outputKb: "RUNNER_OUTPUT_KB",
  compileCpuMs: "RUNNER_COMPILE_CPU_MS",
  compileWallMs: "RUNNER_COMPILE_WALL_MS",
  compileMemoryMb: "RUNNER_COMPILE_MEMORY_MB",
  checkerCpuMs: "RUNNER_CHECKER_CPU_MS",
  checkerWallMs: "RUNNER_CHECKER_WALL_MS",
  checkerMemoryMb: "RUNNER_CHECKER_MEMORY_MB",
  pids: "RUNNER_PIDS",
  fileSizeMb: "RUNNER_FILE_SIZE_MB",
  openFiles: "RUNNER_OPEN_FILES",
  tmpfsMb: "RUNNER_TMPFS_MB",
  maxCodeKb: "RUNNER_MAX_CODE_KB",
  maxInputKb: "RUNNER_MAX_INPUT_KB",
  maxTestCases: "RUNNER_MAX_TEST_CASES",
  cacheEntries: "RUNNER_CACHE_ENTRIES",
  interactiveSessions: "RUNNER_INTERACTIVE_SESSIONS",
  interactiveIdleMs: "RUNNER_INTERACTIVE_IDLE_MS",
  interactiveMaxMs: "RUNNER_INTERACTIVE_MAX_MS",
  workDir: "RUNNER_WORK_DIR",
  cgroupRoot: "RUNNER_CGROUP_ROOT",
  cgroupName: "RUNNER_CGROUP_NAME",
  languagesDir: "RUNNER_LANGUAGES_DIR",
  bwrap: "RUNNER_BWRAP",
};

/** Reads the options from env (RUNNER_*), with overrides for tests. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const raw: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(ENV_NAMES)) {
    if (env[name] !== undefined && env[name] !== "") raw[key] = env[name];
  }
  const parsed = ConfigSchema.safeParse({ ...raw, ...overrides });
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((i) => `${ENV_NAMES[i.path[0] as keyof Config] ?? i.path.join(".")}: ${i.message}`)
      .join("; ");
    throw new Error(`Invalid runner options: ${detail}`);
  }
  return refuseLocalTokenOffLoopback(parsed.data);
}
