import { describe, expect, it } from "vitest";
import { lockRunner, type JournalLocks } from "./locks";

const tick = () => new Promise((r) => setTimeout(r, 5));

/** Web Locks that grant every request at once, noting its name in `names`. */
const grantingLocks = (names: string[] = []): JournalLocks => ({
  request: ((name: string, grant: (lock: Lock | null) => unknown) => Promise.resolve(name).then((n) => names.push(n)).then(() => grant(null))) as JournalLocks["request"],
});

/** Runs a task under `name` that logs when it starts and ends, and ends when released. */
function task(withLock: ReturnType<typeof lockRunner>, name: string, label: string, log: string[]) {
  let release!: () => void;
  const done = withLock(name, async () => {
    log.push(`${label} start`);
    await new Promise<void>((r) => (release = r));
    log.push(`${label} end`);
    return label;
  });
  return { done, release: () => release() };
}

describe("the journal's locks", () => {
  it("without Web Locks, takes turns under one name within the page; other names do not wait", async () => {
    const withLock = lockRunner(null);
    const log: string[] = [];
    const a = task(withLock, "journal:t1", "a", log);
    const b = task(withLock, "journal:t1", "b", log);
    const other = task(withLock, "journal:t2", "other", log);
    await tick();
    expect(log).toEqual(["a start", "other start"]);
    a.release();
    expect(await a.done).toBe("a");
    await tick();
    expect(log).toEqual(["a start", "other start", "a end", "b start"]);
    b.release();
    other.release();
    await Promise.all([b.done, other.done]);
  });

  it("a failed turn passes its error on and does not block the next", async () => {
    const withLock = lockRunner(undefined);
    const failed = withLock("journal:t3", () => Promise.reject(new Error("boom")));
    const next = withLock("journal:t3", async () => "next");
    await expect(failed).rejects.toThrow("boom");
    expect(await next).toBe("next");
  });

  it("uses Web Locks when there are some", async () => {
    const names: string[] = [];
    expect(await lockRunner(grantingLocks(names))("journal:t4", async () => 42)).toBe(42);
    expect(names).toEqual(["journal:t4"]);
  });

  it("falls back to the page's turns when Web Locks refuse, but passes on the task's own error without running it again", async () => {
    let runs = 0;
    const refusing: JournalLocks = { request: (() => Promise.reject(new DOMException("denied", "SecurityError"))) as JournalLocks["request"] };
    expect(await lockRunner(refusing)("journal:t5", async () => ++runs)).toBe(1);

    await expect(
      lockRunner(grantingLocks())("journal:t5", async () => {
        runs++;
        throw new Error("task failed");
      }),
    ).rejects.toThrow("task failed");
    expect(runs).toBe(2);
  });
});
