/**
 * Writes each key's newest value at once, with at most one write in flight:
 * a burst of changes costs the first write plus one for the newest value at
 * its end, so the device's copy trails the editor by a single write, not by a
 * debounce (a reload right after the last keystroke keeps it; issue 10).
 * Values of different keys are never dropped for each other.
 */
export function latestWriter<T>(write: (key: string, value: T) => Promise<unknown>) {
  const queued = new Map<string, T>();
  let running: Promise<void> | null = null;
  const pump = async () => {
    for (let next = queued.entries().next(); !next.done; next = queued.entries().next()) {
      const [key, value] = next.value;
      queued.delete(key);
      try {
        await write(key, value);
      } catch {
        // A failed write is the storage's to report (the journal tells the student); the next change tries again.
      }
    }
    running = null;
  };
  return {
    write(key: string, value: T) {
      queued.set(key, value);
      running ??= pump();
    },
    /** Resolves once every value written so far is stored. */
    async settled() {
      while (running) await running;
    },
  };
}
