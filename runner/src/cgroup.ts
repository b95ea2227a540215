// Per-run cgroups: memory and pids limits, CPU accounting, and a kill switch
// for everything a run started. cgroup v1 (memory, pids, cpuacct hierarchies)
// and the unified v2 hierarchy are both supported; the runner uses whichever
// the machine has. The runner (root) moves each sandbox into its cgroup
// before the sandbox may proceed (see sandbox.ts), so no delegation is needed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type CgroupLimits = { memoryBytes: number; pids: number };
export type CgroupStats = { cpuNs: number; memoryPeakBytes: number; oomKills: number };

export interface RunCgroup {
  /** Moves a process (and so all its future children) into this cgroup. */
  add(pid: number): void;
  stats(): CgroupStats;
  /** SIGKILLs every process in the cgroup; returns how many were still there. */
  killAll(): number;
  /** Kills what is left, waits for it to go, and removes the cgroup. */
  destroy(): Promise<void>;
}

export interface CgroupBackend {
  readonly kind: "v1" | "v2";
  create(id: string, limits: CgroupLimits): RunCgroup;
  /** Runs still present from a previous process (after a crash) are removed. */
  sweep(): Promise<void>;
  /** Removes the runner's own parent cgroup(s) once no run is left. */
  dispose(): Promise<void>;
}

const read = (file: string) => readFileSync(file, "utf8");
const readInt = (file: string) => Number.parseInt(read(file).trim(), 10) || 0;

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

async function removeWhenEmpty(dirs: string[], procsFile: string, kill: () => void) {
  for (let attempt = 0; attempt < 200; attempt++) {
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
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`cgroup ${dirs[0]} still busy after 1 s`);
}

class V1Cgroup implements RunCgroup {
  private readonly dirs: { memory: string; pids: string; cpuacct: string };
  constructor(dirs: { memory: string; pids: string; cpuacct: string }) {
    this.dirs = dirs;
  }
  add(pid: number) {
    for (const dir of Object.values(this.dirs)) writeFileSync(join(dir, "cgroup.procs"), String(pid));
  }
  stats(): CgroupStats {
    const oom = /oom_kill (\d+)/.exec(read(join(this.dirs.memory, "memory.oom_control")));
    return {
      cpuNs: readInt(join(this.dirs.cpuacct, "cpuacct.usage")),
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
    return removeWhenEmpty(Object.values(this.dirs), join(this.dirs.pids, "cgroup.procs"), () => this.killAll());
  }
}

export class CgroupV1 implements CgroupBackend {
  readonly kind = "v1";
  private readonly parents: { memory: string; pids: string; cpuacct: string };
  constructor(root: string, name: string) {
    this.parents = {
      memory: join(root, "memory", name),
      pids: join(root, "pids", name),
      cpuacct: join(root, "cpuacct", name),
    };
    for (const dir of Object.values(this.parents)) mkdirSync(dir, { recursive: true });
  }
  static available(root: string) {
    // The root of the pids hierarchy has no pids.max of its own; its children do.
    return ["memory/memory.limit_in_bytes", "pids/cgroup.procs", "cpuacct/cpuacct.usage"].every((f) => existsSync(join(root, f)));
  }
  create(id: string, limits: CgroupLimits): RunCgroup {
    const dirs = {
      memory: join(this.parents.memory, id),
      pids: join(this.parents.pids, id),
      cpuacct: join(this.parents.cpuacct, id),
    };
    for (const dir of Object.values(dirs)) mkdirSync(dir);
    writeFileSync(join(dirs.memory, "memory.limit_in_bytes"), String(limits.memoryBytes));
    // Without swap accounting the file is absent; there is no swap to escape to then.
    const memsw = join(dirs.memory, "memory.memsw.limit_in_bytes");
    if (existsSync(memsw)) writeFileSync(memsw, String(limits.memoryBytes));
    writeFileSync(join(dirs.pids, "pids.max"), String(limits.pids));
    return new V1Cgroup(dirs);
  }
  async dispose() {
    await this.sweep();
    for (const dir of Object.values(this.parents)) if (existsSync(dir)) rmdirSync(dir);
  }
  async sweep() {
    for (const parent of Object.values(this.parents)) {
      for (const entry of listDirs(parent)) {
        killPids(pidsIn(join(parent, entry, "cgroup.procs")));
      }
    }
    for (const entry of listDirs(this.parents.pids)) {
      const dirs = Object.values(this.parents).map((p) => join(p, entry));
      await removeWhenEmpty(dirs, join(this.parents.pids, entry, "cgroup.procs"), () =>
        killPids(pidsIn(join(this.parents.pids, entry, "cgroup.procs"))),
      );
    }
  }
}

class V2Cgroup implements RunCgroup {
  private readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }
  add(pid: number) {
    writeFileSync(join(this.dir, "cgroup.procs"), String(pid));
  }
  stats(): CgroupStats {
    const usage = /usage_usec (\d+)/.exec(read(join(this.dir, "cpu.stat")));
    const oom = /oom_kill (\d+)/.exec(read(join(this.dir, "memory.events")));
    const peakFile = join(this.dir, "memory.peak");
    return {
      cpuNs: usage ? Number(usage[1]) * 1000 : 0,
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
  private readonly parent: string;
  constructor(root: string, name: string) {
    this.parent = join(root, name);
    mkdirSync(this.parent, { recursive: true });
    writeFileSync(join(this.parent, "cgroup.subtree_control"), "+memory +pids +cpu");
  }
  static available(root: string) {
    const file = join(root, "cgroup.controllers");
    if (!existsSync(file)) return false;
    const controllers = read(file).split(/\s+/);
    return ["memory", "pids", "cpu"].every((c) => controllers.includes(c));
  }
  create(id: string, limits: CgroupLimits): RunCgroup {
    const dir = join(this.parent, id);
    mkdirSync(dir);
    writeFileSync(join(dir, "memory.max"), String(limits.memoryBytes));
    const swap = join(dir, "memory.swap.max");
    if (existsSync(swap)) writeFileSync(swap, "0");
    writeFileSync(join(dir, "pids.max"), String(limits.pids));
    return new V2Cgroup(dir);
  }
  async sweep() {
    for (const entry of listDirs(this.parent)) await new V2Cgroup(join(this.parent, entry)).destroy();
  }
  async dispose() {
    await this.sweep();
    if (existsSync(this.parent)) rmdirSync(this.parent);
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

/** The cgroup backend this machine offers, or a clear reason why there is none. */
export function detectCgroups(root: string, name: string): CgroupBackend {
  if (CgroupV1.available(root)) return new CgroupV1(root, name);
  if (CgroupV2.available(root)) return new CgroupV2(root, name);
  throw new Error(
    `No usable cgroups under ${root}: the runner needs the memory, pids and cpuacct controllers (cgroup v1) ` +
      `or memory, pids and cpu enabled in the unified hierarchy (cgroup v2). It will not run code without them.`,
  );
}
