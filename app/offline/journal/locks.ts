/**
 * The journal's locks: Web Locks when the browser has them, so that two tabs
 * of one test take turns; otherwise turns within this page only.
 */

/** The subset of `navigator.locks` the journal uses (injectable for tests). */
export type JournalLocks = Pick<LockManager, "request">;

/** Runs `fn` holding the lock `name`, after whoever holds it now. */
export type WithLock = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

// Fallback when Web Locks are missing: serialise within this page only.
const localQueues = new Map<string, Promise<unknown>>();

function withLocalLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const previous = localQueues.get(name) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  localQueues.set(name, tail);
  void tail.then(() => {
    if (localQueues.get(name) === tail) localQueues.delete(name);
  });
  return run;
}

/** `locks` null or undefined: this page's own turns. */
export function lockRunner(locks: JournalLocks | null | undefined): WithLock {
  return async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
    if (!locks) return withLocalLock(name, fn);
    let started = false;
    try {
      return await locks.request(name, () => {
        started = true;
        return fn();
      });
    } catch (error) {
      // Locks can be refused (opaque origins, some sandboxed frames): fall
      // back rather than fail the append. Errors from fn itself pass through.
      if (started) throw error;
      return withLocalLock(name, fn);
    }
  };
}
