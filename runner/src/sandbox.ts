// One sandboxed process: bubblewrap with every namespace unshared (the
// network one is the slot's own, empty but for its loopback), started as the
// slot's own unprivileged uid with an empty environment, a read-only system,
// a small tmpfs, rlimits, a per-run cgroup (capped at one core), a CPU watch
// over the whole cgroup and a wall-clock timer. Everything it reports comes
// from the kernel: exit status, cgroup counters, and the timers and caps
// enforced here.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { CgroupBackend } from "./cgroup.ts";

export type Mount = { src: string; dest: string; writable?: boolean };

export type SandboxLimits = {
  /** CPU time of every process and thread of the run together. */
  cpuMs: number;
  wallMs: number;
  memoryMb: number;
  /** RLIMIT_STACK, soft and hard (the memory limit: deep recursion is bounded by memory, not 8 MB). */
  stackMb: number;
  pids: number;
  fileSizeMb: number;
  openFiles: number;
  outputBytes: number;
  tmpfsMb: number;
  /** CPU weight against other runs when the machine is busy (1 = a judging run's); the one-core cap applies regardless. */
  cpuWeight?: number;
};

export type SandboxSpec = {
  argv: string[];
  mounts: Mount[];
  stdin?: string | Buffer;
  limits: SandboxLimits;
  uid: number;
  /** Empty directories made inside the sandbox, under /tmp (a custom checker's feedback directory). */
  dirs?: string[];
};

/** Where a started sandbox's output goes, chunk by chunk, as the program writes it. */
export type SandboxStreams = { stdout(chunk: Buffer): void; stderr(chunk: Buffer): void };

/** A sandbox that has started; its stdin stays open until `endInput`. */
export type SandboxProcess = {
  /** Settles when the sandbox is gone (every process of it, and its cgroup). */
  result: Promise<SandboxResult>;
  /** Writes to the program's stdin; false when the pipe is full (wait for the program to read). */
  write(data: string | Buffer): boolean;
  /** Writes the last of the input, if any, and closes stdin (the program reads end of file). */
  endInput(data?: string | Buffer): void;
  /** SIGKILLs the whole sandbox; `result` still settles, with the kernel's report. */
  kill(): void;
  /** Stops reading the program's output (it blocks once the pipe is full) until `resumeOutput`. */
  pauseOutput(): void;
  resumeOutput(): void;
};

export type SandboxResult = {
  /** Exit status; a signal shows as 128 + its number (bubblewrap's convention). */
  exitCode: number;
  stdout: string;
  /** The same output as written, byte for byte (a custom checker reads these, not the decoded text). */
  stdoutBytes: Buffer;
  stderr: string;
  wallMs: number;
  cpuMs: number;
  memoryKb: number;
  oomKilled: boolean;
  wallTimeout: boolean;
  cpuExceeded: boolean;
  /** Stdout went past `outputBytes`, or a process was killed by SIGXFSZ (a file past the size limit). */
  outputExceeded: boolean;
};

/** Sandboxes start with nothing from the runner's environment (typed loosely: some projects declare required vars). */
export const EMPTY_ENV = {} as NodeJS.ProcessEnv;

export const SIGXCPU = 24;
export const SIGXFSZ = 25;
const STDERR_KEEP = 64 * 1024;
/** How often the run's cgroup CPU total is checked against the CPU limit. */
const CPU_POLL_MS = 25;

// Debian's merged /usr: these are symlinks on the host and inside the sandbox.
const SYSTEM_LINKS = ["bin", "lib", "lib64", "sbin"].filter((d) => existsSync(`/usr/${d}`));

/** Builds the launcher (src/launcher.c) into `dir`, statically linked so exec is cheap. */
export function buildLauncher(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const out = join(dir, "launcher");
  const source = new URL("./launcher.c", import.meta.url).pathname;
  try {
    execFileSync("/usr/bin/gcc", ["-O2", "-static", "-o", out, source], { stdio: "pipe" });
  } catch {
    // Without libc.a a dynamic binary still works, a little slower to start.
    execFileSync("/usr/bin/gcc", ["-O2", "-o", out, source], { stdio: "pipe" });
  }
  chmodSync(out, 0o755);
  return out;
}

/**
 * One network namespace per slot uid, made once and held by a small process
 * (the launcher in `--hold-netns` mode) until the runner exits. Each has only
 * a loopback interface, as bubblewrap's own would: no route out, and only
 * the one slot's runs, one at a time, ever use it. Sockets die with the run's
 * processes, and nothing in the sandbox can change the namespace (it has no
 * capability over a namespace the host's user namespace owns). Making a new
 * one per run, and the kernel's tearing it down after, was the largest kernel
 * cost of starting a sandbox (decision 032).
 */
export class SlotNetworks {
  private readonly holder: ChildProcess;
  private readonly paths: Map<number, string>;
  private constructor(holder: ChildProcess, paths: Map<number, string>) {
    this.holder = holder;
    this.paths = paths;
  }

  static async start(launcher: string, uids: number[]): Promise<SlotNetworks> {
    const holder = spawn(launcher, ["--hold-netns", String(uids.length)], { env: EMPTY_ENV, stdio: ["pipe", "pipe", "pipe"] });
    const line = await new Promise<string>((resolve, reject) => {
      let out = "";
      let err = "";
      holder.stderr!.on("data", (c: Buffer) => (err += c.toString()));
      holder.stdout!.on("data", (c: Buffer) => {
        out += c.toString();
        if (out.includes("\n")) resolve(out.split("\n")[0]!);
      });
      holder.on("error", reject);
      holder.on("exit", (code) => reject(new Error(`network namespaces not made (exit ${code}): ${err.trim()}`)));
    });
    holder.stdout!.resume();
    holder.stderr!.resume();
    const paths = line.split(" ");
    if (paths.length !== uids.length) throw new Error(`network namespaces: expected ${uids.length}, got "${line}"`);
    return new SlotNetworks(holder, new Map(uids.map((uid, i) => [uid, paths[i]!])));
  }

  /** The slot's namespace, or null (then bubblewrap makes a new one for the run). */
  pathFor(uid: number): string | null {
    if (this.holder.exitCode !== null || this.holder.signalCode !== null) throw new Error("the slots' network namespaces are gone");
    return this.paths.get(uid) ?? null;
  }

  /** Lets the namespaces go (the holder exits when its stdin closes). */
  close(): Promise<void> {
    if (this.holder.exitCode !== null || this.holder.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => this.holder.once("exit", () => resolve()));
    this.holder.stdin!.end();
    return exited;
  }
}

export class Sandbox {
  private readonly bwrap: string;
  private readonly cgroups: CgroupBackend;
  private readonly launcher: string;
  private readonly networks: SlotNetworks | null;
  constructor(bwrap: string, cgroups: CgroupBackend, launcher: string, networks: SlotNetworks | null = null) {
    this.bwrap = bwrap;
    this.cgroups = cgroups;
    this.launcher = launcher;
    this.networks = networks;
  }

  /** bubblewrap's arguments; `slotNetwork`: the launcher has joined the slot's network namespace. */
  bwrapArgs(spec: SandboxSpec, slotNetwork = false): string[] {
    const args = [
      // --unshare-all, with the network namespace the slot's own when it has one.
      "--unshare-user-try", "--unshare-ipc", "--unshare-pid", "--unshare-uts", "--unshare-cgroup-try",
      ...(slotNetwork ? [] : ["--unshare-net"]),
      "--die-with-parent",
      "--new-session",
      "--cap-drop", "ALL",
      "--hostname", "sandbox",
      "--ro-bind", "/usr", "/usr",
      ...SYSTEM_LINKS.flatMap((d) => ["--symlink", `usr/${d}`, `/${d}`]),
      "--proc", "/proc",
      "--dev", "/dev",
      "--size", String(spec.limits.tmpfsMb * 1024 * 1024), "--tmpfs", "/tmp",
      "--dir", "/box",
    ];
    for (const m of spec.mounts) args.push(m.writable ? "--bind" : "--ro-bind", m.src, m.dest);
    // On the size-capped /tmp, never on the host's disk.
    for (const d of spec.dirs ?? []) {
      if (!d.startsWith("/tmp/")) throw new Error(`sandbox directories go under /tmp: ${d}`);
      args.push("--dir", d);
    }
    args.push(
      // Only /tmp (and a small /dev/shm) are writable, and both are size-capped.
      "--remount-ro", "/",
      "--remount-ro", "/dev",
      "--size", String(spec.limits.tmpfsMb * 1024 * 1024), "--tmpfs", "/dev/shm",
    );
    args.push(
      "--chdir", "/box",
      "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin",
      "--setenv", "HOME", "/tmp",
      "--setenv", "LANG", "C.UTF-8",
      "--setenv", "TMPDIR", "/tmp",
      "--",
      ...spec.argv,
    );
    return args;
  }

  /** Runs to the end with `spec.stdin` as the whole input, collecting the output. */
  run(spec: SandboxSpec): Promise<SandboxResult> {
    const sandbox = this.start(spec);
    sandbox.endInput(spec.stdin ?? "");
    return sandbox.result;
  }

  /**
   * Starts a sandbox whose stdin stays open until `endInput()`. With
   * `streams`, output goes to them chunk by chunk as the program writes it
   * (the result's stdout and stderr are then empty), and stdout and stderr
   * together count toward `outputBytes`; without, stdout is collected (and
   * counted) and the first 64 KB of stderr kept, as `run` needs.
   */
  start(spec: SandboxSpec, streams?: SandboxStreams): SandboxProcess {
    const { limits } = spec;
    // RLIMIT_CPU is only a backstop, a second past the limit: the cgroup watch
    // below decides TLE, on the run's total. (The rlimit is per process, and
    // the kernel's per-process count can run ahead of the cgroup's precise
    // one: on a busy machine SIGXCPU came at 1.8 s of the cgroup's CPU.)
    const cpuSeconds = Math.ceil(limits.cpuMs / 1000) + 1;
    const network = this.networks?.pathFor(spec.uid) ?? null;
    const cgroup = this.cgroups.create(`run-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`, {
      memoryBytes: limits.memoryMb * 1024 * 1024,
      pids: limits.pids,
      // One core's worth at most, however many processes or threads: a run
      // cannot take CPU from the run in the next slot.
      cpuCores: 1,
      cpuWeight: limits.cpuWeight ?? 1,
    });
    const started = process.hrtime.bigint();
    // The launcher starts as root, moves itself into the run's cgroups (so not
    // one instruction of the program runs outside them), joins the slot's
    // network namespace, drops to the slot's uid and execs bubblewrap. What
    // goes wrong before that exec comes back on fd 3 (see launcher.c).
    const child = spawn(
      this.launcher,
      [
        String(spec.uid),
        String(cpuSeconds),
        String(cpuSeconds + 1),
        String(limits.fileSizeMb * 1024 * 1024),
        String(limits.openFiles),
        String(limits.stackMb * 1024 * 1024),
        network ?? "-",
        ...cgroup.procsFiles,
        "--",
        this.bwrap,
        ...this.bwrapArgs(spec, network !== null),
      ],
      { env: EMPTY_ENV, stdio: ["pipe", "pipe", "pipe", "pipe"], detached: false },
    );
    let launchError = "";
    (child.stdio[3] as NodeJS.ReadableStream).on("data", (chunk: Buffer) => (launchError += chunk.toString()));

    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let outputBytes = 0;
    let stderrBytes = 0;
    let outputExceeded = false;
    let wallTimeout = false;
    let cpuKilled = false;
    const kill = () => {
      child.kill("SIGKILL");
      cgroup.killAll();
    };

    /** Counts a chunk toward the output limit; returns the part that fits, or null when the run is over it. */
    const admitOutput = (chunk: Buffer): Buffer | null => {
      if (outputExceeded) return null;
      outputBytes += chunk.length;
      if (outputBytes <= limits.outputBytes) return chunk;
      outputExceeded = true;
      kill();
      return chunk.subarray(0, chunk.length - (outputBytes - limits.outputBytes));
    };
    child.stdout!.on("data", (chunk: Buffer) => {
      const part = admitOutput(chunk);
      if (!part?.length) return;
      if (streams) streams.stdout(part);
      else stdout.push(part);
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      if (streams) {
        const part = admitOutput(chunk);
        if (part?.length) streams.stderr(part);
        return;
      }
      if (stderrBytes >= STDERR_KEEP) return;
      stderr.push(chunk.subarray(0, STDERR_KEEP - stderrBytes));
      stderrBytes += chunk.length;
    });
    child.stdin!.on("error", () => {}); // The program may exit without reading its input.

    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code, signal) => resolve({ code, signal }));
    });

    let timer: NodeJS.Timeout | undefined;
    let cpuWatch: NodeJS.Timeout | undefined;
    const result = (async (): Promise<SandboxResult> => {
      try {
        timer = setTimeout(() => {
          wallTimeout = true;
          kill();
        }, limits.wallMs);
        // RLIMIT_CPU is per process; the limit is for the whole run. Stop the
        // run as soon as the cgroup's total (every process and thread) passes it.
        cpuWatch = setInterval(() => {
          if (cpuKilled) return;
          let used = 0;
          try {
            used = cgroup.cpuNs();
          } catch {
            return; // Being torn down.
          }
          if (used >= limits.cpuMs * 1e6) {
            cpuKilled = true;
            kill();
          }
        }, CPU_POLL_MS);
        const { code, signal } = await exited;
        // The sandbox never started: no verdict can come of it.
        if (launchError) throw new Error(`sandbox did not start: ${launchError}`);
        const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
        clearTimeout(timer);
        clearInterval(cpuWatch);
        const stats = cgroup.stats();
        const stdoutBytes = Buffer.concat(stdout);
        return {
          exitCode: code ?? 128 + (signal === "SIGKILL" ? 9 : 15),
          stdout: stdoutBytes.toString("utf8"),
          stdoutBytes,
          stderr: Buffer.concat(stderr).toString("utf8"),
          wallMs: Math.round(wallMs),
          cpuMs: Math.round(stats.cpuNs / 1e6),
          memoryKb: Math.round(stats.memoryPeakBytes / 1024),
          oomKilled: stats.oomKills > 0,
          wallTimeout,
          cpuExceeded: cpuKilled || stats.cpuNs >= limits.cpuMs * 1e6 || code === 128 + SIGXCPU,
          outputExceeded: outputExceeded || code === 128 + SIGXFSZ,
        };
      } catch (error) {
        kill();
        throw error;
      } finally {
        clearTimeout(timer);
        clearInterval(cpuWatch);
        // Nothing a run started outlives it: orphans, daemons and fork bombs included.
        await cgroup.destroy();
      }
    })();

    return {
      result,
      write: (data) => {
        if (child.stdin!.writableEnded || child.stdin!.destroyed) return true;
        return child.stdin!.write(data);
      },
      endInput: (data = "") => {
        if (!child.stdin!.writableEnded) child.stdin!.end(data);
      },
      kill,
      pauseOutput: () => {
        child.stdout!.pause();
        child.stderr!.pause();
      },
      resumeOutput: () => {
        child.stdout!.resume();
        child.stderr!.resume();
      },
    };
  }
}
