// Per-run cgroups: memory and pids limits, a CPU quota of one core, CPU
// accounting, and a kill switch for everything a run started. cgroup v1
// (memory, pids, cpu, cpuacct hierarchies) and the unified v2 hierarchy are
// both supported; the runner uses whichever the machine has. Each sandbox's
// launcher, still root, moves itself into its run's cgroup before it drops
// privileges (see launcher.c), so no delegation is needed.
//
// Layout: <root>/<controller>/<name>/<instance>/<run>. Every runner instance
// has its own parent (<instance> = "<pid>-<n>"), so runners sharing a name on
// one machine never remove each other's cgroups. At start a runner sweeps only
// the instances whose process is gone; at stop it removes only its own.
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type CgroupLimits = {
  memoryBytes: number;
  pids: number;
  /** CPU quota, in cores. */
  cpuCores: number;
  /** CPU weight against the instance's other runs when the CPU is contended (1 = the default weight). */
  cpuWeight?: number;
};
export type CgroupStats = { cpuNs: number; memoryPeakBytes: number; oomKills: number };

export interface RunCgroup {
  /**
   * The cgroup.procs file of every hierarchy: the launcher writes itself into
   * each before it drops privileges (so all its future children are in them).
   */
  readonly procsFiles: string[];
  /** CPU time used so far by every process and thread in the cgroup (one small read). */
  cpuNs(): number;
  stats(): CgroupStats;
  /** SIGKILLs every process in the cgroup; returns how many were still there. */
  killAll(): number;
  /** Kills what is left, waits for it to go, and removes the cgroup. */
  destroy(): Promise<void>;
}

export interface CgroupBackend {
  readonly kind: "v1" | "v2";
  /** This runner instance's own parent cgroup directories (one per hierarchy). */
  readonly parentDirs: string[];
  /** Makes a run cgroup; recreates this instance's parent first if it has disappeared. */
  create(id: string, limits: CgroupLimits): RunCgroup;
  /** Removes what dead runner instances (their pid no longer alive) left behind. */
  sweep(): Promise<void>;
  /** Removes this instance's runs and its own parent, and the shared parent if nothing else is in it. */
  dispose(): Promise<void>;
}

/** CFS period: the quota is a share of every 100 ms. */
const CPU_PERIOD_US = 100_000;
/**
 * CPU weight of this runner's cgroups against other processes on the machine:
 * one default weight per slot, so the runs together weigh what their
 * processes did at the top level before runs had CPU cgroups (v1 cpu.shares
 * default 1024, v2 cpu.weight default 100).
 */
const v1Shares = (slots: number) => String(Math.min(262_144, 1024 * slots));
const v2Weight = (slots: number) => String(Math.min(10_000, 100 * slots));

const read = (file: string) => readFileSync(file, "utf8");
const readInt = (file: string) => Number.parseInt(read(file).trim(), 10) || 0;
const unique = (dirs: string[]) => [...new Set(dirs)];
const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

let instances = 0;
/** "<pid>-<n>": the pid tells a later runner whether this instance is still alive. */
export function newInstanceName(): string {
  return `${process.pid}-${instances++}`;
}
const INSTANCE = /^(\d+)-\d+$/;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errno(error) === "EPERM";
  }
}

/** Instance directories under `base` whose runner process is gone. */
function deadInstances(base: string): string[] {
  return listDirs(base).filter((entry) => {
    const m = INSTANCE.exec(entry);
    return m !== null && !pidAlive(Number(m[1]));
  });
}

function pidsIn(procsFile: string): number[] {
  if (!existsSync(procsFile)) return [];
  return read(procsFile)
    .split("\n")
    .filter(Boolean)
    .map(Number);
}

function killPids(pids: number[]) {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/**
 * When a run ends, bubblewrap's pid-namespace init is often still finishing
 * its exit (the outer bwrap does not wait for it), for well under a
 * millisecond. Look again at once, then every millisecond, and only then
 * every 5 ms: a flat 5 ms sleep cost 4-5 ms at the end of most runs.
 */
const recheckDelay = (attempt: number) => new Promise((r) => (attempt < 2 ? setImmediate(r) : setTimeout(r, attempt < 20 ? 1 : 5)));

async function removeWhenEmpty(dirs: string[], procsFile: string, kill: () => void) {
  const deadline = Date.now() + 1000;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    kill();
    if (pidsIn(procsFile).length === 0) {
      let removed = true;
      for (const dir of dirs) {
        try {
          if (existsSync(dir)) rmdirSync(dir);
        } catch {
          removed = false;
        }
      }
      if (removed) return;
    }
    await recheckDelay(attempt);
  }
  throw new Error(`cgroup ${dirs[0]} still busy after 1 s`);
}

function tryRmdir(dir: string) {
  try {
    if (existsSync(dir)) rmdirSync(dir);
  } catch {
    // Not empty (another runner instance is in it) or busy: leave it.
  }
}

/** mkdir of a run cgroup; if the parent is gone (removed under us), `ensureParent` and retry once. */
function mkdirRun(dir: string, ensureParent: () => void) {
  try {
    mkdirSync(dir);
  } catch (error) {
    if (errno(error) !== "ENOENT") throw error;
    ensureParent();
    mkdirSync(dir);
  }
}

const V1_CONTROLLERS = ["memory", "pids", "cpu", "cpuacct"] as const;
type V1Dirs = Record<(typeof V1_CONTROLLERS)[number], string>;
const v1Map = (f: (c: (typeof V1_CONTROLLERS)[number]) => string) =>
  Object.fromEntries(V1_CONTROLLERS.map((c) => [c, f(c)])) as V1Dirs;

class V1Cgroup implements RunCgroup {
  /** Per controller; cpu and cpuacct may be one hierarchy, so paths can repeat. */
  private readonly dirs: V1Dirs;
  constructor(dirs: V1Dirs) {
    this.dirs = dirs;
  }
  get procsFiles() {
    return unique(Object.values(this.dirs)).map((dir) => join(dir, "cgroup.procs"));
  }
  cpuNs() {
    return readInt(join(this.dirs.cpuacct, "cpuacct.usage"));
  }
  stats(): CgroupStats {
    const oom = /oom_kill (\d+)/.exec(read(join(this.dirs.memory, "memory.oom_control")));
    return {
      cpuNs: this.cpuNs(),
      memoryPeakBytes: readInt(join(this.dirs.memory, "memory.max_usage_in_bytes")),
      // Older kernels lack the counter; a hit limit is then the best evidence.
      oomKills: oom ? Number(oom[1]) : readInt(join(this.dirs.memory, "memory.failcnt")) > 0 ? 1 : 0,
    };
  }
  killAll() {
    const pids = pidsIn(join(this.dirs.pids, "cgroup.procs"));
    killPids(pids);
    return pids.length;
  }
  destroy() {
    return removeWhenEmpty(unique(Object.values(this.dirs)), join(this.dirs.pids, "cgroup.procs"), () => this.killAll());
  }
}

export class CgroupV1 implements CgroupBackend {
  readonly kind = "v1";
  /** <hierarchy>/<name>, shared by every runner instance with this name. */
  private readonly bases: V1Dirs;
  /** <hierarchy>/<name>/<instance>: this instance's own parent. */
  private readonly parents: V1Dirs;
  private readonly slots: number;
  constructor(root: string, name: string, instance: string, slots: number) {
    // cpu and cpuacct are often mounted together ("cpu,cpuacct", with both
    // names as symlinks): resolve, so one directory is not made twice.
    this.bases = v1Map((c) => join(realpathSync(join(root, c)), name));
    this.parents = v1Map((c) => join(this.bases[c], instance));
    this.slots = slots;
    this.ensureParents();
  }
  static available(root: string) {
    // The root of the pids hierarchy has no pids.max of its own; its children do.
    return ["memory/memory.limit_in_bytes", "pids/cgroup.procs", "cpu/cpu.cfs_quota_us", "cpuacct/cpuacct.usage"].every((f) =>
      existsSync(join(root, f)),
    );
  }
  get parentDirs() {
    return unique(Object.values(this.parents));
  }
  private ensureParents() {
    for (const dir of this.parentDirs) mkdirSync(dir, { recursive: true });
    for (const dir of [this.bases.cpu, this.parents.cpu]) writeFileSync(join(dir, "cpu.shares"), v1Shares(this.slots));
  }
  create(id: string, limits: CgroupLimits): RunCgroup {
    const dirs = v1Map((c) => join(this.parents[c], id));
    const made: string[] = [];
    try {
      for (const dir of unique(Object.values(dirs))) {
        mkdirRun(dir, () => this.ensureParents());
        made.push(dir);
      }
      writeFileSync(join(dirs.memory, "memory.limit_in_bytes"), String(limits.memoryBytes));
      // Without swap accounting the file is absent; there is no swap to escape to then.
      const memsw = join(dirs.memory, "memory.memsw.limit_in_bytes");
      if (existsSync(memsw)) writeFileSync(memsw, String(limits.memoryBytes));
      writeFileSync(join(dirs.pids, "pids.max"), String(limits.pids));
      writeFileSync(join(dirs.cpu, "cpu.cfs_period_us"), String(CPU_PERIOD_US));
      writeFileSync(join(dirs.cpu, "cpu.cfs_quota_us"), String(Math.round(limits.cpuCores * CPU_PERIOD_US)));
      if (limits.cpuWeight !== undefined && limits.cpuWeight !== 1) {
        writeFileSync(join(dirs.cpu, "cpu.shares"), String(Math.max(2, Math.round(1024 * limits.cpuWeight))));
      }
    } catch (error) {
      for (const dir of made) tryRmdir(dir);
      throw error;
    }
    return new V1Cgroup(dirs);
  }
  /** Kills and removes every run under the given instance directories, then the directories. */
  private async removeInstance(parents: V1Dirs) {
    for (const parent of unique(Object.values(parents))) {
      for (const entry of listDirs(parent)) killPids(pidsIn(join(parent, entry, "cgroup.procs")));
    }
    for (const entry of listDirs(parents.pids)) {
      const dirs = unique(Object.values(parents).map((p) => join(p, entry)));
      const procs = join(parents.pids, entry, "cgroup.procs");
      await removeWhenEmpty(dirs, procs, () => killPids(pidsIn(procs)));
    }
    // Runs present in some hierarchies only (a create that failed half-way).
    for (const parent of unique(Object.values(parents))) for (const entry of listDirs(parent)) tryRmdir(join(parent, entry));
    for (const parent of unique(Object.values(parents))) tryRmdir(parent);
  }
  async sweep() {
    const dead = new Set(unique(Object.values(this.bases)).flatMap((base) => deadInstances(base)));
    for (const instance of dead) await this.removeInstance(v1Map((c) => join(this.bases[c], instance)));
  }
  async dispose() {
    await this.removeInstance(this.parents);
    for (const base of unique(Object.values(this.bases))) tryRmdir(base);
  }
}

class V2Cgroup implements RunCgroup {
  private readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }
  get procsFiles() {
    return [join(this.dir, "cgroup.procs")];
  }
  cpuNs() {
    const usage = /usage_usec (\d+)/.exec(read(join(this.dir, "cpu.stat")));
    return usage ? Number(usage[1]) * 1000 : 0;
  }
  stats(): CgroupStats {
    const oom = /oom_kill (\d+)/.exec(read(join(this.dir, "memory.events")));
    const peakFile = join(this.dir, "memory.peak");
    return {
      cpuNs: this.cpuNs(),
      memoryPeakBytes: existsSync(peakFile) ? readInt(peakFile) : readInt(join(this.dir, "memory.current")),
      oomKills: oom ? Number(oom[1]) : 0,
    };
  }
  killAll() {
    const pids = pidsIn(join(this.dir, "cgroup.procs"));
    const kill = join(this.dir, "cgroup.kill");
    if (existsSync(kill)) writeFileSync(kill, "1");
    else killPids(pids);
    return pids.length;
  }
  destroy() {
    return removeWhenEmpty([this.dir], join(this.dir, "cgroup.procs"), () => this.killAll());
  }
}

export class CgroupV2 implements CgroupBackend {
  readonly kind = "v2";
  /** <root>/<name>, shared by every runner instance with this name. */
  private readonly base: string;
  /** <root>/<name>/<instance>: this instance's own parent. */
  private readonly parent: string;
  private readonly slots: number;
  constructor(root: string, name: string, instance: string, slots: number) {
    this.base = join(root, name);
    this.parent = join(this.base, instance);
    this.slots = slots;
    this.ensureParents();
  }
  static available(root: string) {
    const file = join(root, "cgroup.controllers");
    if (!existsSync(file)) return false;
    const controllers = read(file).split(/\s+/);
    return ["memory", "pids", "cpu"].every((c) => controllers.includes(c));
  }
  get parentDirs() {
    return [this.parent];
  }
  private ensureParents() {
    // Controllers reach a run only if every level above it enables them for its children.
    for (const dir of [this.base, this.parent]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "cgroup.subtree_control"), "+memory +pids +cpu");
      writeFileSync(join(dir, "cpu.weight"), v2Weight(this.slots));
    }
  }
  create(id: string, limits: CgroupLimits): RunCgroup {
    const dir = join(this.parent, id);
    mkdirRun(dir, () => this.ensureParents());
    try {
      writeFileSync(join(dir, "memory.max"), String(limits.memoryBytes));
      const swap = join(dir, "memory.swap.max");
      if (existsSync(swap)) writeFileSync(swap, "0");
      writeFileSync(join(dir, "pids.max"), String(limits.pids));
      writeFileSync(join(dir, "cpu.max"), `${Math.round(limits.cpuCores * CPU_PERIOD_US)} ${CPU_PERIOD_US}`);
      if (limits.cpuWeight !== undefined && limits.cpuWeight !== 1) {
        writeFileSync(join(dir, "cpu.weight"), String(Math.min(10_000, Math.max(1, Math.round(100 * limits.cpuWeight)))));
      }
    } catch (error) {
      tryRmdir(dir);
      throw error;
    }
    return new V2Cgroup(dir);
  }
  private async removeInstance(parent: string) {
    for (const entry of listDirs(parent)) await new V2Cgroup(join(parent, entry)).destroy();
    tryRmdir(parent);
  }
  async sweep() {
    for (const instance of deadInstances(this.base)) await this.removeInstance(join(this.base, instance));
  }
  async dispose() {
    await this.removeInstance(this.parent);
    tryRmdir(this.base);
  }
}

function listDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

/**
 * The cgroup backend this machine offers, for a new runner instance with
 * `slots` runs at once, or a clear reason why there is none.
 */
export function detectCgroups(root: string, name: string, slots = 1, instance = newInstanceName()): CgroupBackend {
  if (CgroupV1.available(root)) return new CgroupV1(root, name, instance, slots);
  if (CgroupV2.available(root)) return new CgroupV2(root, name, instance, slots);
  throw new Error(
    `No usable cgroups under ${root}: the runner needs the memory, pids, cpu and cpuacct controllers (cgroup v1) ` +
      `or memory, pids and cpu enabled in the unified hierarchy (cgroup v2). It will not run code without them.`,
  );
}
